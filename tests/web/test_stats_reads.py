"""Reading the household's stats never adds up every game: past the household password (every game in scope),
the leaderboard, a person's page and the players API cost the same statements with 10 games as with 130, and no
statement reads a table of games, seats, rounds, results or parts from end to end (SQLite's query plans say)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import Engine, event

from scorekeeper.db import engine

from .helpers import text

PASSWORD = "our-table"
WHOLE_TABLE = re.compile(r"\bSCAN (game|seat|seat_result|round|score|change|tally_part)\b")
"""A plan step that reads one of the tables growing with every game from end to end."""


def _play(client: FlaskClient, games: int) -> None:
    """Games of one round each, finished, with the same four people taking turns to win."""
    names = ["Ana", "Ben", "Cleo", "Dan"]
    for n in range(games):
        answer = client.post("/api/v1/games", json={"players": names, "set": 6, "rounds": 1})
        game = answer.get_json()["id"]
        out = names[n % 4]
        pips = {name: 0 if name == out else 3 + n % 11 for name in names}
        assert client.post(f"/api/v1/games/{game}/rounds", json={"pips": pips, "went_out": out}).status_code == 201


@contextmanager
def _statements(app: Flask) -> Iterator[list[tuple[str, list[str]]]]:
    """Each statement sent while inside, with SQLite's plan for it."""
    seen: list[tuple[str, list[str]]] = []
    with app.app_context():
        bound: Engine = engine()

    def sent(connection: Any, cursor: Any, statement: str, parameters: Any, context: Any, many: bool) -> None:
        plan: list[str] = []
        if statement.lstrip().upper().startswith("SELECT"):
            raw = connection.connection.dbapi_connection.cursor()
            plan = [str(row[-1]) for row in raw.execute("EXPLAIN QUERY PLAN " + statement, parameters)]
            raw.close()
        seen.append((statement, plan))

    event.listen(bound, "before_cursor_execute", sent)
    try:
        yield seen
    finally:
        event.remove(bound, "before_cursor_execute", sent)


def _pages(client: FlaskClient) -> dict[str, str]:
    people = {p["name"]: p["id"] for p in client.get("/api/v1/players").get_json()["players"]}
    return {
        "leaderboard": "/stats",
        "this year": "/stats?period=year",
        "a person's page": f"/people/{people['Ana']}",
        "players": "/api/v1/players",
        "a player": f"/api/v1/players/{people['Ana']}",
    }


def _costs(app: Flask, client: FlaskClient) -> dict[str, int]:
    costs = {}
    for label, path in _pages(client).items():
        client.get(path)  # the worker's first answer of the page, if anything is read once per worker
        with _statements(app) as seen:
            assert client.get(path).status_code == 200
        for statement, plan in seen:
            scans = [step for step in plan if WHOLE_TABLE.search(step)]
            assert not scans, (label, statement, scans)
        costs[label] = len(seen)
    return costs


def test_reading_the_stats_costs_the_same_statements_with_more_games_and_scans_no_table_of_games(
    tmp_path: Path, app_factory: Any
) -> None:
    app = app_factory(tmp_path, WTF_CSRF_ENABLED=False, SCOREKEEPER_PASSWORD=PASSWORD)
    client = app.test_client()
    assert client.post("/login", data={"password": PASSWORD}).status_code == 302
    _play(client, 10)
    few = _costs(app, client)
    _play(client, 120)
    assert _costs(app, client) == few
    assert "Ana" in text(client.get("/stats"))
