"""Issue 25's done-when: two households on one hosted deployment never see or touch each other's data.

Two instances of the app (two ``create_app`` in hosted mode) share one database: PostgreSQL when TEST_DATABASE_URL
names one it may wipe, else a SQLite file. Household A, on instance 1, fills a game of every kind (rounds, a round
being filled in, a finished game, a trashed game, people and a merge, a watch link and a join code, a phone and an
API token). Its pages are asked first, on instance 1, so that every cache holds them. Then household B, signed in
on instance 2 and then on instance 1 too, walks every rule of the app's url_map (pages and API, every method; the
list is made from the url map, so a route added later is walked the day it is added) with A's ids, numbers and
codes put in, and is answered 404 (or 401/403) every time, with nothing of A's in the answer; A's data is as it
was afterwards.

The deliberate exceptions, each said where it is made: a watch link (read-only, by its unguessable code, given
away on purpose: /watch/<code>) and a household's invite link (/invite/<code>, given away to join it).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from web.helpers import enter_round, hosted_app, shared_database, start_game

from scorekeeper.db import session
from scorekeeper.models import ApiToken, Game, Household, Merge, Person, Phone
from scorekeeper.services import households as rows

PASSPHRASE = "four dominoes on the train"
POSTGRES = os.environ.get("TEST_DATABASE_URL", "")
WRITES = {"POST", "PUT", "PATCH", "DELETE"}
REFUSED = {401, 403, 404}

EXCEPTIONS = {
    "join.watch": "a watch link: read-only, opened by its unguessable code, given away on purpose",
    "join.watch_live": "the watch link's live check, the same exception",
    "households.invite": "a household's invite link: given away to join that household",
    "static": "the app's static files: no household's data",
    "choose_language": "a language's code: no household's data",
}
"""Rules with a parameter whose answer to B may be A's, on purpose."""
ALREADY_DONE = {
    "households.sign_out_phone": "signing out a phone the household has not is no error (already signed out)",
    "households.revoke_token": "revoking a token the household has not is no error (already revoked)",
}
"""Rules that answer a write for a row B's household has not as done already (B's settings again): allowed only
because A's rows are checked to be as they were, and nothing of A's shows."""


@pytest.fixture
def database(tmp_path: Path) -> str:
    return shared_database(tmp_path)


def instance(database: str) -> Flask:
    """One instance of the hosted deployment (its own process in production: its own memory, the same database)."""
    # every route of the app is tried from one address, more writes than a phone's limit: only isolation is tested
    return hosted_app(database, WTF_CSRF_ENABLED=False, SCOREKEEPER_WRITE_LIMIT="10000 per minute")


@dataclass
class Household_A:
    """What household A holds, by the names the url map's rules give their parameters."""

    games: list[str]
    values: dict[str, object]
    token: str
    secrets: set[str] = field(default_factory=set)
    """Strings only A's data holds: none may show in an answer to B."""


def _create(client: FlaskClient, name: str, player: str) -> None:
    data = {
        "create-name": name,
        "create-passphrase": PASSPHRASE,
        "create-passphrase_again": PASSPHRASE,
        "create-player": player,
    }
    assert client.post("/welcome/create", data=data).status_code == 302


def _ok(response: object) -> None:
    assert getattr(response, "status_code", None) in (200, 201, 302), getattr(response, "status_code", None)


