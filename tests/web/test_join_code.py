"""The join code: eight characters to read aloud across the table and type on another phone in any case, with no
look-alikes; apart from the game's id, which (with the old codes made of it) keeps opening the game; carried by
a backup and an export, and given anew where it would clash."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from alembic import command
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape
from sqlalchemy import create_engine, select, text, update
from sqlalchemy.orm import Session

from scorekeeper.db import alembic_config
from scorekeeper.models import Game
from scorekeeper.services.backup import backup_document, restore_document
from scorekeeper.services.results import upgrade

from .helpers import DATABASES, POSTGRES_URL, start_game
from .helpers import text as page_text

CODE = re.compile(r"[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}")
"""A join code as shown: two blocks of four, no 0/O, 1/I/L."""


def shown_code(client: FlaskClient, game: str) -> str:
    found = re.search(r'<strong class="game-code">([^<]+)</strong>', page_text(client.get(f"{game}/join")))
    assert found is not None
    return found[1]


def session_of(app: Flask) -> Session:
    db: Session = app.extensions["db_sessionmaker"]()
    return db


def test_the_join_page_shows_a_short_code_apart_from_the_id(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    code = shown_code(client, game)
    assert CODE.fullmatch(code), code
    assert code.replace("-", "") not in game  # not the id, nor a piece of it
    assert shown_code(client, game) == code  # the same every time
    assert shown_code(client, start_game(client, "Ana", "Ben")) != code


@pytest.mark.parametrize("typed", ["{code}", "{lower}", " {lower} ", "{bare}", "{spaced}", "{lower_bare}"])
def test_another_phone_opens_the_game_by_its_code_typed_in_any_case(
    app: Flask, client: FlaskClient, typed: str
) -> None:
    game = start_game(client, "Ana", "Ben")
    code = shown_code(client, game)
    bare = code.replace("-", "")
    said = typed.format(
        code=code, lower=code.lower(), bare=bare, spaced=" ".join(bare).lower(), lower_bare=bare.lower()
    )
    with app.test_client() as other:
        response = other.get("/open", query_string={"game": said})
        assert response.status_code == 302 and response.headers["Location"] == f"{game}/whose"
        other.get(game)
        assert "Ana, Ben" in page_text(other.get("/"))


@pytest.mark.parametrize("typed", ["QQQQ-QQQQ", "qqqq qqqq", "AAAAAAAAAAAAAAAA"])
def test_a_code_that_opens_no_game_says_so(client: FlaskClient, typed: str) -> None:
    start_game(client, "Ana", "Ben")
    response = client.get("/open", query_string={"game": typed}, follow_redirects=True)
    assert response.status_code == 200
    assert "No game has that code." in page_text(response)
    assert "It may have been deleted" not in page_text(response)


@pytest.mark.parametrize("typed", ["wtzk fdj5", "<b>k7wp</b>", "Zoë's game"])
def test_a_code_that_opens_no_game_stays_in_the_field_to_fix(client: FlaskClient, typed: str) -> None:
    """One letter wrong in a code read across the table: the phone says so and keeps what was typed, to correct."""
    start_game(client, "Ana", "Ben")
    response = client.get("/open", query_string={"game": typed}, follow_redirects=True)
    assert "No game has that code." in page_text(response) or "not a game link or code" in page_text(response)
    field = re.search(r'<input id="open-game"[^>]*>', page_text(response))
    assert field is not None
    assert f'value="{escape(typed)}"' in field[0]
    assert client.get("/").status_code == 200 and 'value=""' in page_text(client.get("/"))  # empty once done


def test_the_old_id_and_its_links_keep_opening_the_game(app: Flask, client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    game_id = game.rsplit("/", 1)[-1]
    grouped = "-".join(game_id[i : i + 4] for i in range(0, 16, 4))
    with app.test_client() as other:
        for typed in (game_id, grouped, f"http://192.168.1.7:5000{game}"):
            response = other.get("/open", query_string={"game": typed})
            assert response.status_code == 302 and response.headers["Location"] == f"{game}/whose"
        assert other.get(game).status_code == 200


def test_a_deleted_game_has_no_code(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    code = shown_code(client, game)
    assert client.post(f"{game}/delete").status_code == 302
    response = client.get("/open", query_string={"game": code}, follow_redirects=True)
    assert "No game has that code." in page_text(response)


@pytest.mark.parametrize("database", DATABASES)
def test_games_stored_before_the_upgrade_are_given_codes(tmp_path: Path, database: str) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}" if database == "sqlite" else POSTGRES_URL
    engine = create_engine(url)
    if database == "postgresql":
        with engine.begin() as c:
            c.execute(text("DROP SCHEMA public CASCADE"))
            c.execute(text("CREATE SCHEMA public"))
    command.upgrade(alembic_config(url), "0010")
    with engine.begin() as c:
        for game_id in ("old-one", "old-two", "old-three"):
            c.execute(
                text(
                    "INSERT INTO game (id, created_at, updated_at, set_highest, ascending, rounds_planned, "
                    "double_blank, rules) VALUES (:id, '2026-01-01', '2026-01-01', 12, false, 13, 0, 'standard')"
                ),
                {"id": game_id},
            )
    upgrade(url)
    with engine.connect() as c:
        codes = c.execute(text("SELECT join_code FROM game")).scalars().all()
    engine.dispose()
    assert len(set(codes)) == 3
    assert all(CODE.fullmatch(f"{code[:4]}-{code[4:]}") for code in codes), codes


def test_a_backup_carries_the_code_and_a_clash_gets_a_new_one(
    app: Flask, client: FlaskClient, tmp_path: Path, app_factory: Callable[..., Flask]
) -> None:
    game = start_game(client, "Ana", "Ben")
    code = shown_code(client, game).replace("-", "")
    with session_of(app) as db:
        doc = backup_document(db)
    assert doc["games"][0]["join_code"] == code
    (tmp_path / "other").mkdir()
    other = app_factory(tmp_path / "other", WTF_CSRF_ENABLED=False)
    with session_of(other) as db:
        restore_document(db, doc)
        assert db.scalar(select(Game.join_code)) == code  # restored as it was
        clash = copy.deepcopy(doc)
        clash["games"][0]["id"] = "another-game-id1"  # a different game that carries the same code
        clash["games"][0]["watch_code"] = None  # (a shared watch code is another matter)
        older = copy.deepcopy(clash)
        older["games"][0]["id"] = "a-third-game-id1"
        del older["games"][0]["join_code"]  # a backup made before games had codes
        assert restore_document(db, clash).added == ["another-game-id1"]
        assert restore_document(db, older).added == ["a-third-game-id1"]
        codes = dict(db.execute(select(Game.id, Game.join_code)).all())
    assert codes[game.rsplit("/", 1)[-1]] == code
    assert len(set(codes.values())) == 3 and all(c and len(c) == 8 for c in codes.values())
    assert restore_document(session_of(other), doc).same == [game.rsplit("/", 1)[-1]]


def test_an_imported_game_with_a_code_taken_here_gets_a_new_one(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"players": ["Ana", "Ben"]}).get_json()["id"]
    document = client.get(f"/api/v1/games/{game}/export").get_json()
    copy_of = copy.deepcopy(document)
    copy_of["games"][0]["id"] = "a-copy-of-it-000"
    assert client.post("/api/v1/games/import", json=copy_of).status_code == 201
    again = client.post("/api/v1/games/import", json=copy_of)  # the new code is no difference from the file
    assert again.status_code == 409 and "exactly as in the file" in again.get_json()["error"]
    first, second = shown_code(client, f"/games/{game}"), shown_code(client, "/games/a-copy-of-it-000")
    assert first.replace("-", "") == document["games"][0]["join_code"] and second != first
    response = client.get("/open", query_string={"game": second.lower()})
    assert response.headers["Location"] == "/games/a-copy-of-it-000/whose"


def test_a_game_without_a_code_is_given_one_on_its_join_page(app: Flask, client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    with session_of(app) as db:
        db.execute(update(Game).values(join_code=None))
        db.commit()
    code = shown_code(client, game)
    assert CODE.fullmatch(code) and shown_code(client, game) == code
    with app.test_client() as other:
        assert other.get("/open", query_string={"game": code.lower()}).headers["Location"] == f"{game}/whose"


def test_a_watch_link_pasted_to_open_a_game_opens_the_watch_page(client: FlaskClient) -> None:
    """The read-only link a result was shared with, pasted under "Open a game": the game as that link shows it,
    not "Not found … it may have been deleted" (its code is no game id)."""
    game = start_game(client, "Ana", "Ben")
    watch = re.search(r"https?://[^\s<\"]+/watch/[\w-]+", page_text(client.get(f"{game}/join")))
    assert watch is not None
    response = client.get("/open", query_string={"game": f" {watch[0]} "})
    assert response.status_code == 302 and response.headers["Location"] == urlsplit(watch[0]).path
    page = client.get(response.headers["Location"])
    assert page.status_code == 200 and "Ana" in page_text(page)
