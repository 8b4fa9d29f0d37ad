"""A round of Chicken Foot with every hand known: deal it, play it move by move, score it.

Like the other games' rounds, :class:`ChickenRound` is the one mutable object; it keeps the exact layout
(which tile went on which end), while :meth:`ChickenRound.position` hands out the player's view a checker
works with.

>>> r = ChickenRound.deal("chicken-foot", players=4, seed=3)
>>> len(r.hand(0)), r.boneyard_count, r.centre
(11, 11, 9)
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

from ..errors import IllegalMove
from ..round import BaseRound, check_deal_seats, deal_hidden
from ..tables import DRAW, bits, tile_of
from ..tiles import Tile
from . import rulebook as R
from .core import CENTRE, ChickenTable
from .legality import ChickenLegality
from .moves import ChickenMove
from .options import ChickenOptions, chicken_deal_size, preset_set, resolve
from .position import ChickenPosition, table_fields


def round_doubles(highest: int) -> tuple[int, ...]:
    """The round's double of each round of a game, in order: the set's highest down to the double-blank.

    >>> round_doubles(6)
    (6, 5, 4, 3, 2, 1, 0)
    """
    return tuple(range(highest, -1, -1))


@dataclass(frozen=True, slots=True)
class ChickenOutcome:
    """How a round ended and what each player scores."""

    went_out: int | None
    """The seat that laid its last tile; None when blocked."""
    blocked: bool
    scores: tuple[int, ...]
    """Pips left in each hand, the double-blank at its house value (50 or 0): each player's score for the round."""

    def to_json(self) -> dict[str, Any]:
        """Who went out, whether it blocked, and each seat's score."""
        return {"went_out": self.went_out, "blocked": self.blocked, "scores": list(self.scores)}


@dataclass(frozen=True, slots=True)
class Placement:
    """One tile of the layout and where it went."""

    tile: Tile
    end: int | None
    """The open end it was laid on; None for the centre double."""


class ChickenRound(BaseRound[ChickenMove, int | None, ChickenTable], ChickenLegality):
    """One round of Chicken Foot with all hands and the chicken yard known."""

    __slots__ = ()

    @classmethod
    def deal(
        cls,
        rules: object = "chicken-foot",
        players: int = 4,
        highest: int | None = None,
        centre: int | None = None,
        *,
        seed: int | str | None = None,
        first: int = 0,
        names: Sequence[str] | None = None,
    ) -> ChickenRound:
        """Shuffle with ``random.Random(seed)`` and deal (:func:`~.options.chicken_deal_size`, which raises
        :class:`~scorekeeper.rules.DealError`). ``highest`` defaults to the preset's set, ``centre`` (the round's
        double) to the set's highest. The holder of the round's double starts by laying it; if nobody holds it,
        ``first`` (the player left of the dealer) draws first, then each player in turn, until it is drawn."""
        preset, options = resolve(rules)
        highest = preset_set(preset) if highest is None else highest
        size = chicken_deal_size(players, highest)
        centre = highest if centre is None else centre
        if not 0 <= centre <= highest:
            raise ValueError(f"the round's double is 0 to {highest}, not {centre}")
        check_deal_seats(players, first, names)
        table = ChickenTable(options, players, highest, centre)
        table.deal(size, random.Random(seed), first)
        return cls(table, preset, names)

    @classmethod
    def from_position(
        cls, position: ChickenPosition, hands: Sequence[Sequence[Tile | str]], boneyard: Sequence[Tile | str]
    ) -> ChickenRound:
        """A round from a position plus what it hides: every hand, and the chicken yard (drawn from the end).

        The layout behind the open ends is not known, so :attr:`layout` starts empty; a tile may still appear
        only once among the hands and the chicken yard, and the round's double is not among them once it is down.
        """
        t = position._core().copy()
        deal_hidden(t, hands, boneyard, position.boneyard, {t.double} if t.down else set(), position.hand_sizes)
        if not t.over and t.down and 0 in t.counts:
            t.over, t.winner = True, t.counts.index(0)
        return cls(t, position.preset, position.names)

    # -- the state, as values -------------------------------------------------------

    @property
    def options(self) -> ChickenOptions:
        """The rules this round is played by."""
        return self._t.options

    @property
    def centre(self) -> int:
        """The number of the round's double."""
        return self._t.centre

    @property
    def ends(self) -> tuple[int, ...]:
        """The number showing on each open end, by end id; () until the round's double is down."""
        return tuple(self._t.ends)

    @property
    def unfilled(self) -> tuple[int, ...]:
        """The ends still waiting for a tile (the centre's ring or the last double's toes)."""
        return self._t.unfilled

    @property
    def layout(self) -> tuple[Placement, ...]:
        """Every tile laid, in order, with the end it went on."""
        return tuple(Placement(tile_of(i), None if e == CENTRE else e) for i, e in self._t.layout)

    def outcome(self) -> ChickenOutcome | None:
        """How the round ended, or None while it goes on."""
        t = self._t
        if not t.over:
            return None
        return ChickenOutcome(
            went_out=None if t.blocked else t.winner,
            blocked=t.blocked,
            scores=tuple(t.score(s) for s in range(t.n)),
        )

    def position(self) -> ChickenPosition:
        """What the player to move sees, as a checker :class:`ChickenPosition`."""
        return ChickenPosition(**table_fields(self._t, self.preset, self.names), hand=self.hand(self._t.turn))

    # -- moving ---------------------------------------------------------------------

    def push(self, move: ChickenMove) -> None:
        """Apply ``move``; raises :class:`~scorekeeper.rules.IllegalMove` (a Chicken Foot one) if it is not legal."""
        try:
            super().push(move)
        except IllegalMove as e:  # the shared round raises the floor's kind; this one looks its title up here
            raise R.ChickenIllegalMove(e.rule, e.reason) from None

    def draw(self) -> Tile:
        """Draw one tile for the player to move and return it."""
        self.verify(ChickenMove.draw())
        before = self._t.hands[self._t.turn]
        self._push_code(DRAW)
        return tile_of(bits(self._t.hands[self._t.turn] & ~before)[0])

    def __repr__(self) -> str:
        return f"<ChickenRound {self.preset} double-{self.highest}, {self.players} players, seat {self.turn} to move>"


__all__ = ["ChickenOutcome", "ChickenRound", "Placement", "round_doubles"]
