"""A phone that says whose it is ("I am Ana") sends that player's value with its main button; a phone joining a
game is asked once which player it is, and "Play again" keeps the answer."""

from __future__ import annotations

import re

from flask import Flask

from .helpers import enter_round, start_game, text


def _save_class(page: str) -> str:
    found = re.search(r'<button class="([^"]*)" type="submit" id="save-round">', page)
    assert found, page
    return found.group(1)


def _send_mine_class(page: str) -> str:
    found = re.search(r'<button class="([^"]*)" name="seat" value="\d+"\s*id=send-mine>', page)
    assert found, page
    return found.group(1)


def test_on_anas_phone_the_main_button_sends_hers_until_every_value_is_in(app: Flask) -> None:
    ana, ben = app.test_client(), app.test_client()
    game = start_game(ana, "Ana", "Ben", "Cleo")
    ana.post(f"{game}/me", data={"seat": "0"})
    page = text(ana.get(f"{game}/rounds/new"))
    assert _send_mine_class(page) == "send primary big"
    assert "primary" not in _save_class(page).split()
    # Enter in a field sends hers too
    assert re.search(r'<button hidden tabindex="-1" aria-hidden="true" name="seat" value="0"></button>', page)
    # a phone that enters for everyone keeps the big Save
    everyone = text(ben.get(f"{game}/rounds/new"))
    assert _save_class(everyone) == "primary big" and "id=send-mine" not in everyone
    # Ana sends 15 with it: kept, no errors
    sent = ana.post(f"{game}/rounds/1/mine", data={"seat": "0", "pips-0": "15"}, headers={"Accept": "application/json"})
    assert sent.status_code == 200 and sent.get_json()["stored"] is False
    # once every value is in, saving the whole round is the main button again
    for seat, pips in ((1, "0"), (2, "8")):
        ben.post(f"{game}/rounds/1/mine", data={"seat": str(seat), f"pips-{seat}": pips})
    page = text(ana.get(f"{game}/rounds/new"))
    assert _save_class(page) == "primary big" and _send_mine_class(page) == "send"


def test_a_joining_phone_is_asked_once_which_player_it_is(app: Flask) -> None:
    host, joining = app.test_client(), app.test_client()
    game = start_game(host, "Ana", "Ben")
    join_page = text(host.get(f"{game}/join"))
    assert f"{game}/whose" in join_page  # the QR code and link lead there
    asked = text(joining.get(f"{game}/whose"))
    assert "Which player are you?" in asked
    assert [re.sub(r"\s+", " ", b) for b in re.findall(r'<button[^>]*name="seat"[^>]*>([^<]*)<', asked)] == [
        "I am Ana",
        "I am Ben",
        "I enter for everyone",
    ]
    answered = joining.post(f"{game}/me", data={"seat": "1", "then": "table"})
    assert answered.status_code == 302 and answered.headers["Location"] == game
    # asked once: the same link now opens the table screen, and the round form knows whose phone it is
    again = joining.get(f"{game}/whose")
    assert again.status_code == 302 and again.headers["Location"] == game
    assert re.search(r'<div class="seat[^"]* me" data-seat="1">', text(joining.get(f"{game}/rounds/new")))
    # a game code typed on a phone leads to the question too
    code = game.rsplit("/", 1)[-1]
    assert app.test_client().get("/open", query_string={"game": code}).headers["Location"] == f"{game}/whose"


def test_play_again_keeps_whose_phone_it_is(app: Flask) -> None:
    host, ben = app.test_client(), app.test_client()
    game = start_game(host, "Ana", "Ben", rounds="1")
    ben.post(f"{game}/me", data={"seat": "1"})
    assert enter_round(host, game, 0, 12, went_out="0").status_code == 302
    again = ben.post(f"{game}/again")
    assert again.status_code == 302
    new_game = again.headers["Location"]
    assert new_game != game
    assert re.search(r'<div class="seat[^"]* me" data-seat="1">', text(ben.get(f"{new_game}/rounds/new")))
    assert " me" not in re.findall(r'<div class="seat[^"]*"', text(host.get(f"{new_game}/rounds/new")))[0]
