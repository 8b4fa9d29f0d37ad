"""Who shuffles and deals, and who plays first: chosen on the new-game form or in the API, shown on the table
screen's now card, in the game's JSON, and kept by a backup."""

from __future__ import annotations

import copy
import html
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from scorekeeper.models import Game
from scorekeeper.services.backup import FormatError, backup_document, restore_document

from .helpers import enter_round, errors, start_game, text

FIVE = ("Ana", "Ben", "Cleo", "Dan", "Eve")


def dealer_line(client: FlaskClient, game: str) -> str:
    """The now card's dealer line as a player reads it: tags dropped, spaces collapsed."""
    found = re.search(r'<p class="dealer">(.*?)</p>', text(client.get(game)), re.S)
    assert found, "no dealer line on the table screen"
    return html.unescape(" ".join(re.sub(r"<[^>]+>", "", found.group(1)).split()))


def finish_round(client: FlaskClient, game: str, players: int) -> None:
    response = enter_round(client, game, 0, *[5] * (players - 1), went_out="0")
    assert response.status_code == 302, errors(text(response))


def api_game(client: FlaskClient, **body: object) -> dict[str, Any]:
    response = client.post("/api/v1/games", json={"players": list(FIVE), **body})
    assert response.status_code == 201, response.get_json()
    return response.get_json()  # type: ignore[no-any-return]


def games_stored(app: Flask) -> int:
    with session_of(app) as db:
        return db.scalar(select(func.count()).select_from(Game)) or 0


# -- the table screen ------------------------------------------------------------------------


def test_the_first_player_named_deals_first_and_the_deal_moves_on_each_round(client: FlaskClient) -> None:
    game = start_game(client, *FIVE)
    assert dealer_line(client, game) == "Ana deals the first round · Ben plays first"
    finish_round(client, game, 5)
    assert dealer_line(client, game) == "Ben shuffles and deals · Cleo plays first"
    finish_round(client, game, 5)
    assert dealer_line(client, game) == "Cleo shuffles and deals · Dan plays first"


def test_the_form_chooses_who_deals_first_and_the_deal_wraps_round_the_table(client: FlaskClient) -> None:
    game = start_game(client, *FIVE, first_dealer="4")  # the fifth name field: Eve
    assert dealer_line(client, game) == "Eve deals the first round · Ana plays first"
    finish_round(client, game, 5)
    assert dealer_line(client, game) == "Ana shuffles and deals · Ben plays first"


def test_a_blank_name_field_between_names_still_picks_the_player_typed_there(client: FlaskClient) -> None:
    response = client.post(
        "/games/new",
        data={"players-0": "Ana", "players-2": "Cleo", "first_dealer": "2", "set": "12", "order": "down"},
    )
    assert response.status_code == 302
    assert dealer_line(client, response.headers["Location"]) == "Cleo deals the first round · Ana plays first"


def test_choosing_a_name_field_left_blank_is_a_form_error(app: Flask, client: FlaskClient) -> None:
    response = client.post(
        "/games/new",
        data={"players-0": "Ana", "players-1": "Ben", "first_dealer": "3", "set": "12", "order": "down"},
    )
    page = text(response)
    assert response.status_code == 200
    assert errors(page) == ["Choose who deals first from the players named."]
    assert 'id="first_dealer-error"' in page and 'value="Ana"' in page  # next to the field, names kept
    assert games_stored(app) == 0


def test_the_engine_holder_starts_where_the_rules_say_so(client: FlaskClient) -> None:
    game = start_game(client, *FIVE, rules="czech", first_dealer="1")
    assert dealer_line(client, game) == "Ben deals the first round · whoever holds double-12 starts"
    finish_round(client, game, 5)
    assert dealer_line(client, game) == "Cleo shuffles and deals · whoever holds double-11 starts"


