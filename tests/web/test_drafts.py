"""Everyone enters their own pips: each phone sends one player's value, every phone sees who has, and the
round is stored once, when it is complete."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from .helpers import plain_names, start_game, text


def send(client: FlaskClient, game: str, number: int, seat: object, **fields: str) -> Any:
    return client.post(
        f"{game}/rounds/{number}/mine", data={"seat": str(seat), **fields}, headers={"Accept": "application/json"}
    )


def marks(page: str) -> dict[str, str]:
    """Each seat's mark on the round form: "sent" or "waiting"."""
    return {seat: state for state, seat in re.findall(r'class="mark (sent|waiting)" data-mark="(\d)"', page)}


def test_each_phone_sends_its_own_pips_and_the_round_is_stored_once_complete(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo")
    first = send(client, game, 1, 1, **{"pips-1": "12"})
    assert first.status_code == 200 and first.get_json()["stored"] is False
    form = text(client.get(f"{game}/rounds/new"))
    assert marks(form) == {"0": "waiting", "1": "sent", "2": "waiting"}
    assert re.search(r'name="pips-1"[^>]*value="12"', form)  # what Ben sent shows on every phone
    table = text(client.get(game))
    assert "Sent so far" in table and "Not sent yet" in table
    assert send(client, game, 1, 2, **{"pips-2": "30"}).get_json()["stored"] is False
    last = send(client, game, 1, 0, **{"pips-0": "0", "went_out": "0"})
    assert last.get_json()["stored"] is True
    api = client.get(game.replace("/games/", "/api/v1/games/")).get_json()
    assert [r["pips"] for r in api["rounds"]] == [{"Ana": 0, "Ben": 12, "Cleo": 30}]
    assert api["rounds"][0]["went_out"] == "Ana"
    # a late resend of the same value stores nothing and says the round is already in
    again = send(client, game, 1, 0, **{"pips-0": "0", "went_out": "0"})
    assert again.status_code == 409 and "already entered" in again.get_json()["error"]
    assert len(client.get(game.replace("/games/", "/api/v1/games/")).get_json()["rounds"]) == 1
    assert "Sent so far" not in text(client.get(game))  # round 2 starts empty


def test_a_round_needs_its_end_before_it_is_stored(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    send(client, game, 1, 0, **{"pips-0": "5"})
    assert send(client, game, 1, 1, **{"pips-1": "9"}).get_json()["stored"] is False  # nobody out, not blocked
    blocked = send(client, game, 1, "blocked", blocked="y")
    assert blocked.get_json()["stored"] is True
    api = client.get(game.replace("/games/", "/api/v1/games/")).get_json()
    assert api["rounds"][0]["blocked"] is True and api["rounds"][0]["pips"] == {"Ana": 5, "Ben": 9}


def test_wrong_values_are_refused_for_that_seat_with_a_reason(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    bad = send(client, game, 1, 1, **{"pips-1": "lots"})
    assert bad.status_code == 422 and "pips-1" in bad.get_json()["errors"]
    assert "Ben" in bad.get_json()["errors"]["pips-1"]
    out = send(client, game, 1, 0, **{"pips-0": "0", "went_out": "0"})
    assert out.status_code == 200
    second = send(client, game, 1, 1, **{"pips-1": "0", "went_out": "1"})
    assert second.status_code == 422 and "Ana already went out" in second.get_json()["error"]
    nobody = send(client, game, 1, 7, **{"pips-1": "3"})
    assert nobody.status_code == 422


def test_a_phone_says_whose_it_is_and_keeps_it(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    assert client.post(f"{game}/me", data={"seat": "1"}).status_code == 302
    page = text(client.get(f"{game}/rounds/new"))
    assert re.search(r'class="seat[^"]* me" data-seat="1"', page)
    assert "Send mine" in page and re.search(r'<option value="1" selected>I am Ben', page)
    assert len(re.findall(r'class="send', page)) == 2  # Ben's own and the blocked mark; Ana sends from her phone
    client.post(f"{game}/me", data={"seat": ""})
    everyone = text(client.get(f"{game}/rounds/new"))
    assert "Send mine" not in everyone and len(re.findall(r'class="send', everyone)) == 3


def test_without_javascript_a_seat_sent_keeps_everything_typed(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    page = client.post(f"{game}/rounds/1/mine", data={"seat": "0", "pips-0": "7", "pips-1": "4"})
    assert page.status_code == 200
    body = text(page)
    assert re.search(r'name="pips-1"[^>]*value="4"', body)  # typed for Ben, not sent, still there
    assert marks(body) == {"0": "sent", "1": "waiting"}


def test_a_half_filled_round_survives_a_restart(app_factory: Any, tmp_path: Any) -> None:
    first: Flask = app_factory(tmp_path, WTF_CSRF_ENABLED=False)
    game = start_game(first.test_client(), "Ana", "Ben")
    send(first.test_client(), game, 1, 1, **{"pips-1": "21"})
    again: Flask = app_factory(tmp_path, WTF_CSRF_ENABLED=False)  # a new process on the same database
    page = text(again.test_client().get(f"{game}/rounds/new"))
    assert re.search(r'name="pips-1"[^>]*value="21"', page) and marks(page)["1"] == "sent"


def test_the_live_tag_changes_with_every_send_and_answers_304_otherwise(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    live = game.replace("/games/", "/api/v1/games/") + "/live"
    before = client.get(live)
    tag = before.get_json()["tag"]
    assert before.headers["ETag"] == f'"{tag}"'
    assert client.get(live, headers={"If-None-Match": f'"{tag}"'}).status_code == 304
    send(client, game, 1, 0, **{"pips-0": "3"})
    after = client.get(live, headers={"If-None-Match": f'"{tag}"'})
    assert after.status_code == 200 and after.get_json()["tag"] != tag
    assert client.get("/api/v1/games/nosuchgame12345/live").status_code == 404


def test_every_page_of_a_game_follows_it_live(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    client.post(f"{game}/rounds/new", data={"number": "1", "pips-0": "0", "pips-1": "9", "went_out": "0"})
    game_id = game.rsplit("/", 1)[1]
    live = f'data-live-url="/api/v1/games/{game_id}/live"'
    for page in (game, f"{game}/rounds/new", f"{game}/rounds/1", f"{game}/history", f"/check?game={game_id}"):
        body = plain_names(text(client.get(page)))
        assert live in body and 'data-live-tag="2.0"' in body, page
        assert "/static/live.js" in body, page
    assert "data-live-url" not in text(client.get("/check"))  # a checker of no game has nothing to follow
