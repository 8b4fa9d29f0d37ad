"""Mid-game changes of the players: a typo in a name fixed, a player who joins late (starting with the table's
highest total or zero), a player who leaves (keeping their total); each in the history, each a versioned write
that is refused when stale and harmless when sent again, on the players page and in the API, for both games."""

from __future__ import annotations

import copy
import html
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper import services
from scorekeeper.models import Change, Person, Seat
from scorekeeper.services.backup import backup_document, restore_document

from .helpers import errors, text


@pytest.fixture
def other(tmp_path: Path, app_factory: Callable[..., Flask]) -> Iterator[Flask]:
    """A second scorekeeper with no game yet, to import into."""
    (tmp_path / "other").mkdir()
    yield app_factory(tmp_path / "other", WTF_CSRF_ENABLED=False)


def _post(client: FlaskClient, path: str, body: Any, status: int = 201, **headers: str) -> Any:
    response = client.post(path, json=body, headers=headers)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def _patch(client: FlaskClient, path: str, body: Any, status: int = 200, **headers: str) -> Any:
    response = client.patch(path, json=body, headers=headers)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def _game(client: FlaskClient, *players: str, **options: object) -> str:
    return str(_post(client, "/api/v1/games", {"players": list(players), **options})["id"])


def _round(client: FlaskClient, game: str, pips: dict[str, int], status: int = 201) -> Any:
    out = next(p for p, v in pips.items() if v == 0)
    return _post(client, f"/api/v1/games/{game}/rounds", {"pips": pips, "went_out": out}, status)


def _hand(client: FlaskClient, game: str, pips: dict[str, int], tiles: dict[str, int]) -> Any:
    out = next(p for p, v in tiles.items() if v == 0)
    return _post(client, f"/api/v1/games/{game}/rounds", {"pips": pips, "tiles": tiles, "went_out": out})


def _json(client: FlaskClient, game: str) -> Any:
    return client.get(f"/api/v1/games/{game}").get_json()


def _totals(client: FlaskClient, game: str) -> dict[str, int]:
    return {s["player"]: s["total"] for s in _json(client, game)["standings"]}


def _history(client: FlaskClient, game: str) -> list[str]:
    page = text(client.get(f"/games/{game}/history"))
    return [html.unescape(" ".join(m.split())) for m in re.findall(r"</time>\s*<span>(.*?)</span>", page, re.S)]


def _playing(client: FlaskClient, game: str) -> list[str]:
    """The players of the round to play next, as the game's seats say."""
    return [s["name"] for s in _json(client, game)["seats"] if s["state"] == "playing"]


def _version(client: FlaskClient, game: str) -> str:
    return str(_json(client, game)["version"])


def _watch(client: FlaskClient, game: str) -> str:
    page = text(client.get(f"/games/{game}/join"))
    address = re.findall(r'<p class="join-address"><a href="([^"]+)"', page)[1]
    return "/watch/" + html.unescape(address).rsplit("/watch/", 1)[1]


def _db(app: Flask) -> Session:
    db: Session = app.extensions["db_sessionmaker"]()
    return db


# ---------------------------------------------------------------- rename


def test_a_renamed_player_shows_under_the_new_name_everywhere(app: Flask, client: FlaskClient) -> None:
    game = _game(client, "Ana", "Jaon", "Cleo")
    _round(client, game, {"Ana": 0, "Jaon": 20, "Cleo": 35})
    response = client.post(
        f"/games/{game}/players/rename",
        data={"rename-seat": "1", "rename-name": "  João ", "rename-version": _version(client, game)},
    )
    assert response.status_code == 302, errors(text(response))
    for page in (f"/games/{game}", f"/games/{game}/rounds/new", f"/games/{game}/rounds/1", _watch(client, game)):
        shown = text(client.get(page))
        assert "João" in shown and "Jaon" not in shown, page
    # the history: the round entered before the fix names João, and the fix is a line of its own
    assert _history(client, game) == ["Jaon renamed to João", "entered Ana 0 · João 20 · Cleo 35"]
    answer = _json(client, game)
    assert answer["players"] == ["Ana", "João", "Cleo"]
    assert answer["rounds"][0]["pips"] == {"Ana": 0, "João": 20, "Cleo": 35}
    assert _totals(client, game)["João"] == 20
    chart = text(client.get(f"/games/{game}")).split('class="legend"', 1)[1]
    assert '<span class="who">João</span>' in chart
    # the seat is the household's João now; the typo's person, with no seat left, is gone
    with _db(app) as db:
        seat = db.scalars(select(Seat).where(Seat.game_id == game, Seat.position == 1)).one()
        person = db.get(Person, seat.person_id)
        assert person is not None and person.name == "João"
        assert db.scalar(select(Person).where(Person.name == "Jaon")) is None


