"""What can go wrong in a use case, as a sentence a player can act on and an HTTP status."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Field:
    """The input a problem belongs to: a whole field (``players``) or one entry of a list (``pips``, 3)."""

    name: str
    """The form field's name (``"pips"``, ``"went_out"``)."""
    index: int | None = None
    """The seat of a per-player list (``pips``, ``tiles``, ``players``); None for a whole field."""

    def __str__(self) -> str:
        """The name the form gives the field: ``pips-3``, or ``went_out``."""
        return self.name if self.index is None else f"{self.name}-{self.index}"


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


class Problems(dict[Field, str]):
    """What is wrong with some input, by field, in the order found; a later problem with a field replaces
    the earlier one in place."""

    def add(self, name: str, message: str, index: int | None = None) -> None:
        """Note a problem with a field (``add("pips", message, 3)`` for the fourth seat's pips)."""
        self[Field(name, index)] = message

    def add_unless_noted(self, name: str, message: str, index: int | None = None) -> None:
        """Note a problem with a field that has none yet; an earlier, more basic one stays."""
        self.setdefault(Field(name, index), message)

    def noted(self, name: str) -> bool:
        """Has a problem with this whole field been noted?"""
        return Field(name) in self

    def raise_any(self) -> None:
        """Raise them all as one Invalid, if there are any."""
        if self:
            raise Invalid.of(self)
