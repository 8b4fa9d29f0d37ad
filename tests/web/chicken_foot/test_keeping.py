"""A Chicken Foot game kept like any other: exported, imported, backed up and in the stats; on PostgreSQL too."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from ..helpers import DATABASES, fresh_postgres_app, text


@pytest.fixture(params=DATABASES)
def empty(request: pytest.FixtureRequest, tmp_path: Path, app_factory: Callable[..., Flask]) -> Iterator[Flask]:
    """Another scorekeeper with no game yet: on SQLite, and on PostgreSQL when TEST_DATABASE_URL names one."""
    if request.param == "sqlite":
        (tmp_path / "empty").mkdir()
        yield app_factory(tmp_path / "empty", WTF_CSRF_ENABLED=False)
        return
    yield fresh_postgres_app(WTF_CSRF_ENABLED=False)


def play(client: FlaskClient) -> str:
    """Three rounds of a double-6 Chicken Foot game with the double-blank at 0, the last one undone."""
    created = client.post(
        "/api/v1/games",
        json={"game": "chicken-foot", "players": ["Ana", "Ben", "Cleo"], "rules": "chicken-foot-double-6"},
    )
    assert created.status_code == 201, created.get_json()
    game = created.get_json()["id"]
    for pips in ({"Ana": 0, "Ben": 9, "Cleo": 14}, {"Ana": 3, "Ben": 0, "Cleo": 50}, {"Ana": 0, "Ben": 1, "Cleo": 2}):
        out = next(p for p, v in pips.items() if v == 0)
        assert client.post(f"/api/v1/games/{game}/rounds", json={"pips": pips, "went_out": out}).status_code == 201
    assert client.delete(f"/api/v1/games/{game}/rounds/3").status_code == 200
    return str(game)


def test_a_chicken_foot_game_exported_and_imported_is_the_same_game(client: FlaskClient, empty: Flask) -> None:
    game = play(client)
    document = client.get(f"/api/v1/games/{game}/export").get_json()
    assert document["games"][0]["kind"] == "chicken-foot" and document["games"][0]["rules"] == "chicken-foot-double-6"
    other = empty.test_client()
    created = other.post("/api/v1/games/import", json=document)
    assert created.status_code == 201, created.get_json()
    shown = created.get_json()
    assert shown == client.get(f"/api/v1/games/{game}").get_json()
    assert shown["game"] == "chicken-foot" and shown["set"] == 6 and shown["rules"] == "chicken-foot-double-6"
    assert other.get(f"/api/v1/games/{game}/export").get_json() == document
    page = text(other.get(f"/games/{game}"))
    assert "Round 3 of 7" in page and "Centre <strong>double-4</strong>" in page


def test_the_table_screen_links_its_checker_and_the_stats_count_the_game(client: FlaskClient) -> None:
    game = play(client)
    page = text(client.get(f"/games/{game}"))
    assert "/rules/chicken-foot" in page
    assert client.post(f"/api/v1/games/{game}/finish", json={}).status_code == 200
    stats = text(client.get("/stats"))
    assert "Ana" in stats and "Ben" in stats
    assert client.get(f"/check?game={game}").status_code == 200
