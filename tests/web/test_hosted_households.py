"""Hosted mode's households: a request's household comes from its phone's session or its API token, and only while
that phone or token still exists; a phone with neither lands on /welcome, the API answers 401."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import delete, select

from scorekeeper import phones
from scorekeeper.db import session as db_session
from scorekeeper.models import ApiToken, Household, Phone
from scorekeeper.services import households as rows

from .helpers import start_game, text

PASSPHRASE = "four dominoes on the train"


@pytest.fixture
def hosted(tmp_path: Path, app_factory: Callable[..., Flask]) -> Flask:
    return app_factory(tmp_path, WTF_CSRF_ENABLED=False, SCOREKEEPER_HOSTED=True)


@pytest.fixture
def phone(hosted: Flask) -> Iterator[FlaskClient]:
    with hosted.test_client() as c:
        yield c


def create(client: FlaskClient, name: str = "The Rossis", player: str = "Ana", **changes: str):  # type: ignore[no-untyped-def]
    data = {
        "create-name": name,
        "create-passphrase": PASSPHRASE,
        "create-passphrase_again": PASSPHRASE,
        "create-player": player,
    }
    data.update({f"create-{k}": v for k, v in changes.items()})
    return client.post("/welcome/create", data=data)


def sign_in(client: FlaskClient, name: str = "The Rossis", passphrase: str = PASSPHRASE, player: str = "Ben"):  # type: ignore[no-untyped-def]
    return client.post(
        "/welcome/sign-in", data={"signin-name": name, "signin-passphrase": passphrase, "signin-player": player}
    )


def member_phone(client: FlaskClient) -> int:
    with client.session_transaction() as s:
        kept = s[phones.MEMBER]
    assert isinstance(kept["phone"], int)
    return int(kept["phone"])


def test_a_phone_with_no_household_lands_on_welcome_and_the_api_answers_401(phone: FlaskClient) -> None:
    for page in ("/", "/games/new", "/people", "/settings"):
        response = phone.get(page)
        assert response.status_code == 302 and response.headers["Location"].startswith("/welcome"), page
    response = phone.get("/api/v1/players")
    assert response.status_code == 401 and "Bearer" in response.get_json()["error"]
    welcome = phone.get("/welcome")
    assert welcome.status_code == 200 and "Create a household" in text(welcome)


def test_the_api_answers_401_in_the_persons_language(phone: FlaskClient) -> None:
    response = phone.get("/api/v1/players", headers={"Accept-Language": "it"})
    english = phone.get("/api/v1/players").get_json()["error"]
    assert response.status_code == 401 and response.get_json()["error"] != english


def test_created_household_signs_the_phone_in_for_months(hosted: Flask, phone: FlaskClient) -> None:
    response = create(phone)
    assert response.status_code == 302 and response.headers["Location"] == "/"
    assert phone.get("/").status_code == 200
    assert phone.get("/welcome").status_code == 302  # a member goes on to its games
    with phone.session_transaction() as s:
        assert s.permanent
    cookie = phone.get_cookie("session")
    assert cookie is not None and cookie.expires is not None
    with hosted.app_context():
        stored = db_session().scalars(select(Phone)).one()
        assert stored.player == "Ana" and len(stored.key_hash) == 64
        household = db_session().scalars(select(Household).where(Household.name == "The Rossis")).one()
        assert household.passphrase_hash is not None and household.passphrase_hash.startswith("$argon2id$")
        assert PASSPHRASE not in household.passphrase_hash


def test_a_member_sees_every_game_of_the_household(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    game = start_game(phone, "Ana", "Ben")
    with hosted.test_client() as other:
        assert sign_in(other).status_code == 302
        assert "Ana, Ben" in text(other.get("/"))
        assert other.get(game).status_code == 200


def test_a_signed_out_phone_lands_on_welcome_at_once(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    assert phone.get("/").status_code == 200
    with hosted.app_context():
        db = db_session()
        db.execute(delete(Phone).where(Phone.id == member_phone(phone)))
        db.commit()
    response = phone.get("/")
    assert response.status_code == 302 and response.headers["Location"].startswith("/welcome")
    with phone.session_transaction() as s:
        assert phones.MEMBER not in s  # forgotten: the next request does not look it up again


def test_a_session_with_a_wrong_key_opens_nothing(phone: FlaskClient) -> None:
    create(phone)
    with phone.session_transaction() as s:
        s[phones.MEMBER] = {**s[phones.MEMBER], "key": "guessed"}
    assert phone.get("/").status_code == 302


def test_an_api_token_opens_the_api_until_it_is_revoked(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    with hosted.app_context():
        household_id = db_session().scalars(select(Household.id).where(Household.name == "The Rossis")).one()
        token = rows.make_token(db_session(), household_id, "scoreboard")
    with hosted.test_client() as client:
        headers = {"Authorization": f"Bearer {token}"}
        assert client.get("/api/v1/players", headers=headers).status_code == 200
        with hosted.app_context():
            stored = db_session().scalars(select(ApiToken)).one()
            assert stored.token_hash != token and stored.last_used_at is not None
            rows.revoke_token(db_session(), household_id, stored.id)
        response = client.get("/api/v1/players", headers=headers)
        assert response.status_code == 401 and "Settings" in response.get_json()["error"]
        assert client.get("/api/v1/players", headers={"Authorization": "Bearer nonsense"}).status_code == 401


def test_a_phone_that_opens_a_game_by_its_link_is_its_guest_only(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    game = start_game(phone, "Ana", "Ben")
    with hosted.test_client() as guest:
        assert guest.get(game).status_code == 200
        assert guest.get(game + "/whose").status_code == 200
        response = guest.get("/")  # the household's other pages stay closed
        assert response.status_code == 302 and response.headers["Location"].startswith("/welcome")
        assert guest.get("/games/aaaaaaaaaaaaaaaa").status_code in (302, 404)


def test_home_mode_has_no_welcome(client: FlaskClient) -> None:
    assert client.get("/welcome").status_code == 404
    assert client.get("/").status_code == 200
