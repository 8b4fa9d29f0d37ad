"""Joining from another phone by QR code or code, and the read-only watch link."""

from __future__ import annotations

import html
import re
import string
from collections.abc import Callable
from pathlib import Path

import pytest
import zxingcpp
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from scorekeeper import create_app
from scorekeeper.services import join
from scorekeeper.services.results import upgrade

from .helpers import enter_round, plain_names, start_game, text

LAN = "192.168.1.23"
PASSWORD = "dominoes at nonna's"
WRITES = ["POST", "PUT", "PATCH", "DELETE"]


@pytest.fixture(autouse=True)
def on_a_home_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """This computer's address on the Wi-Fi, whatever network the test runs on, the server listening there."""
    monkeypatch.setattr(join, "lan_address", lambda: LAN)
    monkeypatch.setattr(join, "listening", lambda host, port: host == LAN)


def _id(game: str) -> str:
    return game.rsplit("/", 1)[-1]


def _figure(page: str, figure_id: str) -> str:
    found = re.search(rf'<figure class="qr-code" id="{figure_id}">(.*?)</figure>', page, re.S)
    assert found, f"no #{figure_id} on the page"
    return found.group(1)


def decode_svg(svg: str, scale: int = 6) -> str:
    """Draw a segno QR code's SVG (one path of horizontal strokes, one unit a module) and read it back."""
    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))  # type: ignore[union-attr]
    path = re.search(r'<path stroke="#000" d="([^"]+)"', svg).group(1)  # type: ignore[union-attr]
    image = Image.new("L", (size * scale, size * scale), 255)
    draw = ImageDraw.Draw(image)
    x = y = 0.0
    for command, a, b in re.findall(r"([MmHh])(-?[\d.]+)(?: (-?[\d.]+))?", path):
        if command in "Mm":
            x, y = (float(a), float(b)) if command == "M" else (x + float(a), y + float(b))
        else:
            end = x + float(a)
            # a stroke one module wide, centred on y
            draw.rectangle([x * scale, (y - 0.5) * scale, end * scale - 1, (y + 0.5) * scale - 1], fill=0)
            x = end
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1, "the QR code did not scan"
    return str(found[0].text)


def _addresses(page: str) -> list[str]:
    return [html.unescape(a) for a in re.findall(r'<p class="join-address"><a href="([^"]+)"', page)]


def _watch_path(client: FlaskClient, game: str) -> str:
    watch = _addresses(text(client.get(f"{game}/join")))[1]
    return "/watch/" + watch.rsplit("/watch/", 1)[1]


