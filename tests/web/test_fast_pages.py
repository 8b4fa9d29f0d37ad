"""The fast path for kept pages (scorekeeper.fast_pages): a request asked again the same way gets, without Flask,
byte for byte what Flask answered; any other request goes the full way and gets what Flask answers it.

Whether a request went through Flask is seen from Flask itself: every request Flask handles opens a request
context, and the tests count them."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import fast_pages, page_cache, polling
from scorekeeper.fast_pages import FastPages
from scorekeeper.i18n import LANGUAGES

KEPT = ["/rules", "/rules/variants", "/rules/super-domino", "/deal", "/deal?players=6&set=9&rules=italian"]
PASSWORD = "double six"

Answer = tuple[int, list[tuple[str, str]], bytes]


class Asking:
    """A client of an app whose requests are told apart: through Flask or not."""

    def __init__(self, app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
        self.app, self.client = app, client
        self.entered = 0
        full = app.request_context

        def counting(environ: dict[str, Any]) -> Any:
            self.entered += 1
            return full(environ)

        monkeypatch.setattr(app, "request_context", counting)

    def get(self, path: str, **headers: str) -> tuple[Answer, bool]:
        """The answer to GET ``path`` with these headers, and whether Flask answered it."""
        before = self.entered
        response = self.client.get(path, headers=headers)
        return (response.status_code, response.headers.to_wsgi_list(), response.data), self.entered > before

    def full(self, path: str, **headers: str) -> Answer:
        """What the full path answers now, the fast path's answers forgotten."""
        fast = self.app.wsgi_app
        assert isinstance(fast, FastPages)
        fast.answers.clear()
        answer, through_flask = self.get(path, **headers)
        assert through_flask
        return answer

    def fast(self, path: str, **headers: str) -> Answer:
        """The answer asked again: it must not go through Flask."""
        answer, through_flask = self.get(path, **headers)
        assert not through_flask, f"{path} {headers} went through Flask"
        return answer

    def both(self, path: str, **headers: str) -> tuple[Answer, Answer]:
        """The full path's answer, then the fast path's to the same request."""
        return self.full(path, **headers), self.fast(path, **headers)


