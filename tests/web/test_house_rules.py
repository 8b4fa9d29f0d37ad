"""House rules chosen at game start (issue 15): stored on top of the preset, named on the table screen, applied
by the round form, the API and the phones' drafts, shown in the history and followed by the move checker."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db import session
from scorekeeper.games.mexican_train.house_rules import HOUSE_RULES
from scorekeeper.models import Game
from scorekeeper.rules import OPTION_NAMES, SCORING_RULE_NAMES

from .helpers import errors, start_game, text


def api(game: str) -> str:
    return game.replace("/games/", "/api/v1/games/")


def new_api_game(client: FlaskClient, house_rules: dict[str, Any], **setup: Any) -> str:
    response = client.post(
        "/api/v1/games", json={"players": ["Ana", "Ben", "Cleo"], "house_rules": house_rules, **setup}
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    return f"/games/{response.get_json()['id']}"


def stored_house_rules(app: Flask, game: str) -> str | None:
    with app.app_context():
        row = session().get(Game, game.rsplit("/", 1)[1])
        assert row is not None
        return row.house_rules


def ticked(page: str, name: str) -> bool:
    """Whether the page's checkbox ``name`` is ticked."""
    box = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    assert box, name
    return " checked" in box.group(0)


# ---------------------------------------------------------------- chosen at game start


def test_every_house_rule_in_the_list_is_an_engine_option_or_a_scoring_rule_with_its_words() -> None:
    for rule in HOUSE_RULES:
        names = OPTION_NAMES if rule.scope == "engine" else SCORING_RULE_NAMES
        assert rule.name in names, rule.name
        assert rule.label and (rule.shown or rule.choices), rule.name


def test_the_new_game_form_offers_every_house_rule_in_a_panel_that_opens(client: FlaskClient) -> None:
    page = text(client.get("/games/new"))
    panel = page[page.index('id="house-rules"') :]
    panel = panel[: panel.index("</details>")]
    assert "House rules (optional)" in panel
    for name in (
        "draw_until_playable",
        "one_double_per_turn",
        "mexican_after_all_started",
        "mexican_after_first_lap",
        "missing_engine",
        "going_out",
        "double_end",
        "marker_penalty",
    ):
        assert f'name="house_{name}"' in panel, name
    assert panel.count('name="house_') == len(HOUSE_RULES)  # drawn from the one list


def test_the_form_stores_only_the_house_rules_that_change_something(app: Flask, client: FlaskClient) -> None:
    game = start_game(
        client,
        "Ana",
        "Ben",
        house_going_out="-10",
        house_double_end="y",
        house_draw_until_playable="y",
        house_missing_engine="",
        house_marker_penalty="0",
    )
    assert json.loads(stored_house_rules(app, game) or "") == {
        "draw_until_playable": True,
        "going_out": -10,
        "double_end": True,
    }
    plain = start_game(client, "Ana", "Ben")
    assert stored_house_rules(app, plain) is None


def test_a_bad_house_rule_on_the_form_is_explained_beside_it_and_nothing_typed_is_lost(client: FlaskClient) -> None:
    response = client.post(
        "/games/new",
        data={"players-0": "Ana", "players-1": "Ben", "set": "12", "order": "down", "house_going_out": "15"},
    )
    assert response.status_code == 200
    page = text(response)
    assert any("enter a whole number from -100 to 0" in e for e in errors(page))
    assert re.search(r'name="house_going_out"[^>]*value="15"', page)
    assert re.search(r'id="house-rules" open', page)  # the panel opens on its problem


def test_the_api_refuses_house_rules_it_cannot_use_with_422(client: FlaskClient) -> None:
    for house_rules, said in (
        (
            {"going_out": 10},
            "Points for going out (a bonus is negative, like −10): enter a whole number from -100 to 0.",
        ),
        ({"going_out": "lots"}, "enter a whole number from -100 to 0"),
        (
            {"marker_penalty": -5},
            "Pips for each marker still on a train at the end: enter a whole number from 0 to 100",
        ),
        ({"double_end": "yes"}, "is on or off: send true or false"),
        (
            {"missing_engine": "nobody"},
            "When nobody holds the engine double: pick one of the choices offered (draw, each-draws, highest-double, "
            "next-double).",
        ),
        ({"klingon_rules": True}, "'klingon_rules' is not a house rule here"),
        (["going_out"], "Send the house rules as an object"),
    ):
        response = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "house_rules": house_rules})
        assert response.status_code == 422, house_rules
        assert said in response.get_json()["error"], (house_rules, response.get_json())
    super_domino = client.post(
        "/api/v1/games", json={"players": ["Ana", "Ben"], "game": "super-domino", "house_rules": {"going_out": -10}}
    )
    assert super_domino.status_code == 422
    assert "no house rules" in super_domino.get_json()["error"]


