"""The games list and the trash, a page at a time: every game once, newest first, a link to the older ones
that cannot be bent into an error, and pages that cost the same however many games there are."""

from __future__ import annotations

import html
import os
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, text, update

from scorekeeper import create_app, services
from scorekeeper.db import session
from scorekeeper.models import Game
from scorekeeper.services import listing
from scorekeeper.services.results import upgrade

from .helpers import text as page_text

ROW = re.compile(r'class="game-row[^"]*"(?: href="/games/([^"]+)")?>\s*<span class="who">')
TRASHED = re.compile(r'action="/games/([^"/]+)/restore"')
NEXT = re.compile(r'rel="next" href="([^"]+)"')


@pytest.fixture
def small_pages(monkeypatch: pytest.MonkeyPatch) -> int:
    """Pages of 3, so that a handful of games spans several."""
    monkeypatch.setattr(listing, "PAGE", 3)
    return 3


def _new(client: FlaskClient, *players: str, **extra: object) -> str:
    created = client.post("/api/v1/games", json={"players": list(players), **extra})
    assert created.status_code == 201, created.get_json()
    return str(created.get_json()["id"])


def _walk(client: FlaskClient, start: str, row: re.Pattern[str] = ROW) -> Iterator[list[str]]:
    """Each page's game ids, following the "Older games" link to the end."""
    address: str | None = start
    while address is not None:
        response = client.get(address)
        assert response.status_code == 200
        body = page_text(response)
        yield [m for m in row.findall(body) if m]
        found = NEXT.search(body)
        address = html.unescape(found.group(1)) if found else None


def _touch(app: Flask, moments: dict[str, datetime], column: str = "updated_at") -> None:
    with app.app_context():
        for game_id, moment in moments.items():
            session().execute(update(Game).where(Game.id == game_id).values({column: moment}))
        session().commit()


@pytest.mark.dates
def test_every_game_appears_once_newest_first_across_pages(app: Flask, client: FlaskClient, small_pages: int) -> None:
    ids = [_new(client, f"Ana{i}", "Ben") for i in range(10)]
    base = datetime.now(UTC) - timedelta(days=2)
    # four games touched at the same moment straddle a page break: the id decides among them
    moments = {game_id: base + timedelta(minutes=i if i < 6 else 6) for i, game_id in enumerate(ids)}
    _touch(app, moments)
    pages = list(_walk(client, "/"))
    assert [len(p) for p in pages] == [3, 3, 3, 1]
    seen = [game_id for p in pages for game_id in p]
    assert sorted(seen) == sorted(ids)  # each exactly once
    assert seen == sorted(ids, key=lambda i: (moments[i], i), reverse=True)
    first = page_text(client.get("/"))
    assert "Older games" in first and "Newest games" not in first
    second = page_text(client.get(html.unescape(NEXT.findall(first)[0])))
    assert "Newest games" in second


def test_finished_and_playing_games_split_on_each_page(app: Flask, client: FlaskClient, small_pages: int) -> None:
    playing = [_new(client, "Ana", f"Ben{i}", rounds=1) for i in range(4)]
    done = []
    for i in range(3):
        game_id = _new(client, "Cleo", f"Dan{i}", rounds=1)
        client.post(f"/api/v1/games/{game_id}/rounds", json={"pips": {"Cleo": 0, f"Dan{i}": 9}, "went_out": "Cleo"})
        done.append(game_id)
    seen = [game_id for p in _walk(client, "/") for game_id in p]
    assert sorted(seen) == sorted(playing + done)
    first = page_text(client.get("/"))
    assert first.index("<h2>In progress</h2>") < first.index("<h2>Finished</h2>")
    assert "won by Cleo" in first.split("<h2>Finished</h2>")[1]


@pytest.mark.parametrize(
    "cursor",
    [
        "garbage",
        "~",
        "2026-13-45T00:00:00~abcdefgh",
        "2026-01-01T00:00:00~not an id!",
        "2026-01-01T00:00:00",
        "2026-01-01T00:00:00~" + "x" * 40,
        "\x00~\x00",
        "9" * 5000,
        "2026-01-01T00:00:00+99:00~abcdefgh",
    ],
)
def test_a_bent_cursor_is_a_clear_400(client: FlaskClient, cursor: str) -> None:
    _new(client, "Ana", "Ben")
    for address in ("/", "/trash"):
        response = client.get(address, query_string={"after": cursor})
        assert response.status_code == 400
        assert "This link to older games is broken" in page_text(response)


