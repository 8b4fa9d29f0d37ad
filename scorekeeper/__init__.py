"""scorekeeper: a phone-first score sheet and rules companion for games played with a domino set.

Importing the package loads nothing from the web stack, so ``scorekeeper.rules``
stays a standard-library-only library; the app is built by :func:`create_app`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: config from instance/ and the environment, the database, the blueprints."""
    from .app import create_app as build

    return build(test_config)
