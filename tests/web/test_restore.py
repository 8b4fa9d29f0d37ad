"""Restoring a backup refuses what the README says it refuses, naming the value at fault, and writes all of it or
nothing; it brings back the "Play again" link and the pips sent so far for a round in progress; a SQLite backup
restores into PostgreSQL."""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, select, text

from scorekeeper.models import Game, Person
from scorekeeper.services.backup import FormatError, backup_document, restore_document

from .helpers import DATABASES, fresh_postgres_app
from .helpers import text as page_text
from .test_backup import play_some_games, postgres_apps, session_of

__all__ = ["postgres_apps"]  # a fixture, used by name below


@pytest.fixture(params=DATABASES)
def target(request: pytest.FixtureRequest, tmp_path: Path, app_factory: Callable[..., Flask]) -> Iterator[Flask]:
    """An empty database to restore into: SQLite, and PostgreSQL when TEST_DATABASE_URL names one."""
    if request.param == "sqlite":
        (tmp_path / "target").mkdir()
        yield app_factory(tmp_path / "target", WTF_CSRF_ENABLED=False)
        return
    yield fresh_postgres_app(WTF_CSRF_ENABLED=False)


def _backup(app: Flask) -> dict[str, Any]:
    with session_of(app) as db:
        doc: dict[str, Any] = json.loads(json.dumps(backup_document(db)))
    return doc


def _games(app: Flask) -> list[str]:
    with session_of(app) as db:
        return sorted(db.scalars(select(Game.id)))


def _two_went_out(doc: dict[str, Any]) -> None:
    for score in doc["games"][0]["rounds"][0]["scores"]:
        score.update(went_out=True, pips=0)


# play_some_games: games[0] is Mexican Train (Ana, Šárka, João; 6 rounds, Šárka out of each), games[1] a finished
# Super Domino evening of two hands, games[2] a fresh game
WRONG: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    (
        "negative pips",
        lambda d: d["games"][0]["rounds"][2]["scores"][1].update(went_out=False, pips=-4),
        "games[0].rounds[2].scores[1].pips: round 3 has pips out of range",
    ),
    (
        "a missing score",
        lambda d: d["games"][0]["rounds"][1]["scores"].pop(2),
        "games[0].rounds[1].scores: round 2 does not have a score for every player",
    ),
    (
        "a gap in the rounds",
        lambda d: d["games"][0]["rounds"][3].update(number=9),
        "games[0].rounds[3].number: its rounds are not numbered from 1 in order",
    ),
    (
        "two players out of one round",
        _two_went_out,
        "games[0].rounds[0].scores[1].went_out: more than one player went out in round 1",
    ),
    (
        "pips for the one who went out",
        lambda d: d["games"][0]["rounds"][0]["scores"][1].update(pips=7),
        "games[0].rounds[0].scores[1].pips: whoever went out of round 1 has 0 pips",
    ),
    (
        "a set the game is not played with",
        lambda d: d["games"][0].update(set_highest=99),
        "games[0].set_highest: a Mexican Train game is not played with a double-99 set",
    ),
    (
        "the same watch link twice",
        lambda d: [g.update(watch_code="sharedcode123") for g in d["games"][:3:2]],
        "games[2].watch_code: the same watch-link code as games[0]",
    ),
    (
        "a version at the top of INTEGER",
        lambda d: d["games"][1].update(version=2**31 - 1),
        "games[1].version: a count of changes no game reaches",
    ),
    (
        "an id no link can carry",
        lambda d: d["games"][2].update(id="<b>x</b>"),
        "games[2].id: not a game id a link can carry",
    ),
    (
        "pips sent for no seat",
        lambda d: d["games"][2].update(draft_scores=[{"seat_position": 5, "pips": 3}]),
        "games[2].draft_scores[0].seat_position: no seat has this position",
    ),
    (
        "negative pips sent",
        lambda d: d["games"][2].update(draft_scores=[{"seat_position": 1, "pips": -3}]),
        "games[2].draft_scores[0]: pips sent for the round being filled in are out of range",
    ),
    (
        "a NUL in a history line",
        lambda d: d["games"][1]["history"][0].update(player="A\x00"),
        "games[1].history[0].player: holds a character no text may hold",
    ),
]


