"""The language follows the browser, switches in one tap, and is remembered."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient


def test_the_browser_language_is_used(client: FlaskClient) -> None:
    page = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}).get_data(as_text=True)
    assert '<html lang="de">' in page
    assert '<html lang="en">' in client.get("/", headers={"Accept-Language": "ja"}).get_data(as_text=True)


def test_one_tap_switches_and_the_choice_is_remembered(client: FlaskClient) -> None:
    page = client.get("/games/new").get_data(as_text=True)
    assert 'href="/language/cs?next=/games/new"' in page
    response = client.get("/language/cs?next=/games/new")
    assert response.status_code == 302 and response.headers["Location"] == "/games/new"
    later = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<html lang="cs">' in later
    assert 'lang="cs" hreflang="cs"\n           aria-current=true' in later or "aria-current=true>Čeština" in later


def test_switching_never_leaves_the_app(client: FlaskClient) -> None:
    for target in ("https://example.com/", "//example.com/x"):
        response = client.get(f"/language/it?next={target}")
        assert response.headers["Location"] == "/"


def test_an_unknown_language_changes_nothing(client: FlaskClient) -> None:
    client.get("/language/klingon")
    assert '<html lang="en">' in client.get("/").get_data(as_text=True)


def test_api_reasons_follow_the_request_language_and_rule_ids_do_not(client: FlaskClient) -> None:
    position = {
        "rules": "standard",
        "set": 12,
        "engine": 12,
        "players": 2,
        "turn": 1,
        "trains": [{"tiles": ["12-5", "5-5"], "marker": False}, {"tiles": [], "marker": False}],
        "mexican": [],
        "open_doubles": [0],
        "hand": ["9-4"],
        "boneyard": 30,
    }
    body = {"position": position, "move": {"action": "play", "tile": "9-4", "train": 1}}
    answers = {
        lang: client.post("/api/v1/check", json=body, headers={"Accept-Language": lang}).get_json()
        for lang in ("en", "it", "cs", "pt", "de")
    }
    assert {a["rule"] for a in answers.values()} == {"double-must-be-covered"}
    assert {a["reference"] for a in answers.values()} == {answers["en"]["reference"]}
    reasons = {a["reason"] for a in answers.values()}
    assert len(reasons) == 5  # one sentence per language
    assert all("9-4" in reason and "5-5" in reason for reason in reasons)


def test_numbers_follow_the_locale(client: FlaskClient) -> None:
    english = client.get("/rules", headers={"Accept-Language": "en"}).get_data(as_text=True)
    german = client.get("/rules", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "1,092" in english and "1.092" in german  # the pips of a double-12 set


def test_numbers_read_as_babel_writes_them_in_every_language(app: Flask) -> None:
    # the pages' numberformat writes small whole numbers without asking Babel: the same text as Babel's
    from babel.numbers import format_decimal

    from scorekeeper.i18n import LANGUAGES
    from scorekeeper.templating import number

    for code in LANGUAGES:
        with app.test_request_context(f"/?lang={code}"):
            for value in (0, 7, 999, 1000, 12_345, -5, -1000, 2.5):
                assert number(value) == format_decimal(value, locale=code), (code, value)
