"""Whose games a phone sees: its own without a household password; everything, once past the password."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from .helpers import start_game, text

PASSWORD = "dominoes at nonna's"


def _id(game: str) -> str:
    return game.rsplit("/", 1)[-1]


def test_a_fresh_phone_sees_no_games_it_did_not_start_or_open(app: Flask, client: FlaskClient) -> None:
    mine = start_game(client, "Ana", "Ben")
    with app.test_client() as other:
        theirs = start_game(other, "Cleo", "Dan")
        html = text(other.get("/"))
        assert "Cleo, Dan" in html and "Ana, Ben" not in html
        assert "Ana" not in text(other.get("/games/new?reuse=1"))  # nor their names, to reuse
    html = text(client.get("/"))
    assert "Ana, Ben" in html and "Cleo, Dan" not in html and f'href="{theirs}"' not in html
    assert f'href="{mine}"' in html
    with app.test_client() as fresh:
        html = text(fresh.get("/"))
        assert "Ana, Ben" not in html and "Cleo, Dan" not in html
        assert "Open a game" in html


def test_opening_a_game_adds_it_to_the_list(app: Flask, client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    with app.test_client() as other:
        assert other.get(game).status_code == 200
        assert "Ana, Ben" in text(other.get("/"))


@pytest.mark.parametrize(
    "typed",
    ["{id}", " {id} ", "http://192.168.1.20:5000/games/{id}", "http://scores.local/games/{id}/history", "/games/{id}"],
)
def test_the_open_form_takes_a_link_or_a_code(app: Flask, client: FlaskClient, typed: str) -> None:
    game = start_game(client, "Ana", "Ben")
    with app.test_client() as other:
        response = other.get("/open", query_string={"game": typed.format(id=_id(game))})
        assert response.status_code == 302 and response.headers["Location"] == game + "/whose"
        other.get(game)
        assert "Ana, Ben" in text(other.get("/"))


@pytest.mark.parametrize("typed", ["", "   ", "http://example.com/", "not a game!", "/games/new"])
def test_the_open_form_refuses_what_names_no_game(client: FlaskClient, typed: str) -> None:
    response = client.get("/open", query_string={"game": typed}, follow_redirects=True)
    assert "That is not a game link or code." in text(response)


def test_the_list_keeps_the_most_recent_games_only(app: Flask, client: FlaskClient) -> None:
    from scorekeeper import phones

    games = [start_game(client, "Ana", f"P{i}") for i in range(5)]
    with client.session_transaction() as s:
        assert s[phones.MY_GAMES] == [_id(g) for g in reversed(games)]
    client.get(games[0])
    with client.session_transaction() as s:
        assert s[phones.MY_GAMES][0] == _id(games[0]) and len(s[phones.MY_GAMES]) == 5
        s[phones.MY_GAMES] = [f"id{i:04d}" for i in range(phones.MAX_GAMES)]
    client.get(games[1])
    with client.session_transaction() as s:
        kept = s[phones.MY_GAMES]
    assert len(kept) == phones.MAX_GAMES and kept[0] == _id(games[1]) and f"id{phones.MAX_GAMES - 1:04d}" not in kept


@pytest.fixture
def guarded(tmp_path: Path, app_factory: Callable[..., Flask]) -> Flask:
    return app_factory(tmp_path, SCOREKEEPER_PASSWORD=PASSWORD)


def _token(page: str) -> str:
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert found
    return found.group(1)


def _sign_in(client: FlaskClient, password: str = PASSWORD, follow: bool = False):  # type: ignore[no-untyped-def]
    token = _token(text(client.get("/login")))
    return client.post("/login?next=/", data={"csrf_token": token, "password": password}, follow_redirects=follow)


def test_with_a_password_every_page_asks_for_it_first(guarded: Flask) -> None:
    with guarded.test_client() as client:
        for path in ("/", "/games/new", "/trash", "/check", "/settings", "/games/abcdefgh"):
            response = client.get(path)
            assert response.status_code == 302, path
            assert response.headers["Location"].startswith("/login?next="), path
        page = text(client.get("/login"))
        assert 'type="password"' in page and "csrf_token" in page
        assert client.get("/static/base.css").status_code == 200
        assert client.get("/manifest.webmanifest").status_code == 200


def test_a_wrong_password_is_refused_with_a_message(guarded: Flask) -> None:
    with guarded.test_client() as client:
        response = _sign_in(client, "dominoes at nonnas")
        assert response.status_code == 403
        assert "That is not the household password." in text(response)
        assert client.get("/").status_code == 302
        token = _token(text(client.get("/login")))
        assert client.post("/login", data={"password": PASSWORD}).status_code == 400  # no CSRF token
        assert client.get("/").status_code == 302
        assert token


def test_the_right_password_lets_the_phone_in_and_shows_every_game(guarded: Flask) -> None:
    with guarded.test_client() as first:
        response = _sign_in(first)
        assert response.status_code == 302 and response.headers["Location"] == "/"
        cookie = response.headers["Set-Cookie"]
        assert "Expires=" in cookie  # remembered for months, not until the browser closes
        token = _token(text(first.get("/games/new")))
        data = {"csrf_token": token, "players-0": "Ana", "players-1": "Ben", "set": "12", "order": "down"}
        data.update({"double_blank": "0", "rounds": ""})
        assert first.post("/games/new", data=data).status_code == 302
    with guarded.test_client() as second:
        _sign_in(second)
        html = text(second.get("/"))
        assert "Ana, Ben" in html
        assert "Only the games started or opened on this phone" not in html


def test_with_a_password_the_api_answers_401_until_signed_in(guarded: Flask) -> None:
    with guarded.test_client() as client:
        response = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "set": 12})
        assert response.status_code == 401
        assert "household password" in response.get_json()["error"]
        assert client.get("/api/v1/presets").status_code == 401
        _sign_in(client)
        created = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "set": 12})
        assert created.status_code == 201
        assert client.get(f"/api/v1/games/{created.get_json()['id']}").status_code == 200


def test_changing_the_password_signs_every_phone_out(tmp_path: Path, app_factory: Callable[..., Flask]) -> None:
    old = app_factory(tmp_path, SCOREKEEPER_PASSWORD=PASSWORD)
    with old.test_client() as client:
        _sign_in(client)
        assert client.get("/").status_code == 200
        old.config["SCOREKEEPER_PASSWORD"] = "a new one"
        assert client.get("/").status_code == 302


def test_the_login_goes_back_only_to_this_site(guarded: Flask) -> None:
    with guarded.test_client() as client:
        token = _token(text(client.get("/login")))
        response = client.post("/login?next=//evil.example/", data={"csrf_token": token, "password": PASSWORD})
        assert response.headers["Location"] == "/"
