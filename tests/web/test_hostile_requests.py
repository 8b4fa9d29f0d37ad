"""Requests a hostile visitor (or a file edited by hand) sends, each of which once answered 500 or left a game
stored and out of reach: each is now refused with a sentence saying what is wrong, on SQLite and PostgreSQL,
and nothing is stored."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from .helpers import DATABASES, enter_round, fresh_postgres_app, start_game
from .helpers import text as page_text


@pytest.fixture(params=DATABASES)
def web(request: pytest.FixtureRequest, tmp_path: Path, app_factory: Callable[..., Flask]) -> Iterator[FlaskClient]:
    """A client of the app on SQLite, and on PostgreSQL when TEST_DATABASE_URL names one."""
    app = app_factory(tmp_path, WTF_CSRF_ENABLED=False) if request.param == "sqlite" else None
    app = app or fresh_postgres_app(WTF_CSRF_ENABLED=False)
    with app.test_client() as client:
        yield client


def _document(client: FlaskClient) -> dict[str, Any]:
    """A game of Ana and Ben, one round of three played, as its JSON download."""
    game = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "set": 6, "rounds": 3}).get_json()["id"]
    client.post(f"/api/v1/games/{game}/rounds", json={"pips": {"Ana": 0, "Ben": 4}, "went_out": "Ana"})
    doc = client.get(f"/api/v1/games/{game}/export").get_json()
    assert isinstance(doc, dict)
    doc["games"][0]["id"] = "elsewhere1"  # as if from another server: not here yet
    return doc


def _upload(client: FlaskClient, data: bytes) -> Any:
    return client.post("/games/import", data={"file": (io.BytesIO(data), "g.json")}, content_type="multipart/form-data")


def _changed(doc: dict[str, Any], change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    change(doc["games"][0])
    return doc


BAD_FILES: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("a NUL in a name", lambda g: g["seats"][0].update(name="A\x00na"), "games[0].seats[0].name: holds a character"),
    ("a NUL in the history", lambda g: g["history"][0].update(new="4\x00"), "games[0].history[0].new: holds a"),
    ("the top version", lambda g: g.update(version=2147483647), "games[0].version: a count of changes"),
    ("the top draft count", lambda g: g.update(drafts=2147483647), "games[0].drafts: a count of changes"),
    ("an id with a space", lambda g: g.update(id="a b"), "games[0].id: not a game id a link can carry"),
    ("an id of markup", lambda g: g.update(id="<b>x</b>"), "games[0].id: not a game id"),
    ("a game in the trash", lambda g: g.update(deleted_at="2026-01-01T00:00:00+00:00"), "a game from the trash"),
    ("a huge start", lambda g: g["seats"][1].update(start_total=2**31 - 1), "games[0].seats[1].start_total"),
]


@pytest.mark.parametrize(("change", "words"), [b[1:] for b in BAD_FILES], ids=[b[0] for b in BAD_FILES])
def test_a_file_that_would_store_an_unreachable_game_is_refused_with_the_reason(
    web: FlaskClient, change: Callable[[dict[str, Any]], object], words: str
) -> None:
    doc = _changed(_document(web), change)
    game_id = doc["games"][0]["id"]
    answer = web.post("/api/v1/games/import", json=doc)
    assert answer.status_code == 422, answer.get_json()
    assert (
        answer.get_json()["error"].startswith("This file cannot be imported:") and words in answer.get_json()["error"]
    )
    page = _upload(web, json.dumps(doc).encode())
    assert page.status_code == 422 and words in page_text(page).replace("&#39;", "'")
    assert web.get(f"/api/v1/games/{game_id}").status_code == 404
    again = web.post("/api/v1/games/import", json=doc)
    assert again.status_code == 422  # refused again, never "already here"


def test_a_lone_surrogate_is_refused_in_the_api_and_on_the_import_page(web: FlaskClient) -> None:
    raw = json.dumps(_document(web)).replace('"name": "Ana"', '"name": "A\\ud800"')
    answer = web.post("/api/v1/games/import", data=raw, content_type="application/json")
    assert answer.status_code == 422 and "games[0].seats[0].name: holds a character" in answer.get_json()["error"]
    page = _upload(web, raw.encode())
    assert page.status_code == 422 and "half of a surrogate pair" in page_text(page)
    key = raw.replace('"set_highest"', '"\\udfff"', 1)  # in a field's name: reported, never echoed
    assert "holds a character" in web.post("/api/v1/games/import", data=key, content_type="application/json").text
    assert _upload(web, key.encode()).status_code == 422
    assert web.get("/api/v1/games/elsewhere1").status_code == 404


def test_a_file_whose_seats_are_not_a_list_is_refused_on_the_import_page_too(web: FlaskClient) -> None:
    doc = _changed(_document(web), lambda g: g.update(seats=1.5))
    assert web.post("/api/v1/games/import", json=doc).status_code == 422
    page = _upload(web, json.dumps(doc).encode())
    assert page.status_code == 422 and "games[0].seats: expected a list" in page_text(page)


def test_a_refused_send_on_a_finished_game_leads_back_to_the_table(web: FlaskClient) -> None:
    game = start_game(web, "Ana", "Ben", rounds="1")
    assert enter_round(web, game, 0, 5, went_out="0").status_code == 302
    for sent in ({"seat": "9"}, {}, {"seat": "0", "pips-0": "lots"}):
        refused = web.post(f"{game}/rounds/1/mine", data=sent)
        assert refused.status_code == 302 and refused.headers["Location"] == game, sent
        shown = page_text(web.get(game))  # the table says why nothing was kept
        assert "All rounds are scored" in shown or "Round 1 was already entered" in shown
        answer = web.post(f"{game}/rounds/1/mine", data=sent, headers={"Accept": "application/json"})
        assert answer.status_code in (409, 422) and answer.get_json()["error"]


def test_a_seat_of_thousands_of_digits_is_no_seat(web: FlaskClient) -> None:
    game = start_game(web, "Ana", "Ben")
    assert web.post(f"{game}/me", data={"seat": "1" * 4300 + "1"}).status_code == 302
    assert "Send mine" not in page_text(web.get(f"{game}/rounds/new"))  # this phone enters for everyone


def test_the_print_view_shows_a_game_whose_players_joined_and_left(web: FlaskClient) -> None:
    # found by the fuzzer: a seat with no pips in a round (not yet joined, or gone) broke the printed sheet
    for kind in ("mexican-train", "super-domino"):
        game = web.post("/api/v1/games", json={"players": ["Ana", "Ben", "Cleo"], "game": kind}).get_json()["id"]
        rounds = f"/api/v1/games/{game}/rounds"
        three = {"pips": {"Ana": 0, "Ben": 5, "Cleo": 9}, "tiles": {"Ana": 0, "Ben": 1, "Cleo": 2}, "went_out": "Ana"}
        assert web.post(rounds, json=three).status_code == 201
        assert web.patch(f"/api/v1/games/{game}/seats/2", json={"left": True}).status_code == 200
        two = {"pips": {"Ana": 0, "Ben": 6}, "tiles": {"Ana": 0, "Ben": 1}, "went_out": "Ana"}
        assert web.post(rounds, json=two).status_code == 201
        assert web.post(f"/api/v1/games/{game}/seats", json={"name": "Dora"}).status_code == 201
        sheet = web.get(f"/games/{game}/print")
        assert sheet.status_code == 200 and "Dora" in page_text(sheet) and ">6" in page_text(sheet)


def test_a_refusal_never_echoes_a_long_value_back(web: FlaskClient) -> None:
    doc = _document(web)
    for changed in (
        _changed(doc, lambda g: g.update({"x" * 3000: 1})),
        _changed(doc, lambda g: g["seats"][0].update({"y" * 3000: {"z": "\x00"}})),
        {**doc, "version": 10**4000},
    ):
        answer = web.post("/api/v1/games/import", json=changed)
        assert answer.status_code == 422 and len(answer.get_json()["error"]) < 200, answer.get_json()["error"][:300]


@pytest.mark.parametrize(
    "path",
    ["/api/v1/games/%00/export", "/api/v1/games/a%00b/export?format=csv", "/watch/%00", "/watch/Cleo%00/live"],
)
def test_a_nul_in_an_address_finds_nothing(web: FlaskClient, path: str) -> None:
    # found by the fuzzer on PostgreSQL, which refuses a NUL in a query: 500 where SQLite answered 404
    answer = web.get(path)
    assert answer.status_code == 404


def test_a_person_cannot_be_renamed_to_a_name_with_a_control_character(web: FlaskClient) -> None:
    # found by the fuzzer on PostgreSQL: a NUL in a person's new name answered 500
    web.post("/api/v1/games", json={"players": ["Ana", "Ben"], "set": 6})
    people = web.get("/api/v1/players").get_json()
    ana = next(p["id"] for p in people["players"] if p["name"] == "Ana")
    for name in ("Cleo\x00", "Cl\x07eo", "\u202eCleo"):
        refused = web.post(f"/people/{ana}/rename", data={"name": name})
        assert refused.status_code == 422 and "control character" in page_text(refused)
    assert sorted(p["name"] for p in web.get("/api/v1/players").get_json()["players"]) == ["Ana", "Ben"]


def test_an_imported_name_with_a_control_character_is_refused(web: FlaskClient) -> None:
    doc = _changed(_document(web), lambda g: g["seats"][1].update(name="B\x07en"))
    answer = web.post("/api/v1/games/import", json=doc)
    assert answer.status_code == 422 and "games[0].seats[1].name: its players' names" in answer.get_json()["error"]
