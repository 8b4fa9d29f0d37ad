"""A write to a game is decided on the game as the request read it, before the writer's turn, so that the turn holds
only the claim and the write; when another phone wrote between that read and the claim, it is decided again on the
game as stored then, and what the other phone did is never undone or doubled."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db import session
from scorekeeper.services import (
    Conflict,
    add_round,
    edit_round,
    entry_from_json,
    finish_game,
    get_game,
    join_game,
    read_game,
    rename_seat,
    undo_round,
)


def _game(client: FlaskClient) -> str:
    game = client.post("/api/v1/games", json={"players": ["Ana", "Ben", "Cleo"]}).get_json()["id"]
    sent = {"pips": {"Ana": 0, "Ben": 6, "Cleo": 9}, "went_out": "Ana"}
    assert client.post(f"/api/v1/games/{game}/rounds", json=sent).status_code == 201
    return str(game)


def test_a_join_decided_on_an_older_read_is_decided_again_when_another_phone_took_the_name(
    app: Flask, client: FlaskClient
) -> None:
    game_id = _game(client)
    with app.test_request_context():
        db = session()
        game = get_game(db, game_id)  # this phone's read: nobody is called Dora yet
        other = app.extensions["db_sessionmaker"]()  # another phone renames Cleo to Dora meanwhile
        try:
            rename_seat(other, get_game(other, game_id), 2, "Dora")
        finally:
            other.close()
        with pytest.raises(Conflict, match="Dora is already at this table"):
            join_game(db, game, "Dora")
    names = client.get(f"/api/v1/games/{game_id}").get_json()["players"]
    assert names == ["Ana", "Ben", "Dora"]


def test_a_correction_decided_on_an_older_read_is_decided_again_when_the_round_was_undone_meanwhile(
    app: Flask, client: FlaskClient
) -> None:
    game_id = _game(client)
    with app.test_request_context():
        db = session()
        game = read_game(db, game_id)  # this phone's read: round 1 is there
        other = app.extensions["db_sessionmaker"]()  # another phone undoes it meanwhile
        try:
            undo_round(other, read_game(other, game_id), 1)
        finally:
            other.close()
        entry = entry_from_json(game, {"pips": {"Ana": 0, "Ben": 1, "Cleo": 2}, "went_out": "Ana"}, 1)
        with pytest.raises(Conflict, match="already undone on another phone"):
            edit_round(db, game, 1, entry)
    assert client.get(f"/api/v1/games/{game_id}").get_json()["rounds"] == []


def test_an_end_decided_on_an_older_read_is_decided_again_when_a_round_came_meanwhile(
    app: Flask, client: FlaskClient
) -> None:
    game_id = _game(client)
    with app.test_request_context():
        db = session()
        game = read_game(db, game_id)  # this phone saw round 1 as the last
        other = app.extensions["db_sessionmaker"]()  # another phone enters round 2 meanwhile
        try:
            theirs = read_game(other, game_id)
            add_round(
                other, theirs, entry_from_json(theirs, {"pips": {"Ana": 3, "Ben": 0, "Cleo": 9}, "went_out": "Ben"})
            )
        finally:
            other.close()
        with pytest.raises(Conflict):
            finish_game(db, game, None, 1)
    answer = client.get(f"/api/v1/games/{game_id}").get_json()
    assert len(answer["rounds"]) == 2 and not answer["finished"]
