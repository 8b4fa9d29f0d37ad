"""What can go wrong in a use case, as a sentence a player can act on and an HTTP status.

``Field`` and ``Problems`` come from :mod:`scorekeeper.reading`, shared with the game kinds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..reading import Field, Problems

if TYPE_CHECKING:
    from .stored import AnyGame, StoredRound


class ServiceError(Exception):
    """Something a person asked for that cannot be done; the message says why and what to do."""

    status = 422

    def __init__(self, message: str, errors: Mapping[Field, str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.errors: dict[Field, str] = dict(errors or {})
        """Field -> message, for showing next to the field that is wrong."""


class BadRequest(ServiceError):
    """The request itself cannot be read (not JSON, not an object)."""

    status = 400


class NotFound(ServiceError):
    """Nothing there to act on: no such game, or no such round in it."""

    status = 404


class Conflict(ServiceError):
    """Not now: the game is over, there is nothing to undo, or another phone got there first.

    ``game`` is the game as stored now, when the answer should show it; ``stored`` the round already
    entered under the number that was sent with other values."""

    status = 409

    def __init__(
        self,
        message: str,
        errors: Mapping[Field, str] | None = None,
        *,
        game: AnyGame | None = None,
        stored: StoredRound | None = None,
    ) -> None:
        super().__init__(message, errors)
        self.game = game
        self.stored = stored


class PreconditionFailed(ServiceError):
    """The game changed since the version the request was based on; ``game`` is the game as stored now."""

    status = 412

    def __init__(self, message: str, game: AnyGame) -> None:
        super().__init__(message)
        self.game = game


class QuotaReached(ServiceError):
    """The household keeps as much as one household may (hosted mode): nothing more until it makes room."""

    status = 429


class Invalid(ServiceError):
    """What was typed or sent is wrong; the errors say where."""

    status = 422

    @classmethod
    def of(cls, errors: Mapping[Field, str]) -> Invalid:
        """Every problem at once: the messages in the order found, each kept by its field."""
        return cls(" ".join(errors.values()), errors)

    @classmethod
    def raise_any(cls, problems: Problems) -> None:
        """Raise every problem noted as one Invalid, if there are any."""
        if problems:
            raise cls.of(problems)
