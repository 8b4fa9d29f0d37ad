"""Bad input never reaches a 500: each reproduced failure answers a 4xx that says what is wrong and what to do.

JSON for /api/, the error page otherwise; a bad value is quoted short, never echoed back whole.
"""

from __future__ import annotations

import os

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import text as sql

from scorekeeper import create_app
from scorekeeper.db import make_engine
from scorekeeper.rules import MoveError, SuperMove, Tile, TileError
from scorekeeper.rules.text import brief, number

from .helpers import enter_round, errors, start_game, text

POSITION = {
    "rules": "standard",
    "set": 12,
    "engine": 12,
    "players": 2,
    "turn": 0,
    "trains": [{"tiles": []}, {"tiles": []}],
    "mexican": [],
    "hand": ["12-1"],
    "boneyard": 60,
}


def api_game(client: FlaskClient, game: str = "mexican-train") -> str:
    body = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "game": game}).get_json()
    return f"/api/v1/games/{body['id']}"


def refused(response, status: int) -> str:  # type: ignore[no-untyped-def]
    """The API's error sentence, once the status and shape are checked."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.is_json
    message: str = response.get_json()["error"]
    assert message and len(message) < 300
    return message


# ---------------------------------------------------------------- forms


def test_a_round_form_with_more_pips_fields_than_players_is_read_seat_by_seat(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    response = client.post(
        f"{game}/rounds/new", data={"pips-0": "5", "pips-1": "0", "pips-5": "3", "pips-²": "1", "went_out": "1"}
    )
    assert response.status_code == 302
    table = text(client.get(game))
    assert "Ana" in table


def test_a_missing_seat_stays_blank_instead_of_the_next_one_moving_up(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo")
    page = text(client.post(f"{game}/rounds/new", data={"pips-0": "5", "pips-2": "7"}))
    assert "Enter Ben&#39;s pips" in page or "Enter Ben's pips" in page
    assert 'name="pips-2" type="text" value="7"' in page or 'value="7"' in page


def test_went_out_with_thousands_of_digits_is_a_seat_nobody_sits_at(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    response = client.post(f"{game}/rounds/new", data={"pips-0": "0", "pips-1": "4", "went_out": "1" * 5000})
    assert response.status_code == 200
    assert "The player who went out is not at this table." in text(response)


def test_numbers_with_thousands_of_digits_on_the_forms_are_refused_not_crashed(client: FlaskClient) -> None:
    huge = "1" * 5000
    page = client.post(
        "/games/new", data={"players-0": "A", "players-1": "B", "set": huge, "rounds": huge, "game": "mexican-train"}
    )
    assert page.status_code == 200 and errors(text(page))
    assert all(huge[:21] not in e for e in errors(text(page)))  # the fields keep what was typed; messages quote little
    game = start_game(client, "Ana", "Ben")
    assert enter_round(client, game, huge, 0, went_out="1").status_code == 200
    for address in (f"/deal?players={huge}&set={huge}", f"/check?turn={huge}&players={huge}&end-0={huge}"):
        assert client.get(address).status_code == 200


# ---------------------------------------------------------------- JSON bodies


@pytest.mark.parametrize("depth", [100_000, 30_000, 50])
def test_deeply_nested_json_is_a_400(client: FlaskClient, depth: int) -> None:
    body = "[" * depth + "]" * depth
    response = client.post("/api/v1/check", data=body, content_type="application/json")
    assert response.status_code in (400, 413) and response.get_json()["error"]


def test_nested_json_inside_an_object_is_a_400_too(client: FlaskClient) -> None:
    nested = "[" * 30_000 + "]" * 30_000
    body = '{"position": ' + nested + ', "move": {}}'
    assert "nested too deeply" in refused(client.post("/api/v1/check", data=body, content_type="application/json"), 400)
    players: object = "Ana"
    for _ in range(25):
        players = [players]
    assert "nested too deeply" in refused(client.post("/api/v1/games", json={"players": players}), 400)


@pytest.mark.parametrize("game", [[], {}, ["mexican-train"], {"a": 1}])
def test_a_game_that_is_not_text_is_a_422(client: FlaskClient, game: object) -> None:
    assert "mexican-train" in refused(client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "game": game}), 422)


@pytest.mark.parametrize("tile", ["²-1", "1" * 5000 + "-1", "1-" + "9" * 5000, "٣-1", "-", "1-2-3"])
def test_a_bad_tile_in_a_hand_or_a_move_is_a_422_naming_the_field(client: FlaskClient, tile: str) -> None:
    message = refused(client.post("/api/v1/moves", json={"position": {**POSITION, "hand": [tile]}}), 422)
    assert message.startswith("hand[0]: ") and "is not a tile" in message
    move = {"action": "play", "tile": tile, "train": 0}
    message = refused(client.post("/api/v1/check", json={"position": POSITION, "move": move}), 422)
    assert message.startswith("tile: ")


def test_the_rules_refuse_odd_digits_with_their_own_errors() -> None:
    for bad in ("²-1", "1" * 5000 + "-1", "١-1"):
        with pytest.raises(TileError):
            Tile.parse(bad)
    with pytest.raises(MoveError) as e:
        SuperMove.from_json({"action": "play", "tile": "²-²", "edge": 0})
    assert e.value.field == "tile"
    with pytest.raises(MoveError):
        SuperMove.parse("15-3 on " + "1" * 5000)
    assert Tile.parse(" 12 - 5 ") == Tile(5, 12)
    assert number("007") == 7 and number("²") is None and number("1" * 5) is None


def test_a_bad_value_is_quoted_short_never_whole(client: FlaskClient) -> None:
    big = "x" * 60_000
    message = refused(client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "game": big}), 422)
    assert "x" * 20 + "…" in message and "x" * 21 not in message
    message = refused(client.post("/api/v1/moves", json={"position": {**POSITION, "rules": big}}), 422)
    assert "x" * 21 not in message
    url = api_game(client)
    message = refused(client.post(f"{url}/rounds", json={"pips": {"Ana": 0, "Ben": big}, "went_out": "Ana"}), 422)
    assert "x" * 21 not in message
    message = refused(client.post(f"{url}/rounds", json={"pips": {"Ana": 0, "Ben": 1, big: 3}, "went_out": "Ana"}), 422)
    assert "x" * 21 not in message
    assert brief("x" * 100) == repr("x" * 20 + "…") and brief(10**4000).endswith("…") is not None


def test_names_that_read_as_the_same_player_are_refused(client: FlaskClient) -> None:
    url = api_game(client)
    message = refused(
        client.post(f"{url}/rounds", json={"pips": {"Ana": 0, "Ben": 5, " Ben ": 40}, "went_out": "Ana"}), 422
    )
    assert "'Ben'" in message and "' Ben '" in message
    assert client.get(url).get_json()["rounds"] == []


def test_a_request_over_64_kb_is_a_413_in_the_requests_format(client: FlaskClient) -> None:
    big = {"players": ["Ana", "Ben"], "game": "x" * 70_000}
    assert "64 KB" in refused(client.post("/api/v1/games", json=big), 413)
    page = client.post("/games/new", data={"players-0": "x" * 70_000})
    assert page.status_code == 413 and "64 KB" in text(page) and "<html" in text(page)


# ---------------------------------------------------------------- API writes are JSON (CSRF)


def test_api_writes_refuse_a_form_post(client: FlaskClient) -> None:
    url = api_game(client, "super-domino")
    hand = {"pips": {"Ana": 0, "Ben": 5}, "tiles": {"Ana": 0, "Ben": 1}, "went_out": "Ana"}
    assert client.post(f"{url}/rounds", json=hand).status_code == 201
    for response in (
        client.post(f"{url}/finish"),
        client.post(f"{url}/finish", data={"x": "y"}),
        client.post(f"{url}/finish", data="{}", content_type="text/plain"),
        client.post(f"{url}/rounds", data={"pips": "1"}),
        client.put(f"{url}/rounds/1", data={"pips": "1"}),
        client.post("/api/v1/games", data={"players": "Ana"}),
        client.post("/api/v1/check", data="{}", content_type="text/plain"),
    ):
        assert "Content-Type: application/json" in refused(response, 400)
    assert client.get(url).get_json()["finished"] is False
    assert client.post(f"{url}/finish", json={}).status_code == 200


def test_an_api_delete_needs_no_body(client: FlaskClient) -> None:
    url = api_game(client)
    assert client.post(f"{url}/rounds", json={"pips": {"Ana": 0, "Ben": 5}, "went_out": "Ana"}).status_code == 201
    assert client.delete(f"{url}/rounds/1").status_code == 200


def test_undoing_the_last_hand_of_an_ended_evening_reopens_it(client: FlaskClient) -> None:
    url = api_game(client, "super-domino")
    hand = {"pips": {"Ana": 0, "Ben": 5}, "tiles": {"Ana": 0, "Ben": 1}, "went_out": "Ana"}
    assert client.post(f"{url}/rounds", json=hand).status_code == 201
    assert client.post(f"{url}/finish", json={}).get_json()["finished"] is True
    assert client.delete(f"{url}/rounds/1").get_json()["finished"] is False
    assert client.post(f"{url}/rounds", json=hand).status_code == 201


# ---------------------------------------------------------------- ids, language, redirects


@pytest.mark.parametrize("game_id", ["%00", "a%00b", "%E2%80%AE", "x" * 40, "..", "a b"])
def test_an_id_that_cannot_be_a_game_is_a_404(client: FlaskClient, game_id: str) -> None:
    assert "no game" in refused(client.get(f"/api/v1/games/{game_id}"), 404)
    assert client.get(f"/games/{game_id}").status_code == 404
    assert client.get(f"/check?game={game_id}").status_code == 404


@pytest.mark.skipif(
    not os.environ.get("TEST_DATABASE_URL", "").startswith("postgres"), reason="TEST_DATABASE_URL names no PostgreSQL"
)
def test_a_nul_byte_in_a_game_id_is_a_404_on_postgresql() -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": os.environ["TEST_DATABASE_URL"], "SECRET_KEY": "test"})
    client = app.test_client()
    for address in ("/api/v1/games/%00", "/games/a%00", "/check?game=%00"):
        assert client.get(address).status_code == 404


@pytest.mark.parametrize(
    "target", ["/%0a/x", "/%0d%0aSet-Cookie:x=1", "/%09/evil.example", "/%5Cevil.example", "/\\evil.example", "/%7f"]
)
def test_switching_language_only_ever_redirects_to_a_path_here(client: FlaskClient, target: str) -> None:
    response = client.get(f"/language/en?next={target}")
    assert response.status_code == 302 and response.headers["Location"] == "/"


def test_switching_language_keeps_an_ordinary_path(client: FlaskClient) -> None:
    assert client.get("/language/it?next=/games/new%3Freuse%3D1").headers["Location"] == "/games/new?reuse=1"


def test_an_unknown_lang_falls_back_to_the_cookie_then_the_browser(client: FlaskClient) -> None:
    german = {"Accept-Language": "de"}
    assert '<html lang="de">' in text(client.get("/?lang=xx", headers=german))
    client.get("/language/cs")
    assert '<html lang="cs">' in text(client.get("/?lang=xx", headers=german))
    assert '<html lang="it">' in text(client.get("/?lang=it", headers=german))


# ---------------------------------------------------------------- SQLite


def test_a_file_database_runs_in_wal_mode_with_a_busy_timeout(app: Flask) -> None:
    with app.extensions["db_engine"].connect() as connection:
        assert connection.execute(sql("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(sql("PRAGMA busy_timeout")).scalar() == 5000
        assert connection.execute(sql("PRAGMA foreign_keys")).scalar() == 1


def test_an_in_memory_database_still_works() -> None:
    with make_engine("sqlite://").connect() as connection:
        assert connection.execute(sql("PRAGMA journal_mode")).scalar() == "memory"
