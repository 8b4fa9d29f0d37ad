"""A round with every hand known: deal it from a seed, play it move by move, score it.

Like ``chess.Board``, a :class:`Round` is the one mutable object: ``push`` applies a move, ``pop`` takes
the last one back. Everything it hands out (tiles, trains, positions, outcomes) is an immutable value.

>>> r = Round.deal("standard", players=4, highest=12, seed=7)
>>> len(r.hand(0)), r.boneyard_count, r.turn
(15, 30, 0)
>>> while not r.is_over:
...     r.push(r.legal_moves()[0])
>>> out = r.outcome()
>>> out is not None and list(out.scores) == [sum(t.pips() for t in r.hand(s)) for s in range(4)]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ._core import Table, bits, set_size, tile_index
from .deal import deal_size
from .legality import Legality, tile_of
from .moves import MEXICAN, Move, TrainId
from .options import Options, RulesSpec, resolve
from .position import Position, Train
from .rulebook import IllegalMove, PositionError
from .tiles import DominoSet, Tile, TileError


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a round ended and what each hand scores."""

    winner: int | None
    """The seat that went out; None when play was blocked."""
    blocked: bool
    scores: tuple[int, ...]
    """Pips left in each hand, the double-blank counted at the rules' value."""

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "blocked": self.blocked, "scores": list(self.scores)}


