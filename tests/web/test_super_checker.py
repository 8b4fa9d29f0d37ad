"""The checker settles Super Domino disputes too: a wild 13, the spell, the edges."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient

EDGES = "&edge-0=4&edge-1=6&edge-2=13&edge-3=4"


def verdict(client: FlaskClient, query: str) -> tuple[str, str, str]:
    page = html.unescape(client.get("/check?game_kind=super-domino&check=1" + query).get_data(as_text=True))
    word = re.findall(r'class="verdict">([^<]*)', page)
    reason = re.findall(r'class="reason">([^<]*)', page)
    link = re.findall(r'Rule: <a href="([^"]+)"', page)
    return (word or [""])[0], (reason or [""])[0], (link or [""])[0]


def test_a_double_may_go_on_a_thirteen(client: FlaskClient) -> None:
    word, reason, link = verdict(client, "&turn=0&action=play&tile=9-9&edge=2" + EDGES)
    assert word == "Allowed" and "9-9" in reason


def test_a_plain_tile_may_not_go_on_a_thirteen(client: FlaskClient) -> None:
    word, reason, link = verdict(client, "&turn=0&action=play&tile=9-8&edge=2" + EDGES)
    assert word == "Not allowed" and "9-8 does not match" in reason
    assert link.endswith("#super-domino-edges")


def test_under_the_spell_you_play_on_the_thirteen(client: FlaskClient) -> None:
    word, reason, link = verdict(client, "&turn=1&action=play&tile=6-2&edge=1&spell-2=on" + EDGES)
    assert word == "Not allowed" and "spell" in reason
    assert link.endswith("#sd-13")  # the paragraph on what a 13 does, inside the spell's section


def test_the_first_tile_is_a_double(client: FlaskClient) -> None:
    assert verdict(client, "&action=play&tile=9-9&edge=spinner")[0] == "Allowed"
    word, reason, link = verdict(client, "&action=play&tile=9-8&edge=spinner")
    assert word == "Not allowed" and link.endswith("#super-domino-start")


def test_rules_change_the_verdict(client: FlaskClient) -> None:
    german = verdict(client, "&action=draw&hand=9-8" + EDGES)
    pagat = verdict(client, "&action=draw&hand=9-8&rules=pagat" + EDGES + "&edge-4=1&edge-5=2")
    assert german[0] == "Not allowed" and pagat[0] == "Allowed"


def test_a_super_domino_game_opens_its_own_checker(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"game": "super-domino", "players": ["Ana", "Ben", "Cleo"]}).get_json()
    page = client.get(f"/check?game={game['id']}").get_data(as_text=True)
    assert "Super Domino" in page and ">Cleo</option>" in page and "spell" in page


def test_missing_choices_are_asked_for(client: FlaskClient) -> None:
    page = html.unescape(client.get("/check?game_kind=super-domino&check=1&action=play").get_data(as_text=True))
    assert "Pick the tile you want to lay." in page and "Pick the open edge" in page


def test_api_checks_super_domino_positions(client: FlaskClient) -> None:
    position = {
        "game": "super-domino",
        "rules": "german",
        "players": 3,
        "turn": 1,
        "edges": [4, 6, 13, 4],
        "spell": [2],
        "hand": ["6-2", "13-1"],
        "boneyard": 40,
    }
    refused = client.post(
        "/api/v1/check", json={"position": position, "move": {"action": "play", "tile": "6-2", "edge": 1}}
    ).get_json()
    assert refused["legal"] is False and refused["rule"] == "sd-spell"
    assert refused["reference"].endswith("#super-domino-spell")
    moves = client.post("/api/v1/moves", json={"position": position}).get_json()["moves"]
    assert {"action": "play", "tile": "13-1", "edge": 2} in moves
    bad = client.post("/api/v1/check", json={"position": {**position, "game": "chess"}, "move": {"action": "pass"}})
    assert bad.status_code == 422 and "game" in bad.get_json()["error"]
