"""Behind a reverse proxy: X-Forwarded-* believed only from the proxies named in SCOREKEEPER_TRUSTED_PROXIES (the
rate limits then count each phone behind it; from anyone else the headers are ignored and the peer itself is
counted), and over HTTPS a secure-only session cookie and Strict-Transport-Security."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.proxies import networks

from .helpers import text

PROXY = "10.0.0.7"
PASSWORD = "dominoes at nonna's"


def _wrong_password(client: FlaskClient, peer: str, forwarded_for: str) -> int:
    env = {"REMOTE_ADDR": peer}
    page = text(client.get("/login", environ_base=env, headers={"X-Forwarded-For": forwarded_for}))
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    return client.post(
        "/login",
        data={"csrf_token": token.group(1), "password": "not it"},
        environ_base=env,
        headers={"X-Forwarded-For": forwarded_for},
    ).status_code


def _guarded(tmp_path: Path, app_factory: Callable[..., Flask], **config: object) -> Flask:
    return app_factory(tmp_path, SCOREKEEPER_PASSWORD=PASSWORD, **config)


def test_behind_a_trusted_proxy_each_phone_is_counted_on_its_own(
    tmp_path: Path, app_factory: Callable[..., Flask]
) -> None:
    app = _guarded(tmp_path, app_factory, SCOREKEEPER_TRUSTED_PROXIES=f"127.0.0.1, {PROXY}")
    guesser, family = app.test_client(), app.test_client()
    assert [_wrong_password(guesser, PROXY, "203.0.113.5") for _ in range(6)] == [403] * 5 + [429]
    # the same proxy, another phone behind it: its own count
    assert _wrong_password(family, PROXY, "198.51.100.9") == 403


def test_forwarded_for_from_anyone_else_is_ignored_and_the_peer_is_counted(
    tmp_path: Path, app_factory: Callable[..., Flask]
) -> None:
    app = _guarded(tmp_path, app_factory, SCOREKEEPER_TRUSTED_PROXIES=PROXY)
    client = app.test_client()
    # a guesser making up a new address for each try gains nothing
    tries = [_wrong_password(client, "192.0.2.50", f"203.0.113.{n}") for n in range(6)]
    assert tries == [403] * 5 + [429]


def test_with_no_trusted_proxy_forwarded_headers_are_ignored(tmp_path: Path, app_factory: Callable[..., Flask]) -> None:
    app = _guarded(tmp_path, app_factory)
    client = app.test_client()
    tries = [_wrong_password(client, PROXY, f"203.0.113.{n}") for n in range(6)]
    assert tries == [403] * 5 + [429]


def _new_game_page(client: FlaskClient, peer: str, headers: dict[str, str]):  # type: ignore[no-untyped-def]
    return client.get("/games/new", environ_base={"REMOTE_ADDR": peer}, headers=headers)


HTTPS = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.5"}


def test_https_through_a_trusted_proxy_gets_a_secure_cookie_and_hsts(
    tmp_path: Path, app_factory: Callable[..., Flask]
) -> None:
    app = app_factory(tmp_path, SCOREKEEPER_TRUSTED_PROXIES=PROXY)
    response = _new_game_page(app.test_client(), PROXY, HTTPS)
    assert response.status_code == 200
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("session=") and "; Secure" in cookie
    assert response.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_a_forwarded_https_from_an_untrusted_peer_changes_nothing(
    tmp_path: Path, app_factory: Callable[..., Flask]
) -> None:
    app = app_factory(tmp_path, SCOREKEEPER_TRUSTED_PROXIES=PROXY)
    response = _new_game_page(app.test_client(), "192.0.2.50", HTTPS)
    assert "Secure" not in response.headers["Set-Cookie"]
    assert "Strict-Transport-Security" not in response.headers


def test_plain_http_at_home_sends_neither(app_with_csrf: Flask) -> None:
    response = _new_game_page(app_with_csrf.test_client(), "192.168.1.20", {})
    assert "Secure" not in response.headers["Set-Cookie"]
    assert "Strict-Transport-Security" not in response.headers


def test_an_https_public_url_makes_the_cookie_secure_and_sends_hsts(
    tmp_path: Path, app_factory: Callable[..., Flask]
) -> None:
    app = app_factory(tmp_path, SCOREKEEPER_PUBLIC_URL="https://dominoes.example")
    response = _new_game_page(app.test_client(), "192.0.2.50", {})
    assert "; Secure" in response.headers["Set-Cookie"]
    assert response.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_the_join_page_links_to_the_name_the_trusted_proxy_was_asked_for(
    tmp_path: Path, app_factory: Callable[..., Flask]
) -> None:
    app = app_factory(tmp_path, SCOREKEEPER_TRUSTED_PROXIES=PROXY, WTF_CSRF_ENABLED=False)
    client = app.test_client()
    made = client.post("/api/v1/games", json={"players": ["Ana", "Bo"]})
    assert made.status_code == 201, made.get_json()
    game_id = made.get_json()["id"]
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "dominoes.example", "X-Forwarded-For": "1.2.3.4"}
    trusted = text(client.get(f"/games/{game_id}/join", environ_base={"REMOTE_ADDR": PROXY}, headers=forwarded))
    assert f"https://dominoes.example/games/{game_id}" in trusted
    other = text(client.get(f"/games/{game_id}/join", environ_base={"REMOTE_ADDR": "192.0.2.50"}, headers=forwarded))
    assert "dominoes.example" not in other


def test_a_trusted_proxy_that_is_not_an_address_is_refused_at_start() -> None:
    with pytest.raises(ValueError, match="SCOREKEEPER_TRUSTED_PROXIES: 'proxy.lan' is not an address"):
        networks("127.0.0.1, proxy.lan")