def test_super_domino_hands_rotate_the_deal_and_the_highest_tile_starts(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo", game="super-domino", first_dealer="2")
    assert dealer_line(client, game) == "Cleo deals the first hand · whoever holds the highest tile starts"
    hand = {"pips-0": "0", "pips-1": "9", "pips-2": "4", "tiles-0": "0", "tiles-1": "2", "tiles-2": "1"}
    response = client.post(f"{game}/rounds/new", data={**hand, "went_out": "0"})
    assert response.status_code == 302, errors(text(response))
    assert dealer_line(client, game) == "Ana shuffles and deals · whoever holds the highest tile starts"


def test_a_name_is_shown_as_text_not_markup(client: FlaskClient) -> None:
    game = start_game(client, "<b>Ana</b>", "Ben")
    assert "&lt;b&gt;Ana&lt;/b&gt;" in text(client.get(game))


# -- the JSON API ------------------------------------------------------------------------------


def test_the_api_names_the_first_dealer_and_each_rounds_dealer_and_leader(client: FlaskClient) -> None:
    game = api_game(client, first_dealer="Dan")
    assert game["first_dealer"] == "Dan"
    turn = {"dealer": "Dan", "leader": "Eve", "starts": None}
    assert game["next_round"] == {"number": 1, "engine": 12, "deal": 12, **turn}
    rounds = f"/api/v1/games/{game['id']}/rounds"
    pips = {"Ana": 0, "Ben": 5, "Cleo": 5, "Dan": 5, "Eve": 5}
    body = client.post(rounds, json={"pips": pips, "went_out": "Ana"}).get_json()
    assert (body["first_dealer"], body["next_round"]["dealer"], body["next_round"]["leader"]) == ("Dan", "Eve", "Ana")
    body = client.post(rounds, json={"pips": pips, "went_out": "Ana"}).get_json()
    assert (body["next_round"]["dealer"], body["next_round"]["leader"]) == ("Ana", "Ben")


def test_the_api_defaults_to_the_first_player_and_trims_the_name(client: FlaskClient) -> None:
    assert api_game(client)["first_dealer"] == "Ana"
    assert api_game(client, first_dealer="  Cleo ")["next_round"]["dealer"] == "Cleo"


def test_the_api_names_the_rule_when_a_rule_decides(client: FlaskClient) -> None:
    turn = api_game(client, rules="portuguese", first_dealer="Ben")["next_round"]
    assert (turn["dealer"], turn["leader"], turn["starts"]) == ("Ben", None, "engine-holder")
    response = client.post(
        "/api/v1/games", json={"game": "super-domino", "players": ["Ana", "Ben"], "first_dealer": "Ben"}
    )
    turn = response.get_json()["next_round"]
    assert (turn["dealer"], turn["leader"], turn["starts"]) == ("Ben", None, "highest-tile")


@pytest.mark.parametrize(
    ("sent", "message"),
    [
        ("Zed", "Zed is not playing, so cannot deal first; choose one of Ana, Ben, Cleo, Dan, Eve."),
        ("", "Choose who deals first from the players named."),
        (3, "Choose who deals first from the players named."),
    ],
)
def test_an_unknown_first_dealer_is_a_clear_422(app: Flask, client: FlaskClient, sent: object, message: str) -> None:
    response = client.post("/api/v1/games", json={"players": list(FIVE), "first_dealer": sent})
    assert response.status_code == 422
    assert response.get_json()["error"] == message
    assert games_stored(app) == 0


# -- backups ---------------------------------------------------------------------------------


@pytest.fixture
def other(tmp_path: Path, app_factory: Callable[..., Flask]) -> Flask:
    path = tmp_path / "other"
    path.mkdir()
    return app_factory(path, WTF_CSRF_ENABLED=False)


def session_of(app: Flask) -> Session:
    db: Session = app.extensions["db_sessionmaker"]()
    return db


def test_a_backup_keeps_who_dealt_first(app: Flask, client: FlaskClient, other: Flask) -> None:
    game = api_game(client, first_dealer="Cleo")
    with session_of(app) as db:
        doc = json.loads(json.dumps(backup_document(db)))
    assert doc["games"][0]["first_dealer"] == 2
    with session_of(other) as db:
        restore_document(db, doc)
    assert other.test_client().get(f"/api/v1/games/{game['id']}").get_json()["first_dealer"] == "Cleo"


def test_a_backup_from_before_the_first_dealer_restores_with_the_first_seat_dealing(
    app: Flask, client: FlaskClient, other: Flask
) -> None:
    game = api_game(client, first_dealer="Cleo")
    with session_of(app) as db:
        doc = json.loads(json.dumps(backup_document(db)))
    older = copy.deepcopy(doc)
    del older["games"][0]["first_dealer"]
    with session_of(other) as db:
        assert restore_document(db, older).added == [game["id"]]
    with session_of(other) as db:
        assert db.get(Game, game["id"]).first_dealer == 0  # type: ignore[union-attr]
    assert other.test_client().get(f"/api/v1/games/{game['id']}").get_json()["first_dealer"] == "Ana"


def test_a_backup_whose_first_dealer_has_no_seat_is_refused(app: Flask, client: FlaskClient, other: Flask) -> None:
    api_game(client)
    with session_of(app) as db:
        doc = json.loads(json.dumps(backup_document(db)))
    doc["games"][0]["first_dealer"] = 7
    with session_of(other) as db, pytest.raises(FormatError, match=r"games\[0\]\.first_dealer: no seat"):
        restore_document(db, doc)