def test_a_rename_to_someone_of_the_household_links_the_seat_to_them(app: Flask, client: FlaskClient) -> None:
    _game(client, "João", "Ben")  # last week's game: João is someone of the household
    game = _game(client, "Ana", "Jaon")
    _patch(client, f"/api/v1/games/{game}/seats/1", {"name": "João"})
    with _db(app) as db:
        people = list(db.scalars(select(Person).where(Person.name == "João")))
        assert len(people) == 1
        seats = db.scalars(select(Seat).where(Seat.person_id == people[0].id)).all()
        assert len(seats) == 2  # both games' João are one person


def test_a_rename_is_refused_for_a_name_at_the_table_or_a_bad_name(client: FlaskClient) -> None:
    game = _game(client, "Ana", "Ben", "Cleo")
    taken = client.post(f"/games/{game}/players/rename", data={"rename-seat": "1", "rename-name": "cleo"})
    assert taken.status_code == 409
    assert "Cleo is already at this table; give Ben a different name." in errors(text(taken))
    assert 'value="cleo"' in text(taken)  # what was typed is kept
    assert "is already at this table" in _patch(client, f"/api/v1/games/{game}/seats/1", {"name": "ANA"}, 409)["error"]
    blank = client.post(f"/games/{game}/players/rename", data={"rename-seat": "1", "rename-name": "  "})
    assert blank.status_code == 422 and "Type the player's name." in errors(text(blank))
    long = _patch(client, f"/api/v1/games/{game}/seats/1", {"name": "x" * 31}, 422)
    assert "at most 30 characters" in long["error"]
    assert _patch(client, f"/api/v1/games/{game}/seats/1", {"name": 7}, 422)["error"] == "Type the player's name."
    assert client.patch(f"/api/v1/games/{game}/seats/9", json={"name": "Dan"}).status_code == 404
    assert _json(client, game)["players"] == ["Ana", "Ben", "Cleo"]
    assert _history(client, game) == []


def test_a_stale_rename_is_refused_and_a_repeated_one_is_harmless(client: FlaskClient) -> None:
    game = _game(client, "Ana", "Jaon")
    seen = _version(client, game)
    _round(client, game, {"Ana": 0, "Jaon": 20})  # another phone, meanwhile
    stale = _patch(client, f"/api/v1/games/{game}/seats/1", {"name": "João"}, 412, **{"If-Match": f'"{seen}"'})
    assert stale["game"]["players"] == ["Ana", "Jaon"]
    page = client.post(
        f"/games/{game}/players/rename", data={"rename-seat": "1", "rename-name": "João", "rename-version": seen}
    )
    assert page.status_code == 412 and "changed on another phone" in " ".join(errors(text(page)))
    now = _version(client, game)
    _patch(client, f"/api/v1/games/{game}/seats/1", {"name": "João"}, **{"If-Match": f'"{now}"'})
    # sent again, with the version it was first made on: it is done already, nothing more is written
    again = _patch(client, f"/api/v1/games/{game}/seats/1", {"name": "João"}, **{"If-Match": f'"{now}"'})
    assert again["players"] == ["Ana", "João"]
    assert _history(client, game).count("Jaon renamed to João") == 1


# ---------------------------------------------------------------- a late joiner


