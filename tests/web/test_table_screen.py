"""The table screen at the end of a game: the podium, playing again with the same table, sharing; the chart."""

from __future__ import annotations

import html
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import session
from scorekeeper.models import Game

from .helpers import plain_names, text

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]


def api_game(client: FlaskClient, **setup: Any) -> dict[str, Any]:
    response = client.post("/api/v1/games", json={"players": PLAYERS, **setup})
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def score(client: FlaskClient, game_id: str, *pips: int, went_out: str = "Ana") -> None:
    body: dict[str, Any] = {"pips": dict(zip(PLAYERS, pips)), "went_out": went_out}
    assert client.post(f"/api/v1/games/{game_id}/rounds", json=body).status_code == 201


def finished_game(client: FlaskClient, **setup: Any) -> str:
    """A two-round game over: Ana 0, Cleo 10, Ben 20, Dan 40."""
    game = api_game(client, rounds=2, **setup)
    score(client, game["id"], 0, 12, 5, 30)
    score(client, game["id"], 0, 8, 5, 10)
    return str(game["id"])


def play_again(client: FlaskClient, game_id: str) -> dict[str, Any]:
    response = client.post(f"/games/{game_id}/again")
    assert response.status_code == 302
    new_id = response.headers["Location"].rsplit("/games/", 1)[1]
    assert new_id != game_id
    return dict(client.get(f"/api/v1/games/{new_id}").get_json())


def games_stored(app: Flask) -> int:
    with app.app_context():
        return len(session().scalars(select(Game)).all())


def podium(page: str) -> list[tuple[str, str, str]]:
    found = re.search(r'<ol class="podium"[^>]*>(.*?)</ol>', page, re.S)
    assert found, "no podium on the page"
    return [
        (html.unescape(name), re.sub(r"\s+", " ", html.unescape(value)).strip(), rank)
        for name, value, rank in re.findall(
            r'<span class="podium-name">([^<]+)</span>\s*<span class="podium-score">([^<]+)</span>\s*'
            r'<span class="step"[^>]*>(\d+)</span>',
            found.group(1),
        )
    ]


def test_the_end_screen_puts_the_first_three_on_a_podium_with_their_totals(client: FlaskClient) -> None:
    page = text(client.get(f"/games/{finished_game(client)}"))
    assert "Game over" in page and "<strong>Ana</strong> wins with 0 pips" in page
    assert podium(page) == [("Ana", "0 pips", "1"), ("Cleo", "10 pips", "2"), ("Ben", "20 pips", "3")]


def test_a_shared_win_shares_the_top_of_the_podium(client: FlaskClient) -> None:
    game = api_game(client, rounds=1)
    score(client, game["id"], 0, 0, 5, 30, went_out="Ana")
    page = text(client.get(f"/games/{game['id']}"))
    assert [(name, rank) for name, _, rank in podium(page)] == [("Ana", "1"), ("Ben", "1"), ("Cleo", "3")]


def test_the_winner_leads_no_longer_once_the_game_is_over(client: FlaskClient) -> None:
    game = api_game(client, rounds=2)
    score(client, game["id"], 0, 12, 5, 30)
    playing = text(client.get(f"/games/{game['id']}"))
    assert re.search(r'class="name">Ana</span>\s*<span class="total">0</span>\s*<span class="gap">lead</span>', playing)
    score(client, game["id"], 0, 8, 5, 10)
    over = text(client.get(f"/games/{game['id']}"))
    assert re.search(r'class="name">Ana</span>\s*<span class="total">0</span>\s*<span class="gap"></span>', over)
    assert ">lead<" not in over


def test_the_end_screen_offers_play_again_share_and_history_and_hides_delete(client: FlaskClient) -> None:
    game_id = finished_game(client)
    page = text(client.get(f"/games/{game_id}"))
    result = re.search(r'<section class="card result">(.*?)</section>', page, re.S)
    assert result, "no result card"
    card = result.group(1)
    assert f'<form method="post" action="/games/{game_id}/again">' in card
    assert "Play again with the same players" in card
    share = f'<button type="button" class="share" hidden data-share="/games/{game_id}/share">Share the result</button>'
    assert share in card  # share.js shows it, and sends the result, not this page's address
    assert f'href="/games/{game_id}/history"' in card
    assert "/delete" not in card
    # deleting is still there, behind "More", and no longer a red button of its own
    more = re.search(r'<details class="more">(.*?)</details>', page, re.S)
    assert more and f'href="/games/{game_id}/delete"' in more.group(1)
    assert page.count("/delete") == 1