def test_play_again_keeps_the_house_rules(app: Flask, client: FlaskClient) -> None:
    game = new_api_game(client, {"going_out": -10}, rounds=1)
    client.post(f"{api(game)}/rounds", json={"pips": {"Ana": 0, "Ben": 5, "Cleo": 9}, "went_out": "Ana"})
    again = client.post(f"{game}/again")
    assert json.loads(stored_house_rules(app, again.headers["Location"]) or "") == {"going_out": -10}


# ---------------------------------------------------------------- shown on the table screen


def test_the_table_screen_names_the_house_rules_in_force(client: FlaskClient) -> None:
    game = new_api_game(client, {"going_out": -10, "double_end": True, "marker_penalty": 5})
    page = html.unescape(text(client.get(game)))
    line = re.search(r'class="house-line"[^>]*>([^<]*)<', page)
    assert line
    assert line.group(1).strip() == (
        "House rules: going out −10 · ending on a double doubles the others · +5 per open marker"
    )
    assert "House rules: going out −10" in page[page.index('class="muted small"') :]  # the summary at the foot
    plain = new_api_game(client, {})
    assert "house-line" not in text(client.get(plain))


# ---------------------------------------------------------------- the round form applies them


def test_the_round_form_asks_only_what_the_rules_in_force_need(client: FlaskClient) -> None:
    plain = text(client.get(f"{new_api_game(client, {})}/rounds/new"))
    assert 'name="ended_on_double"' not in plain and 'name="markers-0"' not in plain
    doubled = text(client.get(f"{new_api_game(client, {'double_end': True})}/rounds/new"))
    assert 'name="ended_on_double"' in doubled and 'name="markers-0"' not in doubled
    marked = text(client.get(f"{new_api_game(client, {'marker_penalty': 10})}/rounds/new"))
    assert 'name="ended_on_double"' not in marked and 'name="markers-2"' in marked


def test_going_out_and_ending_on_a_double_count_in_the_totals(client: FlaskClient) -> None:
    game = new_api_game(client, {"going_out": -10, "double_end": True})
    saved = client.post(
        f"{game}/rounds/new",
        data={"pips-0": "0", "pips-1": "12", "pips-2": "7", "went_out": "0", "ended_on_double": "y"},
    )
    assert saved.status_code == 302
    stored = client.get(api(game)).get_json()
    assert stored["rounds"][0]["pips"] == {"Ana": 0, "Ben": 12, "Cleo": 7}
    assert stored["rounds"][0]["points"] == {"Ana": -10, "Ben": 24, "Cleo": 14}
    assert stored["rounds"][0]["ended_on_double"] is True
    assert {s["player"]: s["total"] for s in stored["standings"]} == {"Ana": -10, "Ben": 24, "Cleo": 14}


def test_a_marker_left_on_a_train_adds_its_penalty(client: FlaskClient) -> None:
    game = new_api_game(client, {"marker_penalty": 10})
    client.post(
        f"{game}/rounds/new", data={"pips-0": "0", "pips-1": "3", "pips-2": "4", "went_out": "0", "markers-2": "y"}
    )
    stored = client.get(api(game)).get_json()
    assert stored["rounds"][0]["points"] == {"Ana": 0, "Ben": 3, "Cleo": 14}
    assert stored["rounds"][0]["markers"] == ["Cleo"]
    listed = html.unescape(text(client.get("/")))
    assert "14" in listed  # the games list totals the points too


def test_ended_on_a_double_needs_someone_out(client: FlaskClient) -> None:
    game = new_api_game(client, {"double_end": True})
    page = client.post(
        f"{game}/rounds/new",
        data={"pips-0": "5", "pips-1": "12", "pips-2": "7", "went_out": "blocked", "ended_on_double": "y"},
    )
    assert page.status_code == 200
    assert "A round ends on a double only when someone goes out with it; choose who did." in errors(text(page))