def test_a_late_joiner_starts_at_the_highest_total_and_plays_from_the_next_round(client: FlaskClient) -> None:
    game = _game(client, "Ana", "Ben", "Cleo", "Dan")
    _round(client, game, {"Ana": 0, "Ben": 20, "Cleo": 35, "Dan": 8})
    assert _json(client, game)["next_round"]["deal"] == 15  # four players draw 15 each from a double-12 set
    response = client.post(
        f"/games/{game}/players/join",
        data={"join-name": "Eve", "join-start": "highest", "join-version": _version(client, game)},
    )
    assert response.status_code == 302, errors(text(response))
    answer = _json(client, game)
    assert _totals(client, game)["Eve"] == 35
    assert answer["seats"][4] == {
        "position": 4,
        "name": "Eve",
        "joined_round": 2,
        "start_total": 35,
        "left_round": None,
        "state": "playing",
    }
    assert _playing(client, game) == ["Ana", "Ben", "Cleo", "Dan", "Eve"]
    assert answer["next_round"]["deal"] == 12  # five draw 12
    assert "<strong>12</strong> tiles" in text(client.get(f"/games/{game}"))
    assert "Eve" not in text(client.get(f"/games/{game}/rounds/1"))  # round 1 was played without her
    assert 'for="pips-4">Eve<' in text(client.get(f"/games/{game}/rounds/new"))
    _round(client, game, {"Ana": 10, "Ben": 0, "Cleo": 5, "Dan": 8, "Eve": 4})
    assert _totals(client, game) == {"Ana": 10, "Ben": 20, "Cleo": 40, "Dan": 16, "Eve": 39}
    assert _history(client, game)[-2:] == [
        "Eve joined the game, starting at 35",
        "entered Ana 0 · Ben 20 · Cleo 35 · Dan 8",
    ]


def test_a_late_joiner_may_start_from_zero_and_the_deal_comes_round_to_them(client: FlaskClient) -> None:
    game = _game(client, "Ana", "Ben", "Cleo")
    _round(client, game, {"Ana": 0, "Ben": 20, "Cleo": 35})
    _post(client, f"/api/v1/games/{game}/seats", {"name": "Dan", "start": "zero"})
    assert _totals(client, game)["Dan"] == 0
    dealers = []
    for number in range(2, 6):
        nr = _json(client, game)["next_round"]
        assert nr["number"] == number
        dealers.append((nr["dealer"], nr["leader"]))
        _round(client, game, {"Ana": 0, "Ben": 1, "Cleo": 2, "Dan": 3})
    # Ana dealt round 1; the deal passes on round the table, now with Dan after Cleo
    assert dealers == [("Ben", "Cleo"), ("Cleo", "Dan"), ("Dan", "Ana"), ("Ana", "Ben")]
    assert "Dan joined the game" in _history(client, game)


def test_a_join_sent_twice_seats_one_player_and_a_stale_or_wrong_one_is_refused(client: FlaskClient) -> None:
    game = _game(client, "Ana", "Ben")
    seen = _version(client, game)
    first = client.post(f"/api/v1/games/{game}/seats", json={"name": "Cleo"}, headers={"If-Match": f'"{seen}"'})
    assert first.status_code == 201
    again = client.post(f"/api/v1/games/{game}/seats", json={"name": "Cleo"}, headers={"If-Match": f'"{seen}"'})
    assert again.status_code == 200 and again.get_json()["players"] == ["Ana", "Ben", "Cleo"]
    stale = _post(client, f"/api/v1/games/{game}/seats", {"name": "Dan"}, 412, **{"If-Match": f'"{seen}"'})
    assert stale["game"]["players"] == ["Ana", "Ben", "Cleo"]
    taken = client.post(f"/games/{game}/players/join", data={"join-name": "ana", "join-start": "zero"})
    assert taken.status_code == 409 and "Ana is already at this table" in " ".join(errors(text(taken)))
    wrong = _post(client, f"/api/v1/games/{game}/seats", {"name": "Dan", "start": "most"}, 422)
    assert "highest total, or with zero" in wrong["error"]
    assert _post(client, f"/api/v1/games/{game}/seats", {}, 422)["error"] == "Type the player's name."
    assert _history(client, game) == ["Cleo joined the game"]