def _fill_a(app: Flask, phone: FlaskClient) -> Household_A:
    """Household A's evening: a game with rounds and a round being filled in, a finished Super Domino game, a
    trashed game, a merge of two people, the join page (its watch link and join code), an API token."""
    _create(phone, "The Rossis", "Ana")
    game = start_game(phone, "Ana", "Zebediah", "Quirinus")
    for pips in ((0, 10, 20), (5, 0, 15)):
        _ok(enter_round(phone, game, *pips, went_out=str(pips.index(0))))
    _ok(phone.post(f"{game}/rounds/3/mine", data={"seat": "0", "pips-0": "7"}))
    _ok(phone.get(f"{game}/join"))  # its watch link and join code made
    hand = {"tiles-0": "0", "pips-0": "0", "tiles-1": "3", "pips-1": "20", "went_out": "0"}
    finished = start_game(phone, "Ana", "Zebediah", game="super-domino")
    _ok(phone.post(f"{finished}/rounds/new", data=hand))
    _ok(phone.post(f"{finished}/finish"))
    trashed = start_game(phone, "Quirinus", "Ottoline")
    _ok(phone.post(f"{trashed}/delete"))
    merged = start_game(phone, "Zeb", "Ana")
    ids = [path.rsplit("/", 1)[1] for path in (game, finished, trashed, merged)]
    with app.app_context():  # outside a request: the whole database
        db = session()
        household = db.scalars(select(Household).where(Household.name == "The Rossis")).one()
        people = {p.name: p.id for p in db.scalars(select(Person).where(Person.household_id == household.id))}
    _ok(phone.post(f"/people/{people['Zeb']}/merge/{people['Zebediah']}"))
    with app.app_context():
        db = session()
        token = rows.make_token(db, household.id, None, "scoreboard")
        first = db.get(Game, ids[0])
        assert first is not None and first.watch_code and first.join_code
        merge = db.scalars(select(Merge.id).where(Merge.household_id == household.id)).one()
        phone_id = db.scalars(select(Phone.id).where(Phone.household_id == household.id)).one()
        token_id = db.scalars(select(ApiToken.id).where(ApiToken.household_id == household.id)).one()
        invite = household.invite_code
        join_code, watch_code = first.join_code, first.watch_code
    values: dict[str, object] = {
        "game_id": ids[0],
        "number": 1,
        "position": 0,
        "person_id": people["Zebediah"],
        "into": people["Ana"],
        "merge_id": merge,
        "phone_id": phone_id,
        "token_id": token_id,
        "code": watch_code,
        "rest": f"{watch_code}/x",
    }
    secrets = {"Zebediah", "Quirinus", "Ottoline", "The Rossis", join_code, watch_code, *ids}
    assert invite is not None
    return Household_A(ids, values, token, {s for s in secrets if s})


def _rules(app: Flask) -> Iterator[tuple[str, str, str, bool]]:
    """Every rule of the url map, every method: (endpoint, method, address with A's values, takes A's data)."""
    for rule in app.url_map.iter_rules():
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            yield rule.endpoint, method, rule.rule, bool(rule.arguments)


def _address(rule: str, values: dict[str, object], game_id: str) -> str:
    def put(match: re.Match[str]) -> str:
        name = match.group(1).split(":")[-1]
        return str(game_id if name == "game_id" else values.get(name, "x"))

    return re.sub(r"<([^>]+)>", put, rule)


BODY = {"pips": {"Ana": 0, "Bob": 5}, "went_out": "Ana", "name": "Mallory", "start": "zero", "players": ["x", "y"]}
FORM = {"pips-0": "0", "pips-1": "5", "went_out": "0", "number": "1", "name": "Mallory", "seat": "0", "version": "1"}


def _asked(client: FlaskClient, method: str, address: str, headers: dict[str, str], version: int) -> tuple[int, str]:
    if address.startswith("/api/"):
        response = client.open(address, method=method, json=BODY if method in WRITES else None, headers=headers)
    else:
        # the version of B's own household as B's settings page has it: a write there is not refused as stale
        form = {**FORM, "version": str(version)}
        response = client.open(address, method=method, data=form if method in WRITES else None, headers=headers)
    return response.status_code, response.get_data(as_text=True)


def _version(app: Flask, name: str) -> int:
    with app.app_context():
        return int(session().scalars(select(Household.version).where(Household.name == name)).one())


def _a_as_stored(app: Flask, a: Household_A) -> list[list[tuple[object, ...]]]:
    with app.app_context():
        db = session()
        games = db.execute(select(Game.id, Game.version, Game.drafts, Game.deleted_at).where(Game.id.in_(a.games)))
        home = db.scalars(select(Household.id).where(Household.name == "The Rossis")).one()
        people = db.execute(select(Person.id, Person.name, Person.merged_into).where(Person.household_id == home))
        phones = db.execute(select(Phone.id, Phone.household_id).where(Phone.household_id == home))
        tokens = db.execute(select(ApiToken.id, ApiToken.household_id).where(ApiToken.id == a.values["token_id"]))
        return [sorted(map(tuple, rows), key=repr) for rows in (games, people, phones, tokens)]


