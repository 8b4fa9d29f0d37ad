"""The move checker, deal lookup and their JSON API, as a player and a client use them."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from scorekeeper.games import KINDS
from scorekeeper.rules import PRESETS, SUPER_PRESETS, deal_size

from .helpers import OPEN_DOUBLE_POSITION as POSITION
from .helpers import start_game, text


def verdict(page: str) -> tuple[str, str, list[str]]:
    found = re.search(r'class="verdict">([^<]*)</p>\s*<p class="reason">([^<]*)</p>', page)
    assert found, page[:2000]
    links = re.findall(r'Rule: <a href="([^"]+)"', page)
    return found.group(1), html.unescape(found.group(2)), links


def check_url(**fields: str) -> str:
    base = {
        "check": "1",
        "turn": "1",
        "action": "play",
        "end-0": "",
        "end-1": "",
        "end-2": "",
        "end-3": "",
        "end-m": "",
    }
    base.update(fields)
    return "/check?" + "&".join(f"{k}={v}" for k, v in base.items())


def test_an_open_double_refuses_a_tile_elsewhere_and_cites_the_rule(client: FlaskClient) -> None:
    page = text(client.get(check_url(tile="9-4", train="1", **{"end-0": "5", "double-0": "on"})))
    word, reason, links = verdict(page)
    assert word == "Not allowed"
    assert "5-5 on Player 1's train must be covered" in reason and "9-4" in reason
    assert links == ["/rules#double-uncovered"]  # the paragraph that states the rule, not its long section


def test_after_your_own_double_the_rule_links_the_follow_up_paragraph(client: FlaskClient) -> None:
    page = text(client.get(check_url(tile="9-4", train="1", laid_double="on", **{"end-m": "7", "double-m": "on"})))
    word, _reason, links = verdict(page)
    assert word == "Not allowed" and links == ["/rules#double-follow"]


def test_the_rule_id_is_in_a_details_line_not_beside_the_title(client: FlaskClient) -> None:
    page = text(client.get(check_url(tile="9-4", train="1", **{"end-0": "5", "double-0": "on"})))
    rule = re.search(r'<p class="rule">.*?</p>', page, re.S)
    assert rule and "double-must-be-covered" not in rule.group(0) and "<code>" not in rule.group(0)
    assert re.search(r"<details[^>]*>\s*<summary>Details</summary>\s*rule id: double-must-be-covered", page)


def test_a_ticked_double_with_no_open_double_is_explained_in_words(client: FlaskClient) -> None:
    page = html.unescape(text(client.get(check_url(tile="9-4", train="1", laid_double="on"))))
    assert "open_doubles" not in page
    assert "You ticked that you just laid a double: mark it as an open double on the train where it lies." in page


def test_a_matching_tile_on_your_own_train_is_allowed(client: FlaskClient) -> None:
    word, reason, _ = verdict(text(client.get(check_url(tile="12-4", train="1"))))
    assert word == "Allowed" and "12-4" in reason


def test_another_players_train_needs_a_marker(client: FlaskClient) -> None:
    closed = verdict(text(client.get(check_url(tile="3-4", train="2", **{"end-2": "3"}))))
    assert closed[0] == "Not allowed" and "marker" in closed[2][0]
    marked = verdict(text(client.get(check_url(tile="3-4", train="2", **{"end-2": "3", "marker-2": "on"}))))
    assert marked[0] == "Allowed"


def test_the_same_table_gives_different_verdicts_under_different_rules(client: FlaskClient) -> None:
    url = check_url(tile="12-4", train="mexican")
    standard = text(client.get(url))
    portuguese = text(client.get(url + "&rules=portuguese"))
    assert verdict(standard)[0] == "Allowed"
    assert verdict(portuguese)[0] == "Not allowed"
    assert "Judged by <strong>Portuguese" in portuguese


def test_a_whole_hand_lists_every_allowed_move(client: FlaskClient) -> None:
    page = text(client.get(check_url(tile="12-4", train="1") + "&hand=12-4&hand=5-1&hand=12-9"))
    assert page.count("name=hand ") == 91  # the hand picker stays open once a hand is given
    moves = re.findall(r"<li>(Lay [^<]+|Draw a tile|Pass)</li>", page)
    assert "Lay 12-4 on your train" in moves and "Lay 12-9 on the Mexican train" in moves
    assert not any("5-1" in m for m in moves)


def test_opened_from_a_game_it_knows_the_players_set_engine_and_rules(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo", rules="italian")
    link = re.search(r'href="(/check\?game=[^"]+)"', text(client.get(game)))
    assert link
    page = html.unescape(text(client.get(html.unescape(link.group(1)))))
    assert "Ana's train" in page and "Cleo's train" in page
    assert "Italian rules" in page and "engine 12-12" in page


def test_missing_choices_are_asked_for_not_crashed_on(client: FlaskClient) -> None:
    page = text(client.get(check_url()))
    assert "Pick the tile you want to lay." in page and "Pick the train" in page
    for junk in (
        "tile=99-1&train=1",
        "tile=abc&train=x",
        "turn=9&tile=1-1&train=1",
        "set=7",
        "engine=40",
        "end-0=77",
        "players=1",
        "rules=klingon",
        "action=fly",
        "game=nope",
    ):
        response = client.get(check_url() + "&" + junk)
        assert response.status_code in (200, 404), junk


def test_impossible_tables_are_explained(client: FlaskClient) -> None:
    page = text(client.get(check_url(tile="5-5", train="1", **{"end-0": "5", "double-0": "on"})))
    assert "5-5" in page and "in your hand or on another train" in html.unescape(page)


def test_deal_lookup_answers_for_seven_players(client: FlaskClient) -> None:
    page = text(client.get("/deal?players=7&set=12&rules=standard"))
    assert re.search(r'big-number"><strong>10</strong>', page)
    assert "20</strong> tiles stay in the boneyard" in page  # 91 - 1 - 70


def test_deal_lookup_names_a_bigger_set_when_the_table_is_too_big(client: FlaskClient) -> None:
    page = html.unescape(text(client.get("/deal?players=6&set=6")))
    assert "at most 4 players; use a double-9 set" in page


@pytest.mark.parametrize("preset", ["german", "pagat"])
def test_the_deal_answers_for_super_domino_presets(client: FlaskClient, preset: str) -> None:
    """Every game's presets, asked of the registry: Super Domino deals 9 each from a double-15 set."""
    answer = client.get(f"/api/v1/deal?players=4&set=15&rules={preset}")
    assert answer.status_code == 200
    assert answer.get_json() == {
        "players": 4, "set": 15, "rules": preset, "game": "super-domino", "tiles_each": 9, "boneyard": 100
    }  # fmt: skip
    assert client.get(f"/api/v1/deal?players=4&rules={preset}").get_json()["set"] == 15  # the game's usual set
    page = text(client.get(f"/deal?players=4&rules={preset}"))
    assert re.search(r'big-number"><strong>9</strong>', page) and "100</strong> tiles stay" in page
    assert f'<option value="{preset}" selected>' in page
    wrong_set = client.get(f"/api/v1/deal?players=4&set=12&rules={preset}")
    assert wrong_set.status_code == 422 and "a double-15 or a double-18 set" in wrong_set.get_json()["error"]
    too_many = client.get(f"/api/v1/deal?players=16&set=15&rules={preset}").get_json()["error"]
    assert "at most 15 players; use a double-18 set" in too_many