def test_a_full_table_takes_nobody_else(client: FlaskClient) -> None:
    game = _game(client, *"ABCDEFGH")
    assert "at most 8 players" in _post(client, f"/api/v1/games/{game}/seats", {"name": "Ivo"}, 409)["error"]


# ---------------------------------------------------------------- a player who leaves


def test_a_player_who_leaves_keeps_their_total_and_plays_no_more(client: FlaskClient) -> None:
    game = _game(client, "Ana", "Ben", "Cleo", "Dan", "Eve")
    _round(client, game, {"Ana": 0, "Ben": 20, "Cleo": 35, "Dan": 8, "Eve": 3})
    assert _json(client, game)["next_round"]["deal"] == 12
    response = client.post(f"/games/{game}/players/leave", data={"leave-seat": "1"})
    assert response.status_code == 302, errors(text(response))
    table = text(client.get(f"/games/{game}"))
    assert re.search(
        r'class="name">Ben <small class="gone">left after round 1</small></span>\s*<span class="total">20<', table
    )
    assert "<strong>15</strong> tiles" in table  # four players now draw 15 each
    form = text(client.get(f"/games/{game}/rounds/new"))
    assert ">Ben<" not in form and "Ben went out" not in form
    sent_for_ben = _post(
        client,
        f"/api/v1/games/{game}/rounds",
        {"pips": {"Ana": 0, "Ben": 3, "Cleo": 1, "Dan": 1, "Eve": 1}, "went_out": "Ana"},
        422,
    )
    assert "Ben does not play this round" in sent_for_ben["error"]
    _round(client, game, {"Ana": 5, "Cleo": 0, "Dan": 1, "Eve": 2})
    # the form posts a field for every seat: what is typed for Ben is no score of his
    posted = client.post(
        f"/games/{game}/rounds/new",
        data={"pips-0": "0", "pips-1": "9", "pips-2": "1", "pips-3": "1", "pips-4": "1", "went_out": "0"},
    )
    assert posted.status_code == 302, errors(text(posted))
    assert _totals(client, game)["Ben"] == 20
    answer = _json(client, game)
    assert "Ben" not in answer["rounds"][2]["pips"]
    assert answer["seats"][1]["state"] == "left" and answer["seats"][1]["left_round"] == 2
    assert "Ben" not in _playing(client, game) and answer["next_round"]["dealer"] != "Ben"
    assert "Ben left the game" in _history(client, game)


def test_the_dealer_rotation_skips_a_player_who_left(client: FlaskClient) -> None:
    game = _game(client, "Ana", "Ben", "Cleo")
    _round(client, game, {"Ana": 0, "Ben": 1, "Cleo": 2})
    assert (_json(client, game)["next_round"]["dealer"], _json(client, game)["next_round"]["leader"]) == ("Ben", "Cleo")
    _post(client, f"/api/v1/games/{game}/seats", {"name": "Dan"})
    _patch(client, f"/api/v1/games/{game}/seats/2", {"left": True})
    seen = []
    for _ in range(3):
        nr = _json(client, game)["next_round"]
        seen.append((nr["dealer"], nr["leader"]))
        _round(client, game, {"Ana": 0, "Ben": 1, "Dan": 2})
    assert seen == [("Ben", "Dan"), ("Dan", "Ana"), ("Ana", "Ben")]


