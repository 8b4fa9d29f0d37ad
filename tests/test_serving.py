"""The app as `make run` serves it (gunicorn, keep-alive): a body refused for its size closes its connection
cleanly, saying so, and no request a phone sends after it is dropped."""

from __future__ import annotations

import gzip
import http.client
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

import served  # noqa: E402  (scripts/served.py: gunicorn with make run's settings on a fresh database)


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    work, env = served.fresh_database("serving")
    port = served.free_port()
    server = served.start(env, port, work / "gunicorn.log")
    try:
        yield port
    finally:
        served.stop_server(server)


@pytest.mark.parametrize("size", [64 * 1024 + 1, 70_000, 200_000, 2_000_000])
def test_after_a_refused_body_every_request_on_the_connection_is_answered(port: int, size: int) -> None:
    phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    too_much = json.dumps({"players": ["A" * size, "Ben"]}).encode()
    try:
        for _ in range(10):
            phone.request("POST", "/api/v1/games", body=too_much, headers={"Content-Type": "application/json"})
            refused = phone.getresponse()
            assert refused.status == 413
            assert "too much to send at once" in json.loads(refused.read())["error"]
            assert refused.getheader("Connection") == "close"  # the phone opens a new one for what comes next
            for _ in range(3):  # http.client reconnects after a "close", as a browser does
                phone.request("GET", "/api/v1/presets")
                answer = phone.getresponse()
                answer.read()
                assert answer.status == 200
    finally:
        phone.close()


def test_a_body_within_the_limit_keeps_the_connection_open(port: int) -> None:
    phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        phone.request("POST", "/api/v1/games", body=b"{}", headers={"Content-Type": "application/json"})
        refused = phone.getresponse()
        refused.read()
        assert refused.status == 422 and refused.getheader("Connection") != "close"
        first = phone.sock
        phone.request("GET", "/api/v1/presets")
        assert phone.getresponse().status == 200 and phone.sock is first  # the same connection, kept alive
    finally:
        phone.close()


def test_under_gunicorn_a_phone_gets_pages_gzipped_static_files_for_a_year_and_no_cookie_again(port: int) -> None:
    phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    asks = {"Accept-Encoding": "gzip, deflate, br", "Accept-Language": "en"}

    def get(path: str, cookie: str = "") -> tuple[http.client.HTTPResponse, bytes]:
        phone.request("GET", path, headers={**asks, "Cookie": cookie} if cookie else asks)
        answer = phone.getresponse()
        return answer, answer.read()

    try:
        phone.request("POST", "/api/v1/games", body=b'{"players": ["Ana", "Ben"]}', headers=JSON)
        created = phone.getresponse()
        game = json.loads(created.read())["id"]
        cookie = (created.getheader("Set-Cookie") or "").split(";", 1)[0]
        first, _ = get(f"/games/{game}", cookie)
        cookie = (first.getheader("Set-Cookie") or cookie).split(";", 1)[0]  # with its CSRF token now
        page, body = get(f"/games/{game}", cookie)
        assert page.status == 200 and page.getheader("Content-Encoding") == "gzip"
        assert page.getheader("Set-Cookie") is None and "Accept-Encoding" in (page.getheader("Vary") or "")
        html = gzip.decompress(body).decode()
        style = re.search(r'href="(/static/base\.[0-9a-f]{8}\.css)"', html)
        assert style, "the page links its stylesheet under a hashed name"
        sheet, _ = get(style.group(1), cookie)
        assert sheet.status == 200 and sheet.getheader("Cache-Control") == "public, max-age=31536000, immutable"
        assert sheet.getheader("Set-Cookie") is None and sheet.getheader("Content-Encoding") == "gzip"
    finally:
        phone.close()


JSON = {"Content-Type": "application/json"}