def test_household_b_reaches_nothing_of_household_a_on_any_route_of_either_instance(database: str) -> None:
    one, two = instance(database), instance(database)
    a_phone = one.test_client()
    a = _fill_a(one, a_phone)
    # A's pages asked first on instance 1: every kept answer, remembered game and fast answer is warm
    etags = {}
    for game_id in a.games:
        for path in (f"/games/{game_id}", f"/api/v1/games/{game_id}", f"/api/v1/games/{game_id}/live"):
            for _ in range(2):
                response = a_phone.get(path)
            etags[path] = response.headers.get("ETag")
    assert a_phone.get(f"/games/{a.games[0]}").status_code == 200
    before = _a_as_stored(one, a)

    b_on = {}
    for name, app in (("instance 2", two), ("instance 1", one)):
        phone = app.test_client()
        if name == "instance 2":
            _create(phone, "The Novaks", "Ana")
            # B's own Ana: a stranger with the same player name as A's
            start_game(phone, "Ana", "Bob")
            with app.app_context():
                b_household = session().scalars(select(Household.id).where(Household.name == "The Novaks")).one()
                token = rows.make_token(session(), b_household, None, "script")
        else:
            assert (
                phone.post(
                    "/welcome/sign-in",
                    data={"signin-name": "The Novaks", "signin-passphrase": PASSPHRASE, "signin-player": "Bob"},
                ).status_code
                == 302
            )
        b_on[name] = phone
        wrong: list[str] = []
        for endpoint, method, rule, takes in _rules(app):
            if endpoint in EXCEPTIONS:
                continue
            if not takes and method in WRITES:
                continue  # no id of A's in it: a write of B's own household (a new game, B's settings)
            games = a.games if "<game_id>" in rule else [a.games[0]]
            for game_id in games:
                address = _address(rule, a.values, game_id)
                asks = [{}]
                if address.startswith("/api/"):
                    asks.append({"Authorization": f"Bearer {token}"})
                if etags.get(address):
                    asks.append({"If-None-Match": str(etags[address])})
                for headers in asks:
                    status, body = _asked(phone, method, address, headers, _version(app, "The Novaks"))
                    # an id B sent may come back in the answer (the language bar links to the address asked)
                    leaked = sorted(s for s in a.secrets if s in body and s not in address)
                    refused = status in REFUSED or (endpoint in ALREADY_DONE and status == 302)
                    if leaked or (takes and not refused):
                        wrong.append(f"{name} {method} {address} {sorted(headers)}: {status} {leaked}")
        assert not wrong, "\n".join(wrong)
    assert _a_as_stored(one, a) == before

    # the one exception: A's watch link shows A's game read-only, to anyone who has it
    watch = b_on["instance 1"].get(f"/watch/{a.values['code']}")
    assert watch.status_code == 200 and "Zebediah" in watch.get_data(as_text=True)
    assert b_on["instance 2"].post(f"/watch/{a.values['code']}/x").status_code in (403, 404, 405)
    assert _a_as_stored(one, a) == before


def test_a_stranger_with_the_same_player_name_sees_nothing_of_the_others_games(database: str) -> None:
    one, two = instance(database), instance(database)
    a_phone, b_phone = one.test_client(), two.test_client()
    _create(a_phone, "The Rossis", "Ana")
    theirs = start_game(a_phone, "Ana", "Zebediah").rsplit("/", 1)[1]
    _ok(enter_round(a_phone, f"/games/{theirs}", 0, 12, went_out="0"))
    _create(b_phone, "The Novaks", "Ana")
    mine = start_game(b_phone, "Ana", "Bob").rsplit("/", 1)[1]
    players = b_phone.get("/api/v1/players").get_json()["players"]
    assert sorted(p["name"] for p in players) == ["Ana", "Bob"]
    ana = next(p["id"] for p in players if p["name"] == "Ana")
    for page in ("/people", f"/people/{ana}", "/stats", f"/api/v1/players/{ana}", "/"):
        shown = b_phone.get(page).get_data(as_text=True)
        assert theirs not in shown and "Zebediah" not in shown, page
    assert mine in b_phone.get(f"/people/{ana}").get_data(as_text=True)


def test_a_game_file_shared_between_households_becomes_a_copy_of_its_own(database: str) -> None:
    one, two = instance(database), instance(database)
    a_phone, b_phone = one.test_client(), two.test_client()
    _create(a_phone, "The Rossis", "Ana")
    theirs = start_game(a_phone, "Ana", "Zebediah").rsplit("/", 1)[1]
    _ok(enter_round(a_phone, f"/games/{theirs}", 0, 12, went_out="0"))
    document = a_phone.get(f"/api/v1/games/{theirs}/export").get_data()
    assert b'"household_id"' not in document  # whose a game is, is where it goes
    _create(b_phone, "The Novaks", "Ana")
    imported = b_phone.post("/api/v1/games/import", data=document, content_type="application/json")
    assert imported.status_code == 201, imported.get_data(as_text=True)
    copy = imported.get_json()["id"]
    assert copy != theirs and len(imported.get_json()["rounds"]) == 1
    assert b_phone.get(f"/games/{theirs}").status_code == 404
    assert b_phone.get(f"/games/{copy}").status_code == 200
    assert a_phone.get(f"/games/{copy}").status_code == 404
    assert a_phone.get(f"/games/{theirs}").status_code == 200
