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

from ..errors import PositionError
from ..round import BaseRound, check_deal_seats, deal_hidden
from ..tables import set_size, tile_index, tile_of
from ..tiles import DominoSet, Tile
from .core import Table
from .deal import deal_size
from .legality import MexicanLegality
from .moves import MEXICAN, Move, TrainId
from .options import Options, RulesSpec, resolve
from .position import Position, Train, table_fields


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a round ended and what each hand scores."""

    winner: int | None
    """The seat that went out; None when play was blocked."""
    blocked: bool
    scores: tuple[int, ...]
    """Pips left in each hand, the double-blank counted at the rules' value."""

    def to_json(self) -> dict[str, Any]:
        """``{"winner": 2, "blocked": false, "scores": [...]}``."""
        return {"winner": self.winner, "blocked": self.blocked, "scores": list(self.scores)}


class Round(BaseRound[Move, TrainId, Table], MexicanLegality):
    """One round of Mexican Train with all hands and the boneyard known."""

    __slots__ = ()

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
        check_deal_seats(players, first, names)
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
        seen = {tile_index(position.engine, position.engine)}
        for tiles in t.trains:
            seen.update(tiles)
        deal_hidden(t, hands, boneyard, position.boneyard, seen, position.hand_sizes)
        missing = set_size(t.highest) - len(seen)
        if missing and complete:
            raise PositionError(
                "hands", f"{missing} tiles of the set are nowhere: not on the table, in a hand or in the boneyard"
            )
        t.over = t.over or (0 in t.counts)
        if t.over and not t.blocked:
            t.winner = t.counts.index(0)
        return cls(t, position.preset, position.names)

    # -- the state, as values -----------------------------------------------------

    @property
    def options(self) -> Options:
        """The rules this round is played by."""
        return self._t.options

    @property
    def engine(self) -> int:
        """The engine double of this round (12 for 12-12)."""
        return self._t.engine

    @property
    def trains(self) -> tuple[Train, ...]:
        """Each seat's train, from the engine outwards, with its marker."""
        t = self._t
        return tuple(Train(tuple(tile_of(i) for i in t.trains[s]), bool(t.marked >> s & 1)) for s in range(t.n))

    @property
    def mexican(self) -> tuple[Tile, ...]:
        """The Mexican train, from the engine outwards."""
        return tuple(tile_of(i) for i in self._t.trains[self._t.mex])

    @property
    def open_doubles(self) -> tuple[TrainId, ...]:
        """Trains ending in a double that must be covered, oldest first."""
        t = self._t
        return tuple(MEXICAN if i == t.mex else i for i in t.open_doubles)

    @property
    def laid_double(self) -> bool:
        """The player to move laid a double this turn and must lay another tile."""
        return self._t.pending

    @property
    def unannounced(self) -> tuple[int, ...]:
        """Seats left with one tile who have not announced it and may still be caught (``announce_last_tile``)."""
        t = self._t
        return tuple(s for s in range(t.n) if t.owing >> s & 1)

    @property
    def first_lap(self) -> bool:
        """Still the first lap of turns."""
        return self._t.turn_no < self._t.n

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
        return Position(**table_fields(self._t, self.preset, self.names), hand=self.hand(self._t.turn))

    # -- moving -----------------------------------------------------------------

    def draw(self) -> Tile:
        """Draw for the player to move and return the tile drawn."""
        self.verify(Move.draw())
        tile = self._t.pile[-1]
        self.push(Move.draw())
        return tile_of(tile)

    def announce(self, seat: int) -> None:
        """``seat`` announces their last tile; raises :class:`IllegalMove` if there is nothing to announce."""
        self.push(Move.announce(seat))

    def catch(self, seat: int) -> tuple[Tile, ...]:
        """Catch ``seat`` not announcing their last tile, and return the penalty tiles they drew (fewer, or none,
        when the boneyard runs out); raises :class:`IllegalMove` if they cannot be caught."""
        held = set(self.hand(seat)) if 0 <= seat < self.players else set()
        self.push(Move.catch(seat))
        return tuple(t for t in self.hand(seat) if t not in held)

    def __repr__(self) -> str:
        table = f"{self.preset} double-{self.highest} engine {self.engine}-{self.engine}, {self.players} players"
        return f"<Round {table}, seat {self.turn} to move>"


__all__ = ["Outcome", "Round"]
