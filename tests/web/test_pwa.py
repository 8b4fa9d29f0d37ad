"""The app on the phone's home screen: manifest, icons, service worker, offline page, page weight."""

from __future__ import annotations

import json
import re
import struct
from html.parser import HTMLParser
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from .helpers import enter_round, start_game, text

STATIC = Path(__file__).resolve().parents[2] / "static"
BUDGET = 50_000  # bytes: a page's HTML with the CSS and JS it links, uncompressed


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk; fails on anything that is not a PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG signature"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13, "a PNG starts with its IHDR chunk"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_lets_the_phone_install_the_app(client: FlaskClient) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["name"] and manifest["short_name"]
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    pngs = [icon for icon in manifest["icons"] if icon["type"] == "image/png"]
    assert {icon["sizes"] for icon in pngs} >= {"192x192", "512x512"}
    assert any(icon.get("purpose") == "maskable" for icon in pngs)
    for icon in manifest["icons"]:
        got = client.get(icon["src"])
        assert got.status_code == 200, icon["src"]
        if icon["type"] == "image/png":
            width, height = icon["sizes"].split("x")
            assert png_size(got.get_data()) == (int(width), int(height)), icon["src"]


def test_every_page_links_the_manifest_and_a_touch_icon_that_exist(client: FlaskClient) -> None:
    page = text(client.get("/"))
    for href in re.findall(r'<link rel="(?:manifest|apple-touch-icon|icon)" href="([^"]+)"', page):
        assert client.get(href).status_code == 200, href


def test_the_service_worker_is_served_from_the_root_as_javascript_never_stale(client: FlaskClient) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "application/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert 'addEventListener("fetch"' in text(response)


def test_the_pages_the_worker_keeps_at_install_and_all_they_link_exist(client: FlaskClient) -> None:
    # the worker keeps /offline, /rules and /deal, then every static file those pages link
    worker = (STATIC / "sw.js").read_text()
    assert "keep(OFFLINE)" in worker
    assert 'const KEPT_PAGES = [at("rules"), at("deal")]' in worker
    for page in ("/offline", "/rules", "/deal"):
        response = client.get(page)
        assert response.status_code == 200, page
        for link in re.findall(r'(?:href|src)="(/static/[^"#?]+)', text(response)):
            assert client.get(link).status_code == 200, f"{page} links {link}, which is missing"


def test_the_worker_keeps_no_answers_to_forms_and_drops_old_caches() -> None:
    worker = (STATIC / "sw.js").read_text()
    assert re.search(r'const VERSION = "\w+"', worker)
    assert "caches.delete" in worker
    assert 'request.method !== "GET"' in worker


def test_the_offline_page_says_what_happened_and_what_still_works(client: FlaskClient) -> None:
    response = client.get("/offline")
    assert response.status_code == 200
    page = text(response)
    assert "data-offline" in page
    assert "No connection to the scorekeeper" in page
    assert "Nothing is lost" in page
    assert 'href="/rules"' in page and 'href="/deal"' in page


def test_every_page_registers_the_worker_only_in_a_secure_context(client: FlaskClient) -> None:
    # light pages load only the registration; the score pages load the round keeper and wake lock too
    hashed = r"\.[0-9a-f]{8}\.js"  # the names change with the files (scorekeeper.static_files)
    assert re.search(f'/static/register{hashed}" defer', text(client.get("/")))
    assert re.search(f'/static/register{hashed}" defer', text(client.get("/rules")))
    game = client.post("/api/v1/games", json={"players": ["Ana", "Ben"]}).get_json()["id"]
    table = text(client.get(f"/games/{game}"))
    assert re.search(f'/static/pwa{hashed}" defer', table)
    assert re.search(f'/static/wake{hashed}" defer data-keep-screen-on="Keep screen on"', table)
    for name in ("pwa.js", "register.js"):
        script = (STATIC / name).read_text()
        assert "window.isSecureContext" in script and "'serviceWorker' in navigator" in script.replace('"', "'")
    assert '"wakeLock" in navigator' in (STATIC / "wake.js").read_text()


