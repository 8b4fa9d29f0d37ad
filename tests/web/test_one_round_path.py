"""A round entered, corrected or undone from the web form goes the API's way (services.rounds, the game read once
and decided once per request): the two cost the same SQL statements.

Before: entering a round from the web cost 8 statements (the API 5); a correction 7 and an undo 12 either way.
Then 5, 5 and 11 on both; now, with correct and undo on plain values too, 5, 4 and 6. Ending the game goes the
same way."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import Engine, event

from scorekeeper.db import engine

from .helpers import start_game

Counted = list[str]


@contextmanager
def _statements(app: Flask) -> Iterator[Counted]:
    """The SQL statements the app sends while the block runs."""
    with app.app_context():
        database: Engine = engine()
    seen: Counted = []

    def note(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        seen.append(statement.split()[0].upper())

    event.listen(database, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(database, "before_cursor_execute", note)


def _table(client: FlaskClient) -> str:
    """A game of three with one round played, its table screen shown (as a phone holds it before the next round)."""
    game = start_game(client, "Ana", "Ben", "Cleo").rsplit("/", 1)[1]
    sent = client.post(
        f"/api/v1/games/{game}/rounds", json={"pips": {"Ana": 0, "Ben": 7, "Cleo": 9}, "went_out": "Ana"}
    )
    assert sent.status_code == 201
    assert client.get(f"/games/{game}").status_code == 200
    return game


WEB: dict[str, Callable[[FlaskClient, str], int]] = {
    "enter": lambda c, g: (
        c.post(
            f"/games/{g}/rounds/new", data={"pips-0": "4", "pips-1": "0", "pips-2": "6", "went_out": "1"}
        ).status_code
    ),
    "correct": lambda c, g: (
        c.post(f"/games/{g}/rounds/1", data={"pips-0": "0", "pips-1": "8", "pips-2": "9", "went_out": "0"}).status_code
    ),
    "undo": lambda c, g: c.post(f"/games/{g}/rounds/undo", data={"number": "1"}).status_code,
    "finish": lambda c, g: c.post(f"/games/{g}/finish", data={"number": "1"}).status_code,
}
API: dict[str, Callable[[FlaskClient, str], int]] = {
    "enter": lambda c, g: (
        c.post(
            f"/api/v1/games/{g}/rounds", json={"pips": {"Ana": 4, "Ben": 0, "Cleo": 6}, "went_out": "Ben"}
        ).status_code
    ),
    "correct": lambda c, g: (
        c.put(
            f"/api/v1/games/{g}/rounds/1", json={"pips": {"Ana": 0, "Ben": 8, "Cleo": 9}, "went_out": "Ana"}
        ).status_code
    ),
    "undo": lambda c, g: c.delete(f"/api/v1/games/{g}/rounds/1").status_code,
    "finish": lambda c, g: c.post(f"/api/v1/games/{g}/finish", json={"number": 1}).status_code,
}


@pytest.mark.parametrize("change", ["enter", "correct", "undo", "finish"])
def test_a_web_round_and_an_api_round_cost_the_same_sql_statements(
    app: Flask, client: FlaskClient, change: str
) -> None:
    web_game, api_game = _table(client), _table(client)
    with _statements(app) as web:
        assert WEB[change](client, web_game) in (302, 303)
    with _statements(app) as api:
        assert API[change](client, api_game) in (200, 201)
    assert web == api
    # the game read once, before its claim, as plain values: one indexed row, when this worker holds the game as
    # stored (it drew the table screen); the claim answers the counters it moved, so nothing is read after it when
    # nobody wrote meanwhile, and the change is written with a statement per table
    assert web[:2] == ["SELECT", "UPDATE"], web
    if change == "finish":  # decided before the claim too; then the results and the tallies follow it (22 in all)
        assert web[2:4] == ["UPDATE", "INSERT"], web
        return
    assert web.count("SELECT") == 1 and len(web) == {"enter": 5, "correct": 4, "undo": 6}[change], web
