"""What can go wrong in a use case, as a sentence a player can act on and an HTTP status.

``Field`` and ``Problems`` come from :mod:`scorekeeper.reading`, shared with the game kinds.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..reading import Field, Problems


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
    """Not now: the game is over, or there is nothing to undo."""

    status = 409


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
