"""Hosted mode's households: which one a request belongs to.

A stand-in with the shared design's names (``HOME``, :func:`hosted`, :func:`current`, :func:`enter`) for the
limits to key on until the households' own module lands; that one replaces this file whole."""

from __future__ import annotations

from flask import current_app, g

HOME = 1
"""The one household of home mode."""


def hosted() -> bool:
    """Whether this app serves many households (``SCOREKEEPER_HOSTED=1``)."""
    return bool(current_app.config.get("SCOREKEEPER_HOSTED"))


def current() -> int | None:
    """The request's household, once it is known (None: nobody signed in yet)."""
    found = g.get("household_id")
    return found if isinstance(found, int) else None


def enter(household_id: int) -> None:
    """This request acts for ``household_id`` from here on."""
    g.household_id = household_id