def test_the_qr_codes_scan_to_the_game_and_its_watch_link(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    page = text(client.get(f"{game}/join"))
    table, watch = _addresses(page)
    assert table == f"http://{LAN}{game}/whose"  # a joining phone is asked whose it is
    assert re.fullmatch(rf"http://{LAN}/watch/[\w-]+", watch)
    assert decode_svg(_figure(page, "join-qr")) == table
    assert decode_svg(_figure(page, "watch-qr")) == watch
    # black on white whatever the page's colours, quiet zone and all
    svg = _figure(page, "join-qr")
    assert 'fill="#fff"' in svg and 'stroke="#000"' in svg and 'role="img"' in svg


def test_the_join_page_shows_the_join_code_in_blocks_and_the_table_links_to_it(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    game_id = _id(game)
    assert f'href="{game}/join"' in text(client.get(game))
    page = text(client.get(f"{game}/join"))
    code = re.search(r'<strong class="game-code">([^<]+)</strong>', page).group(1)  # type: ignore[union-attr]
    assert re.fullmatch(r"[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}", code) and code.replace("-", "") not in game_id
    assert client.get("/games/nothing-here/join").status_code == 404


@pytest.mark.parametrize(
    ("base_url", "expected"),
    [
        ("http://localhost", f"http://{LAN}"),
        ("http://localhost:5000", f"http://{LAN}:5000"),
        ("http://127.0.0.1:8000", f"http://{LAN}:8000"),
        ("http://127.1.2.3:8000", f"http://{LAN}:8000"),
        ("http://[::1]:8000", f"http://{LAN}:8000"),
        ("http://192.168.1.7:8000", "http://192.168.1.7:8000"),  # already reached from the network: kept
        ("https://scores.example.org", "https://scores.example.org"),
    ],
)
def test_an_address_only_this_computer_knows_becomes_its_lan_address(
    client: FlaskClient, base_url: str, expected: str
) -> None:
    game = start_game(client, "Ana", "Ben")
    page = text(client.get(f"{game}/join", base_url=base_url))
    table, watch = _addresses(page)
    assert table == expected + game + "/whose"
    assert watch.startswith(expected + "/watch/")
    assert decode_svg(_figure(page, "join-qr")) == expected + game + "/whose"


def test_without_a_network_the_loopback_address_stays(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(join, "lan_address", lambda: None)
    game = start_game(client, "Ana", "Ben")
    assert _addresses(text(client.get(f"{game}/join", base_url="http://127.0.0.1:8000")))[0] == (
        "http://127.0.0.1:8000" + game + "/whose"
    )


@pytest.mark.parametrize("public", ["https://scores.example.org", "https://scores.example.org/"])
def test_a_public_url_wins_over_both(tmp_path: Path, app_factory: Callable[..., Flask], public: str) -> None:
    app = app_factory(tmp_path, WTF_CSRF_ENABLED=False, SCOREKEEPER_PUBLIC_URL=public)
    with app.test_client() as client:
        game = start_game(client, "Ana", "Ben")
        for base_url in ("http://localhost:8000", "http://192.168.1.7:8000"):
            page = text(client.get(f"{game}/join", base_url=base_url))
            table, watch = _addresses(page)
            assert table == f"https://scores.example.org{game}/whose"
            assert watch.startswith("https://scores.example.org/watch/")
            assert decode_svg(_figure(page, "join-qr")) == table


def test_the_public_url_is_read_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'env.sqlite3'}"
    upgrade(url)
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("SCOREKEEPER_PUBLIC_URL", "https://table.example.net/scores")
    app = create_app()
    app.config.update(TESTING=True, WTF_CSRF_ENABLED=False)
    with app.test_client() as client:
        game = start_game(client, "Ana", "Ben")
        assert _addresses(text(client.get(f"{game}/join")))[0] == f"https://table.example.net/scores{game}/whose"


@pytest.mark.parametrize("shown", ["{dashes}", " {dashes} ", "{spaces}", "{bare}"])
def test_open_takes_the_code_as_the_join_page_shows_it(app: Flask, client: FlaskClient, shown: str) -> None:
    game = start_game(client, "Ana", "Ben")
    game_id = _id(game)
    blocks = [game_id[i : i + 4] for i in range(0, len(game_id), 4)]
    typed = shown.format(dashes="-".join(blocks), spaces=" ".join(blocks), bare=game_id)
    with app.test_client() as other:
        response = other.get("/open", query_string={"game": typed})
        assert response.status_code == 302 and response.headers["Location"] == game + "/whose"


@given(st.text(string.ascii_letters + string.digits + "-_", min_size=16, max_size=16))
def test_a_grouped_code_gives_back_the_id_even_with_its_own_dashes(game_id: str) -> None:
    assert join.ungrouped(join.grouped(game_id)) == game_id
    assert join.ungrouped(" ".join(game_id[i : i + 4] for i in range(0, 16, 4))) == game_id
    assert join.ungrouped(game_id) == game_id


def test_opening_the_address_on_another_phone_adds_the_game_to_its_list(app: Flask, client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    address = _addresses(text(client.get(f"{game}/join")))[0]
    with app.test_client() as other:
        # the other phone reaches this computer at its LAN address all evening
        lan = {"base_url": f"http://{LAN}"}
        assert "Ana, Ben" not in text(other.get("/", **lan))
        response = other.get(address.removeprefix(f"http://{LAN}"), **lan)
        assert response.status_code == 200 and "Ana" in text(response)
        assert "Ana, Ben" in text(other.get("/", **lan))


def test_the_watch_page_shows_the_standings_but_never_the_game_id(app: Flask, client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo")
    enter_round(client, game, 0, 12, 30, went_out="0")
    watch = _watch_path(client, game)
    with app.test_client() as tv:
        page = text(tv.get(watch))
    assert "Watch only" in page
    assert "Round 2 of 13" in page and "double-11" in page
    standings = re.search(r'<ol class="standings">(.*?)</ol>', page, re.S).group(1)  # type: ignore[union-attr]
    names = re.findall(r'<span class="name">([^<]+)</span>', standings)
    assert names == ["Ana", "Ben", "Cleo"]
    assert '<figure class="chart">' in page and 'class="rounds"' in page
    assert _id(game) not in page
    assert "<form" not in page and "/games/" not in page and "<button" not in page
    live = re.search(r'<main id="main" data-live-url="([^"]+)" data-live-tag="([^"]+)"', page)
    assert live and live.group(1) == f"{watch}/live"
    assert '/static/live.js"' in plain_names(page)


def test_a_finished_super_domino_game_watched(app: Flask, client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", game="super-domino", hands="1")
    data = {"went_out": "0", "pips-0": "0", "tiles-0": "0", "pips-1": "20", "tiles-1": "3"}
    assert client.post(f"{game}/rounds/new", data=data).status_code == 302
    watch = _watch_path(client, game)
    with app.test_client() as tv:
        page = text(tv.get(watch))
    assert "Game over" in page and "Final standings" in page and "Ana" in page
    assert _id(game) not in page and "<form" not in page and "/games/" not in page


def test_watching_does_not_add_the_game_to_the_list(app: Flask, client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    watch = _watch_path(client, game)
    with app.test_client() as tv:
        assert tv.get(watch).status_code == 200
        assert "Ana, Ben" not in text(tv.get("/"))


def test_an_unknown_watch_code_is_not_found(client: FlaskClient) -> None:
    response = client.get("/watch/no-such-code")
    assert response.status_code == 404 and "This watch link opens no game." in text(response)
    assert client.get("/watch/" + "x" * 40).status_code == 404
    response = client.get("/watch/no-such-code/live")
    assert response.status_code == 404 and response.get_json()["error"]


def test_a_deleted_game_is_no_longer_watched(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    watch = _watch_path(client, game)
    client.post(f"{game}/delete")
    assert client.get(watch).status_code == 404
    assert client.get(f"{watch}/live").status_code == 404


@pytest.mark.parametrize("method", WRITES)
def test_every_write_under_watch_is_refused(app_with_csrf: Flask, method: str) -> None:
    # with CSRF on, as in production: the refusal is a 403, not a missing-token 400
    with app_with_csrf.test_client() as client:
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', text(client.get("/games/new")))
        assert token
        game = client.post(
            "/games/new",
            data={"csrf_token": token.group(1), "players-0": "Ana", "players-1": "Ben", "set": "12", "order": "down"},
        ).headers["Location"]
        watch = _watch_path(client, game)
        version = client.get(f"/api/v1/games/{_id(game)}").headers["ETag"]
        for path in ("/watch/", watch, f"{watch}/live", f"{watch}/rounds/new", "/watch/no-such-code"):
            response = client.open(path, method=method, data={"pips-0": "0"})
            assert response.status_code == 403, path
            assert "This link only shows the game" in text(response) and "<html" in text(response)
            response = client.open(path, method=method, json={"pips": [0, 5]})
            assert response.status_code == 403
            assert response.get_json() == {"error": "This link only shows the game: nothing can be changed from it."}
        assert client.get(f"/api/v1/games/{_id(game)}").headers["ETag"] == version


def test_the_refusal_is_in_the_persons_language(client: FlaskClient) -> None:
    response = client.post("/watch/anything", headers={"Accept-Language": "de"})
    assert response.status_code == 403 and '<html lang="de">' in text(response)
    response = client.delete("/watch/anything", headers={"Accept": "application/json"})
    assert response.status_code == 403 and "error" in response.get_json()


def test_the_watch_link_works_without_the_household_password(tmp_path: Path, app_factory: Callable[..., Flask]) -> None:
    app = app_factory(tmp_path, WTF_CSRF_ENABLED=False, SCOREKEEPER_PASSWORD=PASSWORD)
    with app.test_client() as phone:
        phone.post("/login", data={"password": PASSWORD})
        game = start_game(phone, "Ana", "Ben")
        watch = _watch_path(phone, game)
    with app.test_client() as tv:
        page = tv.get(watch)
        assert page.status_code == 200 and "Ana" in text(page) and _id(game) not in text(page)
        assert tv.get(f"{watch}/live").status_code == 200
        assert tv.post(watch).status_code == 403
        # everything else still asks for the password, the join page (which shows the game id) included
        for path in (game, f"{game}/join", "/"):
            response = tv.get(path)
            assert response.status_code == 302 and response.headers["Location"].startswith("/login"), path


def test_the_live_tag_is_a_strong_etag_and_answers_304_while_unchanged(app: Flask, client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    watch = _watch_path(client, game)
    tv = app.test_client()  # a screen on the wall, its own client beside the phone that enters rounds
    tag = re.search(r'data-live-tag="([^"]+)"', text(tv.get(watch))).group(1)  # type: ignore[union-attr]
    response = tv.get(f"{watch}/live")
    assert response.status_code == 200 and response.get_json() == {"tag": tag}
    assert response.headers["ETag"] == f'"{tag}"'  # strong: no W/
    assert "no-cache" in response.headers["Cache-Control"]
    unchanged = tv.get(f"{watch}/live", headers={"If-None-Match": f'"{tag}"'})
    assert unchanged.status_code == 304 and unchanged.get_data() == b""
    enter_round(client, game, 0, 12, went_out="0")
    changed = tv.get(f"{watch}/live", headers={"If-None-Match": f'"{tag}"'})
    assert changed.status_code == 200 and changed.get_json()["tag"] != tag
    assert changed.headers["ETag"] == f'"{changed.get_json()["tag"]}"'
    assert f'data-live-tag="{changed.get_json()["tag"]}"' in text(tv.get(watch))
