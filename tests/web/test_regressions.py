"""Tests that pin behaviour a careless change could break while every other test still passes.

Each was checked against a deliberately broken copy of the code (issue 10, point 10): undo taking the first
round, delete wiping other games' history, a went-out correction missing from the history, CSRF off on a
route, a tied blocked Super Domino hand no longer shared, and ``?lang=`` not remembered.
"""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from .helpers import enter_round, start_game, text

# ---------------------------------------------------------------- reading the pages


def history_lines(client: FlaskClient, game: str) -> list[str]:
    """The history page's lines as "Round 1 · <line>", without their times, whitespace collapsed: the page shows
    the latest round first and the latest line first in each; here the earliest round first, each oldest first."""
    page = text(client.get(f"{game}/history"))
    listing = re.search(r'<div class="history">(.*)</div>', page, re.S)
    assert listing, page
    lines = []
    for heading, block in re.findall(r"<h2[^>]*>([^<]*)</h2>\s*<ol>(.*?)</ol>", listing.group(1), re.S):
        for line in re.findall(r"<li>\s*<time[^>]*>[^<]*</time>\s*<span>(.*?)</span>", block, re.S):
            lines.append(html.unescape(f"{heading} · {' '.join(line.split())}"))
    return lines[::-1]


def rounds_shown(client: FlaskClient, game: str) -> list[tuple[str, list[str]]]:
    """The table screen's rounds, newest first: (the round's number, its chips such as "Ana 5")."""
    page = text(client.get(game))
    found = re.findall(
        r'<span class="rhead">(\d+) ·[^<]*</span>\s*<span class="chips">(.*?)<span class="edit">', page, re.S
    )
    return [
        (number, [html.unescape(c) for c in re.findall(r'class="chip[^"]*">([^<]*)<', chips)])
        for number, chips in found
    ]


def totals(client: FlaskClient, game: str) -> list[tuple[str, str]]:
    """Mexican Train standings as shown: (player, total), best first."""
    return re.findall(r'class="name">([^<]+)</span>\s*<span class="total">(\d+)', text(client.get(game)))


def hands_won(client: FlaskClient, game: str) -> list[tuple[str, str]]:
    """Super Domino standings as shown: (player, hands won), best first."""
    return re.findall(
        r'class="name">([^<]+)</span>\s*<span class="total" title="hands won">(\d+)', text(client.get(game))
    )


def correct(  # type: ignore[no-untyped-def]
    client: FlaskClient, game: str, number: int, *pips: object, went_out: str = "", blocked: bool = False
):
    data = {f"pips-{i}": str(p) for i, p in enumerate(pips)}
    data["went_out"] = went_out
    if blocked:
        data["blocked"] = "y"
    return client.post(f"{game}/rounds/{number}", data=data)


def undo(client: FlaskClient, game: str, number: int):  # type: ignore[no-untyped-def]
    return client.post(f"{game}/rounds/undo", data={"number": str(number)})


def three_rounds(client: FlaskClient) -> str:
    game = start_game(client, "Ana", "Ben", "Cleo")
    for pips, out in (((0, 10, 20), "0"), ((5, 0, 7), "1"), ((3, 4, 0), "2")):
        assert enter_round(client, game, *pips, went_out=out).status_code == 302
    return game


# ---------------------------------------------------------------- 1. undo takes the last round


def test_undo_takes_back_the_last_round_and_keeps_the_others(client: FlaskClient) -> None:
    game = three_rounds(client)
    assert undo(client, game, 3).status_code == 302
    assert rounds_shown(client, game) == [("2", ["Ana 5", "Ben 0", "Cleo 7"]), ("1", ["Ana 0", "Ben 10", "Cleo 20"])]
    assert totals(client, game) == [("Ana", "5"), ("Ben", "10"), ("Cleo", "27")]
    assert "Round 3 of 13" in text(client.get(game))
    assert history_lines(client, game)[-1] == "Round 3 · round undone (was Ana 3 · Ben 4 · Cleo 0)"
    # and once more: round 2 goes, round 1 stays
    assert undo(client, game, 2).status_code == 302
    assert rounds_shown(client, game) == [("1", ["Ana 0", "Ben 10", "Cleo 20"])]
    assert totals(client, game) == [("Ana", "0"), ("Ben", "10"), ("Cleo", "20")]


def test_undo_through_the_api_takes_the_last_round(client: FlaskClient) -> None:
    game = three_rounds(client)
    game_id = game.rsplit("/", 1)[-1]
    assert client.delete(f"/api/v1/games/{game_id}/rounds/3").status_code == 200
    body = client.get(f"/api/v1/games/{game_id}").get_json()
    assert [r["number"] for r in body["rounds"]] == [1, 2]
    assert rounds_shown(client, game) == [("2", ["Ana 5", "Ben 0", "Cleo 7"]), ("1", ["Ana 0", "Ben 10", "Cleo 20"])]


