"""Whose data a request reads and writes: its household.

Home mode (the default: ``make run``, no accounts) has one household, :data:`HOME`, and every request is its.
Hosted mode (``SCOREKEEPER_HOSTED=1``) serves many: a request's household is the one its phone signed in to or
its API token belongs to, and a request that has none reads and writes nothing a household owns. The one place
that scopes every query by it is :mod:`scorekeeper.db`; this module only says which household it is."""

from __future__ import annotations

from flask import current_app, g, has_app_context

from .models import HOME_HOUSEHOLD

HOME = HOME_HOUSEHOLD
"""Home mode's household (migration 0016)."""


def hosted() -> bool:
    """Whether this deployment serves many households (``SCOREKEEPER_HOSTED``)."""
    return has_app_context() and bool(current_app.config.get("SCOREKEEPER_HOSTED"))


def current() -> int | None:
    """The household of this request: always :data:`HOME` in home mode; in hosted mode the one it signed in to,
    or None before it has."""
    if not hosted():
        return HOME
    found = g.get("household_id")
    return found if isinstance(found, int) else None


def enter(household_id: int | None) -> None:
    """Make ``household_id`` this request's household (hosted mode: once its phone or token is known)."""
    g.household_id = household_id
