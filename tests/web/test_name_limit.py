"""One limit for a player's name, said before typing and the same everywhere: every field that takes a name has
maxlength 30 and says "Up to 30 characters." under it, and every form and the API refuse a longer name with a
message (nothing is cut)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import session
from scorekeeper.models import Household, Phone
from scorekeeper.services.inputs import MAX_NAME
from scorekeeper.services.results import upgrade

from .helpers import errors, hosted_app, start_game, text

LONG = "Maria Francesca Della Rovere Ba"  # 31 characters
HINT = "Up to 30 characters."
PASSPHRASE = "four dominoes on the train"


def _name_inputs(page: str, name: str) -> list[str]:
    return re.findall(rf'<input[^>]*name="{re.escape(name)}"[^>]*>', page)


def _says_the_limit(page: str, *names: str) -> None:
    assert HINT in html.unescape(page)
    for name in names:
        inputs = _name_inputs(page, name)
        assert inputs, f"no field {name}"
        assert all(f'maxlength="{MAX_NAME}"' in i for i in inputs), inputs


def _version(client: FlaskClient, game: str) -> str:
    return str(client.get(f"/api/v1/games/{game.rsplit('/', 1)[1]}").get_json()["version"])


def test_the_limit_is_the_seat_tables_column() -> None:
    assert MAX_NAME == 30 and len(LONG) == MAX_NAME + 1


def test_the_new_game_form_says_the_limit_before_typing(client: FlaskClient) -> None:
    page = text(client.get("/games/new"))
    _says_the_limit(page, "players-0", "players-7")


def test_the_players_page_says_the_limit_for_a_rename_and_a_joiner(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    _says_the_limit(text(client.get(f"{game}/players")), "rename-name", "join-name")


def test_rename_and_join_refuse_a_long_name_and_keep_it_typed(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    renamed = client.post(
        f"{game}/players/rename",
        data={"rename-seat": "1", "rename-name": LONG, "rename-version": _version(client, game)},
    )
    assert "A name is at most 30 characters." in errors(text(renamed)) and f'value="{LONG}"' in text(renamed)
    joined = client.post(
        f"{game}/players/join", data={"join-name": LONG, "join-start": "zero", "join-version": _version(client, game)}
    )
    assert "A name is at most 30 characters." in errors(text(joined)) and f'value="{LONG}"' in text(joined)
    players = client.get(f"/api/v1/games/{game.rsplit('/', 1)[1]}").get_json()["players"]
    assert players == ["Ana", "Ben"]  # nothing cut and stored
    ok = client.post(
        f"{game}/players/join",
        data={"join-name": LONG[:30], "join-start": "zero", "join-version": _version(client, game)},
    )
    assert ok.status_code == 302  # 30 is allowed


def test_a_persons_page_says_the_limit_and_refuses_longer(client: FlaskClient) -> None:
    start_game(client, "Ana", "Ben")
    person = re.search(r'href="(/people/\d+)"', text(client.get("/people")))
    assert person is not None
    _says_the_limit(text(client.get(person.group(1))), "name")
    refused = client.post(f"{person.group(1)}/rename", data={"name": LONG}, follow_redirects=True)
    assert "A name is at most 30 characters." in html.unescape(text(refused))


def test_the_api_refuses_a_long_name_everywhere_with_the_same_limit(client: FlaskClient) -> None:
    created = client.post("/api/v1/games", json={"players": ["Ana", LONG]})
    assert created.status_code == 422 and "keep names to 30" in created.get_json()["error"]
    game = client.post("/api/v1/games", json={"players": ["Ana", "Ben"]}).get_json()["id"]
    joined = client.post(f"/api/v1/games/{game}/seats", json={"name": LONG})
    assert joined.status_code == 422 and "at most 30 characters" in joined.get_json()["error"]
    renamed = client.patch(f"/api/v1/games/{game}/seats/1", json={"name": LONG})
    assert renamed.status_code == 422 and "at most 30 characters" in renamed.get_json()["error"]


@pytest.fixture
def hosted(tmp_path: Path) -> Flask:
    url = f"sqlite:///{tmp_path / 'hosted.sqlite3'}"
    upgrade(url)
    return hosted_app(url, WTF_CSRF_ENABLED=False)


def _create(phone: FlaskClient, player: str):  # type: ignore[no-untyped-def]
    data = {
        "create-name": "The Rossis",
        "create-passphrase": PASSPHRASE,
        "create-passphrase_again": PASSPHRASE,
        "create-player": player,
    }
    return phone.post("/welcome/create", data=data)


def test_the_household_forms_say_the_limit_and_refuse_a_long_phone_name_instead_of_cutting_it(hosted: Flask) -> None:
    phone = hosted.test_client()
    _says_the_limit(text(phone.get("/welcome")), "create-player", "signin-player")
    refused = _create(phone, LONG)
    assert refused.status_code == 422 and "A name is at most 30 characters." in html.unescape(text(refused))
    with hosted.app_context():
        assert session().scalars(select(Phone)).first() is None  # no phone signed in under a cut name
    assert _create(phone, "Ana").status_code == 302
    with hosted.app_context():
        code = session().scalars(select(Household.invite_code).where(Household.name == "The Rossis")).one()
    ben = hosted.test_client()
    _says_the_limit(text(ben.get(f"/invite/{code}")), "player")
    joined = ben.post(f"/invite/{code}", data={"player": LONG})
    assert joined.status_code == 422 and "A name is at most 30 characters." in html.unescape(text(joined))
    signed = hosted.test_client().post(
        "/welcome/sign-in",
        data={"signin-name": "The Rossis", "signin-passphrase": PASSPHRASE, "signin-player": LONG},
    )
    assert signed.status_code == 422 and "A name is at most 30 characters." in html.unescape(text(signed))
