"""Who plays which round: a player who joined late plays from their first round on, one who left no more.

A leaf both the read model and the input checks use (they import each other's neighbours otherwise)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class SeatRow(Protocol):
    """A seat as either the ORM or :class:`StoredSeat` holds it: what deciding who plays a round needs."""

    @property
    def position(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def joined_round(self) -> int | None: ...
    @property
    def start_total(self) -> int: ...
    @property
    def left_round(self) -> int | None: ...


class SeatedGame(Protocol):
    """A game as either the ORM or the read model holds it: its seats in order and its rounds played."""

    @property
    def seats(self) -> Sequence[SeatRow]: ...
    @property
    def rounds(self) -> Sequence[object]: ...


def plays(seat: SeatRow, number: int) -> bool:
    """Whether the seat plays round ``number``: joined by then (or there from the start) and not yet left."""
    return (seat.joined_round or 1) <= number and (seat.left_round is None or number < seat.left_round)


def playing(game: SeatedGame, number: int | None = None) -> list[int]:
    """The positions of the seats that play round ``number`` (None: the round to play next), in seat order."""
    at = len(game.rounds) + 1 if number is None else number
    return [s.position for s in game.seats if plays(s, at)]