def test_the_api_round_applies_the_rules_and_refuses_marks_they_do_not_count(client: FlaskClient) -> None:
    game = new_api_game(client, {"double_end": True, "marker_penalty": 5})
    posted = client.post(
        f"{api(game)}/rounds",
        json={"pips": {"Ana": 0, "Ben": 10, "Cleo": 2}, "went_out": "Ana", "ended_on_double": True, "markers": ["Ben"]},
    )
    assert posted.status_code == 201, posted.get_json()
    assert posted.get_json()["rounds"][0]["points"] == {"Ana": 0, "Ben": 25, "Cleo": 4}
    corrected = client.put(
        f"{api(game)}/rounds/1", json={"pips": {"Ana": 0, "Ben": 10, "Cleo": 2}, "went_out": "Ana", "markers": []}
    )
    assert corrected.status_code == 200
    assert corrected.get_json()["rounds"][0]["points"] == {"Ana": 0, "Ben": 10, "Cleo": 2}

    plain = new_api_game(client, {})
    for extra in (
        {"ended_on_double": True},
        {"markers": ["Ben"]},
        {"ended_on_double": "yes"},
        {"markers": ["Zed"]},
        {"markers": "Ben"},
    ):
        refused = client.post(
            f"{api(plain)}/rounds", json={"pips": {"Ana": 0, "Ben": 1, "Cleo": 2}, "went_out": "Ana", **extra}
        )
        assert refused.status_code == 422, extra


def test_the_history_shows_the_pips_and_the_rule_applied(client: FlaskClient) -> None:
    game = new_api_game(client, {"going_out": -10, "double_end": True})
    client.post(
        f"{api(game)}/rounds",
        json={"pips": {"Ana": 0, "Ben": 12, "Cleo": 7}, "went_out": "Ana", "ended_on_double": True},
    )
    page = html.unescape(text(client.get(f"{game}/history")))
    assert "Ben 12 → 24 (ended on a double)" in page
    assert "Ana 0 → −10 (went out −10)" in page


def test_the_phones_drafts_carry_the_marker_and_the_double_end(client: FlaskClient) -> None:
    game = new_api_game(client, {"double_end": True, "marker_penalty": 5})

    def send(seat: str, **fields: str) -> Any:
        return client.post(
            f"{game}/rounds/1/mine", data={"seat": seat, **fields}, headers={"Accept": "application/json"}
        ).get_json()

    assert send("1", **{"pips-1": "8", "markers-1": "y"})["stored"] is False
    assert send("double_end", ended_on_double="y")["stored"] is False
    form = text(client.get(f"{game}/rounds/new"))
    assert ticked(form, "ended_on_double") and ticked(form, "markers-1") and not ticked(form, "markers-0")
    assert send("2", **{"pips-2": "3"})["stored"] is False
    assert send("0", **{"pips-0": "0", "went_out": "0"})["stored"] is True
    stored = client.get(api(game)).get_json()["rounds"][0]
    assert stored["points"] == {"Ana": 0, "Ben": 21, "Cleo": 6}
    assert stored["ended_on_double"] is True and stored["markers"] == ["Ben"]


