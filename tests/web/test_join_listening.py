"""The join page advertises this computer's LAN address only when the server answers on it: one that listens on
127.0.0.1 alone shows the address it really serves, and says why other phones cannot use it."""

from __future__ import annotations

import html
import re
import socket
import threading
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask import Flask
from werkzeug.serving import make_server

from scorekeeper.serve import lan_address
from scorekeeper.services import join

from .helpers import start_game


def addresses(page: str) -> list[str]:
    return [html.unescape(a) for a in re.findall(r'<p class="join-address"><a href="([^"]+)"', page)]


@contextmanager
def served(app: Flask, host: str) -> Iterator[int]:
    """The app on ``host`` at a free port, as ``make run`` would serve it with HOST set."""
    server = make_server(host, 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_port
    finally:
        server.shutdown()


def join_page(port: int, game: str) -> str:
    """The join page as a phone on this computer opens it (http://127.0.0.1:port)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{game}/join", timeout=10) as answer:
        return str(answer.read().decode())


def test_listening_tells_an_open_port_from_a_closed_one() -> None:
    with socket.socket() as open_one:
        open_one.bind(("127.0.0.1", 0))
        open_one.listen()
        port = open_one.getsockname()[1]
        assert join.listening("127.0.0.1", port)
    assert not join.listening("127.0.0.1", port)  # closed now: refused at once


@pytest.mark.parametrize(("host", "advertised"), [("127.0.0.1", False), ("0.0.0.0", True)])
def test_the_lan_address_is_shared_only_when_the_server_listens_there(
    tmp_path: Path, app_factory: Callable[..., Flask], host: str, advertised: bool
) -> None:
    lan = lan_address()
    if lan is None:
        pytest.skip("this machine has no LAN address to advertise")
    app = app_factory(tmp_path, WTF_CSRF_ENABLED=False)
    with app.test_client() as client:
        game = start_game(client, "Ana", "Ben")
    with served(app, host) as port:
        page = join_page(port, game)
    table, watch = addresses(page)
    expected = f"http://{lan}:{port}" if advertised else f"http://127.0.0.1:{port}"
    assert table == f"{expected}{game}/whose" and watch.startswith(f"{expected}/watch/")
    assert ("Other phones cannot open these addresses" in page) is not advertised


def test_a_public_url_is_shared_even_when_served_on_loopback(
    tmp_path: Path, app_factory: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(join, "listening", lambda host, port: False)
    app = app_factory(tmp_path, WTF_CSRF_ENABLED=False, SCOREKEEPER_PUBLIC_URL="https://scores.example.org")
    with app.test_client() as client:
        game = start_game(client, "Ana", "Ben")
        page = client.get(f"{game}/join", base_url="http://127.0.0.1:8000").get_data(as_text=True)
    assert addresses(page)[0] == f"https://scores.example.org{game}/whose"
    assert "Other phones cannot open these addresses" not in page
