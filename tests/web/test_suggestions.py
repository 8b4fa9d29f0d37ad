"""The new-game form suggests the players of this phone's games, the most recently seen first, as plain form
fields (a datalist every name field offers) and as one-tap buttons; a new name is still taken."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from .helpers import start_game
from .helpers import text as page_text

pytestmark = pytest.mark.dates  # "most recently seen" is read from when each game started


def _suggested(client: FlaskClient) -> list[str]:
    page = page_text(client.get("/games/new"))
    listed = re.search(r'<datalist id="household-players">(.*?)</datalist>', page, re.S)
    return re.findall(r'<option value="([^"]*)">', listed.group(1)) if listed else []


def _game(client: FlaskClient, *players: str) -> None:
    assert client.post("/api/v1/games", json={"players": list(players), "set": 6}).status_code == 201


def test_the_players_of_the_newest_games_come_first_each_once(client: FlaskClient) -> None:
    assert _suggested(client) == []  # a phone with no game yet has nobody to suggest
    _game(client, "Ana", "Ben")
    _game(client, "Cleo", "Ana")
    assert _suggested(client) == ["Cleo", "Ana", "Ben"]
    page = page_text(client.get("/games/new"))
    fields = re.findall(r'<input[^>]*name="players-\d+"[^>]*>', page)
    assert fields and all('list="household-players"' in f for f in fields)  # every name field offers them
    assert re.findall(r'data-name="([^"]*)"', page) == ["Cleo", "Ana", "Ben"]


def test_a_new_name_is_still_taken_beside_a_suggested_one(client: FlaskClient) -> None:
    _game(client, "Ana", "Ben")
    table = start_game(client, "Ana", "Zoë")
    assert client.get(f"/api/v1{table}").get_json()["players"] == ["Ana", "Zoë"]
    assert _suggested(client)[:2] == ["Ana", "Zoë"]


def test_a_phone_is_offered_only_the_people_of_its_own_games(app: Flask) -> None:
    mine, theirs = app.test_client(), app.test_client()
    _game(theirs, "Ana", "Ben")
    _game(mine, "Cleo", "Dora")
    assert _suggested(mine) == ["Cleo", "Dora"]
    assert "Ana" not in page_text(mine.get("/games/new"))


def test_a_merged_name_is_no_longer_offered(client: FlaskClient) -> None:
    _game(client, "Mum", "Ben")
    _game(client, "Mom", "Cleo")
    ids = {p["name"]: p["id"] for p in client.get("/api/v1/players").get_json()["players"]}
    assert client.post(f"/people/{ids['Mum']}/merge/{ids['Mom']}").status_code == 302
    assert _suggested(client) == ["Mom", "Cleo", "Ben"]