def test_the_double_end_mark_is_refused_where_the_rules_do_not_count_it(client: FlaskClient) -> None:
    game = new_api_game(client, {})
    response = client.post(
        f"{game}/rounds/1/mine",
        data={"seat": "double_end", "ended_on_double": "y"},
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 422


# ---------------------------------------------------------------- export, import and the checker


def test_export_and_import_round_trip_with_house_rules(app_factory: Any, client: FlaskClient, tmp_path: Any) -> None:
    game = new_api_game(client, {"going_out": -10, "marker_penalty": 5, "draw_until_playable": True})
    client.post(
        f"{api(game)}/rounds", json={"pips": {"Ana": 0, "Ben": 10, "Cleo": 2}, "went_out": "Ana", "markers": ["Cleo"]}
    )
    exported = client.get(f"{api(game)}/export?format=json").get_json()
    stored = exported["games"][0]
    assert json.loads(stored["house_rules"]) == {"draw_until_playable": True, "going_out": -10, "marker_penalty": 5}
    assert [s["points"] for s in stored["rounds"][0]["scores"]] == [-10, None, 7]
    csv = client.get(f"{api(game)}/export?format=csv").get_data(as_text=True)
    assert "1,-10,10,7" in csv

    (tmp_path / "elsewhere").mkdir()
    other = app_factory(tmp_path / "elsewhere").test_client()
    assert other.post("/api/v1/games/import", json=exported).status_code == 201
    again = other.get(f"{api(game)}/export?format=json").get_json()
    assert again == exported

    broken = json.loads(json.dumps(exported))
    broken["games"][0]["house_rules"] = '{"going_out": 10}'
    broken["games"][0]["id"] = "another-game-id"
    assert other.post("/api/v1/games/import", json=broken).status_code == 422


def test_a_backup_without_the_new_fields_restores_with_their_defaults(
    app_factory: Any, client: FlaskClient, tmp_path: Any
) -> None:
    game = new_api_game(client, {})
    client.post(f"{api(game)}/rounds", json={"pips": {"Ana": 0, "Ben": 10, "Cleo": 2}, "went_out": "Ana"})
    exported = client.get(f"{api(game)}/export?format=json").get_json()
    old = json.loads(json.dumps(exported))
    for key in ("house_rules", "draft_double_end"):
        old["games"][0].pop(key, None)
    old["games"][0]["rounds"][0].pop("ended_on_double", None)
    for score in old["games"][0]["rounds"][0]["scores"]:
        score.pop("marker", None)
        score.pop("points", None)
    (tmp_path / "older").mkdir()
    other = app_factory(tmp_path / "older").test_client()
    assert other.post("/api/v1/games/import", json=old).status_code == 201
    assert other.get(f"{api(game)}/export?format=json").get_json() == exported


def test_the_checker_opened_from_the_game_judges_with_its_house_rules(client: FlaskClient) -> None:
    # Ana has drawn and still cannot play 9-8 on a 12 engine: passing ends her turn, unless the table draws until
    # a tile fits
    question = "&action=pass&drawn=on&turn=0&hand=9-8&end-0=&end-1=&end-2=&end-m="
    plain = new_api_game(client, {})
    house = new_api_game(client, {"draw_until_playable": True, "going_out": -10})

    def judged(game: str) -> str:
        page = html.unescape(text(client.get(f"/check?check=1&game={game.rsplit('/', 1)[1]}{question}")))
        found = re.search(r'class="verdict">([^<]*)</p>', page)
        assert found, page[:1500]
        return found.group(1)

    assert judged(plain) == "Allowed"
    assert judged(house) == "Not allowed"
    checker = html.unescape(text(client.get(f"/check?game={house.rsplit('/', 1)[1]}")))
    assert "House rules: draw until you can play" in checker and "going out" not in checker  # play, not scores


def test_the_variants_page_describes_every_scoring_house_rule(client: FlaskClient) -> None:
    page = html.unescape(text(client.get("/rules/variants")))
    for name in ("going_out", "double_end", "marker_penalty"):
        assert page.count(f'id="option-{name}"') == 1, name
    assert "Does going out earn a bonus?" in page
    assert "the others count their pips twice" in page


def test_the_highest_double_every_round_reaches_the_score_sheet(client: FlaskClient) -> None:
    # the Czech reading some tables take: 12-12 opens every round of the evening, not the countdown
    game = new_api_game(client, {"highest_engine_every_round": True})
    plain = new_api_game(client, {})
    for _round in (1, 2):
        for g in (game, plain):
            response = client.post(
                api(g) + "/rounds", json={"pips": {"Ana": 0, "Ben": 5, "Cleo": 9}, "went_out": "Ana"}
            )
            assert response.status_code == 201, response.get_data(as_text=True)
    house, countdown = client.get(api(game)).get_json(), client.get(api(plain)).get_json()
    assert [r["engine"] for r in house["rounds"]] == [12, 12] and house["next_round"]["engine"] == 12
    assert [r["engine"] for r in countdown["rounds"]] == [12, 11] and countdown["next_round"]["engine"] == 10
    assert "the highest double opens every round" in html.unescape(text(client.get(game)))


def test_the_newer_engine_options_are_chosen_at_the_start_and_named_on_the_table(client: FlaskClient) -> None:
    game = new_api_game(client, {"marker_removed_by": "next", "announce_last_tile": True, "last_tile_penalty": 3})
    assert client.get(api(game)).get_json()["house_rules"] == {
        "marker_removed_by": "next",
        "announce_last_tile": True,
        "last_tile_penalty": 3,
    }
    line = re.search(r'class="house-line"[^>]*>([^<]*)<', html.unescape(text(client.get(game))))
    assert line and line.group(1).strip() == (
        "House rules: only the next player may play on a marked train · announce the last tile"
        " · 3 tiles for a last tile not announced"
    )
    refused = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "house_rules": {"last_tile_penalty": 11}})
    assert refused.status_code == 422


