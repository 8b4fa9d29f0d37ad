"""Hosted mode's limits, per client and per household: wrong passphrases, households made, invitations and game
codes tried, writes, a household's requests per minute, and the games a household keeps. Over a limit the answer
is 429 with the wait (Retry-After), a page saying what happened and when to try again, JSON in the API. Home mode
counts none of it. The clock is a fixed one the tests move on: nothing waits."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask
from werkzeug.test import TestResponse

from .phones import Phone


class Clock:
    """A clock that stands still until a test moves it on."""

    def __init__(self) -> None:
        self.now = float(int(time.time()) // 3600 * 3600)  # the start of an hour: no window ends mid-test

    def __call__(self) -> float:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fixed = Clock()
    monkeypatch.setattr(time, "time", fixed)  # the limits' windows and the wait shown read it
    return fixed


@pytest.fixture
def hosted(tmp_path: Path, app_factory: Callable[..., Flask], clock: Clock) -> Callable[..., Flask]:
    """A hosted app with these settings (the limits in memory: one instance)."""

    def make(**config: object) -> Flask:
        return app_factory(tmp_path, SCOREKEEPER_HOSTED=True, WTF_CSRF_ENABLED=False, **config)

    return make


def _refused(response: TestResponse, wait: int, sentence: str) -> None:
    assert response.status_code == 429
    assert response.headers["Retry-After"] == str(wait)
    assert sentence.replace("%d", str(wait)) in response.get_data(as_text=True)


def _member(app: Flask, household: str, address: str) -> Phone:
    """A phone that made ``household`` and is signed in to it."""
    phone = Phone(app, address)
    assert phone.create(household).status_code == 302
    return phone


# ---------------------------------------------------------------- signing in


def test_wrong_passphrases_from_one_client_make_it_wait_even_with_the_right_one(
    hosted: Callable[..., Flask], clock: Clock
) -> None:
    app = hosted()
    _member(app, "The Rossis", "198.51.100.1")
    guesser = Phone(app, "203.0.113.66")
    for n in range(5):
        assert guesser.sign_in("The Rossis", f"guess number {n}").status_code == 403
        clock.wait(5)
    refused = guesser.sign_in("The Rossis")
    _refused(refused, 35, "Too many tries. Wait %d seconds, then try again.")
    assert 'name="signin-passphrase"' in refused.get_data(as_text=True)  # the form stays, for after the wait
    clock.wait(35)
    assert guesser.sign_in("The Rossis").status_code == 302


def test_the_right_passphrase_never_counts(hosted: Callable[..., Flask]) -> None:
    app = hosted(SCOREKEEPER_SIGN_IN_LIMIT="2 per minute")
    _member(app, "The Rossis", "198.51.100.1")
    phone = Phone(app, "198.51.100.2")
    assert [phone.sign_in("The Rossis").status_code for _ in range(4)] == [302] * 4


def test_wrong_passphrases_for_one_household_name_from_many_clients_make_that_name_wait(
    hosted: Callable[..., Flask],
) -> None:
    app = hosted(SCOREKEEPER_HOUSEHOLD_SIGN_IN_LIMIT="3 per hour")
    _member(app, "The Rossis", "198.51.100.1")
    _member(app, "The Nováks", "198.51.100.2")
    for n in range(3):  # three addresses, one try each: no client reaches its own limit
        assert Phone(app, f"203.0.113.{n}").sign_in("The Rossis", "a guess, wrong").status_code == 403
    late = Phone(app, "203.0.113.77")
    # the same name however it is typed
    _refused(late.sign_in("  the ROSSIS "), 3600, "Too many tries. Wait %d seconds, then try again.")
    assert late.sign_in("The Nováks").status_code == 302  # other households sign in as ever


def test_a_refused_sign_in_asked_for_json_answers_json_with_the_wait(hosted: Callable[..., Flask]) -> None:
    app = hosted(SCOREKEEPER_SIGN_IN_LIMIT="1 per minute")
    phone = Phone(app, "203.0.113.5")
    assert phone.sign_in("The Rossis", "not it at all").status_code == 403
    refused = phone.sign_in("The Rossis", "not it at all", Accept="application/json")
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
    assert refused.get_json() == {"error": "Too many tries. Wait 60 seconds, then try again.", "retry_after": 60}


# ---------------------------------------------------------------- households made


def test_households_made_from_one_client_and_by_everyone_are_limited(hosted: Callable[..., Flask]) -> None:
    app = hosted(SCOREKEEPER_CREATE_LIMIT="2 per hour", SCOREKEEPER_CREATE_ALL_LIMIT="3 per hour")
    maker = Phone(app, "203.0.113.1")
    assert [maker.create(f"Family {n}").status_code for n in range(3)] == [302, 302, 429]
    assert Phone(app, "203.0.113.2").create("Family 3").status_code == 302
    # the fourth household this hour, from a third address: everyone's limit
    flood = Phone(app, "203.0.113.3").create("Family 4")
    _refused(flood, 3600, "Too many households were started from here. Wait %d seconds, then try again.")
    assert 'name="create-name"' in flood.get_data(as_text=True)


# ---------------------------------------------------------------- codes tried


def test_game_codes_and_invitations_tried_from_one_client_are_limited(hosted: Callable[..., Flask]) -> None:
    app = hosted(SCOREKEEPER_JOIN_LIMIT="4 per minute")
    phone = _member(app, "The Rossis", "203.0.113.9")
    tried = [phone.get(f"/open?game=ABCD-EFG{n}").status_code for n in range(2)]
    tried += [phone.get("/invite/not-a-code").status_code, phone.post("/invite/not-a-code").status_code]
    assert tried == [302, 302, 404, 404]
    refused = phone.get("/watch/abcdefabcdefabcdef")
    _refused(refused, 60, "Too many invitations and game codes were tried from here. Wait %d seconds, then try again.")
    assert Phone(app, "203.0.113.10").get("/invite/not-a-code").status_code == 404  # another client: its own count


# ---------------------------------------------------------------- writes and requests


def _new_game(phone: Phone) -> TestResponse:
    return phone.post_json("/api/v1/games", {"players": ["Ana", "Bo"]})


def test_writes_from_one_client_are_limited_and_answered_in_json_with_the_wait(
    hosted: Callable[..., Flask], clock: Clock
) -> None:
    app = hosted(SCOREKEEPER_WRITE_LIMIT="3 per minute")
    phone = _member(app, "The Rossis", "203.0.113.1")  # its first write
    assert [_new_game(phone).status_code for _ in range(2)] == [201, 201]
    clock.wait(20)
    refused = _new_game(phone)
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "40"
    assert refused.get_json() == {
        "error": "Too many changes were sent at once, and this one was not saved. Wait 40 seconds, then send it again.",
        "retry_after": 40,
    }
    assert phone.get("/api/v1/presets").status_code == 200  # reading goes on
    other = Phone(app, "203.0.113.2")
    assert other.sign_in("The Rossis").status_code == 302
    assert _new_game(other).status_code == 201  # another phone of the household
    clock.wait(40)
    assert _new_game(phone).status_code == 201


def test_writes_of_one_household_are_limited_together(hosted: Callable[..., Flask]) -> None:
    app = hosted(SCOREKEEPER_HOUSEHOLD_WRITE_LIMIT="3 per minute")
    first = _member(app, "The Rossis", "203.0.113.1")
    second = Phone(app, "203.0.113.2")
    assert second.sign_in("The Rossis").status_code == 302  # signing in is no write of the household yet
    sent = [_new_game(phone).status_code for phone in (first, second, first, second)]
    assert sent == [201, 201, 201, 429]
    assert _new_game(_member(app, "The Nováks", "203.0.113.3")).status_code == 201  # another household's count


def test_a_households_requests_per_minute_are_a_quota(hosted: Callable[..., Flask], clock: Clock) -> None:
    app = hosted(SCOREKEEPER_HOUSEHOLD_REQUEST_LIMIT="5 per minute")
    phone = _member(app, "The Rossis", "203.0.113.1")
    assert [phone.get("/").status_code for _ in range(5)] == [200] * 5
    refused = phone.get("/")
    _refused(
        refused,
        60,
        "This household&#39;s phones asked for more than a household may in a minute. Wait %d seconds, then try again.",
    )
    assert "Please wait a little" in refused.get_data(as_text=True)
    assert _member(app, "The Nováks", "203.0.113.1").get("/").status_code == 200  # each household its own
    assert phone.get("/healthz").status_code == 200  # a load balancer's check never counts
    clock.wait(60)
    assert phone.get("/").status_code == 200


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("it", "Aspetta 60 secondi"),
        ("cs", "Počkejte 60 sekund"),
        ("pt", "Espere 60 segundos"),
        ("de", "Warte 60 Sekunden"),
    ],
)
def test_the_429_page_speaks_the_phones_language(hosted: Callable[..., Flask], lang: str, said: str) -> None:
    phone = _member(hosted(SCOREKEEPER_HOUSEHOLD_REQUEST_LIMIT="1 per minute"), "The Rossis", "203.0.113.1")
    assert phone.get(f"/?lang={lang}").status_code == 200
    refused = phone.get(f"/?lang={lang}")
    assert refused.status_code == 429 and said in refused.get_data(as_text=True)


# ---------------------------------------------------------------- games kept


def test_a_household_keeps_at_most_the_games_allowed(hosted: Callable[..., Flask]) -> None:
    app = hosted(SCOREKEEPER_MAX_GAMES=2)
    phone = _member(app, "The Rossis", "203.0.113.1")
    first = _new_game(phone).get_json()["id"]
    assert _new_game(phone).status_code == 201
    refused = _new_game(phone)
    message = (
        "This household already keeps 2 games, as many as one household may. Delete games it no longer needs, "
        "then start this one again."
    )
    assert refused.status_code == 429 and refused.get_json() == {"error": message}
    page = phone.post("/games/new", {"players-0": "Chiara", "players-1": "Dario"})
    text = page.get_data(as_text=True)
    assert page.status_code == 429 and message in text
    assert 'value="Chiara"' in text and 'value="Dario"' in text  # what was typed stays
    assert phone.post(f"/games/{first}/delete").status_code == 302
    assert _new_game(phone).status_code == 201  # the trash made room


def test_play_again_is_refused_when_the_household_keeps_as_many_games_as_allowed(
    hosted: Callable[..., Flask],
) -> None:
    phone = _member(hosted(SCOREKEEPER_MAX_GAMES=1), "The Rossis", "203.0.113.1")
    game = _new_game(phone).get_json()["id"]
    again = phone.post(f"/games/{game}/again")
    assert again.status_code == 429
    assert "This household already keeps 1 game, as many" in again.get_data(as_text=True)


# ---------------------------------------------------------------- home mode as before


def test_home_mode_counts_no_writes_requests_codes_or_games(tmp_path: Path, app_factory: Callable[..., Flask]) -> None:
    tight = {
        "SCOREKEEPER_WRITE_LIMIT": "1 per minute",
        "SCOREKEEPER_HOUSEHOLD_WRITE_LIMIT": "1 per minute",
        "SCOREKEEPER_HOUSEHOLD_REQUEST_LIMIT": "1 per minute",
        "SCOREKEEPER_JOIN_LIMIT": "1 per minute",
        "SCOREKEEPER_MAX_GAMES": 1,
    }
    phone = Phone(app_factory(tmp_path, WTF_CSRF_ENABLED=False, **tight), "192.168.1.20")
    assert [_new_game(phone).status_code for _ in range(4)] == [201] * 4
    assert {phone.get("/open?game=ABCD-EFGH").status_code for _ in range(4)} == {302}


# ---------------------------------------------------------------- settings and the store


def test_a_limit_that_is_not_one_is_refused_at_start(hosted: Callable[..., Flask]) -> None:
    with pytest.raises(ValueError, match="SCOREKEEPER_WRITE_LIMIT: 'five a minute' is not a limit"):
        hosted(SCOREKEEPER_WRITE_LIMIT="five a minute")


def test_with_the_limits_store_down_the_household_still_plays(hosted: Callable[..., Flask]) -> None:
    app = hosted(RATELIMIT_STORAGE_URI="redis://127.0.0.1:1/0")  # nothing listens there
    phone = _member(app, "The Rossis", "203.0.113.1")
    assert _new_game(phone).status_code == 201
    assert phone.get("/").status_code == 200
    assert phone.sign_in("The Rossis", "not it at all").status_code == 403
