"""A name shared by two households (two phones, no password) is no way into the other's games: the people, their
pages, merge previews, records and the API count only this phone's games; a rename or a merge reaches only the
seats of this phone's games, each with a line in that game's history and a new version; a refused rename does not
tell whether a name is someone elsewhere; merges made elsewhere are neither shown nor undone here."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import session
from scorekeeper.models import Person

from .helpers import DATABASES, fresh_postgres_app, text


@pytest.fixture(params=DATABASES)
def app(request: pytest.FixtureRequest, tmp_path: Path, app_factory: Callable[..., Flask]) -> Flask:
    """The app on SQLite, and on PostgreSQL too when TEST_DATABASE_URL names one it may wipe."""
    if request.param == "sqlite":
        return app_factory(tmp_path, WTF_CSRF_ENABLED=False)
    return fresh_postgres_app(WTF_CSRF_ENABLED=False)


@pytest.fixture
def phones(app: Flask) -> tuple[FlaskClient, FlaskClient]:
    """Two households' phones on one server without a password."""
    return app.test_client(), app.test_client()


def _game(phone: FlaskClient, *players: str, rounds: int | None = None) -> str:
    body: dict[str, Any] = {"players": list(players), "set": 6}
    if rounds is not None:
        body["rounds"] = rounds
    response = phone.post("/api/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["id"])


def _won_by(phone: FlaskClient, game: str, winner: str, *others: str) -> None:
    """One round in which ``winner`` goes out and the others hold 20 each: the one-round game is over."""
    pips = {winner: 0, **dict.fromkeys(others, 20)}
    response = phone.post(f"/api/v1/games/{game}/rounds", json={"pips": pips, "went_out": winner})
    assert response.status_code == 201, response.get_json()


def _ids(app: Flask) -> dict[str, int]:
    with app.app_context():
        return {str(n): int(i) for n, i in session().execute(select(Person.name, Person.id))}


def _players(phone: FlaskClient, game: str) -> list[str]:
    return list(phone.get(f"/api/v1/games/{game}").get_json()["players"])


def _etag(phone: FlaskClient, game: str) -> str:
    return str(phone.get(f"/api/v1/games/{game}").headers["ETag"])


def _history(phone: FlaskClient, game: str) -> list[str]:
    page = text(phone.get(f"/games/{game}/history"))
    return [html.unescape(" ".join(m.split())) for m in re.findall(r"</time>\s*<span>(.*?)</span>", page, re.S)]


def _people(phone: FlaskClient) -> list[str]:
    return re.findall(r'class="who">([^<]+)<', text(phone.get("/people")))


def _games(phone: FlaskClient) -> dict[str, int]:
    """Each person this phone sees, with how many of its games they sat in (the API's list)."""
    return {p["name"]: p["games"] for p in phone.get("/api/v1/players").get_json()["players"]}


def test_the_merge_page_of_a_shared_name_shows_and_changes_only_this_phones_games(
    app: Flask, phones: tuple[FlaskClient, FlaskClient]
) -> None:
    first, second = phones
    theirs = _game(first, "Mum", "Bob")
    mine, later = _game(second, "Mallory", "Bob"), _game(second, "Robert", "Ann")
    people = _ids(app)
    # the steps of the report: the other household's Mum is nobody here
    assert second.get(f"/people/{people['Mum']}/merge?into={people['Mallory']}").status_code == 404
    preview = text(second.get(f"/people/{people['Bob']}/merge?into={people['Robert']}"))
    assert "Merge Bob into Robert" in preview and preview.count("<li>") == 1 and "Mallory, Bob" in preview
    assert "Mum" not in preview
    before = _etag(first, theirs)
    merged = second.post(f"/people/{people['Bob']}/merge/{people['Robert']}")
    assert merged.status_code == 302
    assert _players(second, mine) == ["Mallory", "Robert"] and _players(second, later) == ["Robert", "Ann"]
    assert _players(first, theirs) == ["Mum", "Bob"] and _etag(first, theirs) == before
    assert _history(first, theirs) == []
    assert _history(second, mine) == ["Bob renamed to Robert"]
    assert _people(first) == ["Bob", "Mum"] and _games(first) == {"Bob": 1, "Mum": 1}
    assert _people(second) == ["Ann", "Mallory", "Robert"] and _games(second)["Robert"] == 2


def test_a_merge_is_undone_in_this_phones_games_only_with_a_line_in_each(
    app: Flask, phones: tuple[FlaskClient, FlaskClient]
) -> None:
    first, second = phones
    theirs = _game(first, "Mum", "Bob")
    mine, other = _game(second, "Bob", "Cleo"), _game(second, "Robert", "Dan")
    people = _ids(app)
    second.post(f"/people/{people['Bob']}/merge/{people['Robert']}")
    page = text(second.get(f"/people/{people['Robert']}"))
    assert "Bob was merged into Robert." in page
    undo = re.search(r'action="(/people/merges/\d+/undo)"', page)
    assert undo
    before = _etag(second, mine)
    back = second.post(undo.group(1))
    assert back.status_code == 302 and back.headers["Location"] == f"/people/{people['Bob']}"
    assert _players(second, mine) == ["Bob", "Cleo"] and _players(second, other) == ["Robert", "Dan"]
    assert _history(second, mine) == ["Robert renamed to Bob", "Bob renamed to Robert"]
    assert _etag(second, mine) != before
    assert _players(first, theirs) == ["Mum", "Bob"] and _history(first, theirs) == []


def test_merges_made_on_another_phone_are_neither_shown_nor_undone_here(
    app: Flask, phones: tuple[FlaskClient, FlaskClient]
) -> None:
    first, second = phones
    _game(first, "Mum", "Bob")
    _game(first, "Mom", "Cleo")
    ours = _game(second, "Mom", "Dan")  # the same name: the same person in the database
    people = _ids(app)
    first.post(f"/people/{people['Mum']}/merge/{people['Mom']}")
    undo = re.search(r'action="(/people/merges/\d+/undo)"', text(first.get(f"/people/{people['Mom']}")))
    assert undo
    page = text(second.get(f"/people/{people['Mom']}"))
    assert "Mum was merged" not in page and "/undo" not in page
    assert second.post(undo.group(1)).status_code == 404
    assert _players(second, ours) == ["Mom", "Dan"]
    assert "Mum was merged into Mom." in text(first.get(f"/people/{people['Mom']}"))


def test_a_rename_reaches_only_this_phones_games_with_a_line_in_each(
    app: Flask, phones: tuple[FlaskClient, FlaskClient]
) -> None:
    first, second = phones
    theirs = _game(first, "Mum", "Bob")
    mine, again = _game(second, "Mallory", "Bob"), _game(second, "Bob", "Cleo")
    bob = _ids(app)["Bob"]
    before = (_etag(first, theirs), _etag(second, mine))
    renamed = second.post(f"/people/{bob}/rename", data={"name": "Robert"})
    assert renamed.status_code == 302
    robert = int(renamed.headers["Location"].rsplit("/", 1)[-1])
    assert "Bob is now Robert in every game." in text(second.get(renamed.headers["Location"]))
    assert _players(second, mine) == ["Mallory", "Robert"] and _players(second, again) == ["Robert", "Cleo"]
    assert _history(second, mine) == ["Bob renamed to Robert"] and _history(second, again) == ["Bob renamed to Robert"]
    assert _etag(second, mine) != before[1]
    # the other household's game is as it was: its name, its history, its version, its person
    assert _players(first, theirs) == ["Mum", "Bob"] and _history(first, theirs) == []
    assert _etag(first, theirs) == before[0]
    assert first.get(f"/people/{bob}").status_code == 200 and first.get(f"/people/{robert}").status_code == 404
    assert second.get(f"/people/{bob}").status_code == 404
    assert sorted(_people(second)) == ["Cleo", "Mallory", "Robert"]


def test_a_rename_on_a_phone_that_sees_every_game_of_the_person_keeps_the_person(
    app: Flask, phones: tuple[FlaskClient, FlaskClient]
) -> None:
    phone, _other = phones
    game = _game(phone, "Mum", "Ben")
    mum = _ids(app)["Mum"]
    renamed = phone.post(f"/people/{mum}/rename", data={"name": "Mom"})
    assert renamed.headers["Location"] == f"/people/{mum}"
    assert _players(phone, game) == ["Mom", "Ben"] and _history(phone, game) == ["Mum renamed to Mom"]


def test_a_refused_rename_does_not_tell_which_names_exist_elsewhere(
    app: Flask, phones: tuple[FlaskClient, FlaskClient]
) -> None:
    first, second = phones
    _game(first, "Mum", "Bob")
    mine = _game(second, "Mallory", "Dan")
    _game(second, "Cleo", "Eve")
    people = _ids(app)
    # a name of this phone's household is refused with the reason...
    seen = second.post(f"/people/{people['Mallory']}/rename", data={"name": "Cleo"})
    assert seen.status_code == 409 and "Cleo is already someone of the household" in text(seen)
    # ...a name only another household uses is like any new name: no hint that it exists
    elsewhere = second.post(f"/people/{people['Mallory']}/rename", data={"name": "Mum"})
    assert elsewhere.status_code == 302
    assert _players(second, mine) == ["Mum", "Dan"]
    assert _games(first) == {"Bob": 1, "Mum": 1} and _games(second) == {"Cleo": 1, "Dan": 1, "Eve": 1, "Mum": 1}


def test_records_and_the_api_count_only_this_phones_games(app: Flask, phones: tuple[FlaskClient, FlaskClient]) -> None:
    first, second = phones
    for _n in range(2):
        _won_by(first, _game(first, "Mum", "Bob", rounds=1), "Bob", "Mum")
    _won_by(second, _game(second, "Mallory", "Bob", rounds=1), "Mallory", "Bob")
    people = _ids(app)
    players = {p["name"]: p for p in second.get("/api/v1/players").get_json()["players"]}
    assert sorted(players) == ["Bob", "Mallory"]
    bob = players["Bob"]
    assert bob["games"] == 1 and bob["stats"]["mexican-train"]["games"] == 1
    assert bob["stats"]["mexican-train"]["won"] == 0
    one = second.get(f"/api/v1/players/{people['Bob']}").get_json()
    assert [h["opponent"]["name"] for h in one["head_to_head"]] == ["Mallory"]
    assert len(one["series"]["mexican-train"]) == 1
    assert second.get(f"/api/v1/players/{people['Mum']}").status_code == 404
    assert "Mum" not in text(second.get("/stats"))
    theirs = {p["name"]: p for p in first.get("/api/v1/players").get_json()["players"]}
    assert theirs["Bob"]["stats"]["mexican-train"]["won"] == 2
