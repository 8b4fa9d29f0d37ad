"""Small helpers for driving the score sheet through the test client."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine
from sqlalchemy import text as sql_text

from scorekeeper import create_app
from scorekeeper.app import _normalise_url
from scorekeeper.services.results import upgrade


def start_game(client: FlaskClient, *names: str, **options: str) -> str:
    """Start a game through the new-game form; returns its table-screen path."""
    data = {f"players-{i}": n for i, n in enumerate(names)}
    data.update({"set": "12", "order": "down", "double_blank": "0", "rounds": ""})
    data.update(options)
    response = client.post("/games/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"]


def enter_round(  # type: ignore[no-untyped-def]
    client: FlaskClient, game: str, *pips: object, went_out: str = "", blocked: bool = False
):
    data = {f"pips-{i}": str(p) for i, p in enumerate(pips)}
    data["went_out"] = went_out
    if blocked:
        data["blocked"] = "y"
    return client.post(f"{game}/rounds/new", data=data)


def plain_names(page: str) -> str:
    """A page with its static files' content-hashed names (``/static/app.3f2a9c1b.js``) back to their plain ones
    (``/static/app.js``), for tests that look for which files a page loads."""
    return re.sub(r"(/static/[\w/.-]+?)\.[0-9a-f]{8}(\.\w+)", r"\1\2", page)


def errors(page: str) -> list[str]:
    return [html.unescape(m) for m in re.findall(r'class="error"[^>]*>([^<]*)<', page)]


def text(response) -> str:  # type: ignore[no-untyped-def]
    return response.get_data(as_text=True)


# A table with 5-5 left open on seat 0's train: the checker's everyday dispute, shared by the API tests
OPEN_DOUBLE_POSITION: dict[str, Any] = {
    "rules": "standard",
    "set": 12,
    "engine": 12,
    "players": 4,
    "turn": 1,
    "trains": [
        {"tiles": ["12-5", "5-5"], "marker": False},
        {"tiles": [], "marker": True},
        {"tiles": ["12-0"], "marker": False},
        {"tiles": [], "marker": False},
    ],
    "mexican": ["12-7", "7-3"],
    "open_doubles": [0],
    "hand": ["5-1", "3-3", "9-4"],
    "boneyard": 37,
    "drawn": False,
}


POSTGRES_URL = os.environ.get("TEST_DATABASE_URL", "")
"""A PostgreSQL database the tests may wipe, or "" (the PostgreSQL runs are then skipped)."""

DATABASES = ["sqlite", "postgresql"] if POSTGRES_URL.startswith("postgres") else ["sqlite"]
"""What a test parametrized over the databases runs on here."""


def wipe_postgres() -> None:
    """Empty the PostgreSQL database of TEST_DATABASE_URL: a clean slate for the migrations."""
    with create_engine(_normalise_url(POSTGRES_URL)).begin() as connection:
        connection.execute(sql_text("DROP SCHEMA public CASCADE"))
        connection.execute(sql_text("CREATE SCHEMA public"))


def fresh_postgres_app(**config: object) -> Flask:
    """The app on the PostgreSQL database of TEST_DATABASE_URL, wiped and migrated afresh."""
    app = create_app({"TESTING": True, "DATABASE_URL": POSTGRES_URL, "SECRET_KEY": "test", **config})
    wipe_postgres()
    upgrade(POSTGRES_URL)
    return app


def shared_database(tmp_path: Path) -> str:
    """One database for several instances, migrated afresh: the PostgreSQL of TEST_DATABASE_URL (wiped) when there is
    one (required when REQUIRE_BROWSER=1, as in CI), else a SQLite file."""
    if POSTGRES_URL.startswith("postgres"):
        wipe_postgres()
        url = POSTGRES_URL
    elif os.environ.get("REQUIRE_BROWSER") == "1":
        pytest.fail("REQUIRE_BROWSER=1 but TEST_DATABASE_URL names no PostgreSQL database")
    else:
        url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    upgrade(url)
    return url


def hosted_app(database: str, **config: object) -> Flask:
    """One instance of a hosted deployment on ``database`` (several built alike share it, as gunicorn processes do):
    its own memory, the same database and secret key."""
    settings = {"TESTING": True, "DATABASE_URL": database, "SECRET_KEY": "one key for every instance"}
    return create_app({**settings, "SCOREKEEPER_HOSTED": True, **config})
