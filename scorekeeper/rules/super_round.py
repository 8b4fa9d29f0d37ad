"""A hand of Super Domino with every hand known: deal it, play it move by move, read the result.

Like :class:`~scorekeeper.rules.rounds.Round`, :class:`SuperRound` is the one mutable object; it keeps
the exact layout (which tile went against which edge), while :meth:`SuperRound.position` hands out
the player's view a checker works with.

>>> r = SuperRound.deal("german", players=4, seed=3)
>>> len(r.hand(0)), r.boneyard_count
(9, 100)
>>> while not r.is_over:
...     r.push(r.legal_moves()[0])
>>> out = r.outcome()
>>> out is not None and (out.went_out is not None or out.blocked)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ._core import bits, tile_index
from .legality import tile_of
from .rulebook import PositionError
from .super_core import DRAW, SPINNER, SuperTable
from .super_moves import SuperMove
from .super_options import SUPER_DOMINO_HAND, SUPER_DOMINO_SETS, SuperOptions, resolve_super, super_domino_max_players
from .super_position import SuperLegality, SuperPosition
from .tiles import Tile, TileError


@dataclass(frozen=True, slots=True)
class SuperOutcome:
    """How a hand ended: who won, and what each player was left with."""

    winners: tuple[int, ...]
    """The seat that went out; if play blocked, the fewest tiles then the fewest pips (equal players share)."""
    went_out: int | None
    """The seat that laid its last tile; None when blocked."""
    blocked: bool
    tiles: tuple[int, ...]
    """Tiles left in each hand."""
    pips: tuple[int, ...]
    """Pips left in each hand."""

    @property
    def winner(self) -> int | None:
        """The single winner, or None when several share the hand."""
        return self.winners[0] if len(self.winners) == 1 else None

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "went_out": self.went_out,
            "blocked": self.blocked,
            "tiles": list(self.tiles),
            "pips": list(self.pips),
        }


@dataclass(frozen=True, slots=True)
class Placement:
    """One tile of the layout and where it went."""

    tile: Tile
    edge: int | None
    """The open edge it was laid against; None for the fat spinner."""


class SuperRound(SuperLegality):
    """One hand of Super Domino with all hands and the boneyard known."""

    __slots__ = ("preset", "options", "names", "_t", "_start", "_codes")

    def __init__(self, table: SuperTable, preset: str, names: Sequence[str] | None = None) -> None:
        self.preset = preset
        self.options: SuperOptions = table.options
        self.names: tuple[str, ...] | None = tuple(names) if names is not None else None
        self._t = table
        self._start = table.copy()
        self._codes: list[int] = []

    @classmethod
    def deal(
        cls,
        rules: object = "german",
        players: int = 4,
        highest: int = 15,
        *,
        seed: int | str | None = None,
        first: int | None = None,
        names: Sequence[str] | None = None,
    ) -> SuperRound:
        """Shuffle with ``random.Random(seed)`` and deal 9 each. The holder of the highest tile moves first
        (most pips; a double above a non-double with as many, so 14-14 beats 15-13), unless ``first`` is given."""
        preset, options = resolve_super(rules)
        if highest not in SUPER_DOMINO_SETS:
            raise ValueError(f"Super Domino is played with double-15 or double-18, not double-{highest}")
        most = super_domino_max_players(highest)
        if not 2 <= players <= most:
            raise ValueError(f"a double-{highest} set deals 9 tiles each to 2 to {most} players, not {players}")
        if first is not None and not 0 <= first < players:
            raise ValueError(f"first must be a seat from 0 to {players - 1}, not {first}")
        if names is not None and len(names) != players:
            raise ValueError(f"expected {players} names, not {len(names)}")
        table = SuperTable(options, players, highest)
        table.deal(SUPER_DOMINO_HAND, random.Random(seed), first)
        return cls(table, preset, names)

    @classmethod
    def from_position(
        cls,
        position: SuperPosition,
        hands: Sequence[Sequence[Tile | str]],
        boneyard: Sequence[Tile | str],
    ) -> SuperRound:
        """A hand from a position plus what it hides: every hand, and the boneyard (drawn from the end).

        The layout behind the open edges is not known, so :attr:`layout` starts empty and tiles are not
        checked against the table; a tile may still appear only once among the hands and the boneyard.
        """
        t = position._core().copy()
        n = position.players
        if len(hands) != n:
            raise PositionError("hands", f"expected one hand per player ({n}), not {len(hands)}")
        if len(boneyard) != position.boneyard:
            raise PositionError("boneyard", f"the position has {position.boneyard} tiles to draw, not {len(boneyard)}")
        seen: set[int] = set()

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
        if position.hand_sizes is not None and tuple(t.counts) != position.hand_sizes:
            raise PositionError("hands", f"hand sizes {t.counts} differ from the position's {list(position.hand_sizes)}")
        if not t.over and t.edges and 0 in t.counts:
            t.over, t.winner = True, t.counts.index(0)
        return cls(t, position.preset, position.names)

    def _core(self) -> SuperTable:
        return self._t

    def _names(self) -> Sequence[str] | None:
        return self.names

    # -- the state, as values -------------------------------------------------------

    @property
    def players(self) -> int:
        return self._t.n

    @property
    def highest(self) -> int:
        return self._t.highest

    @property
    def turn(self) -> int:
        """The seat to move (after the hand ends: the seat that went out or passed last)."""
        return self._t.turn

    @property
    def direction(self) -> str:
        return "left" if self._t.direction == 1 else "right"

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return tuple(tile_of(i) for i in bits(self._t.hands[seat]))

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        return tuple(self.hand(s) for s in range(self.players))

    @property
    def edges(self) -> tuple[int, ...]:
        """The number showing on each open edge, by edge id."""
        return tuple(self._t.edges)

    @property
    def spinner(self) -> Tile | None:
        """The fat spinner, once laid (None in a hand set up from a position)."""
        return tile_of(self._t.spinner) if self._t.spinner >= 0 else None

    @property
    def layout(self) -> tuple[Placement, ...]:
        """Every tile laid, in order, with the edge it went against."""
        return tuple(Placement(tile_of(i), None if e == SPINNER else e) for i, e in self._t.layout)

    @property
    def spell(self) -> tuple[int, ...]:
        return self._t.spell

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
    def moves(self) -> list[SuperMove]:
        """The moves pushed so far."""
        return [self._decode(c) for c in self._codes]

    @property
    def is_over(self) -> bool:
        return self._t.over

    def outcome(self) -> SuperOutcome | None:
        """How the hand ended, or None while it goes on."""
        t = self._t
        if not t.over:
            return None
        return SuperOutcome(
            winners=t.winners(),
            went_out=None if t.blocked else t.winner,
            blocked=t.blocked,
            tiles=tuple(t.counts),
            pips=tuple(t.pips(s) for s in range(t.n)),
        )

    def position(self) -> SuperPosition:
        """What the player to move sees, as a checker :class:`SuperPosition`."""
        t = self._t
        return SuperPosition(
            preset=self.preset,
            options=self.options,
            highest=t.highest,
            players=t.n,
            turn=t.turn,
            edges=tuple(t.edges),
            hand=self.hand(t.turn),
            boneyard=t.bcount,
            direction="left" if t.direction == 1 else "right",
            spell=t.spell,
            spell_caster=t.caster if t.spell and t.caster >= 0 else None,
            drawn=t.drawn,
            passes=t.passes,
            hand_sizes=tuple(t.counts),
            names=self.names,
        )

    # -- moving ---------------------------------------------------------------------

    def push(self, move: SuperMove) -> None:
        """Apply ``move`` and its effects; raises :class:`IllegalMove` (and changes nothing) if it is not legal."""
        self.verify(move)
        code = self._encode(move)[0]
        self._t.push(code)
        self._codes.append(code)

    def play(self, tile: Tile | str, edge: int | None) -> None:
        self.push(SuperMove.play(tile, edge))

    def draw(self) -> tuple[Tile, ...]:
        """Draw for the player to move (one tile before the spinner, else two) and return what was drawn."""
        self.verify(SuperMove.draw())
        before = self._t.hands[self._t.turn]
        self._t.push(DRAW)
        self._codes.append(DRAW)
        return tuple(tile_of(i) for i in bits(self._t.hands[self._t.turn] & ~before))

    def pass_(self) -> None:
        self.push(SuperMove.pass_())

    def pop(self) -> SuperMove:
        """Take back the last move (by replaying the others from the start)."""
        if not self._codes:
            raise IndexError("no move to take back")
        code = self._codes.pop()
        table = self._start.copy()
        for c in self._codes:
            table.push(c)
        self._t = table
        return self._decode(code)

    def copy(self) -> SuperRound:
        other = SuperRound(self._start.copy(), self.preset, self.names)
        other._t = self._t.copy()
        other._codes = self._codes[:]
        return other

    def __repr__(self) -> str:
        return f"<SuperRound {self.preset} double-{self.highest}, {self.players} players, seat {self.turn} to move>"


__all__ = ["Placement", "SuperOutcome", "SuperRound"]
