"""The checker opened from a game starts on the player the table screen says plays first, round after round, with
a player who left (no train of theirs, and the turn passing them by) and in Super Domino."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient

from .helpers import text


def _plays_first(client: FlaskClient, game_id: str) -> str:
    """Who the table screen says plays first."""
    found = re.search(r"<strong>([^<]+)</strong> plays first", text(client.get(f"/games/{game_id}")))
    assert found
    return html.unescape(found.group(1))


def _checker(client: FlaskClient, game_id: str) -> tuple[list[str], str]:
    """The checker opened from the game: the players it offers, and who it selects as playing now."""
    page = html.unescape(text(client.get(f"/check?game={game_id}")))
    select = re.search(r'<select id="turn" name="turn"[^>]*>(.*?)</select>', page, re.S)
    assert select
    options = re.findall(r'<option value="\d+" ?(selected)?>([^<]+)</option>', select.group(1))
    chosen = [name for selected, name in options if selected]
    assert len(chosen) == 1, options
    return [name for _selected, name in options], chosen[0]


def _round(client: FlaskClient, game_id: str, pips: dict[str, int], out: str, **extra: object) -> None:
    answer = client.post(f"/api/v1/games/{game_id}/rounds", json={"pips": pips, "went_out": out, **extra})
    assert answer.status_code == 201, answer.get_json()


def test_the_checker_starts_on_whoever_the_table_says_plays_first(client: FlaskClient) -> None:
    players = ["Ana", "João", "Cleo", "Dan"]
    game = client.post("/api/v1/games", json={"players": players, "first_dealer": "Dan"}).get_json()
    game_id = game["id"]
    seen = []
    for number in range(1, 5):
        first = _plays_first(client, game_id)
        names, chosen = _checker(client, game_id)
        assert names == players and chosen == first, f"round {number}"
        seen.append(first)
        _round(client, game_id, {"Ana": 0, "João": 5, "Cleo": 7, "Dan": 9}, "Ana")
    assert len(set(seen)) == 4  # the first player moved round the table, and the checker with them
    # Cleo leaves: she has no train in the checker, and the turn passes her by as on the table screen
    assert client.patch(f"/api/v1/games/{game_id}/seats/2", json={"left": True}).status_code == 200
    for number in range(5, 9):
        first = _plays_first(client, game_id)
        names, chosen = _checker(client, game_id)
        assert names == ["Ana", "João", "Dan"] and chosen == first, f"round {number}"
        assert first != "Cleo"
        _round(client, game_id, {"Ana": 3, "João": 0, "Dan": 4}, "João")


def test_the_super_domino_checker_offers_the_players_at_the_table(client: FlaskClient) -> None:
    players = ["Ana", "João", "Cleo"]
    game_id = client.post("/api/v1/games", json={"game": "super-domino", "players": players}).get_json()["id"]
    hand = {"pips": {"Ana": 0, "João": 5, "Cleo": 7}, "tiles": {"Ana": 0, "João": 1, "Cleo": 2}, "went_out": "Ana"}
    assert client.post(f"/api/v1/games/{game_id}/rounds", json=hand).status_code == 201
    assert client.patch(f"/api/v1/games/{game_id}/seats/1", json={"left": True}).status_code == 200
    # the highest tile decides who starts, so the table names nobody; João, who left, is not offered
    assert "whoever holds the highest tile starts" in text(client.get(f"/games/{game_id}"))
    assert _checker(client, game_id) == (["Ana", "Cleo"], "Ana")


def test_a_tile_picked_without_the_rest_of_the_hand_is_not_taken_for_the_last_one(client: FlaskClient) -> None:
    """Under "a round may not end on a double", a player who picks only the double to lay (the rest of the hand is
    optional) is not told it would be their last tile; one who says it is their whole hand is."""
    game = client.post(
        "/api/v1/games", json={"players": ["Ana", "Ben", "Cleo"], "house_rules": {"end_on_double": "forbidden"}}
    ).get_json()
    ask = f"/check?game={game['id']}&check=1&turn=0&action=play&tile=5-5&train=0&end-0=5"
    only_the_tile = html.unescape(text(client.get(ask)))
    assert "You may lay 5-5 on your train." in only_the_tile
    assert "your last tile" not in only_the_tile
    whole_hand = html.unescape(text(client.get(f"{ask}&hand=5-5")))
    assert "5-5 is your last tile and a double" in whole_hand