def test_a_cursor_from_elsewhere_is_just_a_place_in_the_list(app: Flask, client: FlaskClient) -> None:
    old, new = _new(client, "Ana", "Ben"), _new(client, "Cleo", "Dan")
    _touch(app, {old: datetime(2020, 1, 1, tzinfo=UTC), new: datetime(2026, 1, 1, tzinfo=UTC)})
    for cursor, shown in [("2025-06-01T00:00:00~AAAA", [old]), ("1999-01-01T00:00:00+02:00~zzzz", [])]:
        response = client.get("/", query_string={"after": cursor})
        assert response.status_code == 200
        assert [m for m in ROW.findall(page_text(response)) if m] == shown


def test_a_phone_without_the_password_pages_through_its_own_games_only(
    app: Flask, client: FlaskClient, small_pages: int
) -> None:
    mine = [_new(client, f"Ana{i}", "Ben") for i in range(7)]
    with app.test_client() as other:
        theirs = _new(other, "Eve", "Mallory")
        assert [g for p in _walk(other, "/") for g in p] == [theirs]
    seen = [g for p in _walk(client, "/") for g in p]
    assert sorted(seen) == sorted(mine)


@pytest.mark.dates  # deleted hours ago: kept, whatever the day
def test_the_trash_pages_newest_deleted_first(app: Flask, client: FlaskClient, small_pages: int) -> None:
    ids = [_new(client, f"Ana{i}", "Ben") for i in range(8)]
    kept = _new(client, "Cleo", "Dan")
    now = datetime.now(UTC)
    moments = {game_id: now - timedelta(hours=1 if i < 4 else i) for i, game_id in enumerate(ids)}
    _touch(app, moments, "deleted_at")
    pages = list(_walk(client, "/trash", TRASHED))
    assert [len(p) for p in pages] == [3, 3, 2]
    seen = [g for p in pages for g in p]
    assert seen == sorted(ids, key=lambda i: (moments[i], i), reverse=True)
    assert kept not in seen
    assert "0 rounds played" in page_text(client.get("/trash"))


def _statements(app: Flask, client: FlaskClient, address: str) -> int:
    counted: list[str] = []

    def count(*args: object) -> None:
        counted.append(str(args[2]))

    engine = app.extensions["db_engine"]
    event.listen(engine, "before_cursor_execute", count)
    try:
        assert client.get(address).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return len(counted)


def _played(client: FlaskClient, game_id: str, rounds: int) -> None:
    for r in range(rounds):
        pips = {"Ana": 0, "Ben": r + 3, "Cleo": 2 * r}
        client.post(f"/api/v1/games/{game_id}/rounds", json={"pips": pips, "went_out": "Ana"})


def test_a_page_costs_the_same_statements_however_many_games(tmp_path: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'q.sqlite3'}",
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "SCOREKEEPER_PASSWORD": "dominoes",
        }
    )
    upgrade(app.config["DATABASE_URL"])
    client = app.test_client()
    assert client.post("/login", data={"password": "dominoes"}).status_code == 302

    def fill(count: int) -> None:
        for _ in range(count):
            game_id = _new(client, "Ana", "Ben", "Cleo")
            _played(client, game_id, 3)
        with app.app_context():
            session().execute(update(Game).where(Game.id == game_id).values(deleted_at=datetime.now(UTC)))
            session().commit()

    fill(2)
    few = {a: _statements(app, client, a) for a in ("/", "/trash", "/games/new")}
    fill(40)
    many = {a: _statements(app, client, a) for a in ("/", "/trash", "/games/new")}
    assert many == few
    assert few["/"] <= 3  # the page's games, then one aggregate over their seats


