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
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from .stand_in import HOUSEHOLD_HEADER, add_stand_ins


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
        return add_stand_ins(app_factory(tmp_path, SCOREKEEPER_HOSTED=True, WTF_CSRF_ENABLED=False, **config))

    return make


def _from(peer: str, household: int | None = None) -> dict[str, object]:
    headers = {HOUSEHOLD_HEADER: str(household)} if household is not None else {}
    return {"environ_base": {"REMOTE_ADDR": peer}, "headers": headers}


def _sign_in(client: FlaskClient, name: str, passphrase: str, peer: str = "198.51.100.1") -> TestResponse:
    return client.post("/welcome/sign-in", data={"name": name, "passphrase": passphrase}, **_from(peer))  # type: ignore[arg-type]


def _refused(response: TestResponse, wait: int, sentence: str) -> None:
    assert response.status_code == 429
    assert response.headers["Retry-After"] == str(wait)
    assert sentence.replace("%d", str(wait)) in response.get_data(as_text=True)


# ---------------------------------------------------------------- signing in


def test_wrong_passphrases_from_one_client_make_it_wait_even_with_the_right_one(
    hosted: Callable[..., Flask], clock: Clock
) -> None:
    client = hosted().test_client()
    for _ in range(5):
        assert _sign_in(client, "Rossi", "sette").status_code == 403
        clock.wait(5)
    _refused(_sign_in(client, "Rossi", "sette e mezzo"), 35, "Too many tries. Wait %d seconds, then try again.")
    clock.wait(35)
    assert _sign_in(client, "Rossi", "sette e mezzo").status_code == 200


def test_the_right_passphrase_never_counts(hosted: Callable[..., Flask]) -> None:
    client = hosted().test_client()
    assert all(_sign_in(client, "Rossi", "sette e mezzo").status_code == 200 for _ in range(12))


def test_wrong_passphrases_for_one_household_name_from_many_clients_make_that_name_wait(
    hosted: Callable[..., Flask],
) -> None:
    client = hosted(SCOREKEEPER_HOUSEHOLD_SIGN_IN_LIMIT="3 per hour").test_client()
    for n in range(3):  # three addresses, one try each: no client reaches its own limit
        assert _sign_in(client, "Rossi", f"guess {n}", peer=f"203.0.113.{n}").status_code == 403
    # the same name however it is typed
    refused = _sign_in(client, "  ROSSI ", "sette e mezzo", peer="203.0.113.77")
    _refused(refused, 3600, "Too many tries. Wait %d seconds, then try again.")
    assert _sign_in(client, "Novák", "kostky a domino", peer="203.0.113.77").status_code == 200  # other names


def test_a_refused_sign_in_through_the_api_answers_json_with_the_wait(hosted: Callable[..., Flask]) -> None:
    client = hosted(SCOREKEEPER_SIGN_IN_LIMIT="1 per minute").test_client()
    assert _sign_in(client, "Rossi", "no").status_code == 403
    response = client.post(
        "/welcome/sign-in",
        data={"name": "Rossi", "passphrase": "no"},
        headers={"Accept": "application/json"},
        environ_base={"REMOTE_ADDR": "198.51.100.1"},
    )
    assert response.status_code == 429 and response.headers["Retry-After"] == "60"
    assert response.get_json() == {"error": "Too many tries. Wait 60 seconds, then try again.", "retry_after": 60}


# ---------------------------------------------------------------- households made


def test_households_made_from_one_client_and_by_everyone_are_limited(hosted: Callable[..., Flask]) -> None:
    app = hosted(SCOREKEEPER_CREATE_LIMIT="2 per hour", SCOREKEEPER_CREATE_ALL_LIMIT="3 per hour")
    client = app.test_client()
    made = [client.post("/welcome/create", **_from("203.0.113.1")).status_code for _ in range(3)]  # type: ignore[arg-type]
    assert made == [201, 201, 429]
    assert client.post("/welcome/create", **_from("203.0.113.2")).status_code == 201  # type: ignore[arg-type]
    # the fourth household this hour, from a third address: everyone's limit
    flood = client.post("/welcome/create", **_from("203.0.113.3"))  # type: ignore[arg-type]
    _refused(flood, 3600, "Too many households were started from here. Wait %d seconds, then try again.")


# ---------------------------------------------------------------- codes tried


def test_game_codes_and_invitations_tried_from_one_client_are_limited(hosted: Callable[..., Flask]) -> None:
    client = hosted(SCOREKEEPER_JOIN_LIMIT="4 per minute").test_client()
    tried = [client.get(f"/open?game=ABCD-EFG{n}", **_from("203.0.113.9")).status_code for n in range(3)]  # type: ignore[arg-type]
    tried.append(client.post("/invite/not-a-code", **_from("203.0.113.9")).status_code)  # type: ignore[arg-type]
    assert tried == [302, 302, 302, 404]
    refused = client.get("/watch/abcdefabcdefabcdef", **_from("203.0.113.9"))  # type: ignore[arg-type]
    _refused(refused, 60, "Too many invitations and game codes were tried from here. Wait %d seconds, then try again.")
    assert client.get("/open?game=ABCD-EFGH", **_from("203.0.113.10")).status_code == 302  # type: ignore[arg-type]


# ---------------------------------------------------------------- writes and requests


def _new_game(client: FlaskClient, peer: str, household: int | None = 1) -> TestResponse:
    return client.post("/api/v1/games", json={"players": ["Ana", "Bo"]}, **_from(peer, household))  # type: ignore[arg-type]


