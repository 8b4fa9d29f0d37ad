"""No answer kept for one phone (a page drawn once per version of a game, an answer given again without Flask,
records kept until a game changes) ever reaches another phone's language, session or household."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from .helpers import enter_round, start_game, text

PASSWORD = "dominoes at eight"


def _twice(client: FlaskClient, path: str, **headers: str) -> str:
    """The page as a phone gets it when it asks again (the second time is the kept answer)."""
    client.get(path, headers=headers)
    return text(client.get(path, headers=headers))


def test_the_same_table_screen_asked_in_italian_after_english_is_italian(app: Flask) -> None:
    english, italian = app.test_client(), app.test_client()
    game = start_game(english, "Ana", "Ben")
    assert "Round 1" in _twice(english, game, **{"Accept-Language": "en"})
    page = _twice(italian, game, **{"Accept-Language": "it"})
    assert '<html lang="it">' in page and "Manche 1" in page and ">Round 1<" not in page
    assert "Round 1" in text(english.get(game, headers={"Accept-Language": "en"}))


def test_a_phone_not_let_in_never_gets_the_page_a_signed_in_phone_was_given(
    tmp_path: Path, app_factory: Callable[..., Flask]
) -> None:
    app = app_factory(tmp_path, WTF_CSRF_ENABLED=False, SCOREKEEPER_PASSWORD=PASSWORD)
    inside, outside = app.test_client(), app.test_client()
    assert inside.post("/login", data={"password": PASSWORD}).status_code == 302
    game = start_game(inside, "Ana", "Ben")
    for path in (game, f"/api/v1/games/{game.rsplit('/', 1)[1]}", "/people"):
        assert inside.get(path).status_code == 200 and inside.get(path).status_code == 200
        refused = outside.get(path)
        assert refused.status_code in (302, 401, 403) and "Ana" not in text(refused)


def test_a_household_never_sees_the_people_or_games_another_phone_kept(app: Flask) -> None:
    ours, theirs = app.test_client(), app.test_client()
    enter_round(ours, start_game(ours, "Ana", "Ben"), 0, 7, went_out="0")
    enter_round(theirs, start_game(theirs, "Zed", "Yan"), 0, 9, went_out="0")
    for path in ("/people", "/", "/api/v1/players"):
        mine, yours = _twice(ours, path), _twice(theirs, path)
        assert "Ana" in mine and "Zed" not in mine, path
        assert "Zed" in yours and "Ana" not in yours, path


def test_each_phone_gets_the_round_form_of_the_player_it_chose_on_whose(app: Flask) -> None:
    anas, bens = app.test_client(), app.test_client()
    game = start_game(anas, "Ana", "Ben", "Cleo")
    for phone, chosen in ((anas, "0"), (bens, "1")):
        assert phone.post(f"{game}/me", data={"seat": chosen}).status_code == 302
    for phone, seat in ((anas, "0"), (bens, "1"), (anas, "0")):
        form = _twice(phone, f"{game}/rounds/new")
        mine = re.search(r'<button class="send[^"]*" name="seat" value="(\d)"\s*id=send-mine', form)
        assert mine and mine.group(1) == seat