def test_unknown_rules_are_refused_on_the_deal_page(client: FlaskClient) -> None:
    page = client.get("/deal?players=4&rules=klingon")
    assert page.status_code == 422
    body = html.unescape(text(page))
    assert "Unknown rules 'klingon'" in body and "german" in body
    assert "tiles each" not in body  # not the standard deal in its place
    assert client.get("/api/v1/deal?players=4&rules=klingon").status_code == 422


def test_the_deal_table_agrees_with_the_engine_for_every_preset(client: FlaskClient) -> None:
    for highest in (6, 9, 12, 15, 18):
        page = text(client.get(f"/deal?set={highest}"))
        rows = re.findall(r'<th scope="row"[^>]*>(\d+)</th>\s*((?:<td[^>]*>[^<]*</td>)+)', page)
        assert rows
        for players, cells in rows:
            values = re.findall(r"<td[^>]*>([^<]*)</td>", cells)
            for name, value in zip(PRESETS, values):
                expected = PRESETS[name].options.deals.get(highest, {}).get(int(players))
                assert value == (str(expected) if expected else "–")
                if expected:
                    assert deal_size(int(players), highest, rules=name) == expected


# ---------------------------------------------------------------- the JSON API


def test_api_check_refuses_with_rule_reason_and_reference(client: FlaskClient) -> None:
    response = client.post(
        "/api/v1/check", json={"position": POSITION, "move": {"action": "play", "tile": "3-3", "train": "mexican"}}
    )
    assert response.status_code == 200
    body = response.get_json()
    assert body["legal"] is False and body["rule"] == "double-must-be-covered"
    assert "3-3" in body["reason"] and body["reference"] == "/rules#doubles"