def test_a_leave_that_would_leave_one_player_is_refused(client: FlaskClient) -> None:
    game = _game(client, "Ana", "Ben", "Cleo")
    _patch(client, f"/api/v1/games/{game}/seats/0", {"left": True})
    refused = client.post(f"/games/{game}/players/leave", data={"leave-seat": "2"})
    assert refused.status_code == 409
    assert errors(text(refused)) == [
        "Mexican Train needs at least 2 players, so Cleo cannot leave; end the game instead."
    ]
    refused_api = _patch(client, f"/api/v1/games/{game}/seats/1", {"left": True}, 409)
    assert [s["name"] for s in refused_api["game"]["seats"] if s["state"] == "playing"] == ["Ben", "Cleo"]
    assert "can only be true" in _patch(client, f"/api/v1/games/{game}/seats/1", {"left": False}, 422)["error"]
    assert "either" in _patch(client, f"/api/v1/games/{game}/seats/1", {"left": True, "name": "X"}, 422)["error"]


def test_a_stale_leave_is_refused_and_a_repeated_one_is_harmless(client: FlaskClient) -> None:
    game = _game(client, "Ana", "Ben", "Cleo")
    seen = _version(client, game)
    _round(client, game, {"Ana": 0, "Ben": 1, "Cleo": 2})
    stale = client.post(f"/games/{game}/players/leave", data={"leave-seat": "1", "leave-version": seen})
    assert stale.status_code == 412
    assert _json(client, game)["seats"][1]["state"] == "playing"
    now = _version(client, game)
    _patch(client, f"/api/v1/games/{game}/seats/1", {"left": True}, **{"If-Match": f'"{now}"'})
    again = client.post(f"/games/{game}/players/leave", data={"leave-seat": "1", "leave-version": now})
    assert again.status_code == 302
    assert _history(client, game).count("Ben left the game") == 1


def test_phones_sending_their_own_pips_skip_the_player_who_left(client: FlaskClient) -> None:
    game = _game(client, "Ana", "Ben", "Cleo")
    _round(client, game, {"Ana": 0, "Ben": 1, "Cleo": 2})
    mine = f"/games/{game}/rounds/2/mine"
    assert client.post(mine, data={"seat": "0", "pips-0": "0", "went_out": "0"}).status_code == 200
    assert client.post(mine, data={"seat": "2", "pips-2": "12"}).status_code == 200
    # Ben never sends: once he leaves, everyone still at the table has sent, and the round is stored
    _patch(client, f"/api/v1/games/{game}/seats/1", {"left": True})
    answer = _json(client, game)
    assert answer["rounds"][1]["pips"] == {"Ana": 0, "Cleo": 12}
    sent = client.post(f"/games/{game}/rounds/3/mine", data={"seat": "1", "pips-1": "4"})
    assert sent.status_code == 422 and "Ben is not playing this round." in text(sent)


# ---------------------------------------------------------------- Super Domino


def test_super_domino_late_joiner_starts_with_no_hands_won_and_a_leaver_keeps_theirs(client: FlaskClient) -> None:
    game = _game(client, "Ana", "Dora", "Ivo", game="super-domino")
    _hand(client, game, {"Ana": 0, "Dora": 21, "Ivo": 9}, {"Ana": 0, "Dora": 3, "Ivo": 2})
    refused = _post(client, f"/api/v1/games/{game}/seats", {"name": "Eva", "start": "highest"}, 422)
    assert "starts with no hands won" in refused["error"]
    page = text(client.get(f"/games/{game}/players"))
    assert "start with no hands won" in page and 'name="join-start"' not in page
    assert client.post(f"/games/{game}/players/join", data={"join-name": "Eva"}).status_code == 302
    _patch(client, f"/api/v1/games/{game}/seats/0", {"left": True})
    _hand(client, game, {"Dora": 0, "Ivo": 9, "Eva": 4}, {"Dora": 0, "Ivo": 2, "Eva": 1})
    standings = {s["player"]: (s["wins"], s["total"]) for s in _json(client, game)["standings"]}
    assert standings == {"Ana": (1, 0), "Dora": (1, 21), "Ivo": (0, 18), "Eva": (0, 4)}
    assert _playing(client, game) == ["Dora", "Ivo", "Eva"]


# ---------------------------------------------------------------- the history in the reader's language