@pytest.mark.parametrize(("change", "message"), [w[1:] for w in WRONG], ids=[w[0] for w in WRONG])
def test_a_wrong_value_is_refused_with_its_path_and_nothing_is_written(
    client: FlaskClient, app: Flask, target: Flask, change: Callable[[dict[str, Any]], object], message: str
) -> None:
    play_some_games(client)
    kept = target.test_client().post("/api/v1/games", json={"players": ["Zoe", "Yann"]}).get_json()["id"]
    doc = _backup(app)
    change(doc)
    with session_of(target) as db, pytest.raises(FormatError) as refused:
        restore_document(db, doc)
    assert str(refused.value).startswith(message), str(refused.value)
    assert _games(target) == [kept]


def test_the_command_refuses_an_unknown_set_in_one_line_without_a_traceback(
    client: FlaskClient, app: Flask, tmp_path: Path
) -> None:
    play_some_games(client)
    doc = _backup(app)
    doc["games"][0]["set_highest"] = 99
    (tmp_path / "odd.json").write_text(json.dumps(doc))
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'restored.sqlite3'}"}
    env["SCOREKEEPER_INSTANCE"] = str(tmp_path / "instance")
    run = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "restore", "odd.json"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines() == [
        "scorekeeper: odd.json cannot be restored, nothing was changed: games[0].set_highest: "
        "a Mexican Train game is not played with a double-99 set."
    ]


def _refuse_game(app: Flask, game_id: str) -> None:
    """Make the database itself refuse to store the game with this id, as a full disk or a constraint would."""
    with app.extensions["db_engine"].begin() as connection:
        if connection.dialect.name == "sqlite":
            connection.execute(
                text(
                    "CREATE TRIGGER refuse_one BEFORE INSERT ON game WHEN NEW.id = :id "
                    "BEGIN SELECT RAISE(ABORT, 'this game is refused'); END".replace(":id", f"'{game_id}'")
                )
            )
            return
        connection.execute(
            text(
                "CREATE FUNCTION refuse_one() RETURNS trigger AS $$ BEGIN "
                "IF NEW.id = '" + game_id + "' THEN RAISE EXCEPTION 'this game is refused' USING ERRCODE = '23514'; "
                "END IF; RETURN NEW; END $$ LANGUAGE plpgsql"
            )
        )
        connection.execute(
            text("CREATE TRIGGER refuse_one BEFORE INSERT ON game FOR EACH ROW EXECUTE FUNCTION refuse_one()")
        )


def test_a_game_the_database_refuses_part_way_leaves_nothing_written(
    client: FlaskClient, app: Flask, target: Flask
) -> None:
    ids = play_some_games(client)
    doc = _backup(app)
    _refuse_game(target, ids[1])
    inserted: list[str] = []

    @event.listens_for(Game, "after_insert")
    def _count(_mapper: Any, _connection: Any, game: Game) -> None:
        inserted.append(game.id)

    try:
        with session_of(target) as db, pytest.raises(FormatError) as refused:
            restore_document(db, doc)
    finally:
        event.remove(Game, "after_insert", _count)
    assert inserted == ids[:1]  # the first game was sent to the database before the second was refused
    assert str(refused.value).startswith("games[1]: the database refused it: ")
    assert "this game is refused" in str(refused.value)
    assert _games(target) == []  # and taken back out with it


def test_play_again_and_the_pips_sent_so_far_come_back(client: FlaskClient, app: Flask, target: Flask) -> None:
    first = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "set": 6}).get_json()["id"]
    again = client.post(f"/games/{first}/again")
    assert again.status_code == 302
    second = again.headers["Location"].rsplit("/", 1)[-1]
    sent = client.post(f"/games/{second}/rounds/1/mine", data={"seat": "1", "pips-1": "17"})
    assert sent.status_code == 200
    doc = _backup(app)
    assert doc["games"][0]["next_game_id"] == second and doc["games"][1]["draft_scores"][0]["pips"] == 17
    backwards = {**doc, "games": doc["games"][::-1]}  # the next game before the one it follows: linked after
    with session_of(target) as db:
        assert sorted(restore_document(db, backwards).added) == sorted([first, second])
    assert _backup(target)["games"] == doc["games"]  # every value, the link and the draft included
    phone = target.test_client()
    assert phone.post(f"/games/{first}/again").headers["Location"].endswith(f"/games/{second}")  # not a third game
    assert 'value="17"' in page_text(phone.get(f"/games/{second}/rounds/new"))  # Ben's 17 waits in the form


def test_a_game_alone_is_exported_without_its_play_again_link(client: FlaskClient) -> None:
    first = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "set": 6}).get_json()["id"]
    client.post(f"/games/{first}/again")
    assert "next_game_id" not in client.get(f"/api/v1/games/{first}/export").get_json()["games"][0]


