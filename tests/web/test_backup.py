"""Backups: every game with its history out as one JSON document, and back in without loss or duplicates."""

from __future__ import annotations

import copy
import json
import os
import secrets
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, func, inspect, select, text
from sqlalchemy.orm import Session

from scorekeeper import create_app
from scorekeeper.models import Base, Change, Game, Round, Score, Seat
from scorekeeper.services.backup import (
    FORMAT,
    FormatError,
    backup_document,
    game_document,
    restore_document,
    single_game_backup,
)
from scorekeeper.services.results import upgrade


def play_some_games(client: FlaskClient) -> list[str]:
    """A finished, corrected and undone Mexican Train game, a Super Domino evening, a fresh game: their ids."""
    ids = []
    game = client.post("/api/v1/games", json={"players": ["Ana", "Šárka", "João"], "set": 6}).get_json()
    rounds = f"/api/v1/games/{game['id']}/rounds"
    for r in range(7):
        body = {"pips": {"Ana": r, "Šárka": 0, "João": 2 * r}, "went_out": "Šárka"}
        assert client.post(rounds, json=body).status_code == 201
    assert (
        client.put(f"{rounds}/2", json={"pips": {"Ana": 40, "Šárka": 0, "João": 3}, "went_out": "Šárka"}).status_code
        == 200
    )
    assert client.delete(f"{rounds}/7").status_code == 200
    ids.append(game["id"])
    game = client.post("/api/v1/games", json={"game": "super-domino", "players": ["Ana", "Ben"]}).get_json()
    hand = {"pips": {"Ana": 0, "Ben": 37}, "tiles": {"Ana": 0, "Ben": 2}, "went_out": "Ana"}
    assert client.post(f"/api/v1/games/{game['id']}/rounds", json=hand).status_code == 201
    blocked = {"pips": {"Ana": 5, "Ben": 9}, "tiles": {"Ana": 1, "Ben": 1}, "blocked": True}
    assert client.post(f"/api/v1/games/{game['id']}/rounds", json=blocked).status_code == 201
    assert client.post(f"/api/v1/games/{game['id']}/finish", json={}).status_code == 200
    ids.append(game["id"])
    game = client.post("/api/v1/games", json={"players": ["Eva", "Friedrich"], "order": "up"}).get_json()
    ids.append(game["id"])
    return ids


