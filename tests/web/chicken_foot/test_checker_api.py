"""The JSON checker for Chicken Foot positions: /api/v1/check, /api/v1/moves and POST /api/v1/play."""

from __future__ import annotations

from flask.testing import FlaskClient

FOOTED = {
    "game": "chicken-foot",
    "rules": "chicken-foot",
    "players": 4,
    "turn": 2,
    "centre": 9,
    "ends": [4, 9, 2, 9, 7, 3, 5, 5],
    "unfilled": [6, 7],
    "hand": ["5-3", "4-0", "8-8"],
    "boneyard": 10,
}
"""The centre's six feet are down; a 5-5 laid on end 5 still waits for two toes (ends 6 and 7)."""


def test_a_tile_elsewhere_while_a_chicken_foot_waits_is_refused_with_the_rule_and_its_paragraph(
    client: FlaskClient,
) -> None:
    answer = client.post(
        "/api/v1/check", json={"position": FOOTED, "move": {"action": "play", "tile": "4-0", "end": 0}}
    )
    assert answer.status_code == 200
    verdict = answer.get_json()
    assert verdict["legal"] is False and verdict["rule"] == "cf-foot-not-finished"
    assert "needs its three toes before play goes elsewhere" in verdict["reason"]
    assert verdict["reference"] == "/rules/chicken-foot#chicken-foot-feet"
    toe = client.post("/api/v1/check", json={"position": FOOTED, "move": {"action": "play", "tile": "5-3", "end": 6}})
    assert toe.get_json()["legal"] is True


def test_the_only_moves_are_the_toes(client: FlaskClient) -> None:
    moves = client.post("/api/v1/moves", json={"position": FOOTED}).get_json()["moves"]
    assert moves == [{"action": "play", "tile": "5-3", "end": 6}, {"action": "play", "tile": "5-3", "end": 7}]


def test_play_moves_the_position_on_and_refuses_an_illegal_move_as_the_checker_does(client: FlaskClient) -> None:
    after = client.post(
        "/api/v1/play",
        json={"position": FOOTED, "move": {"action": "play", "tile": "5-3", "end": 6}, "hand": ["1-1", "2-2", "3-3"]},
    )
    assert after.status_code == 200
    position = after.get_json()["position"]
    assert position["turn"] == 3 and position["unfilled"] == [7] and position["hand"] == ["1-1", "2-2", "3-3"]
    refused = client.post(
        "/api/v1/play", json={"position": FOOTED, "move": {"action": "play", "tile": "4-0", "end": 0}}
    )
    assert refused.status_code == 422 and refused.get_json()["rule"] == "cf-foot-not-finished"


def test_a_broken_position_names_its_field(client: FlaskClient) -> None:
    broken = client.post("/api/v1/moves", json={"position": {**FOOTED, "ends": "nine"}})
    assert broken.status_code == 422
    assert "ends" in broken.get_json()["error"]


def test_the_deal_answers_for_chicken_foot(client: FlaskClient) -> None:
    four = client.get("/api/v1/deal?rules=chicken-foot&players=4").get_json()
    assert four == {
        "players": 4,
        "set": 9,
        "rules": "chicken-foot",
        "game": "chicken-foot",
        "tiles_each": 11,
        "boneyard": 11,
    }
    assert client.get("/api/v1/deal?rules=chicken-foot-double-6&players=5").status_code == 422
    page = client.get("/deal?rules=chicken-foot-double-12&players=10&set=12").get_data(as_text=True)
    assert "<strong>7</strong> tiles each" in page
    assert ">Double-12</th>" in page  # each preset's column is headed by its set
