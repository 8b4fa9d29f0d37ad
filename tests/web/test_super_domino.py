"""Keeping a Super Domino evening: hands won, blocked hands, corrections, the end of the game."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from .helpers import errors, start_game, text


def enter_hand(
    client: FlaskClient,
    game: str,
    hand: list[tuple[object, object]],
    went_out: str = "",
    blocked: bool = False,
    path: str = "/rounds/new",
):  # type: ignore[no-untyped-def]
    data: dict[str, str] = {"went_out": went_out}
    for i, (tiles, pips) in enumerate(hand):
        data[f"tiles-{i}"] = str(tiles)
        data[f"pips-{i}"] = str(pips)
    if blocked:
        data["blocked"] = "y"
    return client.post(game + path, data=data)


def standings(page: str) -> list[tuple[str, str]]:
    return re.findall(r'class="name">([^<]+)</span>\s*<span class="total" title="hands won">(\d+)', page)


def test_a_super_domino_game_deals_nine_and_counts_hands(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo", game="super-domino")
    page = text(client.get(game))
    assert "Hand 1" in page and "draws <strong>9</strong> tiles" in page
    assert "109 stay in the boneyard" in page  # 136 - 27
    assert enter_hand(client, game, [(0, 0), (3, 20), (5, 41)], went_out="0").status_code == 302
    assert enter_hand(client, game, [(2, 9), (0, 0), (1, 3)], went_out="1").status_code == 302
    assert enter_hand(client, game, [(0, 0), (6, 50), (3, 12)], went_out="0").status_code == 302
    page = text(client.get(game))
    assert standings(page) == [("Ana", "2"), ("Ben", "1"), ("Cleo", "0")]
    assert "Hand 4" in page


def test_a_blocked_hand_goes_to_fewest_tiles_then_fewest_pips(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo", game="super-domino")
    enter_hand(client, game, [(2, 20), (2, 11), (1, 30)], blocked=True)
    enter_hand(client, game, [(2, 20), (2, 11), (3, 30)], blocked=True)
    page = text(client.get(game))
    assert "won by Cleo" in page and "won by Ben" in page
    assert standings(page) == [("Ben", "1"), ("Cleo", "1"), ("Ana", "0")]  # equal wins: fewer pips first


def test_a_hand_needs_who_went_out_or_blocked(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", game="super-domino")
    page = text(enter_hand(client, game, [(1, 5), (2, 9)]))
    assert "Tap who went out, or mark the hand as blocked." in page


def test_tiles_and_pips_must_agree(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", game="super-domino")
    messages = errors(text(enter_hand(client, game, [(0, 0), (0, 7)], went_out="0")))
    assert any("Ben has no tiles but 7 pips" in m for m in messages)
    messages = errors(text(enter_hand(client, game, [(3, 0), ("x", 7)], went_out="0")))
    assert any("Ana went out, so Ana has no tiles left" in m for m in messages)
    assert any("Ben: tiles left is a whole number" in m for m in messages)


def test_an_open_evening_ends_when_the_table_says_so(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", game="super-domino")
    enter_hand(client, game, [(0, 0), (3, 20)], went_out="0")
    assert client.post(f"{game}/finish").status_code == 302
    page = text(client.get(game))
    assert "Game over" in page and "<strong>Ana</strong> wins with 1 hand won" in page
    assert client.get(f"{game}/rounds/new").status_code == 302  # no more hands


def test_a_fixed_number_of_hands_ends_by_itself(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", game="super-domino", hands="2")
    assert "Hand 1 of 2" in text(client.get(game))
    enter_hand(client, game, [(0, 0), (3, 20)], went_out="0")
    enter_hand(client, game, [(2, 3), (0, 0)], went_out="1")
    page = text(client.get(game))
    assert "Game over" in page
    assert "<strong>Ana</strong> wins with 1 hand won" in page  # one hand each; Ana has fewer pips


def test_correcting_a_hand_changes_who_won(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", game="super-domino")
    enter_hand(client, game, [(0, 0), (3, 20)], went_out="0")
    form = text(client.get(f"{game}/rounds/1"))
    assert 'value="20"' in form and 'value="3"' in form
    assert enter_hand(client, game, [(4, 22), (0, 0)], went_out="1", path="/rounds/1").status_code == 302
    assert standings(text(client.get(game))) == [("Ben", "1"), ("Ana", "0")]
    assert "3 tiles, 20 pips → 0 tiles, 0 pips" in text(client.get(f"{game}/history"))


def test_super_domino_seats_up_to_fifteen(client: FlaskClient) -> None:
    names = {f"players-{i}": f"P{i}" for i in range(15)}
    ok = client.post(
        "/games/new",
        data={**names, "game": "super-domino", "set": "12", "order": "down", "double_blank": "0", "rules": "standard"},
    )
    assert ok.status_code == 302
    too_many = client.post(
        "/games/new",
        data={**names, "game": "mexican-train", "set": "12", "order": "down", "double_blank": "0", "rules": "standard"},
    )
    assert "at most 8 players" in text(too_many)


def test_api_super_domino(client: FlaskClient) -> None:
    created = client.post("/api/v1/games", json={"game": "super-domino", "players": ["Ana", "Ben", "Cleo"]})
    assert created.status_code == 201
    game = created.get_json()
    assert game["game"] == "super-domino" and game["set"] == 15
    assert game["next_round"] == {"number": 1, "deal": 9, "dealer": "Ana", "leader": None, "starts": "highest-tile"}
    url = f"/api/v1/games/{game['id']}"
    hand = {"pips": {"Ana": 0, "Ben": 10, "Cleo": 4}, "tiles": {"Ana": 0, "Ben": 2, "Cleo": 1}, "went_out": "Ana"}
    body = client.post(f"{url}/rounds", json=hand).get_json()
    assert body["rounds"][0]["winners"] == ["Ana"] and body["rounds"][0]["tiles"] == {"Ana": 0, "Ben": 2, "Cleo": 1}
    assert body["standings"][0] == {"player": "Ana", "wins": 1, "total": 0, "rank": 1}
    blocked = {"pips": {"Ana": 7, "Ben": 10, "Cleo": 1}, "tiles": {"Ana": 1, "Ben": 2, "Cleo": 1}, "blocked": True}
    assert client.post(f"{url}/rounds", json=blocked).get_json()["rounds"][1]["winners"] == ["Cleo"]
    missing = client.post(f"{url}/rounds", json={"pips": hand["pips"], "went_out": "Ana"})
    assert missing.status_code == 422 and "tiles" in missing.get_json()["error"]
    finished = client.post(f"{url}/finish", json={})
    assert finished.status_code == 200 and finished.get_json()["winners"] == ["Cleo"]  # 1 win each, Cleo fewer pips
    again = client.post(f"{url}/finish", json={}, headers={"If-Match": '"1"'})  # sent twice: harmless
    assert again.status_code == 200 and again.get_json()["version"] == finished.get_json()["version"]
    assert client.post(f"{url}/rounds", json=hand).status_code == 409
    assert client.post("/api/v1/games", json={"game": "poker", "players": ["A", "B"]}).status_code == 422


def test_no_game_ends_before_its_first_round(client: FlaskClient) -> None:
    for kind in ("mexican-train", "super-domino"):
        game = client.post("/api/v1/games", json={"game": kind, "players": ["Ana", "Ben"]}).get_json()
        response = client.post(f"/api/v1/games/{game['id']}/finish", json={})
        assert response.status_code == 409 and "delete the game instead" in response.get_json()["error"]
