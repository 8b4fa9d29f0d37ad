"""A game's rows as plain values (:class:`StoredGame`), and :data:`AnyGame`, a game either way it was loaded.

They sit at the bottom of the services, below the read model (:mod:`.game_view`, which re-exports them) and
the errors that carry a game (:mod:`.errors`), so that naming a game's type never closes an import circle.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ..models import Game


@dataclass(frozen=True, slots=True)
class StoredSeat:
    """A seat as stored: its place at the table and who sits there, and when they joined or left, if they did."""

    position: int
    name: str
    joined_round: int | None = None
    start_total: int = 0
    left_round: int | None = None


@dataclass(frozen=True, slots=True)
class StoredScore:
    """A seat's result in a round as stored, or its value sent for the round being filled in."""

    seat_position: int
    pips: int
    tiles: int | None
    went_out: bool
    marker: bool = False
    """The seat's train still had a marker on it when the round ended."""
    points: int | None = None
    """What the round counted after the game's scoring house rules; None where it is the pips."""


@dataclass(frozen=True, slots=True)
class StoredRound:
    """A round as stored, with its scores in seat order."""

    number: int
    engine: int | None
    blocked: bool
    scores: list[StoredScore]
    ended_on_double: bool = False


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game's rows read as plain values, for a page or answer that only shows the game.

    Building ORM objects was most of the cost of a read (some forty of them per game), and a page that shows a
    game changes nothing: this holds the same values under the same names as :class:`~scorekeeper.models.Game`
    and its seats, rounds, scores and draft scores, so the read model takes either."""

    id: str
    kind: str
    set_highest: int
    ascending: bool
    rounds_planned: int | None
    finished_at: datetime | None
    double_blank: int
    rules: str
    version: int
    drafts: int
    first_dealer: int
    draft_number: int | None
    draft_blocked: bool
    created_at: datetime
    updated_at: datetime
    seats: list[StoredSeat]
    rounds: list[StoredRound]
    draft_scores: list[StoredScore]
    house_rules: str | None = None
    draft_double_end: bool = False
    reopened_by: str | None = None
    draft_engine: int | None = None


AnyGame = Game | StoredGame
"""A game as the ORM loads it (to change it) or as plain values (to show it)."""
