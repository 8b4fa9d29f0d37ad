"""Writes that can be repeated safely, versions, and races that end as conflicts, never as errors.

Two phones at one table: a Save sent twice stores one round, two phones ending the same round store it once
and tell the second, an old correction never silently overwrites a newer one, and requests racing each other
on a real server answer 2xx, 409 or 412, never 500.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.serving import make_server

from .helpers import start_game, text

# ---------------------------------------------------------------- the API


def new_game(client: FlaskClient, players: tuple[str, ...] = ("Ana", "Ben")) -> tuple[str, dict[str, Any]]:
    response = client.post("/api/v1/games", json={"players": list(players)})
    assert response.status_code == 201
    body: dict[str, Any] = response.get_json()
    return f"/api/v1/games/{body['id']}", body


def test_a_new_game_is_version_1_and_its_etag_says_so(client: FlaskClient) -> None:
    url, game = new_game(client)
    assert game["version"] == 1
    got = client.get(url)
    assert got.headers["ETag"] == '"1"'
    assert client.get(url, headers={"If-None-Match": '"1"'}).status_code == 304
    client.post(f"{url}/rounds", json={"number": 1, "pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"})
    again = client.get(url, headers={"If-None-Match": '"1"'})
    assert again.status_code == 200 and again.get_json()["version"] == 2 and again.headers["ETag"] == '"2"'


def test_a_round_sent_again_is_stored_once(client: FlaskClient) -> None:
    url, _ = new_game(client)
    body = {"number": 1, "pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"}
    first = client.post(f"{url}/rounds", json=body)
    second = client.post(f"{url}/rounds", json=body)
    assert (first.status_code, second.status_code) == (201, 200)
    assert second.get_json() == first.get_json()  # nothing new stored, not even a version
    assert len(second.get_json()["rounds"]) == 1


def test_other_values_for_a_stored_round_answer_409_with_the_stored_round(client: FlaskClient) -> None:
    url, _ = new_game(client)
    client.post(f"{url}/rounds", json={"number": 1, "pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"})
    late = client.post(f"{url}/rounds", json={"number": 1, "pips": {"Ana": 4, "Ben": 0}, "went_out": "Ben"})
    assert late.status_code == 409
    body = late.get_json()
    assert body["error"] == "Round 1 was already entered on another phone."
    assert body["round"]["pips"] == {"Ana": 0, "Ben": 9}
    assert len(body["game"]["rounds"]) == 1 and body["game"]["version"] == 2


def test_without_a_number_a_round_is_the_next_one_and_a_number_ahead_is_refused(client: FlaskClient) -> None:
    url, _ = new_game(client)
    assert client.post(f"{url}/rounds", json={"pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"}).status_code == 201
    assert client.post(f"{url}/rounds", json={"pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"}).status_code == 201
    ahead = client.post(f"{url}/rounds", json={"number": 5, "pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"})
    assert ahead.status_code == 409 and len(ahead.get_json()["game"]["rounds"]) == 2
    assert (
        client.post(f"{url}/rounds", json={"number": "1", "pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"}).status_code
        == 422
    )


def test_a_stale_put_is_refused_with_412_and_changes_nothing(client: FlaskClient) -> None:
    url, _ = new_game(client, ("Bob", "Mum"))
    client.post(f"{url}/rounds", json={"number": 1, "pips": {"Bob": 29, "Mum": 15}, "blocked": True})  # version 2
    a = client.put(
        f"{url}/rounds/1", json={"pips": {"Bob": 31, "Mum": 15}, "blocked": True}, headers={"If-Match": '"2"'}
    )
    assert a.status_code == 200 and a.headers["ETag"] == '"3"'
    b = client.put(
        f"{url}/rounds/1", json={"pips": {"Bob": 29, "Mum": 51}, "blocked": True}, headers={"If-Match": '"2"'}
    )
    assert b.status_code == 412
    assert b.get_json()["game"]["rounds"][0]["pips"] == {"Bob": 31, "Mum": 15}
    assert b.get_json()["game"]["version"] == 3 and b.headers["ETag"] == '"3"'
    assert client.get(url).get_json()["rounds"][0]["pips"] == {"Bob": 31, "Mum": 15}
    assert (
        client.put(
            f"{url}/rounds/1", json={"pips": {"Bob": 1, "Mum": 0}, "went_out": "Mum"}, headers={"If-Match": "nope"}
        ).status_code
        == 412
    )
    assert (
        client.put(
            f"{url}/rounds/1", json={"pips": {"Bob": 31, "Mum": 51}, "blocked": True}, headers={"If-Match": "*"}
        ).status_code
        == 200
    )


def test_delete_twice_takes_back_one_round_and_honours_if_match(client: FlaskClient) -> None:
    url, _ = new_game(client)
    for n in (1, 2):
        client.post(f"{url}/rounds", json={"number": n, "pips": {"Ana": 0, "Ben": n}, "went_out": "Ana"})
    assert client.delete(f"{url}/rounds/2", headers={"If-Match": '"2"'}).status_code == 412
    assert client.delete(f"{url}/rounds/2").status_code == 200
    again = client.delete(f"{url}/rounds/2")
    assert again.status_code == 409 and "already undone" in again.get_json()["error"]
    assert len(again.get_json()["game"]["rounds"]) == 1
    history = [c for c in _history(client, url) if "undone" in c]
    assert len(history) == 1  # one line for the round, written once


def _history(client: FlaskClient, api_url: str) -> list[str]:
    page = text(client.get(api_url.replace("/api/v1", "") + "/history"))
    return re.findall(r"<li[^>]*>(.*?)</li>", page, re.S)


# ---------------------------------------------------------------- the forms


def test_the_round_form_names_its_round_and_a_resent_save_stores_it_once(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    page = text(client.get(f"{game}/rounds/new"))
    assert re.search(r'name="number"[^>]*value="1"', page)
    data = {"number": "1", "pips-0": "0", "pips-1": "9", "went_out": "0"}
    assert client.post(f"{game}/rounds/new", data=data).status_code == 302
    resent = client.post(f"{game}/rounds/new", data=data)
    assert resent.status_code == 302 and resent.headers["Location"] == game
    assert "Round 2 of 13" in text(client.get(game))


def test_two_phones_ending_the_same_round_store_one_and_the_second_chooses(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    client.post(f"{game}/rounds/new", data={"number": "1", "pips-0": "0", "pips-1": "9", "went_out": "0"})
    late = client.post(f"{game}/rounds/new", data={"number": "1", "pips-0": "12", "pips-1": "0", "went_out": "1"})
    assert late.status_code == 409
    page = text(late)
    assert "Round 1 was already entered on another phone." in page
    assert re.search(r'class="stored">\s*0 · Went out', page) and re.search(r'class="yours">\s*12', page)
    assert f'action="{game}/rounds/1"' in page and re.search(r'name="version"[^>]*value="2"', page)
    assert "Keep the stored values" in page and "Save mine instead" in page
    assert "Round 2 of 13" in text(client.get(game))  # still one round
    mine = client.post(
        f"{game}/rounds/1", data={"number": "1", "version": "2", "pips-0": "12", "pips-1": "0", "went_out": "1"}
    )
    assert mine.status_code == 302
    assert "Round 2 of 13" in text(client.get(game))
    assert "9 → 0" in text(client.get(f"{game}/history"))


def test_a_second_undo_of_the_same_round_is_refused_with_a_message(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    for n in (1, 2):
        client.post(f"{game}/rounds/new", data={"number": str(n), "pips-0": "0", "pips-1": "9", "went_out": "0"})
    assert re.search(r'name="number" value="2"', text(client.get(game)))
    assert client.post(f"{game}/rounds/undo", data={"number": "2"}).status_code == 302
    second = client.post(f"{game}/rounds/undo", data={"number": "2"}, follow_redirects=True)
    assert second.status_code == 200
    assert "Round 2 was already undone on another phone." in text(second)
    assert "Round 2 of 13" in text(second)  # round 1 is still there


def test_a_stale_correction_shows_both_versions_and_loses_nothing(client: FlaskClient) -> None:
    game = start_game(client, "Bob", "Mum")
    client.post(f"{game}/rounds/new", data={"number": "1", "pips-0": "29", "pips-1": "15", "went_out": "blocked"})
    opened = text(client.get(f"{game}/rounds/1"))
    assert re.search(r'name="version"[^>]*value="2"', opened)
    # phone A: Bob 29 -> 31
    assert (
        client.post(
            f"{game}/rounds/1", data={"version": "2", "pips-0": "31", "pips-1": "15", "went_out": "blocked"}
        ).status_code
        == 302
    )
    # phone B, opened before A saved: Mum 15 -> 51
    stale = client.post(
        f"{game}/rounds/1", data={"version": "2", "pips-0": "29", "pips-1": "51", "went_out": "blocked"}
    )
    assert stale.status_code == 409
    page = text(stale)
    assert "This game changed on another phone since you opened it." in page
    assert re.search(r'class="stored">\s*31', page) and re.search(r'class="yours">\s*29', page)
    assert 'value="51"' in page  # what B typed is still in the form
    history = text(client.get(f"{game}/history"))
    assert "29 → 31" in history and "15 → 51" not in history
    # B keeps theirs, knowingly
    assert (
        client.post(
            f"{game}/rounds/1", data={"version": "3", "pips-0": "29", "pips-1": "51", "went_out": "blocked"}
        ).status_code
        == 302
    )
    history = text(client.get(f"{game}/history"))
    assert "31 → 29" in history and "15 → 51" in history


def test_upgrading_gives_earlier_games_a_version(tmp_path: Path) -> None:
    from alembic import command
    from sqlalchemy import create_engine
    from sqlalchemy import text as sql

    from scorekeeper.db import alembic_config
    from scorekeeper.services.results import upgrade

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    command.upgrade(alembic_config(url), "0002")
    engine = create_engine(url)
    with engine.begin() as c:
        for game in ("a", "b"):
            c.execute(
                sql(
                    "INSERT INTO game (id, kind, created_at, updated_at, set_highest, ascending, rounds_planned, "
                    f"double_blank, rules) VALUES ('{game}', 'mexican-train', '2026-01-01', '2026-01-01', 12, 0, 13, "
                    "0, 'standard')"
                )
            )
        c.execute(
            sql(
                "INSERT INTO change (game_id, at, action, round_number, player, new) VALUES "
                "('a', '2026-01-01', 'entered', 1, 'Ana', '0'), ('a', '2026-01-01', 'entered', 1, 'Ben', '9')"
            )
        )
    upgrade(url)
    with engine.connect() as c:
        assert c.execute(sql("SELECT id, version FROM game ORDER BY id")).all() == [("a", 3), ("b", 1)]


# ---------------------------------------------------------------- races on a real server


@pytest.fixture
def server(tmp_path: Path, app_factory: Callable[..., Flask]) -> Iterator[str]:
    """The app as in production (CSRF on, SQLite in a file) on a free loopback port, a thread per request."""
    app = app_factory(tmp_path)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()


def call(method: str, url: str, body: object = None, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def together(n: int, job: Any) -> list[tuple[int, Any]]:
    """Run ``job(i)`` for i in range(n), all released at once."""
    start = threading.Barrier(n)

    def run(i: int) -> tuple[int, Any]:
        start.wait()
        result: tuple[int, Any] = job(i)
        return result

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(run, range(n)))


def at_once(*jobs: Callable[[], tuple[int, Any]]) -> list[tuple[int, Any]]:
    """Each job's answer, all released at once."""
    return together(len(jobs), lambda i: jobs[i]())