def test_api_check_allows_covering_the_double(client: FlaskClient) -> None:
    body = client.post(
        "/api/v1/check", json={"position": POSITION, "move": {"action": "play", "tile": "5-1", "train": 0}}
    ).get_json()
    assert body["legal"] is True and body["rule"] == "legal"


def test_api_moves_lists_every_legal_move(client: FlaskClient) -> None:
    body = client.post("/api/v1/moves", json={"position": POSITION}).get_json()
    assert body == {"moves": [{"action": "play", "tile": "5-1", "train": 0}]}


def test_api_invalid_positions_name_the_field(client: FlaskClient) -> None:
    bad = {
        **POSITION,
        "trains": [*POSITION["trains"][:2], {"tiles": ["12-0", "7-3"], "marker": False}, POSITION["trains"][3]],
    }
    response = client.post("/api/v1/check", json={"position": bad, "move": {"action": "draw"}})
    assert response.status_code == 422
    assert response.get_json()["error"] == "trains[2].tiles[1]: 7-3 does not connect to 0"
    cases = [
        {"position": POSITION, "move": {"action": "fly"}},
        {"position": {**POSITION, "set": "twelve"}, "move": {"action": "draw"}},
        {"position": {**POSITION, "hand": ["5-1", "5-1"]}, "move": {"action": "draw"}},
        {"position": [], "move": {"action": "draw"}},
        {"position": POSITION},
    ]
    for body in cases:
        response = client.post("/api/v1/check", json=body)
        assert response.status_code == 422, body
        assert response.get_json()["error"]
    assert client.post("/api/v1/check", data="nope").status_code == 400
    assert client.post("/api/v1/moves", json={"position": {"set": 12}}).status_code == 422


def test_api_deal(client: FlaskClient) -> None:
    body = client.get("/api/v1/deal?players=5&set=12&rules=standard").get_json()
    assert body == {
        "players": 5,
        "set": 12,
        "rules": "standard",
        "game": "mexican-train",
        "tiles_each": 12,
        "boneyard": 91 - 1 - 60,
    }
    assert client.get("/api/v1/deal?players=5&set=12&rules=italian").get_json()["tiles_each"] == 14
    too_many = client.get("/api/v1/deal?players=9&set=12")
    assert too_many.status_code == 422 and "double-15" in too_many.get_json()["error"]
    assert client.get("/api/v1/deal?players=x").status_code == 422
    assert client.get("/api/v1/deal?players=4&set=13").status_code == 422
    assert client.get("/api/v1/deal?players=4&rules=nope").status_code == 422


def test_api_presets(client: FlaskClient) -> None:
    presets = client.get("/api/v1/presets").get_json()["presets"]
    assert [p["name"] for p in presets] == [name for kind in KINDS.values() for name in kind.presets]
    assert [*PRESETS, *SUPER_PRESETS] == [p["name"] for p in presets][: len(PRESETS) + len(SUPER_PRESETS)]
    assert {p["name"]: p["game"] for p in presets} == {
        name: kind.id for kind in KINDS.values() for name in kind.presets
    }
    assert all(p["title"] and p["description"] and isinstance(p["options"], dict) for p in presets)


def test_the_hand_picker_is_sent_only_when_asked_for(client: FlaskClient) -> None:
    plain = text(client.get("/check"))
    assert "name=hand " not in plain and 'name="pick_hand"' in plain
    asked = text(client.get("/check?pick_hand=1"))
    assert asked.count("name=hand ") == 91


@pytest.mark.parametrize(
    "url",
    [
        check_url(tile="12-4", train="1"),
        "/check?game_kind=super-domino&check=1&turn=0&action=play&tile=9-9&edge=2&edge-0=4&edge-1=6&edge-2=13&edge-3=4",
    ],
    ids=["mexican-train", "super-domino"],
)
def test_an_allowed_move_cites_no_empty_rule(client: FlaskClient, url: str) -> None:
    page = html.unescape(text(client.get(url)))
    assert 'class="verdict">Allowed' in page
    assert "A legal move" not in page and "Rule:" not in page
