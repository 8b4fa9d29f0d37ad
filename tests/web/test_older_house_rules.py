"""Nothing lost: a game stored when the app still offered the "missing engine double" house rule under a preset
that sets the engine aside (refused there now) comes back from a backup and from an exported file, with its house
rules as stored; a new game still may not choose that combination."""

from __future__ import annotations

import html
import io
import json
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.models import Game
from scorekeeper.services.backup import restore_document

from .helpers import errors, text
from .test_backup import session_of

OLDER = {"missing_engine": "highest-double", "going_out": -10}
"""What an older app let a standard game choose: a missing engine where the engine is set aside, and a bonus."""


def _older_export(client: FlaskClient) -> tuple[str, dict[str, Any]]:
    """A real export of a standard game with a round, its house rules set by hand as an older app stored them."""
    made = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "house_rules": {"going_out": -10}})
    game = made.get_json()["id"]
    pips = {"pips": {"Ana": 0, "Ben": 12}, "went_out": "Ana"}
    assert client.post(f"/api/v1/games/{game}/rounds", json=pips).status_code == 201
    document: dict[str, Any] = client.get(f"/api/v1/games/{game}/export?format=json").get_json()
    document["games"][0]["house_rules"] = json.dumps(OLDER)
    return str(game), document


def _plays_on(phone: FlaskClient, game: str) -> None:
    """The game loads, keeps its round and its bonus for going out, and takes the next round."""
    assert phone.get(f"/games/{game}").status_code == 200
    again = phone.post(f"/api/v1/games/{game}/rounds", json={"pips": {"Ana": 5, "Ben": 0}, "went_out": "Ben"})
    assert again.status_code == 201, again.get_json()
    totals = {s["player"]: s["total"] for s in again.get_json()["standings"]}
    assert totals == {"Ana": -5, "Ben": 2}


def _stored(app: Flask, game: str) -> dict[str, Any]:
    with session_of(app) as db:
        row = db.get(Game, game)
        assert row is not None and row.house_rules is not None
        stored: dict[str, Any] = json.loads(row.house_rules)
        return stored


def test_a_backup_holding_a_missing_engine_under_a_set_aside_engine_restores_as_stored(
    client: FlaskClient, app_factory: Any, tmp_path: Path
) -> None:
    game, document = _older_export(client)
    (tmp_path / "restored").mkdir()
    target = app_factory(tmp_path / "restored", WTF_CSRF_ENABLED=False)
    with session_of(target) as db:
        assert restore_document(db, document).added == [game]
    _plays_on(target.test_client(), game)
    assert _stored(target, game) == OLDER


def test_an_exported_game_holding_it_imports_through_the_api_and_the_page(
    client: FlaskClient, app_factory: Any, tmp_path: Path
) -> None:
    game, document = _older_export(client)
    for name in ("api", "page"):
        (tmp_path / name).mkdir()
        there = app_factory(tmp_path / name, WTF_CSRF_ENABLED=False)
        phone = there.test_client()
        if name == "api":
            imported = phone.post("/api/v1/games/import", json=document)
            assert imported.status_code == 201, imported.get_json()
        else:
            upload = {"file": (io.BytesIO(json.dumps(document).encode()), "game.json")}
            imported = phone.post("/games/import", data=upload, content_type="multipart/form-data")
            assert imported.status_code == 302, errors(text(imported))
        assert phone.get(f"/api/v1/games/{game}/export").get_json()["games"][0]["house_rules"] == json.dumps(OLDER)
        _plays_on(phone, game)
        assert _stored(there, game) == OLDER


def test_a_new_game_still_may_not_choose_it_on_the_form_or_in_the_api(client: FlaskClient) -> None:
    form = {"players-0": "Ana", "players-1": "Ben", "set": "12", "order": "down", "house_missing_engine": "next-double"}
    page = client.post("/games/new", data=form)
    assert page.status_code == 200
    said = " ".join(errors(html.unescape(text(page))))
    assert "only for rules where the engine is laid from a hand" in said, said
    api = client.post(
        "/api/v1/games", json={"players": ["Ana", "Ben"], "house_rules": {"missing_engine": "each-draws"}}
    )
    assert api.status_code == 422
    assert "only for rules where the engine is laid from a hand" in api.get_json()["error"]