def start(server: str, players: tuple[str, ...] = ("Ana", "Ben")) -> str:
    status, game = call("POST", f"{server}/api/v1/games", {"players": list(players)})
    assert status == 201
    return f"{server}/api/v1/games/{game['id']}"


def test_parallel_posts_of_one_round_store_it_once(server: str) -> None:
    url = start(server)
    answers = together(
        20, lambda i: call("POST", f"{url}/rounds", {"number": 1, "pips": {"Ana": 0, "Ben": i % 2}, "went_out": "Ana"})
    )
    statuses = sorted(s for s, _ in answers)
    assert all(s in (200, 201, 409) for s in statuses), statuses
    assert statuses.count(201) == 1
    _, game = call("GET", url)
    assert len(game["rounds"]) == 1
    winner = game["rounds"][0]["pips"]["Ben"]
    for status, body in answers:  # the same values succeed, the others hear what is stored
        assert (status in (200, 201)) == (body.get("rounds", [{}])[0].get("pips", {}).get("Ben") == winner) or (
            status == 409 and body["round"]["pips"]["Ben"] == winner
        )


class Phone:
    """A phone at the table on the served app: its own cookies, and the round form's CSRF token."""

    def __init__(self, server: str, game_id: str) -> None:
        self.game = f"{server}/games/{game_id}"
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        with self.opener.open(f"{self.game}/rounds/new", timeout=30) as page:
            token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page.read().decode())
        assert token, "the round form carries a CSRF token"
        self.token = token.group(1)

    def send_mine(self, number: int, seat: int, **fields: str) -> tuple[int, Any]:
        """Send one seat's value for round ``number`` as the page's script does."""
        body = urllib.parse.urlencode({"csrf_token": self.token, "seat": str(seat), **fields}).encode()
        request = urllib.request.Request(
            f"{self.game}/rounds/{number}/mine", data=body, headers={"Accept": "application/json"}
        )
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")