def test_the_two_ways_the_mexican_train_opens_are_each_a_house_rule_named_for_what_it_does(client: FlaskClient) -> None:
    """The Mexican train opens "after the first lap" as the published rule sheets write it, beside "once everyone
    has started"."""
    game = new_api_game(client, {"mexican_after_first_lap": True})
    assert client.get(api(game)).get_json()["house_rules"] == {"mexican_after_first_lap": True}
    line = re.search(r'class="house-line"[^>]*>([^<]*)<', html.unescape(text(client.get(game))))
    assert line and line.group(1).strip() == "House rules: Mexican train after the first lap"
    # the checker opened from the game follows it: on the first lap the Mexican train stays shut
    question = "&action=play&tile=12-6&train=mexican&turn=0&hand=5-1&first_lap=on&end-0=5&end-1=&end-2=&end-m="
    page = html.unescape(text(client.get(f"/check?check=1&game={game.rsplit('/', 1)[1]}{question}")))
    assert "it opens after the first lap, once every player has had a turn" in page
    rules = html.unescape(text(client.get("/rules")))
    assert 'id="mexican-after-first-lap"' in rules and 'id="mexican-all-started"' in rules
    variants = html.unescape(text(client.get("/rules/variants?lang=de")))
    assert 'id="option-mexican_after_first_lap"' in variants and "Oder nach Durchgang eins" in variants


def test_the_missing_engine_rule_is_offered_only_where_a_hand_lays_the_engine(client: FlaskClient) -> None:
    """An engine set aside before the deal is never missing: the rule is refused there, by name, and the form says
    which rules it is for."""
    refused = client.post(
        "/api/v1/games", json={"players": ["Ana", "Ben"], "house_rules": {"missing_engine": "highest-double"}}
    )
    assert refused.status_code == 422
    assert "only for rules where the engine is laid from a hand" in refused.get_json()["error"]
    for preset in ("czech", "portuguese"):
        new_api_game(client, {"missing_engine": "next-double"}, rules=preset)
    form = html.unescape(text(client.get("/games/new")))
    assert "(only Czech, Portuguese: the engine is laid from a hand)" in form


def test_a_round_records_the_double_that_started_it(client: FlaskClient) -> None:
    """With missing_engine, another double may start the round: the round form asks which, the API takes it, and
    the table and the history show it beside the round's own engine."""
    game = new_api_game(client, {"missing_engine": "highest-double"}, rules="czech")
    form = text(client.get(f"{game}/rounds/new"))
    assert '<select id="engine" name="engine">' in form and '<option value="12" selected>12-12 (the engine)' in form
    stored = client.post(
        f"{api(game)}/rounds", json={"pips": {"Ana": 0, "Ben": 10, "Cleo": 4}, "went_out": "Ana", "engine": 9}
    )
    assert stored.status_code == 201 and stored.get_json()["rounds"][0]["engine"] == 9
    assert client.post(
        f"{game}/rounds/new", data={"pips-0": "3", "pips-1": "0", "pips-2": "5", "went_out": "1", "engine": "10"}
    ).status_code == 302  # fmt: skip
    table = html.unescape(text(client.get(game)))
    assert "1 · 9-9 (for 12-12)" in table and "2 · 10-10 (for 11-11)" in table
    # a round that started on its own engine says nothing more
    client.post(f"{api(game)}/rounds", json={"pips": {"Ana": 0, "Ben": 1, "Cleo": 2}, "went_out": "Ana"})
    heads = re.findall(r'class="rhead">([^<]*)<', html.unescape(text(client.get(game))))
    assert any(h.strip().startswith("3 · 10-10") and "(for" not in h for h in heads), heads
    bad = client.post(
        f"{api(game)}/rounds", json={"pips": {"Ana": 0, "Ben": 1, "Cleo": 2}, "went_out": "Ana", "engine": 13}
    )
    assert bad.status_code == 422 and "0-0 to 12-12" in bad.get_json()["error"]
    history = html.unescape(text(client.get(f"{game}/history?lang=de")))
    assert "begann mit 9-9" in history and "begann mit 10-10" in history
    client.get("/?lang=en")
    plain = new_api_game(client, {}, rules="czech")
    assert 'name="engine"' not in text(client.get(f"{plain}/rounds/new"))
    other = client.post(
        f"{api(plain)}/rounds", json={"pips": {"Ana": 0, "Ben": 1, "Cleo": 2}, "went_out": "Ana", "engine": 9}
    )
    assert other.status_code == 422 and "only with the house rule for a missing engine" in other.get_json()["error"]


