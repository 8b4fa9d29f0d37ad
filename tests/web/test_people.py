"""Players are people: the same name in two games is one person, however the game came in; renaming a person
renames them everywhere; merging two people can be previewed, is refused when they sat at one table, and undone
exactly; a phone reaches only the people of its games."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from alembic import command
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, select, text

from scorekeeper.db import alembic_config, session
from scorekeeper.models import Person, Seat
from scorekeeper.services.backup import backup_document, restore_document
from scorekeeper.services.results import upgrade

from .helpers import start_game
from .helpers import text as page_text


def _game(client: FlaskClient, *players: str) -> str:
    response = client.post("/api/v1/games", json={"players": list(players), "set": 6})
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["id"])


def _seats(app: Flask) -> list[tuple[str, str, str]]:
    """(game id, seat name, person's name) of every seat."""
    with app.app_context():
        rows = session().execute(
            select(Seat.game_id, Seat.name, Person.name).join(Person, Person.id == Seat.person_id).order_by(Seat.id)
        )
        return [tuple(r) for r in rows]  # type: ignore[misc]


def _person(client: FlaskClient, name: str) -> int:
    page = page_text(client.get("/people"))
    found = re.search(r'href="/people/(\d+)">\s*<span class="who">' + re.escape(name) + "<", page)
    assert found, page
    return int(found.group(1))


def _players(client: FlaskClient, game: str) -> list[str]:
    return list(client.get(f"/api/v1/games/{game}").get_json()["players"])


# ---------------------------------------------------------------- every seat is someone's


def test_each_seat_is_linked_to_the_person_of_its_name_however_the_game_came(app: Flask, client: FlaskClient) -> None:
    start_game(client, "Ana", "Ben")  # the form
    _game(client, "Ana", "Cleo")  # the API
    assert all(seat == person for _g, seat, person in _seats(app))
    with app.app_context():
        assert sorted(session().scalars(select(Person.name))) == ["Ana", "Ben", "Cleo"]
        document = backup_document(session())
    assert "person_id" not in str(document)  # a backup names players, not the database's row numbers
    page = page_text(client.get("/people"))
    assert re.findall(r'class="who">([^<]+)<', page) == ["Ana", "Ben", "Cleo"]
    assert "Games: 2" in page


def test_a_restored_backup_links_its_seats_too(app: Flask, app_factory: Any, tmp_path: Path) -> None:
    client = app.test_client()
    _game(client, "Ana", "Dora")
    with app.app_context():
        document = backup_document(session())
    (tmp_path / "other").mkdir()
    other = app_factory(tmp_path / "other")
    with other.app_context():
        restore_document(session(), document)
    assert [s[1:] for s in _seats(other)] == [("Ana", "Ana"), ("Dora", "Dora")]


def test_the_migration_makes_one_person_per_name_and_links_every_seat(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    command.upgrade(alembic_config(url), "0006")
    engine = create_engine(url)
    with engine.begin() as c:
        for game, moment in (("g1", "2026-01-01"), ("g2", "2026-02-01")):
            c.execute(
                text(
                    "INSERT INTO game (id, created_at, updated_at, set_highest, ascending, rounds_planned, "
                    "double_blank, rules) VALUES (:g, :m, :m, 12, 0, 13, 0, 'standard')"
                ),
                {"g": game, "m": moment},
            )
        c.execute(
            text(
                "INSERT INTO seat (game_id, position, name) VALUES "
                "('g1', 0, 'Ana'), ('g1', 1, 'Ben'), ('g2', 0, 'Ben'), ('g2', 1, 'Cleo')"
            )
        )
    upgrade(url)
    with engine.connect() as c:
        people = dict(c.execute(text("SELECT name, id FROM person")).all())
        assert sorted(people) == ["Ana", "Ben", "Cleo"]
        seats = c.execute(text("SELECT name, person_id FROM seat ORDER BY id")).all()
    assert [(name, people[name]) for name, _p in seats] == [tuple(s) for s in seats]


# ---------------------------------------------------------------- rename


def test_renaming_a_person_renames_every_seat_of_theirs(app: Flask, client: FlaskClient) -> None:
    one, two = _game(client, "Mum", "Ben"), _game(client, "Cleo", "Mum")
    before = client.get(f"/api/v1/games/{one}").headers["ETag"]
    mum = _person(client, "Mum")
    response = client.post(f"/people/{mum}/rename", data={"name": "  Mom  "})
    assert response.status_code == 302
    assert "Mum is now Mom in every game." in page_text(client.get(response.headers["Location"]))
    assert _players(client, one) == ["Mom", "Ben"] and _players(client, two) == ["Cleo", "Mom"]
    assert client.get(f"/api/v1/games/{one}").headers["ETag"] != before  # phones holding the game see it
    assert all(seat == person for _g, seat, person in _seats(app))
    assert _person(client, "Mom") == mum


def test_a_rename_that_would_clash_is_refused_with_the_reason(client: FlaskClient) -> None:
    game = _game(client, "Ana", "Ben")
    _game(client, "Cleo", "Dora")
    ana = _person(client, "Ana")
    taken = client.post(f"/people/{ana}/rename", data={"name": "Cleo"})
    assert taken.status_code == 409
    assert "Cleo is already someone of the household" in page_text(taken) and "merge them instead" in page_text(taken)
    together = client.post(f"/people/{ana}/rename", data={"name": "BEN"})  # Ben sits at Ana's game
    assert together.status_code == 409
    assert "sat at a game with someone called BEN" in page_text(together)
    empty = client.post(f"/people/{ana}/rename", data={"name": "   "})
    assert empty.status_code == 422 and "Type the new name." in page_text(empty)
    long = client.post(f"/people/{ana}/rename", data={"name": "x" * 31})
    assert long.status_code == 422 and "at most 30 characters" in page_text(long)
    assert _players(client, game) == ["Ana", "Ben"]


def test_renaming_needs_the_form_token(app_with_csrf: Flask) -> None:
    client = app_with_csrf.test_client()
    _game(client, "Ana", "Ben")
    ana = _person(client, "Ana")
    refused = client.post(f"/people/{ana}/rename", data={"name": "Anna"})
    assert refused.status_code == 400 and "This form had expired" in page_text(refused)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page_text(client.get(f"/people/{ana}")))
    assert token
    done = client.post(f"/people/{ana}/rename", data={"name": "Anna", "csrf_token": token.group(1)})
    assert done.status_code == 302


# ---------------------------------------------------------------- merge and undo


def test_merge_preview_then_merge_then_undo_restores_both_people_exactly(app: Flask, client: FlaskClient) -> None:
    games = [_game(client, "Mum", "Ben"), _game(client, "Mum", "Cleo"), _game(client, "Mom", "Ben")]
    mum, mom = _person(client, "Mum"), _person(client, "Mom")
    before = _seats(app)
    preview = client.get(f"/people/{mum}/merge?into={mom}")
    assert preview.status_code == 200
    body = page_text(preview)
    assert "Merge Mum into Mom" in body and body.count("<li>") == 2 and "Mum, Cleo" in body
    merged = client.post(f"/people/{mum}/merge/{mom}")
    assert merged.status_code == 302 and merged.headers["Location"] == f"/people/{mom}"
    assert [_players(client, g)[0] for g in games] == ["Mom", "Mom", "Mom"]
    assert client.get(f"/people/{mum}").status_code == 404
    page = page_text(client.get(f"/people/{mom}"))
    assert "Mum was merged into Mom." in page
    assert re.findall(r'class="who">([^<]+)<', page_text(client.get("/people"))) == ["Ben", "Cleo", "Mom"]
    undo = re.search(r'action="(/people/merges/\d+/undo)"', page)
    assert undo
    back = client.post(undo.group(1))
    assert back.status_code == 302 and back.headers["Location"] == f"/people/{mum}"
    assert _seats(app) == before
    assert [_players(client, g)[0] for g in games] == ["Mum", "Mum", "Mom"]
    assert client.post(undo.group(1)).status_code == 404  # undone once is undone


def test_two_people_who_sat_at_one_table_cannot_be_merged(client: FlaskClient) -> None:
    _game(client, "Mum", "Mom")
    mum, mom = _person(client, "Mum"), _person(client, "Mom")
    preview = page_text(client.get(f"/people/{mum}/merge?into={mom}"))
    assert "sat in the same game" in preview and 'action="/people/' not in preview
    refused = client.post(f"/people/{mum}/merge/{mom}")
    assert refused.status_code == 409 and "sat in the same game" in page_text(refused)
    assert "Choose two different people" in page_text(client.get(f"/people/{mum}/merge?into={mum}"))
    assert client.get(f"/people/{mum}/merge?into=someone").status_code == 422
    assert client.get(f"/people/{mum}/merge?into=999").status_code == 404


def test_undo_is_refused_once_the_name_is_someone_else_again(client: FlaskClient) -> None:
    _game(client, "Mum", "Ben")
    _game(client, "Mom", "Ben")
    mum, mom = _person(client, "Mum"), _person(client, "Mom")
    client.post(f"/people/{mum}/merge/{mom}")
    undo = re.search(r'action="(/people/merges/\d+/undo)"', page_text(client.get(f"/people/{mom}")))
    assert undo
    _game(client, "Mum", "Cleo")  # a new Mum: someone else now
    refused = client.post(undo.group(1))
    assert refused.status_code == 409 and "Someone called Mum was added since the merge" in page_text(refused)


# ---------------------------------------------------------------- whose people a phone sees


def test_a_phone_reaches_only_the_people_of_its_own_games(app: Flask) -> None:
    mine, theirs = app.test_client(), app.test_client()
    _game(theirs, "Ana", "Ben")
    _game(mine, "Cleo", "Dora")
    ana = _person(theirs, "Ana")
    assert "Ana" not in page_text(mine.get("/people"))
    assert mine.get(f"/people/{ana}").status_code == 404
    assert mine.post(f"/people/{ana}/rename", data={"name": "X"}).status_code == 404
    assert mine.get("/people/0").status_code == 404 and mine.get("/people/abc").status_code == 404
