"""Several instances of the hosted app (as gunicorn processes behind a proxy) answer alike: the same secret key
from the environment, one database and one Redis for the rate limits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from web.helpers import hosted_app, shared_database

from scorekeeper import create_app
from scorekeeper.services.results import upgrade

from .phones import PASSPHRASE, Phone


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
    return shared_database(tmp_path)


@pytest.fixture
def instances(database_url: str, redis_url: str) -> tuple[Flask, Flask]:
    """Two instances built alike from the same settings, as two gunicorn processes behind a proxy would be."""
    return hosted_app(database_url, RATELIMIT_STORAGE_URI=redis_url), hosted_app(
        database_url, RATELIMIT_STORAGE_URI=redis_url
    )


def test_wrong_passphrases_spread_over_two_instances_are_counted_together(instances: tuple[Flask, Flask]) -> None:
    assert Phone(instances[0], "198.51.100.1").create("The Rossis").status_code == 302
    guesser = [Phone(app, "203.0.113.40") for app in instances]  # one client, its requests to either instance
    answers = [guesser[n % 2].sign_in("The Rossis", f"guess number {n}").status_code for n in range(6)]
    assert answers == [403] * 5 + [429]
    for phone in guesser:  # either instance now refuses, the right passphrase too
        right = phone.sign_in("The Rossis")
        assert right.status_code == 429 and int(right.headers["Retry-After"]) > 0


def test_a_flood_of_households_spread_over_two_instances_is_answered_429_by_either(
    instances: tuple[Flask, Flask],
) -> None:
    for app in instances:
        app.config["SCOREKEEPER_CREATE_ALL_LIMIT"] = "4 per hour"
    made = [Phone(instances[n % 2], f"203.0.113.{n}").create(f"Family {n}").status_code for n in range(4)]
    assert made == [302] * 4
    for n, app in enumerate(instances):
        assert Phone(app, f"198.51.100.{n}").create(f"Late family {n}").status_code == 429


def test_a_households_request_quota_is_one_across_instances(instances: tuple[Flask, Flask]) -> None:
    for app in instances:
        app.config["SCOREKEEPER_HOUSEHOLD_REQUEST_LIMIT"] = "4 per minute"
    first = Phone(instances[0], "203.0.113.7")
    assert first.create("The Rossis").status_code == 302
    second = Phone(instances[1], "203.0.113.8")
    assert second.sign_in("The Rossis").status_code == 302
    assert [(first, second)[n % 2].get("/").status_code for n in range(4)] == [200] * 4
    assert {phone.get("/").status_code for phone in (first, second)} == {429}


def _token(page: str, form: str = "") -> str:
    found = re.search(rf'name="{form}csrf_token" type="hidden" value="([^"]+)"', page)
    assert found, page
    return found.group(1)


def _hand_over(source: FlaskClient, target: FlaskClient) -> None:
    """The phone's session cookie, as one instance last set it, sent to the other."""
    cookie = source.get_cookie("session")
    assert cookie is not None
    target.set_cookie("session", cookie.value)


def test_a_session_and_a_csrf_token_from_one_instance_are_taken_by_the_other(instances: tuple[Flask, Flask]) -> None:
    first, second = (app.test_client() for app in instances)
    token = _token(first.get("/welcome").get_data(as_text=True), "create-")
    _hand_over(first, second)
    made = second.post(
        "/welcome/create",
        data={
            "create-csrf_token": token,
            "create-name": "The Rossis",
            "create-passphrase": PASSPHRASE,
            "create-passphrase_again": PASSPHRASE,
            "create-player": "Ana",
        },
    )
    assert made.status_code == 302, made.get_data(as_text=True)
    _hand_over(second, first)  # signed in by the second instance: the first knows the phone
    page = first.get("/games/new")
    assert page.status_code == 200
    _hand_over(first, second)
    started = second.post(
        "/games/new", data={"csrf_token": _token(page.get_data(as_text=True)), "players-0": "Ana", "players-1": "Bo"}
    )
    assert started.status_code == 302, started.get_data(as_text=True)
    game = started.headers["Location"].rsplit("/", 1)[-1]
    _hand_over(second, first)  # the game the second instance remembered in the session
    assert f"/games/{game}" in first.get("/").get_data(as_text=True)


def test_one_game_has_the_same_etag_and_live_tag_on_both_instances(instances: tuple[Flask, Flask]) -> None:
    member = Phone(instances[0])
    assert member.create("The Rossis").status_code == 302
    first = member.client
    first.get("/games/new")  # the session's form token: the table page's ETag names it
    second = instances[1].test_client()
    _hand_over(first, second)  # one phone, its requests answered by either instance
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


def test_at_home_two_servers_sharing_redis_count_wrong_passwords_together(tmp_path: Path, redis_url: str) -> None:
    url = f"sqlite:///{tmp_path / 'home.sqlite3'}"
    upgrade(url)
    config = {
        "TESTING": True,
        "DATABASE_URL": url,
        "SECRET_KEY": "one key",
        "WTF_CSRF_ENABLED": False,
        "SCOREKEEPER_PASSWORD": "dominoes at nonna's",
        "RATELIMIT_STORAGE_URI": redis_url,
    }
    clients = [create_app(dict(config)).test_client() for _ in range(2)]
    tries = [clients[n % 2].post("/api/v1/sign-in", json={"password": f"guess {n}"}).status_code for n in range(6)]
    assert tries == [403] * 5 + [429]