@pytest.mark.parametrize("path", ["/rules", "/rules/variants"])
def test_every_house_rule_the_reference_promises_can_be_chosen_at_the_start(client: FlaskClient, path: str) -> None:
    """A link that calls an option a house rule names one the new-game form and the API offer."""
    promised = re.findall(r'<a href="[^"]*#option-([a-z_]+)">[^<]*house rules?</a>', text(client.get(path)))
    assert path == "/rules/variants" or len(promised) >= 6
    names = {rule.name for rule in HOUSE_RULES}
    assert set(promised) <= names, set(promised) - names


@pytest.mark.parametrize(
    ("preset", "house_rules", "shown"),
    [
        ("czech", {"mexican_train": True}, "with a Mexican train"),
        ("portuguese", {"mexican_start": "play"}, "starting the Mexican train is your one tile for the turn"),
        ("standard", {"end_on_double": "forbidden"}, "a round may not end on a double"),
        ("italian", {"end_on_double": False}, "a round may not end on a double"),
    ],
)
def test_the_house_rules_the_rules_page_promises_are_offered(
    client: FlaskClient, preset: str, house_rules: dict[str, Any], shown: str
) -> None:
    """A Czech-style Mexican train, the Portuguese ordinary-play start, a round that may not end on a double."""
    game = new_api_game(client, house_rules, rules=preset)
    line = re.search(r'class="house-line"[^>]*>([^<]*)<', html.unescape(text(client.get(game))))
    assert line and line.group(1).strip() == f"House rules: {shown}"
    stored = client.get(api(game)).get_json()["house_rules"]
    assert stored == {name: False if value == "forbidden" else value for name, value in house_rules.items()}
    form = text(client.get("/games/new"))
    assert all(f'name="house_{name}"' in form for name in house_rules)


def test_no_round_end_on_a_double_reaches_the_checker(client: FlaskClient) -> None:
    game = new_api_game(client, {"end_on_double": "forbidden"})
    # 5-5 is the whole hand: the round would end on it (a tile picked without the hand is not taken for the last one)
    question = "&action=play&tile=5-5&train=0&turn=0&hand=5-5&end-0=5&end-1=&end-2=&end-m="
    page = html.unescape(text(client.get(f"/check?check=1&game={game.rsplit('/', 1)[1]}{question}")))
    found = re.search(r'class="verdict">([^<]*)</p>', page)
    assert found and found.group(1) == "Not allowed"


def test_a_forgotten_last_tile_may_cost_the_next_turn(client: FlaskClient) -> None:
    game = new_api_game(client, {"announce_last_tile": True, "caught_last_tile": "lose-turn"})
    line = re.search(r'class="house-line"[^>]*>([^<]*)<', html.unescape(text(client.get(game))))
    assert line and "a player caught loses their next turn instead of drawing" in line.group(1)
    assert client.get(api(game)).get_json()["house_rules"]["caught_last_tile"] == "lose-turn"


def test_an_answer_no_preset_gives_says_where_a_table_can_choose_it(client: FlaskClient) -> None:
    """The variants page marks the answers no preset gives: one a table can pick when it starts a game says so, and
    one only the move checker's JSON takes (others may not play on a marked train) does not pass for a house rule
    the game would refuse."""
    page = html.unescape(text(client.get("/rules/variants")))
    names = {rule.name for rule in HOUSE_RULES}
    badges = {
        name: re.findall(r"<i>([^<]*)</i>", body)
        for name, body in re.findall(r'<dt id="option-([a-z_]+)">.*?</dt>\s*<dd>(.*?)</dd>', page, re.S)
    }
    assert badges["play_on_marked"] == ["no preset: checker JSON only"]
    assert (
        client.post(
            "/api/v1/games", json={"players": ["Ana", "Ben"], "house_rules": {"play_on_marked": False}}
        ).status_code
        == 422
    )
    assert "no preset: house rule at game start" in badges["one_double_per_turn"]
    for name, found in badges.items():
        wanted = "house rule at game start" if name in names else "checker JSON only"
        assert all(wanted in badge for badge in found), (name, found)