def test_the_changes_are_in_the_history_in_the_readers_language(client: FlaskClient) -> None:
    game = _game(client, "Ana", "Jaon", "Cleo")
    _round(client, game, {"Ana": 0, "Jaon": 20, "Cleo": 35})
    _patch(client, f"/api/v1/games/{game}/seats/1", {"name": "João"})
    _post(client, f"/api/v1/games/{game}/seats", {"name": "Eve", "start": "highest"})
    _patch(client, f"/api/v1/games/{game}/seats/0", {"left": True})
    client.get("/language/it")
    lines = _history(client, game)
    assert lines[:3] == [
        "Ana lascia la partita",
        "Eve si aggiunge alla partita con 35 punti",
        "Jaon ora si chiama João",
    ]


def test_the_table_screen_offers_the_changes_in_a_compact_menu(client: FlaskClient) -> None:
    game = _game(client, "Ana", "Ben")
    table = text(client.get(f"/games/{game}"))
    menu = re.search(r'<details class="more players-menu">(.*?)</details>', table, re.S)
    assert menu is not None
    assert (
        "Rename a player" in menu.group(1) and "A player joins" in menu.group(1) and "A player leaves" in menu.group(1)
    )


# ---------------------------------------------------------------- export, import, stats


def test_a_game_with_seat_changes_exports_imports_and_exports_again_the_same(client: FlaskClient, other: Flask) -> None:
    game = _game(client, "Ana", "Ben", "Cleo")
    _round(client, game, {"Ana": 0, "Ben": 20, "Cleo": 35})
    _post(client, f"/api/v1/games/{game}/seats", {"name": "Eve", "start": "highest"})
    _patch(client, f"/api/v1/games/{game}/seats/1", {"left": True})
    _round(client, game, {"Ana": 0, "Cleo": 5, "Eve": 2})
    document = client.get(f"/api/v1/games/{game}/export").get_json()
    seats = document["games"][0]["seats"]
    assert seats[0] == {"position": 0, "name": "Ana"}  # a seat with nothing to say says nothing more than before
    assert seats[1]["left_round"] == 2 and seats[3]["joined_round"] == 2 and seats[3]["start_total"] == 35
    copy = other.test_client()
    created = copy.post("/api/v1/games/import", json=document)
    assert created.status_code == 201, created.get_json()
    assert created.get_json() == _json(client, game)
    assert copy.get(f"/api/v1/games/{game}/export").get_json() == document


def test_a_late_joiners_game_total_in_the_records_includes_their_start(app: Flask, client: FlaskClient) -> None:
    game = _game(client, "Ana", "Ben", rounds=2)
    _round(client, game, {"Ana": 0, "Ben": 20})
    _post(client, f"/api/v1/games/{game}/seats", {"name": "Eve", "start": "highest"})
    _round(client, game, {"Ana": 0, "Ben": 1, "Eve": 2})
    records = {p["name"]: p["stats"]["mexican-train"] for p in client.get("/api/v1/players").get_json()["players"]}
    assert records["Eve"]["best_game"] == 22 and records["Eve"]["rounds"] == 1
    assert records["Ben"]["best_game"] == 21
    # in the games list too
    with _db(app) as db:
        listed = services.list_games(db).finished[0]
    assert {s.player: s.total for s in listed.standings} == {"Ana": 0, "Ben": 21, "Eve": 22}


def test_changes_are_kept_whole_in_the_history_rows(app: Flask, client: FlaskClient) -> None:
    game = _game(client, "Ana", "Jaon")
    _patch(client, f"/api/v1/games/{game}/seats/1", {"name": "João"})
    with _db(app) as db:
        rows = [(c.action, c.round_number, c.player, c.old, c.new) for c in db.scalars(select(Change))]
    assert rows == [("renamed", 1, "João", "Jaon", "João")]


def test_a_small_set_takes_no_more_players_than_it_deals_for(client: FlaskClient) -> None:
    game = _game(client, "Ana", "Ben", "Cleo", "Dan", set=6)
    refused = _post(client, f"/api/v1/games/{game}/seats", {"name": "Eve"}, 409)
    assert refused["error"] == "Mexican Train takes at most 4 players."