def test_two_phones_completing_a_per_player_round_at_once_store_it_once(server: str) -> None:
    """Round after round, game after game, the last missing pips come from two phones at the same moment: Ana's
    "out" typed on her phone and on Ben's (odd rounds), or Ana's and Ben's, each on their own (even rounds)."""
    for _game in range(2):
        url = start(server, ("Ana", "Ben", "Cleo"))
        game_id = url.rsplit("/", 1)[1]
        ana, ben = Phone(server, game_id), Phone(server, game_id)
        for number in range(1, 14):
            assert ana.send_mine(number, 2, **{"pips-2": str(number)})[0] == 200
            ana_out = {"pips-0": "0", "went_out": "0"}
            if number % 2:
                assert ben.send_mine(number, 1, **{"pips-1": str(20 + number)})[0] == 200
                answers = at_once(
                    partial(ana.send_mine, number, 0, **ana_out), partial(ben.send_mine, number, 0, **ana_out)
                )
            else:
                answers = at_once(
                    partial(ana.send_mine, number, 0, **ana_out),
                    partial(ben.send_mine, number, 1, **{"pips-1": str(20 + number)}),
                )
            # a phone whose value arrives once the round is stored hears so; one of them stored it
            assert all(s == 200 or (s == 409 and "already entered" in body["error"]) for s, body in answers), answers
            assert any(s == 200 and body["stored"] for s, body in answers), answers
            _, game = call("GET", url)
            assert [r["number"] for r in game["rounds"]] == list(range(1, number + 1)), f"after round {number}"
        assert [r["pips"] for r in game["rounds"]] == [{"Ana": 0, "Ben": 20 + n, "Cleo": n} for n in range(1, 14)]
        assert all(r["went_out"] == "Ana" for r in game["rounds"]) and game["finished"]