@pytest.mark.parametrize("chosen", [{"caught_last_tile": "lose-turn"}, {"last_tile_penalty": 3}])
def test_what_a_forgotten_last_tile_costs_needs_the_announcing(client: FlaskClient, chosen: dict[str, object]) -> None:
    """Losing a turn (or drawing 3) for a last tile not announced, chosen without "Announce your last tile", would be
    a house rule on the table screen that never applies: refused, naming the rule to tick; with it, kept."""
    refused = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "house_rules": chosen})
    assert refused.status_code == 422
    assert "only together with “Announce your last tile" in refused.get_json()["error"]
    [(name, value)] = chosen.items()
    form = {"players-0": "Ana", "players-1": "Ben", "rules": "standard", "set": "12", "order": "down"}
    page = text(client.post("/games/new", data={**form, f"house_{name}": str(value)}))
    assert any("only together with “Announce your last tile" in e for e in errors(page)), errors(page)
    kept = client.post(
        "/api/v1/games", json={"players": ["Ana", "Ben"], "house_rules": {**chosen, "announce_last_tile": True}}
    )
    assert kept.status_code == 201 and kept.get_json()["house_rules"] == {"announce_last_tile": True, **chosen}


@pytest.mark.parametrize(
    "chosen", [{"mexican_after_first_lap": True}, {"mexican_after_all_started": True}, {"mexican_start": "bonus"}]
)
def test_when_the_mexican_train_opens_needs_a_mexican_train(client: FlaskClient, chosen: dict[str, object]) -> None:
    """The Czech rules have no Mexican train: when it opens, or what starting it costs, means something only once the
    table adds one."""
    refused = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "rules": "czech", "house_rules": chosen})
    assert refused.status_code == 422
    assert "only together with “Add a Mexican train" in refused.get_json()["error"]
    both = {**chosen, "mexican_train": True}
    kept = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "rules": "czech", "house_rules": both})
    assert kept.status_code == 201 and kept.get_json()["house_rules"] == both


def test_a_refused_new_game_form_names_the_rules_chosen_in_its_closed_panel(client: FlaskClient) -> None:
    """Shown again after a refusal, the form's closed rules panel names the Czech rules and the double-15 set the
    table chose, not the standard double-12 it would start with."""
    form = {"players-0": "Ana", "players-1": "Ben", "rules": "czech", "set": "15", "order": "down"}
    page = html.unescape(text(client.post("/games/new", data={**form, "house_caught_last_tile": "lose-turn"})))
    summary = re.search(r'<details class="options">\s*<summary>([^<]*)</summary>', page)
    assert (
        summary and summary.group(1).strip() == "Mexican Train: rules, set and rounds (Czech rules (Vlak), double-15)"
    )
    blank = html.unescape(text(client.get("/games/new")))
    assert "Mexican Train: rules, set and rounds (standard, double-12, 13 rounds)" in blank


def test_a_game_kept_before_a_rule_needed_its_partner_still_imports(client: FlaskClient) -> None:
    """A file made while "lose a turn" could be chosen without announcing (before it was refused) still imports: the
    rule that never applied is read as not there, and nothing else about the file is waived."""
    game = new_api_game(client, {"announce_last_tile": True, "caught_last_tile": "lose-turn"})
    exported = client.get(f"{api(game)}/export?format=json").get_json()
    older = json.loads(json.dumps(exported))
    older["games"][0]["house_rules"] = '{"caught_last_tile": "lose-turn"}'
    older["games"][0]["id"] = "kept-before"
    created = client.post("/api/v1/games/import", json=older)
    assert created.status_code == 201, created.get_json()
    assert created.get_json()["house_rules"] == {}
    older["games"][0]["house_rules"] = '{"caught_last_tile": "lose-turn", "going_out": 10}'
    older["games"][0]["id"] = "kept-broken"
    assert client.post("/api/v1/games/import", json=older).status_code == 422