def test_a_late_joiner_who_leaves_before_playing_plays_no_round(client: FlaskClient, other: Flask) -> None:
    game = _game(client, "Ana", "Ben", "Cleo")
    _round(client, game, {"Ana": 0, "Ben": 20, "Cleo": 35})
    _round(client, game, {"Ana": 1, "Ben": 0, "Cleo": 3})
    _post(client, f"/api/v1/games/{game}/seats", {"name": "Eve", "start": "highest"})
    assert client.delete(f"/api/v1/games/{game}/rounds/2").status_code == 200  # round 2 is played again
    assert [s["state"] for s in _json(client, game)["seats"]] == ["playing", "playing", "playing", "joining"]
    _patch(client, f"/api/v1/games/{game}/seats/3", {"left": True})
    answer = _json(client, game)
    assert answer["seats"][3]["joined_round"] == answer["seats"][3]["left_round"] == 3
    assert _playing(client, game) == ["Ana", "Ben", "Cleo"]
    _round(client, game, {"Ana": 1, "Ben": 0, "Cleo": 3})
    assert [s["state"] for s in _json(client, game)["seats"]] == ["playing", "playing", "playing", "left"]
    document = client.get(f"/api/v1/games/{game}/export").get_json()
    assert other.test_client().post("/api/v1/games/import", json=document).status_code == 201


def test_a_typo_fixed_after_the_game_is_filed_under_its_last_round(client: FlaskClient) -> None:
    game = _game(client, "Ana", "Jaon", rounds=1)
    _round(client, game, {"Ana": 0, "Jaon": 20})
    assert _patch(client, f"/api/v1/games/{game}/seats/1", {"name": "João"})["winners"] == ["Ana"]
    assert "Round 1" in text(client.get(f"/games/{game}/history"))
    assert "Round 2" not in text(client.get(f"/games/{game}/history"))
    assert "already over" in _post(client, f"/api/v1/games/{game}/seats", {"name": "Eve"}, 409)["error"]
    assert "already over" in _patch(client, f"/api/v1/games/{game}/seats/0", {"left": True}, 409)["error"]


def test_a_backup_keeps_who_joined_and_left_and_an_old_backup_reads_as_nobody_did(
    app: Flask, client: FlaskClient, other: Flask
) -> None:
    game = _game(client, "Ana", "Ben", "Cleo")
    _round(client, game, {"Ana": 0, "Ben": 20, "Cleo": 35})
    _post(client, f"/api/v1/games/{game}/seats", {"name": "Eve", "start": "highest"})
    _patch(client, f"/api/v1/games/{game}/seats/0", {"left": True})
    plain = _game(client, "Dora", "Ivo")
    with _db(app) as db:
        document = json.loads(json.dumps(backup_document(db)))
    with _db(other) as db:
        report = restore_document(db, copy.deepcopy(document))
        assert sorted(report.added) == sorted([game, plain])
        assert json.loads(json.dumps(backup_document(db)))["games"] == document["games"]
    restored = other.test_client()
    assert restored.get(f"/api/v1/games/{game}").get_json() == _json(client, game)
    # the seats of a game nobody joined or left say no more than they did before seats could change
    seats = next(g for g in document["games"] if g["id"] == plain)["seats"]
    assert seats == [{"position": 0, "name": "Dora"}, {"position": 1, "name": "Ivo"}]


def test_the_forms_need_their_csrf_token(app_with_csrf: Flask) -> None:
    client = app_with_csrf.test_client()
    game = _game(client, "Ana", "Jaon")
    for action, data in (
        ("rename", {"rename-seat": "1", "rename-name": "João"}),
        ("join", {"join-name": "Eve", "join-start": "zero"}),
        ("leave", {"leave-seat": "1"}),
    ):
        assert client.post(f"/games/{game}/players/{action}", data=data).status_code == 400
    assert _json(client, game)["players"] == ["Ana", "Jaon"] and _history(client, game) == []