@pytest.fixture
def asking(app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> Asking:
    return Asking(app, client, monkeypatch)


def _header(answer: Answer, name: str) -> str | None:
    return next((value for key, value in answer[1] if key.lower() == name.lower()), None)


def _language(answer: Answer) -> str | None:
    return _header(answer, "Content-Language")


# ---------------------------------------------------------------- the same answer, without Flask


@pytest.mark.parametrize("path", KEPT)
def test_a_kept_page_asked_again_is_answered_as_flask_answered_it_in_every_language(asking: Asking, path: str) -> None:
    for code in LANGUAGES:
        full, fast = asking.both(path, **{"Accept-Language": code})
        assert fast == full
        assert full[0] == 200 and _language(full) == code and f'<html lang="{code}">' in full[2].decode()


@pytest.mark.parametrize("path", KEPT)
def test_a_304_asked_again_is_the_same_304(asking: Asking, path: str) -> None:
    etag = _header(asking.both(path)[0], "ETag")
    assert etag is not None
    full, fast = asking.both(path, **{"If-None-Match": etag})
    assert fast == full and full[0] == 304 and full[2] == b""
    assert _header(full, "ETag") == etag and _header(full, "Cache-Control") == "no-cache"
    asking.get(path)  # remembered side by side: the page for a phone without it, the 304 for one that holds it
    assert asking.fast(path)[0] == 200 and asking.fast(path, **{"If-None-Match": etag}) == full


def test_a_first_visit_carries_every_header_of_the_full_path_and_no_cookie(asking: Asking) -> None:
    full, fast = asking.both("/rules")
    assert fast == full
    names = {name for name, _ in full[1]}
    assert "Set-Cookie" not in names
    for name in ("Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy"):
        assert name in names
    assert set((_header(full, "Vary") or "").split(", ")) == {"Accept-Language", "Cookie", "Accept-Encoding"}
    assert _header(full, "Content-Type") == "text/html; charset=utf-8"


def test_an_etag_of_another_language_gets_the_whole_page_in_the_readers(asking: Asking) -> None:
    english = _header(asking.full("/rules"), "ETag")
    assert english is not None
    assert asking.both("/rules", **{"If-None-Match": english})[1][0] == 304  # remembered for the English reader
    italian, through_flask = asking.get("/rules", **{"If-None-Match": english, "Accept-Language": "it"})
    assert through_flask and italian[0] == 200 and _language(italian) == "it"


# ---------------------------------------------------------------- the reader's language


def test_an_answer_remembered_for_one_language_never_reaches_a_reader_of_another(asking: Asking) -> None:
    asking.both("/rules", **{"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"})
    for asked, code in (("cs-CZ,cs;q=0.9", "cs"), ("pt-BR", "pt"), ("de;q=0.8,en;q=0.9", "en"), ("", "en")):
        answer, through_flask = asking.get("/rules", **{"Accept-Language": asked})
        assert through_flask and _language(answer) == code, asked
    assert _language(asking.fast("/rules", **{"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"})) == "it"


def test_the_language_cookie_decides_over_accept_language(asking: Asking) -> None:
    asking.client.set_cookie("lang", "pt")
    full, fast = asking.both("/rules", **{"Accept-Language": "de"})
    assert fast == full and _language(fast) == "pt"
    asking.client.set_cookie("lang", "cs")
    answer, through_flask = asking.get("/rules", **{"Accept-Language": "de"})
    assert through_flask and _language(answer) == "cs"


def test_a_lang_argument_that_sets_the_cookie_always_goes_the_full_way(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    asking = Asking(app, app.test_client(use_cookies=False), monkeypatch)
    for _ in range(2):  # a phone that never keeps the cookie is told to set it each time
        answer, through_flask = asking.get("/rules?lang=de")
        assert through_flask and _language(answer) == "de"
        assert (_header(answer, "Set-Cookie") or "").startswith("lang=de;")


def test_a_lang_argument_the_cookie_already_holds_is_answered_again(asking: Asking) -> None:
    asking.client.get("/rules?lang=it")  # the tap on the language bar: sets the cookie
    full, fast = asking.both("/rules?lang=it")
    assert fast == full and _language(fast) == "it" and _header(fast, "Set-Cookie") is None
    answer, through_flask = asking.get("/rules?lang=cs")  # another tap: another cookie
    assert through_flask and _language(answer) == "cs" and _header(answer, "Set-Cookie") is not None
    answer, through_flask = asking.get("/rules?lang=xx")  # unknown: the cookie (now cs) decides
    assert through_flask and _language(answer) == "cs"


def test_each_query_gets_its_own_page(asking: Asking) -> None:
    six = asking.both("/deal?players=6&set=9&rules=italian")[1]
    five, through_flask = asking.get("/deal?players=5&set=9&rules=italian")
    assert through_flask and five[2] != six[2]
    assert asking.fast("/deal?players=6&set=9&rules=italian") == six


# ---------------------------------------------------------------- the session


def test_with_a_household_password_only_a_phone_let_in_gets_the_page_again_for_minutes(
    tmp_path: Path, app_factory: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch
) -> None:
    guarded = app_factory(tmp_path, WTF_CSRF_ENABLED=False, SCOREKEEPER_PASSWORD=PASSWORD)
    asking = Asking(guarded, guarded.test_client(), monkeypatch)
    for _ in range(2):
        answer, through_flask = asking.get("/rules")
        assert through_flask and answer[0] == 302 and "/login" in (_header(answer, "Location") or "")
    asking.client.post("/login", data={"password": PASSWORD})
    full, fast = asking.both("/rules")
    assert fast == full and full[0] == 200 and _header(full, "Set-Cookie") is None
    stranger = Asking(guarded, guarded.test_client(), monkeypatch)
    answer, through_flask = stranger.get("/rules")  # no cookie of a phone let in: never the remembered page
    assert through_flask and answer[0] == 302
    now = time.monotonic()
    monkeypatch.setattr(fast_pages.time, "monotonic", lambda: now + fast_pages.SIGNED_IN_FOR + 1)
    answer, through_flask = asking.get("/rules")  # minutes later Flask looks at the session again
    assert through_flask and answer == full


def test_a_password_set_after_a_page_was_remembered_still_keeps_the_visitor_out(app: Flask, asking: Asking) -> None:
    asking.both("/rules")
    app.config["SCOREKEEPER_PASSWORD"] = PASSWORD
    answer, through_flask = asking.get("/rules")
    assert through_flask and answer[0] == 302 and "/login" in (_header(answer, "Location") or "")


def test_a_flash_waiting_is_shown_through_flask_and_never_answered_again(asking: Asking) -> None:
    asking.both("/rules")
    with asking.client.session_transaction() as session:
        session["_flashes"] = [("message", "Game restored.")]
    shown, through_flask = asking.get("/rules")
    assert through_flask and "Game restored." in shown[2].decode()
    after, _ = asking.get("/rules")
    again, _ = asking.get("/rules")
    assert "Game restored." not in after[2].decode() + again[2].decode()


def test_a_phone_that_opened_a_game_gets_kept_pages_without_flask_and_its_session_renewed_once_a_day(
    asking: Asking, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = asking.client.post("/api/v1/games", json={"players": ["Ana", "Ben"]}).get_json()["id"]
    with asking.client.session_transaction() as session:
        assert session.permanent and game in str(session.get("games"))
    full, fast = asking.both("/rules")
    assert fast == full and full[0] == 200 and _header(full, "Set-Cookie") is None
    table, _through = asking.get(f"/games/{game}")  # signed moments ago: not signed anew
    assert _header(table, "Set-Cookie") is None
    monkeypatch.setattr(polling, "RENEWED_AFTER", timedelta(0))  # as if signed a day ago
    table = asking.full(f"/games/{game}")  # a page of the game drawn by Flask renews the session's expiry
    assert (_header(table, "Set-Cookie") or "").startswith("session=")


def test_a_session_flask_leaves_alone_is_answered_again(app_with_csrf: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    asking = Asking(app_with_csrf, app_with_csrf.test_client(), monkeypatch)
    asking.client.get("/games/new")  # a page with a form: the session now holds a CSRF token
    assert asking.client.get_cookie("session") is not None
    full, fast = asking.both("/rules")
    assert fast == full and _header(fast, "Set-Cookie") is None
    assert 'name="csrf_token"' not in fast[2].decode()


# ---------------------------------------------------------------- what is remembered, and for how long


def test_only_get_requests_for_kept_pages_are_answered_without_flask(asking: Asking) -> None:
    asking.both("/rules")
    for path in ("/", "/check", "/settings", "/nothing-here"):
        for _ in range(2):
            assert asking.get(path)[1], path
    for _ in range(2):
        before = asking.entered
        head = asking.client.head("/rules")
        assert head.status_code == 200 and head.data == b"" and asking.entered == before + 1


def test_a_page_the_cache_let_go_is_drawn_again_the_full_way(app: Flask, asking: Asking) -> None:
    full = asking.both("/rules")[0]
    app.extensions["page_cache"].clear()
    drawn, through_flask = asking.get("/rules")
    assert through_flask and drawn == full
    assert asking.fast("/rules") == full


def test_after_an_upgrade_the_etag_changes_as_on_the_full_path(
    app: Flask, asking: Asking, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _header(asking.both("/rules")[0], "ETag")
    assert before is not None
    monkeypatch.setattr(page_cache, "deployment", lambda: "the next release")
    app.extensions["page_cache"].clear()  # as a new process starts with none kept
    answer, through_flask = asking.get("/rules", **{"If-None-Match": before})
    assert through_flask and answer[0] == 200 and _header(answer, "ETag") not in (None, before)


def test_the_answers_remembered_are_bounded(app: Flask, asking: Asking) -> None:
    fast = app.wsgi_app
    assert isinstance(fast, FastPages)
    asking.both("/rules", **{"Accept-Language": "it"})
    for number in range(fast.answers.size):  # as many other ways of asking: the oldest answer is let go
        asking.get("/rules", **{"Accept-Language": f"x-{number}"})
    answer, through_flask = asking.get("/rules", **{"Accept-Language": "it"})
    assert through_flask and _language(answer) == "it"


# ---------------------------------------------------------------- a game's JSON, while the game stays as it is


def test_a_games_json_is_given_again_until_the_game_changes(asking: Asking) -> None:
    game = asking.client.post("/api/v1/games", json={"players": ["Ana", "Ben"]}).get_json()["id"]
    path = f"/api/v1/games/{game}"
    full, fast = asking.both(path)
    assert fast == full and full[0] == 200 and _header(full, "Set-Cookie") is None
    version = _header(full, "ETag")
    assert version is not None
    held, again = asking.both(path, **{"If-None-Match": version})
    assert again == held and held[0] == 304
    entered = asking.client.post(f"{path}/rounds", json={"pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"})
    assert entered.status_code == 201
    for headers in ({}, {"If-None-Match": version}):  # a round later: the new game, from Flask
        answer, through_flask = asking.get(path, **headers)
        assert through_flask and answer[0] == 200 and b'"Ben":9' in answer[2].replace(b" ", b"")
    newer, fast = asking.both(path)
    assert fast == newer
    assert asking.client.post(f"/games/{game}/delete").status_code == 302
    gone, through_flask = asking.get(path)
    assert through_flask and gone[0] == 404