def test_playing_again_keeps_the_players_the_game_and_its_setup_and_moves_the_deal_on(client: FlaskClient) -> None:
    old = finished_game(client, set=9, order="up", double_blank=50, rules="italian", first_dealer="Ben")
    new = play_again(client, old)
    assert new["players"] == PLAYERS
    assert (new["game"], new["set"], new["order"], new["double_blank"], new["rules"]) == (
        "mexican-train",
        9,
        "up",
        50,
        "italian",
    )
    assert new["rounds_total"] == 2 and new["rounds"] == []
    assert new["first_dealer"] == "Cleo"  # Ben dealt first last time
    assert new["next_round"]["dealer"] == "Cleo"


def test_the_deal_moves_on_round_the_table_from_the_last_seat_to_the_first(client: FlaskClient) -> None:
    assert play_again(client, finished_game(client, first_dealer="Dan"))["first_dealer"] == "Ana"


def test_playing_again_opens_the_new_game_and_says_who_deals(client: FlaskClient) -> None:
    old = finished_game(client, first_dealer="Ana")
    page = text(client.get(f"/games/{old}"))
    assert "<strong>Ben</strong> deals the first round" in page  # said before the tap
    response = client.post(f"/games/{old}/again", follow_redirects=True)
    assert response.status_code == 200
    assert "Round 1 of 2" in text(response)
    assert "<strong>Ben</strong> deals the first round" in text(response)
    listed = text(client.get("/"))
    assert listed.index(response.request.path) < listed.index(f"/games/{old}")  # the new game tops the list


def test_a_super_domino_evening_plays_again_as_super_domino(client: FlaskClient) -> None:
    body = {"game": "super-domino", "players": ["Ana", "Ben", "Cleo"], "rounds": None, "first_dealer": "Cleo"}
    game = client.post("/api/v1/games", json=body).get_json()
    hand = {"pips": {"Ana": 0, "Ben": 9, "Cleo": 4}, "tiles": {"Ana": 0, "Ben": 2, "Cleo": 1}, "went_out": "Ana"}
    assert client.post(f"/api/v1/games/{game['id']}/rounds", json=hand).status_code == 201
    assert client.post(f"/api/v1/games/{game['id']}/finish", json={}).status_code == 200
    page = text(client.get(f"/games/{game['id']}"))
    assert "<strong>Ana</strong> deals the first hand" in page
    assert ("Ana", "1 hand won", "1") in podium(page)
    new = play_again(client, game["id"])
    assert (new["game"], new["players"], new["rounds_total"]) == ("super-domino", ["Ana", "Ben", "Cleo"], None)
    assert new["first_dealer"] == "Ana"


def test_play_again_is_a_post_with_the_forms_token(app_with_csrf: Flask) -> None:
    client = app_with_csrf.test_client()
    game_id = finished_game(client)  # the JSON API needs no token
    page = text(client.get(f"/games/{game_id}"))
    form = re.search(rf'<form method="post" action="/games/{game_id}/again">(.*?)</form>', page, re.S)
    assert form, "no play-again form"
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form.group(1))
    assert token, "the play-again form carries no CSRF token"
    assert client.get(f"/games/{game_id}/again").status_code == 405
    refused = client.post(f"/games/{game_id}/again")
    assert refused.status_code == 400
    assert games_stored(app_with_csrf) == 1  # nothing was started
    sent = client.post(f"/games/{game_id}/again", data={"csrf_token": token.group(1)})
    assert sent.status_code == 302 and sent.headers["Location"] != f"/games/{game_id}"
    assert games_stored(app_with_csrf) == 2


def test_play_again_for_no_game_is_not_found(client: FlaskClient) -> None:
    assert client.post("/games/no-such-game/again").status_code == 404


