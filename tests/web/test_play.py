"""POST /api/v1/play: a table follows a disputed sequence move by move, for both games, through the API."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS, SUPER_PRESETS, Round, SuperRound

TWO_TRAINS = {
    "rules": "czech",
    "set": 12,
    "engine": 12,
    "players": 2,
    "turn": 0,
    "trains": [{"tiles": ["12-5", "5-9"]}, {"tiles": ["12-3", "3-4"]}],
    "mexican": [],
    "hand": ["4-5", "8-1"],
    "boneyard": 40,
}


def _play(client: FlaskClient, body: dict[str, Any]) -> Any:
    return client.post("/api/v1/play", json=body)


def test_a_play_hands_the_turn_on_with_the_next_hand(client: FlaskClient) -> None:
    move = {"action": "play", "tile": "9-8", "train": 0}
    answer = _play(client, {"position": {**TWO_TRAINS, "hand": ["9-8", "8-1"]}, "move": move, "hand": ["6-6", "2-1"]})
    assert answer.status_code == 200
    after = answer.get_json()["position"]
    assert after["turn"] == 1 and after["trains"][0]["tiles"][-1] == "9-8" and len(after["trains"][0]["tiles"]) == 3
    assert sorted(after["hand"]) == ["2-1", "6-6"]


def test_an_illegal_move_is_refused_as_the_checker_refuses_it(client: FlaskClient) -> None:
    laid = {**TWO_TRAINS, "laid": 1}  # one tile laid already: the turn is over
    move = {"action": "play", "tile": "4-5", "train": 1}
    played = _play(client, {"position": laid, "move": move})
    checked = client.post("/api/v1/check", json={"position": laid, "move": move}).get_json()
    assert played.status_code == 422
    body = played.get_json()
    assert body["legal"] is False and checked["legal"] is False
    assert (body["rule"], body["reason"], body["reference"]) == (
        checked["rule"],
        checked["reason"],
        checked["reference"],
    )
    assert body["rule"] == "turn-over" and body["error"] == body["reason"]


@pytest.mark.parametrize(
    "body",
    [
        {"move": {"action": "pass"}},
        {"position": TWO_TRAINS},
        {"position": {**TWO_TRAINS, "players": "two"}, "move": {"action": "pass"}},
        {"position": TWO_TRAINS, "move": {"action": "play", "tile": "4-5", "train": 2}},
        {"position": TWO_TRAINS, "move": {"action": "draw"}, "drawn": ["99-1"]},
    ],
)
def test_what_is_not_a_position_or_a_move_is_named(client: FlaskClient, body: dict[str, Any]) -> None:
    answer = _play(client, body)
    assert answer.status_code == 422
    assert answer.get_json()["error"]


def _follow(client: FlaskClient, r: Round | SuperRound, rng: random.Random) -> int:
    """Play ``r`` out at random, sending every move through the API; its answer must be the round's next
    position, field for field."""
    steps = 0
    while not r.is_over:
        before = json.loads(json.dumps(r.position().to_json()))
        mover, held = r.turn, set(r.hand(r.turn))
        move = rng.choice(r.legal_moves())
        r.push(move)
        body: dict[str, Any] = {"position": before, "move": move.to_json()}
        if move.action == "draw":
            body["drawn"] = [str(t) for t in sorted(set(r.hand(mover)) - held)]
        if r.turn != mover:
            body["hand"] = [str(t) for t in r.hand(r.turn)]
        answer = _play(client, body)
        assert answer.status_code == 200, answer.get_json()
        assert answer.get_json()["position"] == json.loads(json.dumps(r.position().to_json())), (before, move)
        steps += 1
    return steps


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_api_follows_a_whole_mexican_train_round(client: FlaskClient, preset: str) -> None:
    rng = random.Random(f"api-play-{preset}")
    r = Round.deal(preset, 4, 12, engine=12, seed=rng.randrange(2**32))
    assert _follow(client, r, rng) > 10


@pytest.mark.parametrize("preset", sorted(SUPER_PRESETS))
def test_the_api_follows_a_whole_super_domino_hand(client: FlaskClient, preset: str) -> None:
    rng = random.Random(f"api-play-{preset}")
    r = SuperRound.deal(preset, 4, seed=rng.randrange(2**32))
    assert _follow(client, r, rng) > 10


def test_the_documented_super_domino_position_is_one_the_api_reads(client: FlaskClient) -> None:
    doc = (Path(__file__).parents[2] / "docs" / "api.md").read_text(encoding="utf-8")
    section = doc[doc.index("### Super Domino positions") :]
    example = json.loads(section[section.index("```json") + 7 : section.index("```", section.index("```json") + 7)])
    moves = client.post("/api/v1/moves", json={"position": example}).get_json()["moves"]
    assert moves and all(m["action"] == "play" and m["edge"] == 2 for m in moves)  # the spell binds to edge 2


ANNOUNCING = {
    **TWO_TRAINS,
    "rules": {"preset": "czech", "announce_last_tile": True},
    "turn": 1,
    "trains": [{"tiles": ["12-5", "5-1"]}, {"tiles": ["12-8"]}],
    "hand": ["8-2", "4-4"],
    "boneyard": 84,
    "hand_sizes": [1, 2],
    "unannounced": [0],
}


def test_a_forgotten_last_tile_is_caught_through_the_api(client: FlaskClient) -> None:
    catch = {"action": "catch", "seat": 0}
    moves = client.post("/api/v1/moves", json={"position": ANNOUNCING}).get_json()["moves"]
    assert moves[-2:] == [{"action": "announce", "seat": 0}, catch]
    checked = client.post("/api/v1/check", json={"position": ANNOUNCING, "move": catch}).get_json()
    assert checked["legal"] and "draw 2 from the boneyard as a penalty" in checked["reason"]
    after = _play(client, {"position": ANNOUNCING, "move": catch}).get_json()["position"]
    assert after["hand_sizes"] == [3, 2] and after["boneyard"] == 82 and "unannounced" not in after
    assert after["turn"] == 1 and after["hand"] == ["4-4", "8-2"]
    # caught once is enough; in Czech the refusal comes in the player's language
    again = _play(client, {"position": after, "move": catch})
    assert again.status_code == 422 and again.get_json()["rule"] == "cannot-catch"
    czech = client.post("/api/v1/check?lang=cs", json={"position": after, "move": catch}).get_json()
    assert czech["reason"].startswith("Hráč na místě 0 nemůže být chycen")


def test_a_call_without_the_house_rule_is_refused_by_name(client: FlaskClient) -> None:
    plain = {**ANNOUNCING, "rules": "czech"}
    del plain["unannounced"]
    played = _play(client, {"position": plain, "move": {"action": "announce", "seat": 0}})
    assert played.status_code == 422 and played.get_json()["rule"] == "no-announcing"
    bad = _play(client, {"position": plain, "move": {"action": "announce"}})
    assert bad.status_code == 422 and "seat" in bad.get_json()["error"]


def test_a_catch_from_an_empty_boneyard_draws_nothing(client: FlaskClient) -> None:
    """The player to move, caught with one tile when the boneyard is empty, draws none: ``"drawn": []`` says so."""
    empty = {**ANNOUNCING, "turn": 0, "hand": ["4-4"], "boneyard": 0, "unannounced": [0]}
    del empty["hand_sizes"]
    catch = {"action": "catch", "seat": 0}
    played = _play(client, {"position": empty, "move": catch, "drawn": []})
    assert played.status_code == 200, played.get_json()
    assert played.get_json()["position"]["hand"] == ["4-4"] and "unannounced" not in played.get_json()["position"]
    wrong = _play(client, {"position": empty, "move": catch, "drawn": ["3-3"]})
    assert wrong.status_code == 422 and "the boneyard is empty" in wrong.get_json()["error"]
    one = _play(client, {"position": TWO_TRAINS, "move": {"action": "draw"}, "drawn": ["12-3", "6-6"]}).get_json()
    assert "this draw takes 1 tile from the boneyard, not 2" in one["error"]