class Round(Legality):
    """One round of Mexican Train with all hands and the boneyard known."""

    __slots__ = ("preset", "options", "names", "_t", "_start", "_codes")

    def __init__(self, table: Table, preset: str, names: Sequence[str] | None = None) -> None:
        self.preset = preset
        self.options: Options = table.options
        self.names: tuple[str, ...] | None = tuple(names) if names is not None else None
        self._t = table
        self._start = table.copy()
        self._codes: list[int] = []

    @classmethod
    def deal(
        cls,
        rules: RulesSpec = "standard",
        players: int = 4,
        highest: int = 12,
        *,
        engine: int | None = None,
        seed: int | str | None = None,
        first: int = 0,
        names: Sequence[str] | None = None,
    ) -> Round:
        """Shuffle with ``random.Random(seed)``, deal per the rules, place the engine, and find who plays first.

        ``engine`` is the round's engine double (default the set's highest); ``first`` is the seat left of
        the dealer, who plays first when the engine is set aside and draws first when nobody holds it.
        """
        preset, options = resolve(rules)
        DominoSet(highest)
        engine = highest if engine is None else engine
        if not 0 <= engine <= highest:
            raise ValueError(f"a double-{highest} set has no {engine}-{engine} engine")
        size = deal_size(players, highest, rules=options)
        if not 0 <= first < players:
            raise ValueError(f"first must be a seat from 0 to {players - 1}, not {first}")
        if names is not None and len(names) != players:
            raise ValueError(f"expected {players} names, not {len(names)}")
        table = Table(options, players, highest, engine)
        table.deal(size, random.Random(seed), first)
        return cls(table, preset, names)

    @classmethod
    def from_position(
        cls,
        position: Position,
        hands: Sequence[Sequence[Tile | str]],
        boneyard: Sequence[Tile | str],
        *,
        complete: bool = True,
    ) -> Round:
        """A round from a position plus what it hides: every hand, and the boneyard (drawn from the end).

        Raises :class:`PositionError` unless the tiles add up to exactly one set; with
        ``complete=False`` tiles found nowhere are simply out of play (handy for small examples).
        """
        t = position._core().copy()
        n = position.players
        if len(hands) != n:
            raise PositionError("hands", f"expected one hand per player ({n}), not {len(hands)}")
        if len(boneyard) != position.boneyard:
            raise PositionError("boneyard", f"the position has {position.boneyard} tiles to draw, not {len(boneyard)}")
        seen = {tile_index(position.engine, position.engine)}
        for tiles in t.trains:
            seen.update(tiles)

        def index(raw: Tile | str, path: str) -> int:
            try:
                tile = raw if isinstance(raw, Tile) else Tile.parse(raw)
            except TileError as e:
                raise PositionError(path, str(e)) from None
            if tile.high > t.highest:
                raise PositionError(path, f"{tile} is not in a double-{t.highest} set")
            i = tile_index(tile.high, tile.low)
            if i in seen:
                raise PositionError(path, f"{tile} appears twice")
            seen.add(i)
            return i

        for s, hand in enumerate(hands):
            mask = 0
            for j, raw in enumerate(hand):
                mask |= 1 << index(raw, f"hands[{s}][{j}]")
            if s == t.turn and mask != t.hands[s]:
                raise PositionError(f"hands[{s}]", "differs from the position's hand")
            t.hands[s] = mask
            t.counts[s] = len(hand)
        t.pile = [index(raw, f"boneyard[{j}]") for j, raw in enumerate(boneyard)]
        missing = set_size(t.highest) - len(seen)
        if missing and complete:
            raise PositionError("hands", f"{missing} tiles of the set are nowhere: not on the table, in a hand or in the boneyard")
        if position.hand_sizes is not None and tuple(t.counts) != position.hand_sizes:
            raise PositionError("hands", f"hand sizes {t.counts} differ from the position's {list(position.hand_sizes)}")
        t.over = t.over or (0 in t.counts)
        if t.over and not t.blocked:
            t.winner = t.counts.index(0)
        return cls(t, position.preset, position.names)

    def _core(self) -> Table:
        return self._t

    def _names(self) -> Sequence[str] | None:
        return self.names

    # -- the state, as values -----------------------------------------------------

    @property
    def players(self) -> int:
        return self._t.n

    @property
    def highest(self) -> int:
        return self._t.highest

    @property
    def engine(self) -> int:
        return self._t.engine

    @property
    def turn(self) -> int:
        """The seat to move (after the round ends: the seat that went out or passed last)."""
        return self._t.turn

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return tuple(tile_of(i) for i in bits(self._t.hands[seat]))

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        return tuple(self.hand(s) for s in range(self.players))

    @property
    def trains(self) -> tuple[Train, ...]:
        t = self._t
        return tuple(
            Train(tuple(tile_of(i) for i in t.trains[s]), bool(t.marked >> s & 1)) for s in range(t.n)
        )

    @property
    def mexican(self) -> tuple[Tile, ...]:
        return tuple(tile_of(i) for i in self._t.trains[self._t.mex])

    @property
    def open_doubles(self) -> tuple[TrainId, ...]:
        t = self._t
        return tuple(MEXICAN if i == t.mex else i for i in t.open_doubles)

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles left to draw, the next one to be drawn last."""
        return tuple(tile_of(i) for i in self._t.pile)

    @property
    def boneyard_count(self) -> int:
        return self._t.bcount

    @property
    def drawn(self) -> bool:
        return self._t.drawn

    @property
    def laid_double(self) -> bool:
        """The player to move laid a double this turn and must lay another tile."""
        return self._t.pending

    @property
    def first_lap(self) -> bool:
        return self._t.turn_no < self._t.n

    @property
    def moves(self) -> list[Move]:
        """The moves pushed so far."""
        return [self._decode(c) for c in self._codes]

    @property
    def is_over(self) -> bool:
        return self._t.over

    def outcome(self) -> Outcome | None:
        """How the round ended, or None while it goes on."""
        t = self._t
        if not t.over:
            return None
        return Outcome(None if t.blocked else t.winner, t.blocked, tuple(t.scores()))

    def scores(self) -> tuple[int, ...]:
        """Pips in each hand right now."""
        return tuple(self._t.scores())

    def position(self) -> Position:
        """What the player to move sees, as a checker :class:`Position`."""
        t = self._t
        return Position(
            preset=self.preset,
            options=self.options,
            highest=t.highest,
            engine=t.engine,
            players=t.n,
            turn=t.turn,
            trains=self.trains,
            mexican=self.mexican,
            open_doubles=self.open_doubles,
            hand=self.hand(t.turn),
            boneyard=t.bcount,
            drawn=t.drawn,
            laid=t.laid,
            laid_double=t.pending,
            first_lap=self.first_lap,
            passes=t.passes,
            hand_sizes=tuple(t.counts),
            names=self.names,
        )

    # -- moving -----------------------------------------------------------------

    def push(self, move: Move) -> None:
        """Apply ``move``; raises :class:`IllegalMove` (and changes nothing) if it is not legal."""
        self.verify(move)
        code = self._encode(move)[0]
        self._t.push(code)
        self._codes.append(code)

    def play(self, tile: Tile | str, train: TrainId) -> None:
        self.push(Move.play(tile, train))

    def draw(self) -> Tile:
        """Draw for the player to move and return the tile drawn."""
        self.verify(Move.draw())
        tile = self._t.pile[-1]
        self.push(Move.draw())
        return tile_of(tile)

    def pass_(self) -> None:
        self.push(Move.pass_())

    def pop(self) -> Move:
        """Take back the last move (by replaying the others from the deal)."""
        if not self._codes:
            raise IndexError("no move to take back")
        code = self._codes.pop()
        table = self._start.copy()
        for c in self._codes:
            table.push(c)
        self._t = table
        return self._decode(code)

    def copy(self) -> Round:
        other = Round(self._start.copy(), self.preset, self.names)
        other._t = self._t.copy()
        other._codes = self._codes[:]
        return other

    def __repr__(self) -> str:
        return f"<Round {self.preset} double-{self.highest} engine {self.engine}-{self.engine}, {self.players} players, seat {self.turn} to move>"


__all__ = ["Outcome", "Round", "IllegalMove"]