def test_two_parallel_deletes_of_a_round_take_back_one(server: str) -> None:
    url = start(server)
    for n in (1, 2, 3):
        call("POST", f"{url}/rounds", {"number": n, "pips": {"Ana": 0, "Ben": n}, "went_out": "Ana"})
    answers = together(2, lambda i: call("DELETE", f"{url}/rounds/3"))
    assert sorted(s for s, _ in answers) == [200, 409]
    _, game = call("GET", url)
    assert len(game["rounds"]) == 2 and game["version"] == 5


def test_parallel_puts_with_the_same_if_match_let_exactly_one_through(server: str) -> None:
    url = start(server)
    call("POST", f"{url}/rounds", {"number": 1, "pips": {"Ana": 0, "Ben": 100}, "went_out": "Ana"})
    answers = together(
        50,
        lambda i: call(
            "PUT", f"{url}/rounds/1", {"pips": {"Ana": 0, "Ben": i}, "went_out": "Ana"}, {"If-Match": '"2"'}
        ),
    )
    statuses = [s for s, _ in answers]
    assert statuses.count(200) == 1 and statuses.count(412) == 49, sorted(statuses)
    winner = next(i for i, (s, _) in enumerate(answers) if s == 200)
    _, game = call("GET", url)
    assert game["rounds"][0]["pips"]["Ben"] == winner and game["version"] == 3


