"""The JSON API, exactly as docs/api.md describes it."""

from __future__ import annotations

from flask.testing import FlaskClient


def new_game(client: FlaskClient, players: list[str] | None = None, **extra: object) -> dict:  # type: ignore[type-arg]
    response = client.post("/api/v1/games", json={"players": players or ["Ana", "Ben", "Cleo"], "set": 12, **extra})
    assert response.status_code == 201, response.get_json()
    return response.get_json()  # type: ignore[no-any-return]


def test_create_game_answers_the_documented_shape(client: FlaskClient) -> None:
    game = new_game(client)
    assert game["players"] == ["Ana", "Ben", "Cleo"]
    assert game["set"] == 12 and game["rounds"] == [] and game["finished"] is False
    assert game["first_dealer"] == "Ana"
    turn = {"dealer": "Ana", "leader": "Ben", "starts": None}
    assert game["next_round"] == {"number": 1, "engine": 12, "deal": 15, **turn}
    assert [s["rank"] for s in game["standings"]] == [1, 1, 1]
    assert client.get(f"/api/v1/games/{game['id']}").get_json() == game


def test_rounds_total_ranks_and_next_engine(client: FlaskClient) -> None:
    game = new_game(client)
    response = client.post(
        f"/api/v1/games/{game['id']}/rounds", json={"pips": {"Ana": 0, "Ben": 23, "Cleo": 41}, "went_out": "Ana"}
    )
    assert response.status_code == 201
    body = response.get_json()
    assert body["rounds"] == [
        {"number": 1, "engine": 12, "pips": {"Ana": 0, "Ben": 23, "Cleo": 41}, "went_out": "Ana", "blocked": False}
    ]
    assert body["standings"] == [
        {"player": "Ana", "total": 0, "rank": 1},
        {"player": "Ben", "total": 23, "rank": 2},
        {"player": "Cleo", "total": 41, "rank": 3},
    ]
    assert body["next_round"]["engine"] == 11


def test_put_corrects_a_round(client: FlaskClient) -> None:
    game = new_game(client, ["Ana", "Ben"])
    url = f"/api/v1/games/{game['id']}/rounds"
    client.post(url, json={"pips": {"Ana": 0, "Ben": 23}, "went_out": "Ana"})
    response = client.put(f"{url}/1", json={"pips": {"Ana": 30, "Ben": 0}, "went_out": "Ben"})
    assert response.status_code == 200
    assert response.get_json()["standings"][0] == {"player": "Ben", "total": 0, "rank": 1}


def test_delete_takes_back_only_the_last_round(client: FlaskClient) -> None:
    game = new_game(client, ["Ana", "Ben"])
    url = f"/api/v1/games/{game['id']}/rounds"
    client.post(url, json={"pips": {"Ana": 0, "Ben": 23}, "went_out": "Ana"})
    client.post(url, json={"pips": {"Ana": 5, "Ben": 0}, "went_out": "Ben"})
    refused = client.delete(f"{url}/1")
    assert refused.status_code == 409 and "Only the last round (2)" in refused.get_json()["error"]
    ok = client.delete(f"{url}/2")
    assert ok.status_code == 200 and len(ok.get_json()["rounds"]) == 1


def test_finished_game_names_winners_and_refuses_more_rounds(client: FlaskClient) -> None:
    game = new_game(client, ["Ana", "Ben"], rounds=2)
    url = f"/api/v1/games/{game['id']}/rounds"
    client.post(url, json={"pips": {"Ana": 0, "Ben": 10}, "went_out": "Ana"})
    body = client.post(url, json={"pips": {"Ana": 10, "Ben": 0}, "went_out": "Ben"}).get_json()
    assert body["finished"] is True and body["winners"] == ["Ana", "Ben"]
    late = client.post(url, json={"pips": {"Ana": 1, "Ben": 0}, "went_out": "Ben"})
    assert late.status_code == 409 and "game is over" in late.get_json()["error"]


def test_errors_are_sentences_with_the_right_status(client: FlaskClient) -> None:
    cases = [
        (client.post("/api/v1/games", data="players=Ana"), 400),
        (client.post("/api/v1/games", data="{", content_type="application/json"), 400),
        (client.post("/api/v1/games", json=["Ana"]), 400),
        (client.post("/api/v1/games", json={"players": "Ana"}), 422),
        (client.post("/api/v1/games", json={"players": ["Ana"]}), 422),
        (client.post("/api/v1/games", json={"players": [f"P{i}" for i in range(9)]}), 422),
        (client.post("/api/v1/games", json={"players": ["Ana", "ANA"]}), 422),
        (client.post("/api/v1/games", json={"players": ["Ana", 7]}), 422),
        (client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "set": 13}), 422),
        (client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "set": "12"}), 422),
        (client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "double_blank": 30}), 422),
        (client.get("/api/v1/games/nope"), 404),
    ]
    for response, status in cases:
        assert response.status_code == status, (response.get_json(), status)
        assert isinstance(response.get_json()["error"], str) and response.get_json()["error"]


def test_round_errors(client: FlaskClient) -> None:
    game = new_game(client, ["Ana", "Ben"])
    url = f"/api/v1/games/{game['id']}/rounds"
    cases = [
        ({"pips": {"Ana": 0}, "went_out": "Ana"}, "Pips for Ben are missing"),
        ({"pips": {"Ana": 0, "Ben": 1, "Zed": 4}, "went_out": "Ana"}, "Zed is not playing"),
        ({"pips": {"Ana": -1, "Ben": 1}, "blocked": True}, "cannot be negative"),
        ({"pips": {"Ana": "7", "Ben": 1}, "blocked": True}, "must be a whole number"),
        ({"pips": {"Ana": 1.5, "Ben": 1}, "blocked": True}, "must be a whole number"),
        ({"pips": {"Ana": 5000, "Ben": 1}, "blocked": True}, "more pips than a hand can hold"),
        ({"pips": [1, 2]}, "object of player name"),
    ]
    for body, message in cases:
        response = client.post(url, json=body)
        assert response.status_code == 422, body
        assert message in response.get_json()["error"]
    assert client.put(f"{url}/3", json={"pips": {"Ana": 0, "Ben": 1}, "went_out": "Ana"}).status_code == 404
    assert client.delete(f"{url}/1").status_code == 404


def test_html_in_a_name_is_just_text(client: FlaskClient) -> None:
    game = new_game(client, ["<b>Ana</b>", "Ben"])
    assert game["players"][0] == "<b>Ana</b>"


def test_a_game_chooses_its_rules(client: FlaskClient) -> None:
    game = new_game(client, ["Ana", "Ben", "Cleo", "Dan", "Eva"], rules="italian")
    assert game["rules"] == "italian" and game["next_round"]["deal"] == 14
    bad = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "rules": "klingon"})
    assert bad.status_code == 422 and "standard" in bad.get_json()["error"]