def _values(obj: Base, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    return {a.key: getattr(obj, a.key) for a in inspect(type(obj)).column_attrs if a.key not in skip}


def snapshot(db: Session) -> dict[str, Any]:
    """Every stored value of every game, row by row, without the row numbers a restore gives anew."""
    games = {}
    for game in db.scalars(select(Game)):
        games[game.id] = {
            "game": _values(game),
            # the person a seat is linked to is found anew by name on restore (services.people), like a row number
            "seats": [_values(s, ("id", "game_id", "person_id")) for s in game.seats],
            "rounds": [
                (_values(r, ("id", "game_id")), [_values(s, ("id", "round_id")) for s in r.scores]) for r in game.rounds
            ],
            "history": [_values(c, ("id", "game_id")) for c in game.history],
        }
    return games


def count_rows(db: Session) -> dict[str, int]:
    return {m.__name__: db.scalar(select(func.count()).select_from(m)) or 0 for m in (Game, Seat, Round, Score, Change)}


@pytest.fixture
def other(tmp_path: Path, app_factory: Callable[..., Flask]) -> Flask:
    """A second, empty database to restore into."""
    path = tmp_path / "other"
    path.mkdir()
    return app_factory(path, WTF_CSRF_ENABLED=False)


def session_of(app: Flask) -> Session:
    db: Session = app.extensions["db_sessionmaker"]()
    return db


def test_a_backup_restored_into_a_fresh_database_gives_the_same_games(
    app: Flask, client: FlaskClient, other: Flask
) -> None:
    ids = play_some_games(client)
    with session_of(app) as db:
        doc = json.loads(json.dumps(backup_document(db)))  # through JSON text, as a file would
        before = snapshot(db)
    assert doc["format"] == FORMAT and doc["version"] == 1
    assert sorted(g["id"] for g in doc["games"]) == sorted(ids)
    with session_of(other) as db:
        report = restore_document(db, doc)
    assert sorted(report.added) == sorted(ids) and not report.same and not report.differs
    with session_of(other) as db:
        after = snapshot(db)
    assert after == before
    history = after[ids[0]]["history"]
    assert [c["action"] for c in history].count("corrected") == 2
    assert history[-1]["action"] == "undone"  # the order of the history is kept
    # and the restored games show as before
    restored = other.test_client().get(f"/api/v1/games/{ids[0]}").get_json()
    assert restored == client.get(f"/api/v1/games/{ids[0]}").get_json()


def test_restoring_twice_duplicates_nothing(app: Flask, client: FlaskClient, other: Flask) -> None:
    ids = play_some_games(client)
    with session_of(app) as db:
        doc = backup_document(db)
    with session_of(other) as db:
        restore_document(db, doc)
        counts = count_rows(db)
    with session_of(other) as db:
        report = restore_document(db, doc)
        assert count_rows(db) == counts
    assert sorted(report.same) == sorted(ids) and not report.added and not report.differs
    assert report.summary() == "0 games restored, 3 games already here."


def test_restoring_keeps_the_games_already_there(app: Flask, client: FlaskClient, other: Flask) -> None:
    play_some_games(client)
    theirs = other.test_client()
    kept = theirs.post("/api/v1/games", json={"players": ["Zoe", "Yann"]}).get_json()["id"]
    assert (
        theirs.post(f"/api/v1/games/{kept}/rounds", json={"pips": {"Zoe": 0, "Yann": 8}, "went_out": "Zoe"}).status_code
        == 201
    )
    with session_of(other) as db:
        before = snapshot(db)
    with session_of(app) as db:
        doc = backup_document(db)
        mine = snapshot(db)
    with session_of(other) as db:
        restore_document(db, doc)
    with session_of(other) as db:
        assert snapshot(db) == {**before, **mine}


def test_a_game_that_differs_is_reported_and_left_as_it_is(app: Flask, client: FlaskClient) -> None:
    ids = play_some_games(client)
    with session_of(app) as db:
        doc = backup_document(db)
        before = snapshot(db)
    changed = copy.deepcopy(doc)
    changed["games"][0]["rounds"][0]["scores"][0]["pips"] += 1
    changed["games"][1]["seats"][0]["name"] = "Anna"
    with session_of(app) as db:
        report = restore_document(db, changed)
    assert report.differs == ids[:2] and report.same == ids[2:]
    assert "2 games already here differ from the backup" in report.summary()
    with session_of(app) as db:
        assert snapshot(db) == before


def test_one_game_is_a_document_of_its_own(app: Flask, client: FlaskClient, other: Flask) -> None:
    ids = play_some_games(client)
    with session_of(app) as db:
        game = db.get(Game, ids[1])
        assert game is not None
        doc = single_game_backup(game)
        assert doc["games"] == [game_document(game)]
        expected = snapshot(db)[ids[1]]
    with session_of(other) as db:
        assert restore_document(db, doc).added == [ids[1]]
    with session_of(other) as db:
        assert snapshot(db) == {ids[1]: expected}


def test_a_backup_from_before_a_column_existed_still_restores(app: Flask, client: FlaskClient, other: Flask) -> None:
    ids = play_some_games(client)
    with session_of(app) as db:
        doc = backup_document(db)
    for game in doc["games"]:
        game.pop("version", None)  # a column added after the backup was made takes its default
        game.pop("finished_at")
    with session_of(other) as db:
        assert sorted(restore_document(db, doc).added) == sorted(ids)


MALFORMED: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("not a backup", lambda d: d.update(format="something"), 'format: expected "scorekeeper-backup"'),
    ("too new", lambda d: d.update(version=2), "version: this backup is version 2"),
    ("games not a list", lambda d: d.update(games={}), "games: expected a list"),
    (
        "pips a string",
        lambda d: d["games"][1]["rounds"][0]["scores"][0].update(pips="7"),
        "games[1].rounds[0].scores[0].pips: expected a whole number",
    ),
    (
        "pips true",
        lambda d: d["games"][0]["rounds"][1]["scores"][2].update(pips=True),
        "games[0].rounds[1].scores[2].pips: expected a whole number",
    ),
    (
        "a bad time",
        lambda d: d["games"][0]["history"][3].update(at="yesterday"),
        "games[0].history[3].at: expected a date and time",
    ),
    ("a missing name", lambda d: d["games"][2]["seats"][1].pop("name"), "games[2].seats[1].name: missing"),
    ("no id", lambda d: d["games"][2].pop("id"), "games[2].id: missing"),
    ("an unknown field", lambda d: d["games"][0].update(colour="red"), "games[0].colour: unknown field"),
    ("an unknown game", lambda d: d["games"][0].update(kind="poker"), "games[0].kind: unknown game 'poker'"),
    (
        "a long name",
        lambda d: d["games"][0]["seats"][0].update(name="x" * 31),
        "games[0].seats[0].name: longer than 30",
    ),
    (
        "two seats in one place",
        lambda d: d["games"][0]["seats"][2].update(position=0),
        "games[0].seats[2].position: 0 appears twice",
    ),
    (
        "a score for nobody",
        lambda d: d["games"][1]["rounds"][0]["scores"][1].update(seat_position=9),
        "games[1].rounds[0].scores[1].seat_position: no seat",
    ),
    ("a game twice", lambda d: d["games"].append(d["games"][0]), "games[3].id: the game"),
    (
        "a huge number",
        lambda d: d["games"][0]["rounds"][0]["scores"][0].update(pips=10**12),
        "games[0].rounds[0].scores[0].pips: too large",
    ),
    (
        "a null where none may be",
        lambda d: d["games"][0].update(set_highest=None),
        "games[0].set_highest: may not be null",
    ),
]


