"""A hand of Super Domino with every hand known: deal it, play it move by move, read the result.

Like :class:`~scorekeeper.rules.Round`, :class:`SuperRound` is the one mutable object; it keeps
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

from ..round import BaseRound, check_deal_seats, deal_hidden
from ..tables import DRAW, bits, tile_of
from ..tiles import Tile
from .core import SPINNER, SuperTable
from .legality import SuperLegality
from .moves import SuperMove
from .options import SUPER_DOMINO_HAND, SUPER_DOMINO_SETS, SuperOptions, resolve, super_domino_max_players
from .position import SuperPosition, table_fields


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
        """Winners, who went out, whether it blocked, and the tiles and pips left in each hand."""
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


class SuperRound(BaseRound[SuperMove, int | None, SuperTable], SuperLegality):
    """One hand of Super Domino with all hands and the boneyard known."""

    __slots__ = ()

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
        preset, options = resolve(rules)
        if highest not in SUPER_DOMINO_SETS:
            raise ValueError(f"Super Domino is played with double-15 or double-18, not double-{highest}")
        most = super_domino_max_players(highest)
        if not 2 <= players <= most:
            raise ValueError(f"a double-{highest} set deals 9 tiles each to 2 to {most} players, not {players}")
        check_deal_seats(players, first, names)
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
        deal_hidden(t, hands, boneyard, position.boneyard, set(), position.hand_sizes)
        if not t.over and t.edges and 0 in t.counts:
            t.over, t.winner = True, t.counts.index(0)
        return cls(t, position.preset, position.names)

    # -- the state, as values -------------------------------------------------------

    @property
    def options(self) -> SuperOptions:
        """The rules this hand is played by."""
        return self._t.options

    @property
    def direction(self) -> str:
        """Where play goes next: "left" (seat + 1) or "right" (seat - 1)."""
        return "left" if self._t.direction == 1 else "right"

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
        """The edges the player to move is bound to play on; () when no spell is on."""
        return self._t.spell

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
        return SuperPosition(**table_fields(self._t, self.preset, self.names), hand=self.hand(self._t.turn))

    # -- moving ---------------------------------------------------------------------

    def draw(self) -> tuple[Tile, ...]:
        """Draw for the player to move (one tile before the spinner, else two) and return what was drawn."""
        self.verify(SuperMove.draw())
        before = self._t.hands[self._t.turn]
        self._push_code(DRAW)
        return tuple(tile_of(i) for i in bits(self._t.hands[self._t.turn] & ~before))

    def __repr__(self) -> str:
        return f"<SuperRound {self.preset} double-{self.highest}, {self.players} players, seat {self.turn} to move>"


__all__ = ["Placement", "SuperOutcome", "SuperRound"]
