"""Cheap reads: a game loaded in two queries, 304s for a phone that already holds the page, the reference pages
drawn once per language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from scorekeeper import create_app
from scorekeeper.i18n import LANGUAGES

from .helpers import text

PLAYERS = ["Ana", "Ben", "Cleo"]


def _game(client: FlaskClient, rounds: int = 2) -> str:
    game = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    for number in range(1, rounds + 1):
        _round(client, game, number)
    return str(game)


def _round(client: FlaskClient, game: str, number: int) -> None:
    pips = {"Ana": 0, "Ben": 5 + number, "Cleo": 9}
    sent = {"number": number, "pips": pips, "went_out": "Ana"}
    assert client.post(f"/api/v1/games/{game}/rounds", json=sent).status_code == 201


@contextmanager
def _statements(app: Flask) -> Iterator[list[str]]:
    """The SQL statements run meanwhile."""
    run: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        run.append(statement)

    engine = app.extensions["db_engine"]
    event.listen(engine, "before_cursor_execute", count)
    try:
        yield run
    finally:
        event.remove(engine, "before_cursor_execute", count)


# ---------------------------------------------------------------- the API


def test_api_answers_304_without_loading_the_game(app: Flask, client: FlaskClient) -> None:
    game = _game(client)
    first = client.get(f"/api/v1/games/{game}")
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"
    with _statements(app) as run:
        again = client.get(f"/api/v1/games/{game}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.headers["ETag"] == etag
    assert len(run) == 1  # the version alone
    _round(client, game, 3)
    changed = client.get(f"/api/v1/games/{game}", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert len(changed.get_json()["rounds"]) == 3


def test_api_304_still_refuses_a_game_that_is_not_there(client: FlaskClient) -> None:
    assert client.get("/api/v1/games/nothing-here", headers={"If-None-Match": '"1"'}).status_code == 404


def test_a_draft_changes_the_page_but_not_the_api_answer(client: FlaskClient) -> None:
    game = _game(client, rounds=1)
    etag = client.get(f"/api/v1/games/{game}").headers["ETag"]
    page = client.get(f"/games/{game}")
    sent = client.post(f"/games/{game}/rounds/new", data={"seat": "1", "number": "2", "pips-1": "7"})
    assert sent.status_code in (200, 302)
    assert client.get(f"/api/v1/games/{game}", headers={"If-None-Match": etag}).status_code == 304
    assert client.get(f"/games/{game}", headers={"If-None-Match": page.headers["ETag"]}).status_code == 200


# ---------------------------------------------------------------- the table screen


def _table(client: FlaskClient, game: str, **headers: str) -> Any:
    return client.get(f"/games/{game}", headers=headers)


def test_table_answers_304_while_unchanged_and_200_after_a_round(app_with_csrf: Flask) -> None:
    client = app_with_csrf.test_client()
    with app_with_csrf.app_context():
        game = _game(client)
    _table(client, game)  # the first page makes the session's CSRF token
    page = _table(client, game)
    etag = page.headers["ETag"]
    assert etag.startswith('W/"')  # the same page, not the same bytes: the signed token carries its time
    assert page.headers["Cache-Control"] == "no-cache"
    with _statements(app_with_csrf) as run:
        assert _table(client, game, **{"If-None-Match": etag}).status_code == 304
    assert len(run) == 1
    _round(client, game, 3)
    after = _table(client, game, **{"If-None-Match": etag})
    assert after.status_code == 200 and after.headers["ETag"] != etag
    version = client.get(f"/api/v1/games/{game}").get_json()["version"]
    assert f'data-live-tag="{version}.0"' in text(after)


def test_a_304_never_hides_a_flash(client: FlaskClient) -> None:
    game = _game(client)
    etag = _table(client, game).headers["ETag"]
    with client.session_transaction() as session:
        session["_flashes"] = [("message", "Round 2 corrected.")]
    shown = _table(client, game, **{"If-None-Match": etag})
    assert shown.status_code == 200 and "Round 2 corrected." in text(shown)
    assert "ETag" not in shown.headers  # a copy kept with the message must never come back as current
    assert _table(client, game, **{"If-None-Match": etag}).status_code == 304


def test_a_304_never_serves_another_language(client: FlaskClient) -> None:
    game = _game(client)
    etag = _table(client, game, **{"Accept-Language": "en"}).headers["ETag"]
    german = _table(client, game, **{"If-None-Match": etag, "Accept-Language": "de"})
    assert german.status_code == 200 and german.headers["Content-Language"] == "de"
    assert german.headers["ETag"] != etag


def test_a_304_never_serves_another_session(app_with_csrf: Flask) -> None:
    mine, theirs = app_with_csrf.test_client(), app_with_csrf.test_client()
    game = _game(mine)
    _table(mine, game)
    etag = _table(mine, game).headers["ETag"]
    _table(theirs, game)
    # another phone's form needs its own CSRF token
    assert _table(theirs, game, **{"If-None-Match": etag}).status_code == 200


def test_table_304_refuses_a_game_that_is_not_there(client: FlaskClient) -> None:
    assert _table(client, "nothing-here", **{"If-None-Match": 'W/"x"'}).status_code == 404


@pytest.mark.parametrize("path", ["/games/{game}", "/games/{game}/grid", "/api/v1/games/{game}"])
def test_a_game_is_drawn_once_per_version_for_every_phone(app: Flask, path: str) -> None:
    first, second = app.test_client(), app.test_client()
    game = _game(first, rounds=4)
    first.post(f"/games/{game}/rounds/new", data={"seat": "1", "number": "5", "pips-1": "7"})  # a draft too
    with _statements(app) as run:
        drawn = first.get(path.format(game=game))
    assert drawn.status_code == 200
    # the live tag, then the game and its rounds; the table screen also the photos kept with them
    assert len(run) <= (4 if path == "/games/{game}" else 3), run
    with _statements(app) as run:
        again = second.get(path.format(game=game))
    assert len(run) == 1, run  # the live tag says the page drawn for the first phone is current
    assert again.status_code == 200 and again.data == drawn.data
    _round(second, game, 5)
    after = first.get(path.format(game=game))
    assert "Ben" in text(after) and after.data != drawn.data
    rounds = first.get(f"/api/v1/games/{game}").get_json()["rounds"]
    assert [r["number"] for r in rounds] == [1, 2, 3, 4, 5]


def test_a_kept_table_screen_carries_each_phones_own_form_token(app_with_csrf: Flask) -> None:
    mine, theirs = app_with_csrf.test_client(), app_with_csrf.test_client()
    game = _game(mine)
    token = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
    my_page, their_page = text(_table(mine, game)), text(_table(theirs, game))
    my_token, their_token = token.findall(my_page), token.findall(their_page)
    assert my_token and their_token and set(my_token).isdisjoint(their_token)
    assert token.sub("", my_page) == token.sub("", their_page)  # the same page but for the token
    undone = theirs.post(f"/games/{game}/rounds/undo", data={"csrf_token": their_token[0], "number": "2"})
    assert undone.status_code == 302  # their token is theirs: the undo goes through
    assert len(mine.get(f"/api/v1/games/{game}").get_json()["rounds"]) == 1


def test_the_quick_read_shows_what_the_full_load_shows(app: Flask, client: FlaskClient) -> None:
    from scorekeeper.db import session
    from scorekeeper.services import get_game, read_game, view
    from scorekeeper.services.drafts import draft_of

    game = _game(client, rounds=3)
    client.post(f"/games/{game}/rounds/new", data={"seat": "2", "number": "4", "pips-2": "12"})
    with app.test_request_context():
        quick, full = read_game(session(), game), get_game(session(), game)
        assert view(quick) == view(full)
        assert draft_of(quick) == draft_of(full)


# ---------------------------------------------------------------- pages kept per deployment


REFERENCE = ["/rules", "/rules/variants", "/rules/super-domino", "/deal", "/deal?players=6&set=9&rules=italian"]


@pytest.mark.parametrize("path", REFERENCE)
def test_a_kept_page_is_the_page_drawn_afresh_in_every_language(app: Flask, client: FlaskClient, path: str) -> None:
    for code in LANGUAGES:
        kept = text(client.get(path, headers={"Accept-Language": code}))
        app.extensions["page_cache"].clear()
        fresh = text(client.get(path, headers={"Accept-Language": code}))
        assert kept == fresh and f'<html lang="{code}">' in fresh
    # drawn in one language, never served in another
    english = text(client.get(path, headers={"Accept-Language": "en"}))
    assert text(client.get(path, headers={"Accept-Language": "it"})) != english


def test_a_kept_page_answers_304_and_keeps_its_etag_per_language(client: FlaskClient) -> None:
    first = client.get("/rules")
    etag = first.headers["ETag"]
    assert not etag.startswith("W/") and first.headers["Cache-Control"] == "no-cache"
    assert client.get("/rules", headers={"If-None-Match": etag}).status_code == 304
    other = client.get("/rules", headers={"If-None-Match": etag, "Accept-Language": "cs"})
    assert other.status_code == 200 and other.headers["ETag"] != etag


def test_a_flash_is_shown_once_and_never_kept(client: FlaskClient) -> None:
    client.get("/rules")
    with client.session_transaction() as session:
        session["_flashes"] = [("message", "Game restored.")]
    assert "Game restored." in text(client.get("/rules"))
    assert "Game restored." not in text(client.get("/rules"))


def test_the_language_bar_links_back_to_the_address_asked(client: FlaskClient) -> None:
    plain = text(client.get("/deal"))
    asked = text(client.get("/deal?players=6"))
    assert "players%3D6" in asked and "players%3D6" not in plain


# ---------------------------------------------------------------- cheap writes


def _rounds_read(run: list[str]) -> int:
    return len([s for s in run if s.lstrip().upper().startswith("SELECT") and "FROM round" in s])


def test_a_round_posted_on_the_worker_that_stored_the_last_one_reads_no_rounds(app: Flask, client: FlaskClient) -> None:
    game = _game(client)
    with _statements(app) as run:
        _round(client, game, 3)
    assert _rounds_read(run) == 0, run  # the game as this worker wrote it, checked by one row: still as stored
    assert client.get(f"/api/v1/games/{game}").get_json()["rounds"][2]["number"] == 3


def test_a_round_posted_on_another_worker_reads_the_rounds_once(app: Flask) -> None:
    """Two apps on one database stand for two workers: each remembers what it wrote, never what the other did."""
    other = create_app({"TESTING": True, "DATABASE_URL": app.config["DATABASE_URL"], "SECRET_KEY": "test"})
    first, second = app.test_client(), other.test_client()
    game = _game(first)
    _round(second, game, 3)  # the first worker's copy of the game is out of date now
    with _statements(app) as run:
        _round(first, game, 4)
    assert _rounds_read(run) == 1, run
    rounds = first.get(f"/api/v1/games/{game}").get_json()["rounds"]
    assert [r["number"] for r in rounds] == [1, 2, 3, 4]
    # a correction on the second worker is seen by the first at once, though the first wrote the game last
    corrected = {"pips": {"Ana": 0, "Ben": 40, "Cleo": 9}, "went_out": "Ana"}
    assert second.put(f"/api/v1/games/{game}/rounds/4", json=corrected).status_code == 200
    _round(first, game, 5)
    standings = {s["player"]: s["total"] for s in first.get(f"/api/v1/games/{game}").get_json()["standings"]}
    assert standings["Ben"] == (5 + 1) + (5 + 2) + (5 + 3) + 40 + (5 + 5)


@pytest.mark.parametrize("shown", ["/games/{game}", "/api/v1/games/{game}"])
def test_a_round_posted_on_the_worker_that_just_showed_the_game_reads_no_rounds(app: Flask, shown: str) -> None:
    other = create_app({"TESTING": True, "DATABASE_URL": app.config["DATABASE_URL"], "SECRET_KEY": "test"})
    first, second = app.test_client(), other.test_client()
    game = _game(first)
    _round(second, game, 3)
    assert first.get(shown.format(game=game)).status_code == 200  # the table screen, or the game's JSON
    with _statements(app) as run:
        _round(first, game, 4)
    assert _rounds_read(run) == 0, run


def test_a_rounds_answer_is_the_game_as_a_fresh_read_shows_it(app: Flask, client: FlaskClient) -> None:
    game = _game(client, rounds=4)
    sent = {"number": 5, "pips": {"Ana": 7, "Ben": 0, "Cleo": 12}, "went_out": "Ben"}
    answer = client.post(f"/api/v1/games/{game}/rounds", json=sent)
    app.extensions["kept_pages"].clear()  # what another phone asking for the game is given, drawn from the rows
    fresh = client.get(f"/api/v1/games/{game}")
    assert answer.get_data() == fresh.get_data() and answer.headers["ETag"] == fresh.headers["ETag"]


def test_a_write_reads_the_game_again_when_another_phone_wrote_meanwhile(app: Flask, client: FlaskClient) -> None:
    from scorekeeper.db import session
    from scorekeeper.services import add_round, entry_from_json, read_game, view

    game_id = _game(client)
    with app.test_request_context():
        db = session()
        game = read_game(db, game_id)  # as the API reads it
        entry = entry_from_json(game, {"pips": {"Ana": 0, "Ben": 3, "Cleo": 4}, "went_out": "Ana"})
        other = app.extensions["db_sessionmaker"]()  # another phone, between this one's read and its write
        try:
            theirs = read_game(other, game_id)
            add_round(
                other, theirs, entry_from_json(theirs, {"pips": {"Ana": 0, "Ben": 1, "Cleo": 2}, "went_out": "Ana"})
            )
        finally:
            other.close()
        stored, created = add_round(db, game, entry)
        assert created and [r.number for r in view(stored).rounds] == [1, 2, 3, 4]
        assert [s.pips for s in stored.rounds[2].scores] == [0, 1, 2]  # theirs stands as round 3, this is 4
        assert [r.number for r in view(read_game(db, game_id)).rounds] == [1, 2, 3, 4]
