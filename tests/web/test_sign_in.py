"""The household password, and only it, signs a phone in; guessing it is slowed down: after a few wrong passwords
from one client, or many from anywhere, every sign-in (the right password too) is refused with the wait (429, on
the page and in the API) until the wait is over. The clock is a fixed one the tests move on: nothing waits."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from .helpers import text

PASSWORD = "dominoes at nonna's"


class Clock:
    """A clock that stands still until a test moves it on."""

    def __init__(self) -> None:
        self.now = float(int(time.time()))

    def __call__(self) -> float:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fixed = Clock()
    monkeypatch.setattr(time, "time", fixed)  # the limits' windows and the wait shown read it
    return fixed


def _app(tmp_path: Path, factory: Callable[..., Flask], **limits: str) -> Flask:
    return factory(tmp_path, SCOREKEEPER_PASSWORD=PASSWORD, **limits)


@pytest.fixture
def guarded(tmp_path: Path, app_factory: Callable[..., Flask], clock: Clock) -> Flask:
    """The app as shipped (CSRF on, the default limits), with a household password."""
    return _app(tmp_path, app_factory)


def _try(client: FlaskClient, password: str, lang: str = "en") -> tuple[int, str]:
    page = text(client.get(f"/login?lang={lang}"))
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    response = client.post(f"/login?next=/stats&lang={lang}", data={"csrf_token": token.group(1), "password": password})
    return response.status_code, text(response)


def _signed_in(client: FlaskClient) -> bool:
    return client.get("/api/v1/presets").status_code == 200


def _api(client: FlaskClient, password: object) -> tuple[int, dict[str, object] | None, str | None]:
    response = client.post("/api/v1/sign-in", json={"password": password})
    return response.status_code, response.get_json(silent=True), response.headers.get("Retry-After")


# ---------------------------------------------------------------- only the password


WRONG = [
    pytest.param("x" * len(PASSWORD), id="same length"),
    pytest.param(PASSWORD[:-1] + "?", id="last character wrong"),
    pytest.param(PASSWORD[:-1], id="prefix"),
    pytest.param(PASSWORD[:1], id="first character"),
    pytest.param(PASSWORD + "s", id="one character more"),
    pytest.param(PASSWORD.upper(), id="other case"),
    pytest.param(" " + PASSWORD, id="a space before"),
    pytest.param("", id="empty"),
]


@pytest.mark.parametrize("password", WRONG)
def test_only_the_password_itself_signs_in_on_the_page(guarded: Flask, password: str) -> None:
    with guarded.test_client() as client:
        status, page = _try(client, password)
        assert status == 403 and "That is not the household password." in page
        assert not _signed_in(client)
        assert _try(client, PASSWORD)[0] == 302 and _signed_in(client)


@pytest.mark.parametrize("password", [*WRONG, pytest.param(None, id="null"), pytest.param(["x"], id="a list")])
def test_only_the_password_itself_signs_in_through_the_api(guarded: Flask, password: object) -> None:
    with guarded.test_client() as client:
        status, body, _wait = _api(client, password)
        assert status in (403, 422) and body and "password" in str(body["error"])
        assert not _signed_in(client)
        assert _api(client, PASSWORD)[0] == 204 and _signed_in(client)


# ---------------------------------------------------------------- slowed down


def test_wrong_passwords_from_one_phone_make_it_wait_even_with_the_right_one(guarded: Flask, clock: Clock) -> None:
    with guarded.test_client() as client:
        for _n in range(5):
            assert _try(client, "nonna's dominoes")[0] == 403
            clock.wait(5)
        status, page = _try(client, PASSWORD)
        assert status == 429
        assert "Too many tries. Wait 35 seconds, then try again." in page  # the minute began with the first try
        assert 'type="password"' in page  # the form stays, for after the wait
        assert not _signed_in(client)
        clock.wait(34)
        assert _try(client, PASSWORD)[0] == 429 and not _signed_in(client)
        clock.wait(1)
        assert _try(client, PASSWORD)[0] == 302 and _signed_in(client)


def test_a_phone_that_signs_in_at_once_is_never_held_up(guarded: Flask) -> None:
    for _n in range(12):
        with guarded.test_client() as client:
            assert _try(client, PASSWORD)[0] == 302
    with guarded.test_client() as client:
        assert _try(client, "wrong")[0] == 403


def test_wrong_passwords_from_many_addresses_make_the_whole_household_wait(
    tmp_path: Path, app_factory: Callable[..., Flask], clock: Clock
) -> None:
    app = _app(tmp_path, app_factory, SCOREKEEPER_HOUSEHOLD_SIGN_IN_LIMIT="6 per hour", WTF_CSRF_ENABLED=False)
    for n in range(3):
        guesser = app.test_client()
        guesser.environ_base["REMOTE_ADDR"] = f"203.0.113.{n}"
        for _n in range(2):
            assert _api(guesser, f"guess {n}")[0] == 403
    family = app.test_client()
    family.environ_base["REMOTE_ADDR"] = "192.168.1.20"
    status, body, wait = _api(family, PASSWORD)
    assert (
        status == 429
        and wait == "3600"
        and body
        == {
            "error": "Too many tries. Wait 3600 seconds, then try again.",
            "retry_after": 3600,
        }
    )
    assert family.post("/login", data={"password": PASSWORD}).status_code == 429
    clock.wait(3600)
    assert _api(family, PASSWORD)[0] == 204


def test_the_page_and_the_api_count_the_same_tries(guarded: Flask, clock: Clock) -> None:
    with guarded.test_client() as client:
        for _n in range(3):
            assert _try(client, "wrong")[0] == 403
        for _n in range(2):
            assert _api(client, "wrong")[0] == 403
        status, body, wait = _api(client, PASSWORD)
        assert status == 429 and wait == "60" and body and body["retry_after"] == 60
        assert _try(client, PASSWORD)[0] == 429


def test_the_wait_is_told_in_the_phones_language(guarded: Flask) -> None:
    with guarded.test_client() as client:
        for _n in range(5):
            _try(client, "wrong")
        status, page = _try(client, "wrong", lang="de")
        assert status == 429 and '<html lang="de">' in page
        assert "Too many tries" not in page and "60" in page


def test_a_phone_stays_signed_in_until_its_cookie_expires_though_each_worker_remembers_it(
    guarded: Flask, clock: Clock
) -> None:
    """A worker remembers each session cookie it verified (its signature is not checked on every request); a
    remembered cookie still expires when its lifetime is over, as one checked anew would."""
    client = guarded.test_client()
    assert _try(client, PASSWORD)[0] in (302, 303)
    assert _signed_in(client) and _signed_in(client)  # verified, then remembered
    clock.wait(guarded.permanent_session_lifetime.total_seconds() - 60)
    assert _signed_in(client)
    clock.wait(120)
    assert not _signed_in(client)
