"""What can go wrong in a use case, as a sentence a player can act on and an HTTP status."""

from __future__ import annotations

from collections.abc import Mapping


class ServiceError(Exception):
    """Something a person asked for that cannot be done; the message says why and what to do."""

    status = 422

    def __init__(self, message: str, errors: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.errors: dict[str, str] = dict(errors or {})
        """Field name -> message, for showing next to the field that is wrong."""


class BadRequest(ServiceError):
    status = 400


class NotFound(ServiceError):
    status = 404


class Conflict(ServiceError):
    status = 409


class Invalid(ServiceError):
    status = 422

    @classmethod
    def of(cls, errors: Mapping[str, str]) -> Invalid:
        return cls(" ".join(errors.values()), errors)