def test_the_list_agrees_with_the_table_screen(app: Flask, client: FlaskClient) -> None:
    """Leaders, winners, rounds played and the round to come, read from totals, as the full game has them."""
    mexican = _new(client, "Ana", "Ben", "Cleo", rounds=3)
    _played(client, mexican, 2)
    tie = _new(client, "Ana", "Ben", "Cleo")
    client.post(f"/api/v1/games/{tie}/rounds", json={"pips": {"Ana": 0, "Ben": 5, "Cleo": 5}, "went_out": "Ana"})
    client.post(f"/api/v1/games/{tie}/rounds", json={"pips": {"Ana": 5, "Ben": 0, "Cleo": 5}, "went_out": "Ben"})
    done = _new(client, "Ana", "Ben", "Cleo", rounds=2)
    _played(client, done, 2)
    fresh = _new(client, "Ana", "Ben")
    evening = _new(client, "Ana", "Ben", "Cleo", game="super-domino")
    hands: list[dict[str, Any]] = [
        {"pips": {"Ana": 0, "Ben": 10, "Cleo": 4}, "tiles": {"Ana": 0, "Ben": 2, "Cleo": 1}, "went_out": "Ana"},
        {"pips": {"Ana": 7, "Ben": 10, "Cleo": 1}, "tiles": {"Ana": 1, "Ben": 2, "Cleo": 1}, "blocked": True},
        {"pips": {"Ana": 3, "Ben": 3, "Cleo": 9}, "tiles": {"Ana": 1, "Ben": 1, "Cleo": 1}, "blocked": True},
    ]
    for hand in hands:
        assert client.post(f"/api/v1/games/{evening}/rounds", json=hand).status_code == 201
    ended = _new(client, "Ana", "Ben", game="super-domino")
    client.post(
        f"/api/v1/games/{ended}/rounds", json={**hands[0], "pips": {"Ana": 0, "Ben": 4}, "tiles": {"Ana": 0, "Ben": 1}}
    )
    client.post(f"/api/v1/games/{ended}/finish", json={})
    with app.app_context():
        page = services.list_games(session())
        listed = {g.id: g for g in page.playing + page.finished}
        assert set(listed) == {mexican, tie, done, fresh, evening, ended}
        for game_id, row in listed.items():
            full = services.view(services.get_game(session(), game_id))
            assert row.players == full.players
            assert row.played == len(full.rounds)
            assert row.standings == full.standings, game_id
            assert (row.leaders, row.winners, row.finished) == (full.leaders, full.winners, full.finished)
            assert row.rounds_total == full.rounds_total
            assert (row.next_round and row.next_round.number) == (full.next_round and full.next_round.number)
    assert listed[evening].leaders == ["Ana"]  # a hand each for Ana and Cleo, a shared one; Ana fewer pips
    assert listed[tie].leaders == ["Ana", "Ben"]


@pytest.mark.dates
def test_same_players_as_the_newest_game(app: Flask, client: FlaskClient) -> None:
    older, newer = _new(client, "Ana", "Ben"), _new(client, "Cleo", "Dan", "Eve")
    _touch(app, {older: datetime.now(UTC) + timedelta(days=1)})  # touched later, started earlier: not the one
    with app.app_context():
        assert services.last_players(session()) == ["Cleo", "Dan", "Eve"]
        assert services.last_players(session(), [older]) == ["Ana", "Ben"]
        session().execute(update(Game).where(Game.id == newer).values(deleted_at=datetime.now(UTC)))
        session().commit()
        assert services.last_players(session()) == ["Ana", "Ben"]
        assert services.last_players(session(), []) == []


POSTGRES = os.environ.get("TEST_DATABASE_URL", "")


@pytest.mark.skipif(not POSTGRES.startswith("postgres"), reason="TEST_DATABASE_URL names no PostgreSQL database")
@pytest.mark.dates
def test_pages_on_postgresql(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(listing, "PAGE", 3)
    app = create_app(
        {"TESTING": True, "DATABASE_URL": POSTGRES, "SECRET_KEY": "test", "SCOREKEEPER_PASSWORD": "dominoes"}
    )
    url = app.config["DATABASE_URL"]
    from sqlalchemy import create_engine

    with create_engine(url).begin() as connection:  # a clean slate each run
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    upgrade(url)
    app.config["WTF_CSRF_ENABLED"] = False
    client = app.test_client()
    assert client.post("/login", data={"password": "dominoes"}).status_code == 302
    ids = [_new(client, f"Ana{i}", "Ben") for i in range(8)]
    base = datetime.now(UTC) - timedelta(days=2)  # deleted a day later: well inside the trash's 30 days
    moments = {game_id: base + timedelta(minutes=min(i, 4)) for i, game_id in enumerate(ids)}
    _touch(app, moments)
    _played(client, ids[0], 0)
    seen = [g for p in _walk(client, "/") for g in p]
    assert seen == sorted(ids, key=lambda i: (moments[i], i), reverse=True)
    _touch(app, {i: base + timedelta(days=1, minutes=n % 2) for n, i in enumerate(ids)}, "deleted_at")
    trashed = [g for p in _walk(client, "/trash", TRASHED) for g in p]
    assert sorted(trashed) == sorted(ids)
    assert client.get("/", query_string={"after": "2026-13-01T00:00:00~abc"}).status_code == 400
