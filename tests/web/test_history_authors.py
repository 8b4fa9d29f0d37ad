"""The history says from which phone each change came: "who undid my round?" has an answer. A phone that said
whose it is ("I am Zoë") signs its changes with that player, a signed-in phone in hosted mode with the player it
signed in as, any other phone as a phone that did not say, and the JSON API as the API."""

from __future__ import annotations

import html
import re
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import session
from scorekeeper.models import Change
from scorekeeper.services.results import upgrade

from .helpers import enter_round, hosted_app, start_game, text

NOBODY = "from a phone that did not say whose it is"


def _lines(client: FlaskClient, game: str) -> list[str]:
    """The history page's lines, latest round first, as a person reads them (the time left out)."""
    page = text(client.get(f"{game}/history"))
    lines = re.findall(r"<li><time[^>]*>[^<]*</time>(.*?)</li>", page, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", "", line)).split()) for line in lines]


def _say_whose(client: FlaskClient, game: str, seat: int) -> None:
    assert client.post(f"{game}/me", data={"seat": str(seat)}).status_code == 302


def test_the_history_says_whose_phone_undid_a_round(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Zoë")
    assert enter_round(client, game, 0, 10, 20, went_out="0").status_code == 302
    _say_whose(client, game, 2)  # "I am Zoë"
    assert client.post(f"{game}/rounds/undo", data={"number": "1"}).status_code == 302
    undone, entered = _lines(client, game)
    assert undone.startswith("round undone (was") and undone.endswith("· by Zoë's phone")
    assert entered.endswith(f"· {NOBODY}")  # entered before the phone said whose it is


def test_a_player_renamed_later_is_named_as_now_in_whose_phone_it_was(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Zoe")
    _say_whose(client, game, 2)
    assert enter_round(client, game, 0, 10, 20, went_out="0").status_code == 302
    version = client.get(f"/api/v1/games/{game.rsplit('/', 1)[1]}").get_json()["version"]
    renamed = client.post(
        f"{game}/players/rename", data={"rename-seat": "2", "rename-name": "Zoë", "rename-version": str(version)}
    )
    assert renamed.status_code == 302
    lines = _lines(client, game)
    assert lines[-1].startswith("entered Ana 0") and lines[-1].endswith("· by Zoë's phone")


def test_changes_through_the_api_say_so(client: FlaskClient) -> None:
    created = client.post("/api/v1/games", json={"players": ["Ana", "Ben"]}).get_json()
    url = f"/api/v1/games/{created['id']}"
    assert client.post(f"{url}/rounds", json={"pips": {"Ana": 0, "Ben": 7}, "went_out": "Ana"}).status_code == 201
    assert client.put(f"{url}/rounds/1", json={"pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"}).status_code == 200
    corrected, entered = _lines(client, f"/games/{created['id']}")
    assert corrected == "Ben: 7 → 9 · through the API"
    assert entered.endswith("· through the API")


def test_the_history_speaks_the_readers_language(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Zoë")
    _say_whose(client, game, 1)
    assert enter_round(client, game, 0, 10, went_out="0").status_code == 302
    client.get("/language/it")
    assert _lines(client, game)[0].endswith("· dal telefono di Zoë")


def test_a_signed_in_phone_in_hosted_mode_signs_with_its_player(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'hosted.sqlite3'}"
    upgrade(url)
    app: Flask = hosted_app(url, WTF_CSRF_ENABLED=False)
    phone = app.test_client()
    created = phone.post(
        "/welcome/create",
        data={
            "create-name": "The Rossis",
            "create-passphrase": "four dominoes on the train",
            "create-passphrase_again": "four dominoes on the train",
            "create-player": "Zoë",
        },
    )
    assert created.status_code == 302
    game = start_game(phone, "Ana", "Ben")
    assert enter_round(phone, game, 0, 10, went_out="0").status_code == 302
    assert _lines(phone, game)[0].endswith("· by Zoë's phone")
    with app.app_context():
        assert session().scalars(select(Change.author)).first() == "player:Zoë"
