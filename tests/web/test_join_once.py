"""A late joiner seated once however many times the join is sent at the same moment: ten phones (or one phone's
impatient taps) sending "Eve joins" together give Eve one seat, and only the join that seated her says so with
a 201 in the API; the others answer 200 with the same seat. Raced for real, threads against a served app."""

from __future__ import annotations

import http.cookiejar
import re
import urllib.parse
import urllib.request

from .test_safe_writes import call, server, start, together

__all__ = ["server"]  # the served app's fixture, used by name


def test_ten_parallel_api_joins_of_one_name_answer_201_once(server: str) -> None:
    url = start(server)
    answers = together(10, lambda i: call("POST", f"{url}/seats", {"name": "Eve", "start": "zero"}))
    statuses = sorted(status for status, _ in answers)
    assert statuses == [200] * 9 + [201], statuses
    for _, game in answers:  # every answer shows the one seat
        assert game["players"] == ["Ana", "Ben", "Eve"]
    _, game = call("GET", url)
    assert game["players"] == ["Ana", "Ben", "Eve"] and game["version"] == 2  # one change stored, not ten


def test_ten_parallel_web_joins_of_one_name_seat_one_player(server: str) -> None:
    table = start(server).replace("/api/v1", "")
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with opener.open(f"{table}/players") as page:
        form = page.read().decode()
    token = re.search(r'name="join-csrf_token" type="hidden" value="([^"]+)"', form)
    version = re.search(r'name="join-version" type="hidden" value="([^"]+)"', form)
    assert token and version
    body = urllib.parse.urlencode(
        {"join-csrf_token": token[1], "join-version": version[1], "join-name": "Eve", "join-start": "zero"}
    ).encode()

    def send(_: int) -> tuple[int, str]:
        with opener.open(urllib.request.Request(f"{table}/players/join", data=body, method="POST")) as answer:
            return answer.status, answer.url

    answers = together(10, send)
    assert answers == [(200, table)] * 10  # each phone lands on the table screen, none on an error
    _, game = call("GET", table.replace("/games/", "/api/v1/games/"))
    assert game["players"] == ["Ana", "Ben", "Eve"] and game["version"] == 2
