"""CSRF, security headers, and the promise that bad input never becomes a 500."""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient


def test_every_response_carries_security_headers(client: FlaskClient) -> None:
    for path in ("/", "/games/new", "/games/missing", "/api/v1/games/missing"):
        headers = client.get(path).headers
        csp = headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"


def test_pages_have_no_inline_script(client: FlaskClient) -> None:
    html = client.get("/games/new").get_data(as_text=True)
    assert "<script>" not in html and "onclick" not in html


def test_forms_without_the_csrf_token_are_refused(app_with_csrf: Flask) -> None:
    client = app_with_csrf.test_client()
    response = client.post("/games/new", data={"players-0": "A", "players-1": "B", "set": "12"})
    assert response.status_code == 400
    assert "Nothing was saved" in response.get_data(as_text=True)


def test_a_form_with_its_token_goes_through(app_with_csrf: Flask) -> None:
    import re

    client = app_with_csrf.test_client()
    token = re.search(
        r'name="csrf_token" type="hidden" value="([^"]+)"', client.get("/games/new").get_data(as_text=True)
    )
    assert token
    response = client.post(
        "/games/new",
        data={
            "csrf_token": token.group(1),
            "players-0": "A",
            "players-1": "B",
            "set": "12",
            "order": "down",
            "double_blank": "0",
        },
    )
    assert response.status_code == 302


def test_session_cookie_works_over_plain_http(app_with_csrf: Flask) -> None:
    client = app_with_csrf.test_client()
    cookie = client.get("/games/new").headers.get("Set-Cookie", "")
    assert "Secure" not in cookie


def test_nonsense_form_values_never_crash(client: FlaskClient) -> None:
    from .helpers import start_game

    game = start_game(client, "Ana", "Ben")
    weird = ["", " ", "١٢", "²", "-²", "1e3", "0x10", "9" * 40, "\x00", "<b>", "12.0", "+5"]
    for value in weird:
        r = client.post(f"{game}/rounds/new", data={"pips-0": value, "pips-1": "3", "went_out": value})
        assert r.status_code in (200, 302), value
    for value in weird:
        r = client.post(
            "/games/new",
            data={
                "players-0": value,
                "players-1": "x",
                "set": value,
                "order": value,
                "double_blank": value,
                "rounds": value,
            },
        )
        assert r.status_code in (200, 302), value


def test_secret_key_is_generated_into_the_instance_folder(  # type: ignore[no-untyped-def]
    tmp_path: Path, monkeypatch
) -> None:
    from scorekeeper import create_app

    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "inst"))
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'x.sqlite3'}")
    first = create_app().config["SECRET_KEY"]
    again = create_app().config["SECRET_KEY"]
    assert first == again and len(first) >= 32
    assert (tmp_path / "inst" / "secret_key").read_text().strip() == first
