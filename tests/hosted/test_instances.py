"""Several instances of the hosted app (as gunicorn processes behind a proxy) answer alike: the same secret key
from the environment, one database and one Redis for the rate limits."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, text

from scorekeeper import create_app
from scorekeeper.app import _normalise_url
from scorekeeper.services.results import upgrade

from .stand_in import HOUSEHOLD_HEADER, add_stand_ins


def test_hosted_mode_refuses_to_start_without_a_secret_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.setenv("SCOREKEEPER_HOSTED", "1")
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(RuntimeError, match=r"Hosted mode \(SCOREKEEPER_HOSTED=1\) needs SECRET_KEY in the environment"):
        create_app()
    assert not (tmp_path / "secret_key").exists()  # no key of its own made instead


def test_home_mode_still_makes_its_own_secret_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.delenv("SCOREKEEPER_HOSTED", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    app = create_app()
    assert app.secret_key == (tmp_path / "secret_key").read_text().strip()


def test_hosted_mode_takes_the_secret_key_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.setenv("SCOREKEEPER_HOSTED", "1")
    monkeypatch.setenv("SECRET_KEY", "the same for every instance")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'hosted.sqlite3'}")
    assert create_app().secret_key == "the same for every instance"


# ---------------------------------------------------------------- two instances, one database, one Redis


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    """One database for both instances: the PostgreSQL of TEST_DATABASE_URL (wiped) when there is one, else a
    SQLite file."""
    postgres = os.environ.get("TEST_DATABASE_URL", "")
    if postgres.startswith("postgres"):
        url = _normalise_url(postgres)
        with create_engine(url).begin() as connection:  # a clean slate
            connection.execute(text("DROP SCHEMA public CASCADE"))
            connection.execute(text("CREATE SCHEMA public"))
    else:
        url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    upgrade(url)
    return url


@pytest.fixture
def instances(database_url: str, redis_url: str) -> tuple[Flask, Flask]:
    """Two instances built alike from the same settings, as two gunicorn processes behind a proxy would be."""
    config = {
        "TESTING": True,
        "DATABASE_URL": database_url,
        "SECRET_KEY": "one key for every instance",
        "SCOREKEEPER_HOSTED": True,
        "RATELIMIT_STORAGE_URI": redis_url,
    }
    return add_stand_ins(create_app(dict(config))), add_stand_ins(create_app(dict(config)))


PEER = {"REMOTE_ADDR": "203.0.113.40"}


def test_wrong_passphrases_spread_over_two_instances_are_counted_together(instances: tuple[Flask, Flask]) -> None:
    clients = [app.test_client() for app in instances]
    answers = [
        clients[n % 2]
        .post("/welcome/sign-in", data={"name": "Rossi", "passphrase": f"guess {n}"}, environ_base=PEER)
        .status_code
        for n in range(6)
    ]
    assert answers == [403] * 5 + [429]
    for client in clients:  # either instance now refuses, the right passphrase too
        right = client.post(
            "/welcome/sign-in", data={"name": "Rossi", "passphrase": "sette e mezzo"}, environ_base=PEER
        )
        assert right.status_code == 429 and int(right.headers["Retry-After"]) > 0


def test_a_flood_of_households_spread_over_two_instances_is_answered_429_by_either(
    instances: tuple[Flask, Flask],
) -> None:
    for app in instances:
        app.config["SCOREKEEPER_CREATE_ALL_LIMIT"] = "4 per hour"
    clients = [app.test_client() for app in instances]
    made = [
        clients[n % 2].post("/welcome/create", environ_base={"REMOTE_ADDR": f"203.0.113.{n}"}).status_code
        for n in range(4)
    ]
    assert made == [201] * 4
    for n, client in enumerate(clients):
        assert client.post("/welcome/create", environ_base={"REMOTE_ADDR": f"198.51.100.{n}"}).status_code == 429


def test_a_households_request_quota_is_one_across_instances(instances: tuple[Flask, Flask]) -> None:
    for app in instances:
        app.config["SCOREKEEPER_HOUSEHOLD_REQUEST_LIMIT"] = "4 per minute"
    clients = [app.test_client() for app in instances]
    mine = {HOUSEHOLD_HEADER: "7"}
    assert [clients[n % 2].get("/", headers=mine).status_code for n in range(4)] == [200] * 4
    assert {client.get("/", headers=mine).status_code for client in clients} == {429}


def test_a_session_and_a_csrf_token_from_one_instance_are_taken_by_the_other(instances: tuple[Flask, Flask]) -> None:
    first, second = (app.test_client() for app in instances)
    page = first.get("/games/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    cookie = first.get_cookie("session")
    assert cookie is not None
    second.set_cookie("session", cookie.value)
    started = second.post("/games/new", data={"csrf_token": token.group(1), "players-0": "Ana", "players-1": "Bo"})
    assert started.status_code == 302, started.get_data(as_text=True)
    game = started.headers["Location"].rsplit("/", 1)[-1]
    # the session as the second instance wrote it (the game remembered in it) is read by the first
    again = second.get_cookie("session")
    assert again is not None and again.value != cookie.value
    first.set_cookie("session", again.value)
    assert f"/games/{game}" in first.get("/").get_data(as_text=True)


def test_one_game_has_the_same_etag_and_live_tag_on_both_instances(instances: tuple[Flask, Flask]) -> None:
    first, second = (app.test_client() for app in instances)
    first.get("/games/new")  # a session with its form token: the table page's ETag names it
    cookie = first.get_cookie("session")
    assert cookie is not None
    second.set_cookie("session", cookie.value)  # one phone, its requests answered by either instance
    game = first.post("/api/v1/games", json={"players": ["Ana", "Bo"]}).get_json()["id"]

    def seen(client: FlaskClient) -> tuple[str | None, str, str | None]:
        answer = client.get(f"/api/v1/games/{game}")
        live = client.get(f"/api/v1/games/{game}/live")
        table = client.get(f"/games/{game}")
        return answer.headers.get("ETag"), live.get_json()["tag"], table.headers.get("ETag")

    before = seen(first)
    assert before == seen(second) and None not in before
    added = second.post(f"/api/v1/games/{game}/rounds", json={"pips": {"Ana": 0, "Bo": 12}, "went_out": "Ana"})
    assert added.status_code == 201
    after = seen(first)
    assert after == seen(second)
    assert all(a != b for a, b in zip(before, after))  # and both moved on with the round
