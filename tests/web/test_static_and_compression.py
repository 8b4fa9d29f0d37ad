"""What a phone's browser gets: static files under names that change with their content and kept for a year,
answers gzipped when it takes them, and a session cookie that is not sent back on every answer; and a page given
again without Flask only ever to the phone (session, language, encoding) it was drawn for."""

from __future__ import annotations

import gzip
import re
from pathlib import Path
from typing import Any

import pytest
import time_machine
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import Client
from werkzeug.wrappers import Response

from scorekeeper.static_files import ASK_EACH_TIME, FOREVER, StaticFiles, read_folder, takes_gzip

from .helpers import text

STATIC = Path(__file__).resolve().parents[2] / "static"
GZIP = {"Accept-Encoding": "gzip, deflate, br"}


def _linked(page: str, name: str) -> str:
    stem, extension = name.rsplit(".", 1)
    found = re.search(rf'"(/static/{re.escape(stem)}\.[0-9a-f]{{8}}\.{extension})"', page)
    assert found, f"{name} is not linked under a hashed name"
    return found.group(1)


# ---------------------------------------------------------------- static files


def test_pages_link_static_files_under_hashed_names_kept_for_a_year(client: FlaskClient) -> None:
    url = _linked(text(client.get("/rules")), "reference.css")
    response = client.get(url)
    assert response.status_code == 200 and response.data == (STATIC / "reference.css").read_bytes()
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable" == FOREVER
    assert response.mimetype == "text/css"
    assert "Set-Cookie" not in response.headers
    assert response.headers["X-Content-Type-Options"] == "nosniff" and "Content-Security-Policy" in response.headers


def test_a_plain_name_still_answers_and_is_checked_each_time(client: FlaskClient) -> None:
    response = client.get("/static/reference.css")
    assert response.status_code == 200 and response.headers["Cache-Control"] == ASK_EACH_TIME
    etag = response.headers["ETag"]
    again = client.get("/static/reference.css", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    assert client.get("/static/no-such-file.js").status_code == 404


def test_a_changed_file_gets_a_new_name_and_its_old_name_is_no_longer_kept_for_a_year(tmp_path: Path) -> None:
    (tmp_path / "app.js").write_text("one();")
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "icon.png").write_bytes(b"\x89PNG")
    before = read_folder(tmp_path)
    (tmp_path / "app.js").write_text("two();")
    after = read_folder(tmp_path)
    assert re.fullmatch(r"app\.[0-9a-f]{8}\.js", before["app.js"].hashed)
    assert after["app.js"].hashed != before["app.js"].hashed
    assert after["icons/icon.png"].hashed == before["icons/icon.png"].hashed  # unchanged: the same name

    def flask_behind(environ: dict[str, Any], start_response: Any) -> Any:
        return Response("not here", status=404)(environ, start_response)

    served = Client(StaticFiles(flask_behind, tmp_path))
    fresh = served.get(f"/static/{after['app.js'].hashed}")
    assert fresh.status_code == 200 and fresh.data == b"two();" and fresh.headers["Cache-Control"] == FOREVER
    assert served.get(f"/static/{before['app.js'].hashed}").status_code == 404


def test_text_files_travel_gzipped_and_pictures_as_they_are(client: FlaskClient) -> None:
    page = text(client.get("/rules"))
    script = client.get(_linked(page, "register.js"), headers=GZIP)
    assert script.headers["Content-Encoding"] == "gzip" and script.headers["Vary"] == "Accept-Encoding"
    assert gzip.decompress(script.data) == (STATIC / "register.js").read_bytes()
    assert "Content-Encoding" not in client.get(_linked(page, "register.js")).headers  # asked without gzip
    icon = client.get("/static/icons/icon-192.png", headers=GZIP)
    assert icon.status_code == 200 and "Content-Encoding" not in icon.headers


def test_a_range_of_the_wake_video_is_answered_by_flask(client: FlaskClient) -> None:
    url = client.application.extensions["static_files"].files["wake.mp4"].hashed
    response = client.get(f"/static/{url}", headers={"Range": "bytes=0-9"})
    assert response.status_code == 206 and response.data == (STATIC / "wake.mp4").read_bytes()[:10]


