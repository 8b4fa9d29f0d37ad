"""Keeping a Chicken Foot evening: the new game, rounds on the doubles from the highest down, the API, export."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from ..helpers import enter_round, errors, start_game, text


def test_a_double_9_game_runs_ten_rounds_from_9_9_down_and_the_lowest_total_wins(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo", "Dan", game="chicken-foot", cf_rules="chicken-foot")
    page = text(client.get(game))
    assert "Round 1 of 10" in page and "Centre <strong>double-9</strong>" in page
    assert "draws <strong>11</strong> tiles" in page and "11 stay in the chicken yard" in page  # 55 - 44
    assert "whoever holds" in page  # the holder of the centre double starts, not the player after the dealer
    assert enter_round(client, game, 0, 12, 30, 7, went_out="0").status_code == 302
    page = text(client.get(game))
    assert "Round 2 of 10" in page and "Centre <strong>double-8</strong>" in page
    assert enter_round(client, game, 25, 0, 4, 9, went_out="1").status_code == 302
    standings = re.findall(r'class="name">([^<]+)</span>\s*<span class="total">(\d+)', text(client.get(game)))
    assert standings == [("Ben", "12"), ("Dan", "16"), ("Ana", "25"), ("Cleo", "34")]


def test_the_set_follows_the_rules_and_the_double_blank_counts_50_unless_chosen(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", game="chicken-foot", cf_rules="chicken-foot-double-12", cf_double_blank="0")
    page = text(client.get(game))
    assert "Round 1 of 13" in page and "double-12 set" in page and "double-blank counts 0" in page
    game = start_game(client, "Ana", "Ben", game="chicken-foot", cf_rules="chicken-foot-double-6", cf_rounds="3")
    page = text(client.get(game))
    assert "Round 1 of 3" in page and "Centre <strong>double-6</strong>" in page and "double-blank counts 50" in page


def test_too_many_players_for_the_set_or_rounds_past_its_doubles_are_refused(client: FlaskClient) -> None:
    names = {f"players-{i}": f"P{i}" for i in range(5)}
    refused = client.post("/games/new", data={**names, "game": "chicken-foot", "cf_rules": "chicken-foot-double-6"})
    assert any("double-6" in e for e in errors(text(refused)))
    too_long = client.post(
        "/games/new", data={**names, "game": "chicken-foot", "cf_rules": "chicken-foot", "cf_rounds": "11"}
    )
    assert "Play 1 to 10 rounds, or leave it empty for the whole game." in errors(text(too_long))


def test_the_new_game_form_offers_chicken_foot_with_its_presets(client: FlaskClient) -> None:
    page = text(client.get("/games/new"))
    assert 'value="chicken-foot"' in page
    for preset in ("chicken-foot", "chicken-foot-double-6", "chicken-foot-double-12"):
        assert f'<option value="{preset}"' in page or f'<option selected value="{preset}"' in page


def test_api_chicken_foot(client: FlaskClient) -> None:
    created = client.post("/api/v1/games", json={"game": "chicken-foot", "players": ["Ana", "Ben", "Cleo"], "set": 12})
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    assert game["game"] == "chicken-foot" and game["set"] == 12 and game["rules"] == "chicken-foot-double-12"
    assert game["next_round"]["deal"] == 15 and game["next_round"]["starts"] == "engine-holder"
    url = f"/api/v1/games/{game['id']}"
    body = client.post(f"{url}/rounds", json={"pips": {"Ana": 0, "Ben": 10, "Cleo": 50}, "went_out": "Ana"})
    assert body.status_code == 201, body.get_json()
    assert body.get_json()["standings"][0]["player"] == "Ana"
    bad = client.post("/api/v1/games", json={"game": "chicken-foot", "players": ["A", "B"], "rules": "german"})
    assert bad.status_code == 422


def test_presets_list_chicken_foot(client: FlaskClient) -> None:
    body = client.get("/api/v1/presets").get_json()
    names = str(body)
    assert "chicken-foot-double-12" in names


def test_api_errors_name_the_fields_the_client_sent(client: FlaskClient) -> None:
    players = ["Ana", "Ben", "Cleo"]
    for sent, field in (
        (("rules", "german"), "rules"),
        (("rounds", 11), "rounds"),
        (("double_blank", 7), "double_blank"),
    ):
        body = client.post("/api/v1/games", json={"game": "chicken-foot", "players": players, sent[0]: sent[1]})
        assert body.status_code == 422, body.get_json()
        answer = body.get_json()
        assert field in answer["errors"] and not any(name.startswith("cf_") for name in answer["errors"]), answer
        assert "cf_" not in answer["error"]


def test_a_problem_with_rounds_shows_next_to_the_chicken_foot_rounds_field(client: FlaskClient) -> None:
    names = {f"players-{i}": f"P{i}" for i in range(3)}
    page = client.post(
        "/games/new", data={**names, "game": "chicken-foot", "cf_rules": "chicken-foot", "cf_rounds": "11"}
    )
    assert re.search(r'id="cf_rounds-error">Play 1 to 10 rounds', page.text)  # named "rounds", shown at its field


def test_house_rules_round_trip_through_the_api_and_an_export(
    client: FlaskClient, app_factory: Callable[..., Flask], tmp_path: Path
) -> None:
    house = {"centre_tiles": 8, "foot_first": False, "draw": "until-playable", "first_turn_multiple": True}
    sent = {"game": "chicken-foot", "players": ["Ana", "Ben", "Cleo"], "set": 12, "house_rules": house}
    created = client.post("/api/v1/games", json=sent)
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    assert game["house_rules"] == house
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["house_rules"] == house
    page = text(client.get(f"/games/{game['id']}"))
    assert "House rules: eight tiles around the centre double · after a later double, play may go on anywhere" in page
    document = client.get(f"/api/v1/games/{game['id']}/export").get_json()
    (tmp_path / "other").mkdir()
    other = app_factory(tmp_path / "other", WTF_CSRF_ENABLED=False).test_client()
    imported = other.post("/api/v1/games/import", json=document)
    assert imported.status_code == 201, imported.get_json()
    assert imported.get_json()["house_rules"] == house
    # the preset's own value is no house rule: the double-6 preset already lays four around the centre
    six = client.post(
        "/api/v1/games",
        json={**sent, "set": 6, "players": ["Ana", "Ben"], "house_rules": {"centre_tiles": 4}},
    )
    assert six.status_code == 201 and six.get_json()["house_rules"] == {}


def test_a_house_rule_chicken_foot_cannot_take_is_refused_saying_what_to_choose(client: FlaskClient) -> None:
    players = ["Ana", "Ben", "Cleo"]
    for house, said in (
        ({"centre_tiles": 7}, "pick one of the choices offered (6, 4, 8)"),
        ({"draw": "two"}, "pick one of the choices offered (one, until-playable)"),
        ({"going_out": -10}, "the house rules are centre_tiles, foot_first, draw, first_turn_multiple"),
    ):
        body = client.post("/api/v1/games", json={"game": "chicken-foot", "players": players, "house_rules": house})
        assert body.status_code == 422, house
        assert said in body.get_json()["error"], body.get_json()
        assert f"house_rules.{next(iter(house))}" in body.get_json()["errors"]
    names = {f"players-{i}": f"P{i}" for i in range(3)}
    page = client.post("/games/new", data={**names, "game": "chicken-foot", "house_centre_tiles": "7"})
    assert (
        'id="house_centre_tiles-error">Tiles around the centre double before play goes elsewhere: pick one' in page.text
    )


def test_the_round_page_and_the_watch_screen_call_the_round_double_the_centre(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo", game="chicken-foot", cf_rules="chicken-foot")
    heading = re.search(r'<span class="sub">([^<]*)</span>', text(client.get(f"{game}/rounds/new")))
    assert heading is not None and heading.group(1) == "centre double-9"
    watch = re.search(r"(/watch/[A-Za-z0-9_-]+)", text(client.get(f"{game}/join")))
    assert watch is not None
    screen = text(client.get(watch.group(1)))
    assert "Centre <strong>double-9</strong>" in screen and "Centre double: 9-9" in screen
    assert "Engine" not in screen
    client.get("/language/it")
    heading = re.search(r'<span class="sub">([^<]*)</span>', text(client.get(f"{game}/rounds/new")))
    assert heading is not None and heading.group(1) == "doppio centrale 9"
