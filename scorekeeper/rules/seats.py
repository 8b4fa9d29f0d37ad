"""Who deals each round (each hand) and who plays first, once a game's room has said how its first player is found.

The deal passes one seat on each round: seat ``first_dealer`` deals round 1, the next seat round 2, and so
on round the table. Seats are numbered in playing order, and every source plays to the left (clockwise),
so the next seat is the one on the dealer's left. The player after the dealer plays first, unless the
game's rules name a rule that decides it at the table (:data:`ENGINE_HOLDER`, :data:`HIGHEST_TILE`).

>>> d = deal_round(None, players=5, first_dealer=0, number=2)
>>> d.dealer, d.leader, d.starts
(1, 2, None)
>>> d = deal_round(ENGINE_HOLDER, players=5, first_dealer=0, number=1, engine=12)
>>> d.dealer, d.leader, d.starts, d.starts_text
(0, None, 'engine-holder', 'whoever holds double-12 starts')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .i18n import N_, _, translated

ENGINE_HOLDER = "engine-holder"
"""Rule id: whoever holds the round's opening double (the engine) lays it and plays first."""
HIGHEST_TILE = "highest-tile"
"""Rule id: whoever holds the highest tile plays first, opening with a double."""

STARTS: Mapping[str, str] = MappingProxyType(
    {
        ENGINE_HOLDER: N_("whoever holds the engine double starts"),
        HIGHEST_TILE: N_("whoever holds the highest tile starts"),
    }
)
"""Each rule id and what it says, in English (the message id); :attr:`Dealing.starts_text` reads it out."""


@dataclass(frozen=True, slots=True)
class Dealing:
    """Who deals one round and who plays first in it. Seats count from 0, in playing order."""

    number: int
    """The round (hand), from 1."""
    dealer: int
    """The seat that shuffles and deals."""
    leader: int | None
    """The seat that plays first; None when a rule decides it at the table (see :attr:`starts`)."""
    starts: str | None = None
    """The rule that decides who plays first (:data:`ENGINE_HOLDER`, :data:`HIGHEST_TILE`); None when
    :attr:`leader` names the seat."""
    engine: int | None = None
    """The round's engine double, when the game has one; it names the tile in :attr:`starts_text`."""

    @property
    def starts_text(self) -> str | None:
        """The rule in the player's language ("whoever holds double-12 starts"); None when a seat starts."""
        if self.starts == ENGINE_HOLDER and self.engine is not None:
            return _("whoever holds double-{engine} starts", engine=self.engine)
        return translated(STARTS[self.starts]) if self.starts is not None else None


def dealer_seat(players: int, first_dealer: int, number: int) -> int:
    """The seat that deals round ``number`` (from 1) when seat ``first_dealer`` dealt round 1.

    >>> [dealer_seat(3, 1, n) for n in range(1, 6)]
    [1, 2, 0, 1, 2]
    """
    if players < 1:
        raise ValueError(f"a table needs at least one seat, not {players}")
    if not 0 <= first_dealer < players:
        raise ValueError(f"first_dealer must be a seat from 0 to {players - 1}, not {first_dealer}")
    if number < 1:
        raise ValueError(f"rounds count from 1, not {number}")
    return (first_dealer + number - 1) % players


def deal_round(
    starts: str | None,
    players: int,
    first_dealer: int,
    number: int,
    *,
    engine: int | None = None,
    plays: Callable[[int, int], bool] | None = None,
) -> Dealing:
    """Who deals round ``number`` and who plays first in it, where ``starts`` is the rule that decides who plays
    first (None: the player after the dealer). See :func:`~scorekeeper.rules.dealing` for the other arguments.

    >>> d = deal_round(None, 3, 0, 2, plays=lambda seat, n: seat != 1)  # seat 1 left after round 1
    >>> d.dealer, d.leader
    (2, 0)
    """
    if plays is None:
        dealer = dealer_seat(players, first_dealer, number)
        leader = (dealer + 1) % players if starts is None else None
        return Dealing(number, dealer, leader, starts, engine)
    dealer_seat(players, first_dealer, number)  # the same checks of the seat and the round
    dealer = first_dealer
    for n in range(2, number + 1):
        dealer = _next_playing(players, dealer, n, plays)
    leader = _next_playing(players, dealer, number, plays) if starts is None else None
    return Dealing(number, dealer, leader, starts, engine)


def _next_playing(players: int, after: int, number: int, plays: Callable[[int, int], bool]) -> int:
    """The first seat after ``after``, round the table, that plays round ``number`` (``after`` when none does)."""
    for step in range(1, players + 1):
        seat = (after + step) % players
        if plays(seat, number):
            return seat
    return after


__all__ = ["ENGINE_HOLDER", "HIGHEST_TILE", "STARTS", "Dealing", "deal_round", "dealer_seat"]