def test_writes_from_one_client_are_limited_and_answered_in_json_with_the_wait(
    hosted: Callable[..., Flask], clock: Clock
) -> None:
    client = hosted(SCOREKEEPER_WRITE_LIMIT="2 per minute").test_client()
    assert [_new_game(client, "203.0.113.1").status_code for _ in range(2)] == [201, 201]
    clock.wait(20)
    refused = _new_game(client, "203.0.113.1")
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "40"
    assert refused.get_json() == {
        "error": "Too many changes were sent at once, and this one was not saved. Wait 40 seconds, then send it again.",
        "retry_after": 40,
    }
    assert client.get("/api/v1/presets", **_from("203.0.113.1", 1)).status_code == 200  # type: ignore[arg-type]  # reading goes on
    assert _new_game(client, "203.0.113.2").status_code == 201  # another phone of the household
    clock.wait(40)
    assert _new_game(client, "203.0.113.1").status_code == 201


def test_writes_of_one_household_are_limited_together(hosted: Callable[..., Flask]) -> None:
    client = hosted(SCOREKEEPER_HOUSEHOLD_WRITE_LIMIT="3 per minute").test_client()
    sent = [_new_game(client, f"203.0.113.{n}", household=1).status_code for n in range(4)]
    assert sent == [201, 201, 201, 429]
    assert _new_game(client, "203.0.113.1", household=2).status_code == 201  # another household: its own count


def test_a_households_requests_per_minute_are_a_quota(hosted: Callable[..., Flask], clock: Clock) -> None:
    client = hosted(SCOREKEEPER_HOUSEHOLD_REQUEST_LIMIT="5 per minute").test_client()
    asked = [client.get("/", **_from(f"203.0.113.{n}", 1)).status_code for n in range(5)]  # type: ignore[arg-type]
    assert asked == [200] * 5
    refused = client.get("/", **_from("203.0.113.9", 1))  # type: ignore[arg-type]
    _refused(
        refused,
        60,
        "This household&#39;s phones asked for more than a household may in a minute. Wait %d seconds, then try again.",
    )
    assert "Please wait a little" in refused.get_data(as_text=True)
    assert client.get("/", **_from("203.0.113.9", 2)).status_code == 200
    assert client.get("/healthz", **_from("203.0.113.9", 1)).status_code == 200  # a load balancer's check never counts
    clock.wait(60)
    assert client.get("/", **_from("203.0.113.9", 1)).status_code == 200


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
    client = hosted(SCOREKEEPER_HOUSEHOLD_REQUEST_LIMIT="1 per minute").test_client()
    assert client.get(f"/?lang={lang}", **_from("203.0.113.1", 1)).status_code == 200  # type: ignore[arg-type]
    refused = client.get(f"/?lang={lang}", **_from("203.0.113.1", 1))  # type: ignore[arg-type]
    assert refused.status_code == 429 and said in refused.get_data(as_text=True)


# ---------------------------------------------------------------- games kept


def test_a_household_keeps_at_most_the_games_allowed(hosted: Callable[..., Flask]) -> None:
    client = hosted(SCOREKEEPER_MAX_GAMES=2).test_client()
    first = _new_game(client, "203.0.113.1").get_json()["id"]
    assert _new_game(client, "203.0.113.1").status_code == 201
    refused = _new_game(client, "203.0.113.1")
    assert refused.status_code == 429
    message = (
        "This household already keeps 2 games, as many as one household may. Delete games it no longer needs, "
        "then start this one again."
    )
    assert refused.get_json() == {"error": message}
    page = client.post("/games/new", data={"players-0": "Chiara", "players-1": "Dario"}, **_from("203.0.113.1", 1))  # type: ignore[arg-type]
    text = page.get_data(as_text=True)
    assert page.status_code == 429 and message in text
    assert 'value="Chiara"' in text and 'value="Dario"' in text  # what was typed stays
    assert client.post(f"/games/{first}/delete", **_from("203.0.113.1", 1)).status_code == 302  # type: ignore[arg-type]
    assert _new_game(client, "203.0.113.1").status_code == 201  # the trash made room


def test_play_again_is_refused_when_the_household_keeps_as_many_games_as_allowed(
    hosted: Callable[..., Flask],
) -> None:
    client = hosted(SCOREKEEPER_MAX_GAMES=1).test_client()
    game = _new_game(client, "203.0.113.1").get_json()["id"]
    again = client.post(f"/games/{game}/again", **_from("203.0.113.1", 1))  # type: ignore[arg-type]
    assert again.status_code == 429 and "This household already keeps 1 game, as many" in again.get_data(as_text=True)


# ---------------------------------------------------------------- home mode as before


def test_home_mode_counts_no_writes_requests_codes_or_games(tmp_path: Path, app_factory: Callable[..., Flask]) -> None:
    tight = {
        "SCOREKEEPER_WRITE_LIMIT": "1 per minute",
        "SCOREKEEPER_HOUSEHOLD_REQUEST_LIMIT": "1 per minute",
        "SCOREKEEPER_JOIN_LIMIT": "1 per minute",
        "SCOREKEEPER_MAX_GAMES": 1,
    }
    client = app_factory(tmp_path, WTF_CSRF_ENABLED=False, **tight).test_client()
    assert [_new_game(client, "192.168.1.20", None).status_code for _ in range(4)] == [201] * 4
    assert {client.get("/open?game=ABCD-EFGH").status_code for _ in range(4)} == {302}