def test_the_manifest_is_kept_a_day_and_checked_by_its_etag_after(client: FlaskClient) -> None:
    first = client.get("/manifest.webmanifest")
    assert first.status_code == 200 and first.mimetype == "application/manifest+json"
    assert first.headers["Cache-Control"] in ("public, max-age=86400", "max-age=86400, public")
    again = client.get("/manifest.webmanifest", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    icons = [icon["src"] for icon in first.get_json()["icons"]]
    assert all(client.get(src).status_code == 200 for src in icons)


@pytest.mark.parametrize(
    ("accepted", "takes"),
    [("gzip, deflate, br", True), ("br;q=1.0, gzip;q=0.5", True), ("*", True), ("gzip;q=0", False),
     ("identity", False), ("", False), ("gzip;q=0.0, *", False), ("gzip;q=x", False)],
)  # fmt: skip
def test_accept_encoding_is_read_as_browsers_mean_it(accepted: str, takes: bool) -> None:
    assert takes_gzip(accepted) is takes


# ---------------------------------------------------------------- pages and JSON gzipped


def test_pages_and_json_travel_gzipped_and_unpack_to_the_same_answer(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"players": ["Ana", "Ben", "Cleo", "Dan"]}).get_json()["id"]
    for path in (f"/games/{game}", f"/games/{game}/rounds/new", "/check", "/rules", f"/api/v1/games/{game}"):
        plain = client.get(path)
        packed = client.get(path, headers=GZIP)
        assert plain.status_code == packed.status_code == 200, path
        assert "Content-Encoding" not in plain.headers and packed.headers["Content-Encoding"] == "gzip", path
        assert gzip.decompress(packed.data) == plain.data, path
        assert len(packed.data) < len(plain.data) / 2, path
        for answer in (plain, packed):
            assert "Accept-Encoding" in answer.headers["Vary"], path
        assert packed.headers.get("ETag") == plain.headers.get("ETag"), path


def test_a_gzipped_page_still_answers_304_to_its_etag(client: FlaskClient) -> None:
    first = client.get("/rules", headers=GZIP)
    again = client.get("/rules", headers={**GZIP, "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""


# ---------------------------------------------------------------- the session cookie


def test_the_session_cookie_is_sent_when_it_changes_and_then_once_a_day(app_with_csrf: Flask) -> None:
    phone = app_with_csrf.test_client()
    with time_machine.travel("2026-03-01 20:00:00+00:00", tick=False) as clock:
        game = phone.post("/api/v1/games", json={"players": ["Ana", "Ben"]}).get_json()["id"]
        first = phone.get(f"/games/{game}")  # the session gets its CSRF token: sent
        assert first.headers.get("Set-Cookie", "").startswith("session=")
        for path in (f"/games/{game}", f"/games/{game}/rounds/new", "/", "/rules"):
            assert "Set-Cookie" not in phone.get(path).headers, path
        assert "Set-Cookie" not in phone.get("/static/base.css").headers
        clock.shift(23 * 3600)
        assert "Set-Cookie" not in phone.get("/").headers
        clock.shift(3600)  # signed a day ago: a page signs it anew, its months starting over
        assert phone.get("/").headers.get("Set-Cookie", "").startswith("session=")
        assert "Set-Cookie" not in phone.get("/").headers


# ---------------------------------------------------------------- a table screen given again


class Counting:
    """A phone on the production-like app that tells whether Flask answered each request."""

    def __init__(self, app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
        self.client = app.test_client()
        self.entered = 0
        full = app.request_context

        def counting(environ: dict[str, Any]) -> Any:
            self.entered += 1
            return full(environ)

        monkeypatch.setattr(app, "request_context", counting)

    def get(self, path: str, **headers: str) -> tuple[int, bytes, bool]:
        before = self.entered
        response = self.client.get(path, headers=headers)
        return response.status_code, response.data, self.entered > before


def _round(phone: FlaskClient, game: str, number: int) -> None:
    sent = {"number": number, "pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"}
    assert phone.post(f"/api/v1/games/{game}/rounds", json=sent).status_code == 201


def _token(page: bytes) -> str:
    found = re.search(rb'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert found, "the table screen has no form with a CSRF token"
    return found.group(1).decode()


def test_a_table_screen_is_given_again_to_the_same_phone_only(
    app_with_csrf: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    ana = Counting(app_with_csrf, monkeypatch)
    game = ana.client.post("/api/v1/games", json={"players": ["Ana", "Ben"]}).get_json()["id"]
    _round(ana.client, game, 1)  # the table screen now has its undo form, with the phone's CSRF token
    ben = app_with_csrf.test_client()
    table = f"/games/{game}"
    ana.get(table)  # the session and its CSRF token
    status, page, through_flask = ana.get(table)
    assert status == 200 and through_flask
    again = ana.get(table)
    assert again == (200, page, False)  # the same bytes, without Flask
    bens = ben.get(table).data
    assert _token(bens) != _token(page) and _token(ben.get(table).data) == _token(bens)
    assert _token(ana.get(table)[1]) == _token(page)
    italian = ana.get(table, **{"Accept-Language": "it"})
    assert italian[2] and 'lang="it"' in italian[1].decode()
    packed = ana.get(table, **GZIP)
    assert packed[2] and gzip.decompress(packed[1]) == page
    assert ana.get(table, **GZIP) == (200, packed[1], False)
    _round(ana.client, game, 2)
    after = ana.get(table)
    assert after[2] and after[1] != page  # the game changed: drawn anew