class Assets(HTMLParser):
    """The stylesheets and scripts a page links."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "link" and (found.get("rel") or "").lower() == "stylesheet" and found.get("href"):
            self.urls.append(str(found["href"]))
        elif tag == "script" and found.get("src"):
            self.urls.append(str(found["src"]))


def page_weight(client: FlaskClient, path: str) -> int:
    response = client.get(path)
    assert response.status_code == 200, path
    html = response.get_data()
    parser = Assets()
    parser.feed(html.decode())
    assert parser.urls, f"{path} links no CSS or JS: the parser missed them"
    for url in parser.urls:
        assert not url.startswith(("http:", "https:", "//")), f"{path} loads {url} from elsewhere"
    assets = [client.get(url) for url in parser.urls]
    for url, asset in zip(parser.urls, assets):
        assert asset.status_code == 200, f"{path} links {url}, which is missing"
    return len(html) + sum(len(asset.get_data()) for asset in assets)


@pytest.fixture
def game(client: FlaskClient) -> str:
    """A game four rounds in, as the table screen looks mid-evening."""
    path = start_game(client, "Ana", "Ben", "Cleo", "Dan")
    for n in range(4):
        assert enter_round(client, path, 0, 12 + n, 30 - n, 7, went_out="0").status_code == 302
    return path


PAGES = [
    "/",
    "/games/new",
    "{game}",
    "{game}/rounds/new",
    "/check",
    "/check?set=18",
    "/deal",
    "/rules",
    "/rules/variants",
    "/rules/super-domino",
    "/check?game_kind=super-domino",
    "{game}/history",
    "/offline",
]


@pytest.mark.parametrize("language", ["en", "it", "cs", "pt", "de"])
@pytest.mark.parametrize("page", PAGES)
def test_each_page_with_its_css_and_js_stays_under_50_kb(
    client: FlaskClient, game: str, page: str, language: str
) -> None:
    path = page.format(game=game)
    path += ("&" if "?" in path else "?") + f"lang={language}"  # translations run longer than English
    weight = page_weight(client, path)
    assert weight < BUDGET, f"{path}: {weight:,} bytes, {weight - BUDGET:,} over the {BUDGET:,} budget"


def super_domino(client: FlaskClient, seats: int) -> str:
    data = {f"players-{i}": f"Player {i + 1}" for i in range(seats)}
    response = client.post("/games/new", data={**data, "game": "super-domino", "hands": ""})
    assert response.status_code == 302
    return response.headers["Location"]


def test_a_super_domino_hand_form_for_four_stays_under_50_kb(client: FlaskClient) -> None:
    weight = page_weight(client, super_domino(client, 4) + "/rounds/new")
    assert weight < BUDGET, f"{weight:,} bytes, {weight - BUDGET:,} over the {BUDGET:,} budget"


FULL_TABLE_BUDGET = 64_000
"""Fifteen seats, each with its own pips, tiles, went-out, tile counter, sent mark and Send button, plus the
live script that keeps fifteen phones in step: the one page allowed past BUDGET, by a fixed margin."""


def test_a_super_domino_hand_form_for_a_full_table_stays_under_64_kb(client: FlaskClient) -> None:
    weight = page_weight(client, super_domino(client, 15) + "/rounds/new")
    over = weight - FULL_TABLE_BUDGET
    assert weight < FULL_TABLE_BUDGET, f"{weight:,} bytes, {over:,} over the {FULL_TABLE_BUDGET:,} budget"


def test_each_part_of_the_rules_reference_stays_under_50_kb(client: FlaskClient) -> None:
    parts = sorted(set(re.findall(r'href="(/rules/[^"#?]+)"', text(client.get("/rules")))))
    weights = {part: page_weight(client, part) for part in parts}
    assert all(weight < BUDGET for weight in weights.values()), weights