def test_the_chart_names_every_player_whole_in_its_legend(client: FlaskClient) -> None:
    names = ["Grandpa Maximilián", "Ana"]
    game = client.post("/api/v1/games", json={"players": names}).get_json()
    pips = {"Grandpa Maximilián": 12, "Ana": 0}
    assert client.post(f"/api/v1/games/{game['id']}/rounds", json={"pips": pips, "went_out": "Ana"}).status_code == 201
    page = text(client.get(f"/games/{game['id']}"))
    legend = re.search(r'<ul class="legend">(.*?)</ul>', page, re.S)
    assert legend, "no legend under the chart"
    assert re.findall(r'<span class="who">([^<]+)</span>', legend.group(1)) == names
    # each line has its own marker shape, and the legend shows it
    assert len(set(re.findall(r'<marker id="(mk\d)"', page))) == 2
    assert 'marker-mid="url(#mk0)"' in legend.group(1) and 'marker-mid="url(#mk1)"' in legend.group(1)


def test_the_table_screen_loads_no_round_form_script(client: FlaskClient) -> None:
    # app.js is the round pages'; the table screen asks before undo with share.js and stays light
    page = plain_names(text(client.get(f"/games/{api_game(client)['id']}")))
    assert "/static/app.js" not in page
    assert '/static/wake.js" defer' in page and '/static/share.js" defer' in page


def test_play_again_tapped_twice_or_on_two_phones_starts_one_game(app: Flask, client: FlaskClient) -> None:
    old = finished_game(client)
    before = games_stored(app)
    first = play_again(client, old)
    with app.test_client() as other_phone:
        second = play_again(other_phone, old)
    assert second["id"] == first["id"] and play_again(client, old)["id"] == first["id"]
    assert games_stored(app) == before + 1
    # once the new game is in the trash, the old one can be played again anew
    assert client.post(f"/games/{first['id']}/delete").status_code in (302, 303)
    assert play_again(client, old)["id"] != first["id"]


def _standings_head(page: str) -> list[str]:
    found = re.search(r'<p class="standings-head">(.*?)</p>', page, re.S)
    return [html.unescape(t) for t in re.findall(r">([^<>]+)</span>", found.group(1))] if found else []


def test_the_standings_label_the_total_and_how_far_behind_the_leader(client: FlaskClient) -> None:
    game = api_game(client, rounds=3)
    assert _standings_head(text(client.get(f"/games/{game['id']}"))) == []  # nothing to label before a round
    score(client, game["id"], 0, 12, 5, 30)
    # after round 1 "+12" equals Ben's round: the column says it is how far behind the leader he is
    page = text(client.get(f"/games/{game['id']}"))
    assert _standings_head(page) == ["Total", "behind the leader"]
    assert re.search(r'class="name">Ben</span>\s*<span class="total">12</span>\s*<span class="gap">\+12</span>', page)
    client.get("/language/it")
    assert _standings_head(text(client.get(f"/games/{game['id']}"))) == ["Totale", "dietro al primo"]


def test_the_watch_page_labels_the_standings_too(client: FlaskClient) -> None:
    game = api_game(client, rounds=3)
    score(client, game["id"], 0, 12, 5, 30)
    join = text(client.get(f"/games/{game['id']}/join"))
    watch = re.search(r"/watch/[\w-]+", join)
    assert watch is not None
    assert _standings_head(text(client.get(watch.group(0)))) == ["Total", "behind the leader"]


def test_a_super_domino_table_labels_its_big_number_hands_won(client: FlaskClient) -> None:
    created = client.post("/api/v1/games", json={"game": "super-domino", "players": ["Ana", "Ben", "Cleo"]})
    url = f"/api/v1/games/{created.get_json()['id']}"
    hand = {"pips": {"Ana": 0, "Ben": 10, "Cleo": 4}, "tiles": {"Ana": 0, "Ben": 2, "Cleo": 1}, "went_out": "Ana"}
    assert client.post(f"{url}/rounds", json=hand).status_code == 201
    assert _standings_head(text(client.get(url.replace("/api/v1", "")))) == ["Hands won"]