# ---------------------------------------------------------------- 2. deleting one game leaves the others alone


def test_deleting_a_game_leaves_every_other_game_untouched(client: FlaskClient) -> None:
    kept = three_rounds(client)
    assert correct(client, kept, 1, 0, 12, 20, went_out="0").status_code == 302
    other = start_game(client, "Dora", "Eli")
    assert enter_round(client, other, 0, 9, went_out="0").status_code == 302
    doomed = three_rounds(client)
    assert correct(client, doomed, 2, 6, 0, 7, went_out="1").status_code == 302

    before = {g: (history_lines(client, g), rounds_shown(client, g), totals(client, g)) for g in (kept, other)}
    assert len(before[kept][0]) == 4 and len(before[other][0]) == 1
    assert client.post(f"{doomed}/delete").status_code == 302
    after = {g: (history_lines(client, g), rounds_shown(client, g), totals(client, g)) for g in (kept, other)}
    assert after == before
    assert after[kept][0][1] == "Round 1 · Ben: 10 → 12"
    assert after[other][0] == ["Round 1 · entered Dora 0 · Eli 9"]


# ---------------------------------------------------------------- 3. every correction is in the history


def test_the_history_lists_every_correction_in_order(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo")
    assert enter_round(client, game, 0, 10, 20, went_out="0").status_code == 302
    assert correct(client, game, 1, 0, 11, 20, went_out="0").status_code == 302  # pips changed
    assert correct(client, game, 1, 6, 0, 20, went_out="1").status_code == 302  # went-out moved (and pips)
    assert correct(client, game, 1, 6, 3, 20, blocked=True).status_code == 302  # blocked, nobody out
    assert correct(client, game, 1, 6, 3, 0, went_out="2").status_code == 302  # unblocked, Cleo out
    assert history_lines(client, game) == [
        "Round 1 · entered Ana 0 · Ben 10 · Cleo 20",
        "Round 1 · Ben: 10 → 11",
        "Round 1 · Ana: 0 → 6",
        "Round 1 · Ana: went out → stayed in",
        "Round 1 · Ben: 11 → 0",
        "Round 1 · Ben: stayed in → went out",
        "Round 1 · Ben: 0 → 3",
        "Round 1 · Ben: went out → stayed in",
        "Round 1 · not blocked → blocked",
        "Round 1 · Cleo: 20 → 0",
        "Round 1 · Cleo: stayed in → went out",
        "Round 1 · blocked → not blocked",
    ]
    assert rounds_shown(client, game) == [("1", ["Ana 6", "Ben 3", "Cleo 0"])]


# ---------------------------------------------------------------- 4. CSRF on every state-changing page


WRITES = {"POST", "PUT", "PATCH", "DELETE"}


def _example(rule: str, game_id: str) -> str:
    path = rule.replace("<game_id>", game_id)
    path = re.sub(r"<int:[a-z_]+>", "1", path)  # a round, a person (the game's first player), a merge
    path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", "x", path)
    return path


def test_every_form_route_refuses_a_post_without_its_token(app_with_csrf: Flask) -> None:
    client = app_with_csrf.test_client()
    # a game with a round, made through the JSON API (which takes no token), so every game route has a target
    body = {"players": ["Ana", "Ben"], "set": 12}
    created = client.post("/api/v1/games", json=body)
    assert created.status_code == 201, created.get_json()
    game_id = created.get_json()["id"]
    entry = {"pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"}
    assert client.post(f"/api/v1/games/{game_id}/rounds", json=entry).status_code == 201
    version = client.get(f"/api/v1/games/{game_id}").get_json()

    html_writes = [
        (rule.rule, method)
        for rule in app_with_csrf.url_map.iter_rules()
        # /watch/ takes no token: it writes nothing and refuses every write with a 403 (tests/web/test_join.py)
        if not rule.rule.startswith(("/api/", "/watch/"))
        for method in sorted((rule.methods or set()) & WRITES)
    ]
    expected = {"/games/new", "/games/<game_id>/rounds/new", "/games/<game_id>/rounds/<int:number>"}
    expected |= {"/games/<game_id>/rounds/undo", "/games/<game_id>/finish", "/games/<game_id>/delete"}
    assert expected <= {r for r, _ in html_writes}
    for rule, method in html_writes:
        path = _example(rule, game_id)
        data = {"number": "1", "pips-0": "0", "pips-1": "5", "went_out": "0", "players-0": "X", "players-1": "Y"}
        response = client.open(path, method=method, data=data)
        assert response.status_code == 400, (method, rule, response.status_code)
        # with a token that is not the session's, too
        response = client.open(path, method=method, data={**data, "csrf_token": "forged"})
        assert response.status_code == 400, (method, rule, "forged", response.status_code)
    assert client.get(f"/api/v1/games/{game_id}").get_json() == version  # nothing was written


def test_every_api_write_refuses_a_plain_form(app_with_csrf: Flask) -> None:
    """The API takes no token; instead a write must be JSON, which a form on another site cannot send."""
    client = app_with_csrf.test_client()
    game_id = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "set": 12}).get_json()["id"]
    assert (
        client.post(
            f"/api/v1/games/{game_id}/rounds", json={"pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"}
        ).status_code
        == 201
    )
    before = client.get(f"/api/v1/games/{game_id}").get_json()
    for rule in app_with_csrf.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        for method in sorted((rule.methods or set()) & WRITES - {"DELETE"}):
            response = client.open(_example(rule.rule, game_id), method=method, data={"pips-0": "1"})
            assert 400 <= response.status_code < 500, (method, rule.rule, response.status_code)
    assert client.get(f"/api/v1/games/{game_id}").get_json() == before