def test_parallel_puts_each_record_the_value_they_really_replaced(server: str, tmp_path: Path) -> None:
    url = start(server)
    call("POST", f"{url}/rounds", {"number": 1, "pips": {"Ana": 0, "Ben": 100}, "went_out": "Ana"})
    answers = together(50, lambda i: call("PUT", f"{url}/rounds/1", {"pips": {"Ana": 0, "Ben": i}, "went_out": "Ana"}))
    assert all(s == 200 for s, _ in answers), sorted(s for s, _ in answers)
    _, game = call("GET", url)
    assert game["version"] == 2 + 50
    from sqlalchemy import create_engine, select

    from scorekeeper.models import Change

    with create_engine(f"sqlite:///{tmp_path / 'test.sqlite3'}").connect() as c:
        lines = c.execute(select(Change.old, Change.new).where(Change.action == "corrected").order_by(Change.id)).all()
    assert len(lines) == 50
    chain = ["100"] + [new for _, new in lines]
    assert [old for old, _ in lines] == chain[:-1]  # each replaced exactly what the one before stored
    assert sorted(int(new) for _, new in lines) == list(range(50))
    assert chain[-1] == str(game["rounds"][0]["pips"]["Ben"])


def test_a_super_domino_hand_clash_shows_tiles_and_pips(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", game="super-domino")
    mine = {"number": "1", "went_out": "0", "tiles-0": "0", "pips-0": "0", "tiles-1": "3", "pips-1": "20"}
    assert client.post(f"{game}/rounds/new", data=mine).status_code == 302
    theirs = {**mine, "went_out": "1", "tiles-0": "2", "pips-0": "9", "tiles-1": "0", "pips-1": "0"}
    late = client.post(f"{game}/rounds/new", data=theirs)
    assert late.status_code == 409
    page = text(late)
    assert "Hand 1 was already entered on another phone." in page
    assert re.search(r'class="stored">\s*20 · 3 tiles', page) and re.search(r'class="yours">\s*9 · 2 tiles', page)


def test_a_correction_racing_the_undo_of_its_round_is_a_conflict_not_an_error(server: str) -> None:
    url = start(server)
    for n in (1, 2):
        call("POST", f"{url}/rounds", {"number": n, "pips": {"Ana": 0, "Ben": n}, "went_out": "Ana"})
    for _ in range(5):
        call("POST", f"{url}/rounds", {"number": 3, "pips": {"Ana": 0, "Ben": 3}, "went_out": "Ana"})
        answers = together(
            2,
            lambda i: (
                call("DELETE", f"{url}/rounds/3")
                if i == 0
                else call("PUT", f"{url}/rounds/3", {"pips": {"Ana": 0, "Ben": 30}, "went_out": "Ana"})
            ),
        )
        delete, put = (s for s, _ in answers)
        assert delete == 200 and put in (200, 409), answers
    _, game = call("GET", url)
    assert len(game["rounds"]) == 2


def test_a_correction_is_not_stopped_by_a_change_to_another_round(client: FlaskClient) -> None:
    game = start_game(client, "Bob", "Mum")
    client.post(f"{game}/rounds/new", data={"number": "1", "pips-0": "29", "pips-1": "15", "went_out": "blocked"})
    opened = text(client.get(f"{game}/rounds/1"))
    seen = re.search(r'name="seen"[^>]*value="([^"]*)"', opened)
    assert seen and seen.group(1)
    # meanwhile another phone enters round 2: the game moved on, round 1 did not
    client.post(f"{game}/rounds/new", data={"number": "2", "pips-0": "0", "pips-1": "7", "went_out": "0"})
    saved = client.post(
        f"{game}/rounds/1",
        data={"version": "2", "seen": seen.group(1), "pips-0": "31", "pips-1": "15", "went_out": "blocked"},
    )
    assert saved.status_code == 302
    assert "29 → 31" in text(client.get(f"{game}/history"))
    # but a change to round 1 itself still stops the next correction opened on the old values
    again = client.post(
        f"{game}/rounds/1",
        data={"version": "3", "seen": seen.group(1), "pips-0": "29", "pips-1": "40", "went_out": "blocked"},
    )
    assert again.status_code == 409 and re.search(r'class="stored">\s*31', text(again))


def test_a_round_form_overtaken_by_an_undo_keeps_what_was_typed(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    client.post(f"{game}/rounds/new", data={"number": "1", "pips-0": "0", "pips-1": "9", "went_out": "0"})
    # phone A opened "End round 2"; phone B takes round 1 back before A saves
    assert client.post(f"{game}/rounds/undo", data={"number": "1"}).status_code == 302
    late = client.post(f"{game}/rounds/new", data={"number": "2", "pips-0": "14", "pips-1": "0", "went_out": "1"})
    assert late.status_code == 409
    page = text(late)
    assert "This game changed on another phone since you opened it." in page
    assert 'value="14"' in page and re.search(r'name="went_out" value="1"[^>]*checked', page)
    assert re.search(r'name="number"[^>]*value="1"', page) and "End of round 1" in page
    assert "Round 1 of 13" in text(client.get(game))  # nothing stored yet
    # one more tap saves it as the round that comes next now
    form = {"number": "1", "pips-0": "14", "pips-1": "0", "went_out": "1"}
    assert client.post(f"{game}/rounds/new", data=form).status_code == 302
    assert "Round 2 of 13" in text(client.get(game))


def test_a_correction_of_a_round_undone_meanwhile_keeps_what_was_typed(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    for n in (1, 2):
        client.post(f"{game}/rounds/new", data={"number": str(n), "pips-0": "0", "pips-1": "9", "went_out": "0"})
    client.get(f"{game}/rounds/2")
    client.post(f"{game}/rounds/undo", data={"number": "2"})
    late = client.post(f"{game}/rounds/2", data={"version": "3", "pips-0": "0", "pips-1": "33", "went_out": "0"})
    assert late.status_code == 409
    page = text(late)
    assert "Round 2 was already undone on another phone." in page and 'value="33"' in page
    assert f'action="{game}/rounds/new"' in page and re.search(r'name="number"[^>]*value="2"', page)


def test_if_match_on_a_new_round_and_on_finish(client: FlaskClient) -> None:
    url, _ = new_game(client)
    body = {"number": 1, "pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"}
    assert client.post(f"{url}/rounds", json=body, headers={"If-Match": '"1"'}).status_code == 201
    # a resend is harmless even though its If-Match is now old
    assert client.post(f"{url}/rounds", json=body, headers={"If-Match": '"1"'}).status_code == 200
    stale = client.post(f"{url}/rounds", json={**body, "number": 2}, headers={"If-Match": '"1"'})
    assert stale.status_code == 412 and len(stale.get_json()["game"]["rounds"]) == 1
    evening = client.post("/api/v1/games", json={"game": "super-domino", "players": ["Ana", "Ben"]}).get_json()
    sd = f"/api/v1/games/{evening['id']}"
    hand = {"number": 1, "pips": {"Ana": 0, "Ben": 30}, "tiles": {"Ana": 0, "Ben": 3}, "went_out": "Ana"}
    assert client.post(f"{sd}/rounds", json=hand).status_code == 201
    assert client.post(f"{sd}/finish", json={}, headers={"If-Match": '"1"'}).status_code == 412
    done = client.post(f"{sd}/finish", json={}, headers={"If-Match": '"2"'})
    assert done.status_code == 200 and done.get_json()["finished"] is True
