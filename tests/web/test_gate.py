"""With a household password, every route of the app is behind it: a phone not signed in is sent to the login
(the API answers 401), whatever the route and method. The routes come from the app's url map, so a route added
later is checked without anyone remembering to; the few that must stay open are listed here, each with why."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.routing import Rule

from scorekeeper.views import household

PASSWORD = "dominoes at nonna's"

OPEN = {
    "household.login": "the way in",
    "api.sign_in": "the API's way in (POST /api/v1/sign-in)",
    "static": "the login page's own styles, scripts and icons",
    "choose_language": "the login page in the phone's own language",
    "pwa.manifest": "the installed app's shell, which must load to show the login at all",
    "pwa.service_worker": "the installed app's shell, which must load to show the login at all",
    "pwa.offline": "the installed app's shell, which must load to show the login at all",
    "join.watch": "a game's read-only link for a screen on the wall, by its unguessable code, with nobody to sign in",
    "join.watch_live": "the read-only link's check for changes",
    "join.watch_refused": "the read-only link's answer to any write: 403, it writes nothing",
    "health.check": "a load balancer's check of the instance: it says only whether the database answers",
}
"""The endpoints a phone reaches without the household password, and why each must stay open."""

METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")


@pytest.fixture
def guarded(tmp_path: Path, app_factory: Callable[..., Flask]) -> Flask:
    # without form tokens, so that the gate, not the token check, is what answers a write
    return app_factory(tmp_path, SCOREKEEPER_PASSWORD=PASSWORD, WTF_CSRF_ENABLED=False)


def _signed_in(app: Flask) -> FlaskClient:
    client = app.test_client()
    assert client.post("/api/v1/sign-in", json={"password": PASSWORD}).status_code == 204
    return client


def _a_game(family: FlaskClient) -> str:
    """A game with a round and a merge of people, so that every route has something real to show or change."""
    game = family.post("/api/v1/games", json={"players": ["Ana", "Ben"], "set": 6}).get_json()["id"]
    family.post(f"/api/v1/games/{game}/rounds", json={"pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"})
    family.post("/api/v1/games", json={"players": ["Cleo", "Dan"], "set": 6})
    return str(game)


def _path(rule: Rule, game_id: str) -> str:
    """An address of the rule that names real things: the game, person 1, round 1."""
    path = rule.rule.replace("<game_id>", game_id).replace("<path:filename>", "base.css")
    path = re.sub(r"<int:[a-z_]+>", "1", path)
    return re.sub(r"<(?:[a-z]+:)?[a-z_]+>", "de", path)


def _ungated(app: Flask, game_id: str) -> list[str]:
    """Every route and method (but the open ones) a stranger reaches without being stopped at the gate, with
    what it answered."""
    stranger = app.test_client()
    reached, tried = [], 0
    for rule in app.url_map.iter_rules():
        if rule.endpoint in OPEN:
            continue
        for method in sorted(set(METHODS) & (rule.methods or set())):
            path = _path(rule, game_id)
            response = stranger.open(path, method=method, json={})
            response.close()
            tried += 1
            if rule.endpoint.startswith("api."):
                stopped = response.status_code == 401 and "household password" in response.get_json()["error"]
            else:
                location = response.headers.get("Location", "")
                stopped = response.status_code == 302 and location.startswith("/login?next=")
            if not stopped:
                reached.append(f"{method} {rule.rule} ({rule.endpoint}): {response.status_code}")
    assert tried >= 60  # the url map was walked: every page, form and API operation
    return reached


def test_every_route_but_the_open_ones_asks_for_the_password(guarded: Flask) -> None:
    family = _signed_in(guarded)
    game = _a_game(family)
    for rule in guarded.url_map.iter_rules():  # signed in, the same addresses open (and their answers are kept)
        if "GET" in (rule.methods or set()) and rule.endpoint not in OPEN:
            response = family.get(_path(rule, game))
            response.close()
            assert response.status_code != 401 and "/login" not in response.headers.get("Location", ""), rule.rule
    assert _ungated(guarded, game) == []


def test_the_open_list_is_the_apps_and_each_open_route_opens(guarded: Flask) -> None:
    assert set(OPEN) == set(household.OPEN_ENDPOINTS)
    stranger = guarded.test_client()
    for rule in guarded.url_map.iter_rules():
        if rule.endpoint in OPEN and "GET" in (rule.methods or set()):
            response = stranger.get(_path(rule, "x"))
            response.close()  # a file (the service worker, a style) is sent as a stream
            assert not response.headers.get("Location", "").startswith("/login"), rule.rule
            assert response.status_code != 401, rule.rule


def test_an_api_route_put_on_the_open_list_is_caught(guarded: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    game = _a_game(_signed_in(guarded))
    monkeypatch.setattr(household, "OPEN_ENDPOINTS", household.OPEN_ENDPOINTS | {"api.get_game"})
    assert _ungated(guarded, game) == ["GET /api/v1/games/<game_id> (api.get_game): 200"]