@pytest.mark.parametrize(("change", "message"), [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED])
def test_a_malformed_document_is_refused_and_writes_nothing(
    app: Flask, client: FlaskClient, other: Flask, change: Callable[[dict[str, Any]], object], message: str
) -> None:
    play_some_games(client)
    kept = other.test_client().post("/api/v1/games", json={"players": ["Zoe", "Yann"]}).get_json()["id"]
    with session_of(app) as db:
        doc = json.loads(json.dumps(backup_document(db)))
    change(doc)
    with session_of(other) as db, pytest.raises(FormatError) as refused:
        restore_document(db, doc)
    assert str(refused.value).startswith(message), str(refused.value)
    with session_of(other) as db:
        assert list(snapshot(db)) == [kept]


@pytest.mark.parametrize("doc", [None, [], "games", {"version": 1, "games": []}])
def test_something_else_entirely_is_refused(other: Flask, doc: object) -> None:
    with session_of(other) as db, pytest.raises(FormatError):
        restore_document(db, doc)


def test_the_settings_page_links_the_download(client: FlaskClient) -> None:
    page = client.get("/settings").get_data(as_text=True)
    assert 'href="/settings/backup.json"' in page
    assert 'href="/settings"' in client.get("/").get_data(as_text=True)
    assert "Sicherung herunterladen" in client.get("/settings?lang=de", follow_redirects=True).get_data(as_text=True)


@pytest.mark.time_machine(datetime(2027, 3, 4, 12, 0, tzinfo=UTC))
def test_the_backup_downloads_as_a_json_attachment(app: Flask, client: FlaskClient, other: Flask) -> None:
    ids = play_some_games(client)
    response = client.get("/settings/backup.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    filename = "scorekeeper-backup-2027-03-04.json"  # named for the day it was taken
    assert response.headers["Content-Disposition"] == f'attachment; filename="{filename}"'
    doc = response.get_json()
    assert doc["created_at"].startswith("2027-03-04T12:00")
    assert doc["format"] == FORMAT and sorted(g["id"] for g in doc["games"]) == sorted(ids)
    with session_of(other) as db:
        assert sorted(restore_document(db, doc).added) == sorted(ids)


POSTGRES = os.environ.get("TEST_DATABASE_URL", "")


@pytest.fixture
def postgres_apps() -> Iterator[tuple[Flask, Flask]]:
    """Two apps on two fresh schemas of the PostgreSQL test database, dropped afterwards."""
    if not POSTGRES.startswith("postgres"):
        pytest.skip("TEST_DATABASE_URL names no PostgreSQL database")
    base = create_app({"TESTING": True, "DATABASE_URL": POSTGRES, "SECRET_KEY": "test"}).config["DATABASE_URL"]
    schemas = [f"backup_test_{secrets.token_hex(4)}" for _ in range(2)]
    admin = create_engine(base)
    apps = []
    for schema in schemas:
        with admin.begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
        sep = "&" if "?" in base else "?"
        url = f"{base}{sep}options=-csearch_path%3D{schema}"
        upgrade(url)
        apps.append(create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "test"}))
    try:
        yield apps[0], apps[1]
    finally:
        for a in apps:
            a.extensions["db_engine"].dispose()
        with admin.begin() as connection:
            for schema in schemas:
                connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def test_the_round_trip_on_postgresql(postgres_apps: tuple[Flask, Flask]) -> None:
    source, target = postgres_apps
    ids = play_some_games(source.test_client())
    with session_of(source) as db:
        doc = json.loads(json.dumps(backup_document(db)))
        before = snapshot(db)
    with session_of(target) as db:
        assert sorted(restore_document(db, doc).added) == sorted(ids)
    with session_of(target) as db:
        assert snapshot(db) == before
        assert restore_document(db, doc).same == [g["id"] for g in doc["games"]]
    bad = copy.deepcopy(doc)
    bad["games"][0]["id"] = "new-one"
    bad["games"][1]["seats"][0]["position"] = "first"
    with session_of(target) as db, pytest.raises(FormatError, match=r"games\[1\]\.seats\[0\]\.position"):
        restore_document(db, bad)
    with session_of(target) as db:
        assert db.get(Game, "new-one") is None


def test_a_stranger_on_the_wifi_downloads_none_of_the_households_games(app: Flask, client: FlaskClient) -> None:
    play_some_games(client)
    stranger = app.test_client()
    doc = stranger.get("/settings/backup.json").get_json()
    assert doc["format"] == FORMAT and doc["games"] == []