# ---------------------------------------------------------------- 6. a fully tied blocked hand is shared


def enter_hand(  # type: ignore[no-untyped-def]
    client: FlaskClient, game: str, hand: list[tuple[int, int]], went_out: str = "", blocked: bool = False
):
    data: dict[str, str] = {"went_out": went_out}
    for i, (tiles, pips) in enumerate(hand):
        data[f"tiles-{i}"] = str(tiles)
        data[f"pips-{i}"] = str(pips)
    if blocked:
        data["blocked"] = "y"
    return client.post(f"{game}/rounds/new", data=data)


def test_two_players_tied_on_tiles_and_pips_share_a_blocked_hand(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo", game="super-domino")
    assert enter_hand(client, game, [(2, 11), (2, 11), (3, 5)], blocked=True).status_code == 302
    assert hands_won(client, game) == [("Ana", "1"), ("Ben", "1"), ("Cleo", "0")]
    assert enter_hand(client, game, [(1, 4), (2, 3), (1, 4)], blocked=True).status_code == 302
    assert hands_won(client, game) == [("Ana", "2"), ("Cleo", "1"), ("Ben", "1")]  # Cleo: fewer pips


def test_three_players_tied_all_share_a_blocked_hand(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo", game="super-domino")
    assert enter_hand(client, game, [(2, 9), (2, 9), (2, 9)], blocked=True).status_code == 302
    assert hands_won(client, game) == [("Ana", "1"), ("Ben", "1"), ("Cleo", "1")]
    game_id = game.rsplit("/", 1)[-1]
    body = client.get(f"/api/v1/games/{game_id}").get_json()
    assert sorted(body["rounds"][0]["winners"]) == ["Ana", "Ben", "Cleo"]


# ---------------------------------------------------------------- 7. ?lang= is remembered


CHECK = {
    "position": {
        "rules": "standard",
        "set": 12,
        "engine": 12,
        "players": 2,
        "turn": 1,
        "trains": [{"tiles": ["12-5", "5-5"], "marker": False}, {"tiles": [], "marker": False}],
        "mexican": [],
        "open_doubles": [0],
        "hand": ["9-4"],
        "boneyard": 30,
    },
    "move": {"action": "play", "tile": "9-4", "train": 1},
}


@pytest.mark.parametrize("first", ["/?lang=cs", "/games/new?lang=cs", "/rules?lang=cs"])
def test_a_language_asked_in_the_address_is_remembered_for_pages(client: FlaskClient, first: str) -> None:
    assert '<html lang="cs">' in text(client.get(first))
    for later in ("/", "/games/new", "/rules"):
        assert '<html lang="cs">' in text(client.get(later)), later
    # the cookie outranks the browser's language
    assert '<html lang="cs">' in text(client.get("/", headers={"Accept-Language": "de"}))


def test_a_language_asked_in_the_address_is_remembered_for_api_reasons(client: FlaskClient) -> None:
    english = client.post("/api/v1/check", json=CHECK).get_json()["reason"]
    czech = client.post("/api/v1/check?lang=cs", json=CHECK).get_json()["reason"]
    assert czech != english
    assert client.post("/api/v1/check", json=CHECK).get_json()["reason"] == czech
    assert client.post("/api/v1/check", json=CHECK, headers={"Accept-Language": "en"}).get_json()["reason"] == czech


def test_a_page_visit_with_lang_carries_over_to_the_api(client: FlaskClient) -> None:
    english = client.post("/api/v1/check", json=CHECK).get_json()["reason"]
    client.get("/?lang=cs")
    reason = client.post("/api/v1/check", json=CHECK).get_json()["reason"]
    assert reason != english
    assert client.get("/api/v1/presets").headers["Content-Language"] == "cs"
