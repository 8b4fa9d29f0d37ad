"""Hosted mode: nothing kept in memory crosses from one household to another (scorekeeper.fast_pages, page_cache's
kept answers, the remembered games, the live checks). The model is test_kept_answers_stay_private.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db import session
from scorekeeper.services import households as rows

PASSPHRASE = "four dominoes on the train"


@dataclass
class Household:
    id: int
    token: str

    @property
    def bearer(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


def _household(app: Flask, name: str) -> Household:
    with app.app_context():
        signed = rows.create(session(), name, PASSPHRASE, PASSPHRASE, "Ana")
        return Household(signed.household_id, rows.make_token(session(), signed.household_id, None, "script"))


@pytest.fixture
def hosted(tmp_path: Path, app_factory: Callable[..., Flask]) -> Flask:
    app: Flask = app_factory(tmp_path, WTF_CSRF_ENABLED=False, SCOREKEEPER_HOSTED=True)
    return app


def _new_game(client: FlaskClient, owner: Household) -> str:
    made = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "set": 12}, headers=owner.bearer)
    assert made.status_code == 201, made.get_data(as_text=True)
    game_id = made.get_json()["id"]
    assert isinstance(game_id, str)
    return game_id


def test_two_api_tokens_with_the_same_cookies_never_share_an_answer(hosted: Flask) -> None:
    a, b = _household(hosted, "The Rossis"), _household(hosted, "The Novaks")
    client = hosted.test_client()  # one client: the same (empty) cookies for both tokens
    game = _new_game(client, a)
    for path in (f"/api/v1/games/{game}", f"/games/{game}", f"/games/{game}/grid", f"/api/v1/games/{game}/live"):
        first = client.get(path, headers=a.bearer)
        again = client.get(path, headers=a.bearer)  # remembered now, by fast_pages and the page cache
        assert first.status_code == again.status_code == 200, path
        theirs = client.get(path, headers=b.bearer)
        assert theirs.status_code == 404, (path, theirs.status_code)
        assert "Ana" not in theirs.get_data(as_text=True)
        etag = first.headers.get("ETag")
        if etag:
            held = client.get(path, headers={**b.bearer, "If-None-Match": etag})
            assert held.status_code == 404, path


def test_a_live_check_answers_only_for_a_game_of_the_askers_household(hosted: Flask) -> None:
    a, b = _household(hosted, "The Rossis"), _household(hosted, "The Novaks")
    game = _new_game(hosted.test_client(), a)
    assert hosted.test_client().get(f"/api/v1/games/{game}/live", headers=a.bearer).status_code == 200
    assert hosted.test_client().get(f"/api/v1/games/{game}/live", headers=b.bearer).status_code == 404


def test_a_phone_of_another_household_gets_no_remembered_game(hosted: Flask) -> None:
    a, b = _household(hosted, "The Rossis"), _household(hosted, "The Novaks")
    client = hosted.test_client()
    game = _new_game(client, a)
    # A's game read and remembered by this worker (services.loading), then B sends a round for it
    assert client.get(f"/api/v1/games/{game}", headers=a.bearer).status_code == 200
    sent = {"pips": {"Ana": 0, "Ben": 5}, "went_out": "Ana"}
    refused = client.post(f"/api/v1/games/{game}/rounds", json=sent, headers=b.bearer)
    assert refused.status_code == 404
    shown = client.get(f"/api/v1/games/{game}", headers=a.bearer).get_json()
    assert shown["rounds"] == []