def test_a_sqlite_backup_restores_into_postgresql(
    client: FlaskClient, app: Flask, postgres_apps: tuple[Flask, Flask]
) -> None:
    ids = play_some_games(client)
    first = ids[0]
    client.post(f"/games/{first}/again")
    client.post(f"/games/{ids[2]}/rounds/1/mine", data={"seat": "0", "pips-0": "9"})
    doc = _backup(app)
    postgres, _other = postgres_apps
    with session_of(postgres) as db:
        assert len(restore_document(db, copy.deepcopy(doc)).added) == len(doc["games"])
    restored = _backup(postgres)
    assert restored["games"] == doc["games"]  # every value of every game, times in UTC on both
    assert doc["games"][0]["next_game_id"] and any("draft_scores" in g for g in doc["games"])
    with session_of(postgres) as db:
        assert restore_document(db, doc).same == [g["id"] for g in doc["games"]]


def _person(app: Flask, name: str) -> Person:
    with session_of(app) as db:
        found = db.scalar(select(Person).where(Person.name == name, Person.merged_into.is_(None)))
        assert found is not None
        return found


def test_a_merge_of_people_comes_back_and_can_be_undone_there(client: FlaskClient, app: Flask, target: Flask) -> None:
    first = client.post("/api/v1/games", json={"players": ["Mum", "Ben"], "set": 6}).get_json()["id"]
    second = client.post("/api/v1/games", json={"players": ["Mom", "Cleo"], "set": 6}).get_json()["id"]
    merged = client.post(f"/people/{_person(app, 'Mum').id}/merge/{_person(app, 'Mom').id}")
    assert merged.status_code == 302
    doc = _backup(app)
    assert doc["merges"] == [
        {
            "gone": "Mum",
            "kept": "Mom",
            "at": doc["merges"][0]["at"],
            "seats": [{"game_id": first, "position": 0, "name": "Mum"}],
        }
    ]
    with session_of(target) as db:
        assert sorted(restore_document(db, doc).added) == sorted([first, second])
    with session_of(target) as db:
        assert restore_document(db, doc).same == [first, second]  # and the merge is not made twice
    again = _backup(target)
    assert again == {**doc, "created_at": again["created_at"]}  # the games and the merge, as they were
    phone = target.test_client()
    for game in (first, second):
        phone.get(f"/games/{game}")  # this phone sees both games, so both people
    mom = _person(target, "Mom")
    page = page_text(phone.get(f"/people/{mom.id}"))
    undo = re.search(r'action="/people/merges/(\d+)/undo"', page)
    assert undo is not None, page
    assert phone.post(f"/people/merges/{undo.group(1)}/undo").status_code == 302
    assert client.get(f"/api/v1/games/{first}").get_json()["players"] == ["Mom", "Ben"]  # the source: still merged
    assert phone.get(f"/api/v1/games/{first}").get_json()["players"] == ["Mum", "Ben"]  # undone here


def test_a_merge_in_a_backup_is_checked_like_the_rest(client: FlaskClient, app: Flask, target: Flask) -> None:
    client.post("/api/v1/games", json={"players": ["Mum", "Ben"], "set": 6})
    doc = _backup(app)
    doc["merges"] = [{"gone": "Mum", "kept": "Mom", "at": "yesterday", "seats": []}]
    with session_of(target) as db, pytest.raises(FormatError, match=r"^merges\[0\]\.at: expected a date"):
        restore_document(db, doc)
    doc["merges"] = [{"gone": "Mum", "kept": "Mom", "at": "2026-11-01T20:00:00+00:00", "seats": [{"game_id": 7}]}]
    with session_of(target) as db, pytest.raises(FormatError, match=r"^merges\[0\]\.seats\[0\]\.game_id: expected"):
        restore_document(db, doc)
    assert _games(target) == []


def test_an_imported_game_never_links_play_again_to_a_game_here(client: FlaskClient) -> None:
    mine = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "set": 6}).get_json()["id"]
    doc = client.get(f"/api/v1/games/{mine}/export").get_json()
    doc["games"][0].update(id="fromelsewhere1", next_game_id=mine)  # edited by hand to point at a game here
    assert client.post("/api/v1/games/import", json=doc).status_code == 201
    again = client.post("/games/fromelsewhere1/again")
    assert again.status_code == 302 and not again.headers["Location"].endswith(mine)  # a new game, not mine
