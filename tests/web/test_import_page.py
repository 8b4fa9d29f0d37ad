"""Bringing a game in from the web: the import page takes a game's JSON file from another server, and the game
is there with its history and its players matched to the people here or added; the same game again is answered
with a link to it; a wrong file is explained. And the print view shows the whole game."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

from flask.testing import FlaskClient

from .helpers import text as page_text


def _played(client: FlaskClient, players: list[str], rounds: int = 2) -> str:
    game = client.post("/api/v1/games", json={"players": players, "set": 6}).get_json()["id"]
    for n in range(rounds):
        out = players[n % len(players)]
        pips = {p: 0 if p == out else 5 + n for p in players}
        assert client.post(f"/api/v1/games/{game}/rounds", json={"pips": pips, "went_out": out}).status_code == 201
    return str(game)


def _upload(client: FlaskClient, data: bytes, name: str = "game.json") -> Any:
    return client.post("/games/import", data={"file": (io.BytesIO(data), name)}, content_type="multipart/form-data")


def _errors(page: str) -> list[str]:
    return [html.unescape(m.strip()) for m in re.findall(r'class="error"[^>]*>([^<]*)<', page)]


def test_a_game_from_another_server_comes_in_with_its_history_and_players(
    client: FlaskClient, app_factory: Any, tmp_path: Any
) -> None:
    (tmp_path / "other").mkdir()
    other = app_factory(tmp_path / "other", WTF_CSRF_ENABLED=False).test_client()
    game = _played(other, ["Ana", "Zoë"], rounds=3)
    exported = other.get(f"/api/v1/games/{game}/export?format=json").data
    _played(client, ["Ana", "Ben"])  # Ana is someone of this household already

    assert 'enctype="multipart/form-data"' in page_text(client.get("/games/import"))
    response = _upload(client, exported)
    assert response.status_code == 302 and response.headers["Location"] == f"/games/{game}"
    table = page_text(client.get(response.headers["Location"]))
    assert "The game is here now, with every round and its history." in table
    assert "New players here: Zoë." in table
    assert client.get(f"/api/v1/games/{game}").get_json()["rounds"][2]["number"] == 3
    assert client.get(f"/api/v1/games/{game}/export").get_json() == json.loads(exported)  # the history too
    people = {p["name"]: p["games"] for p in client.get("/api/v1/players").get_json()["players"]}
    assert people == {"Ana": 2, "Ben": 1, "Zoë": 1}  # Ana is the same person in both games
    assert f"/games/{game}" in page_text(client.get("/"))  # it is in this phone's list


def test_the_same_game_again_links_to_the_one_here(client: FlaskClient) -> None:
    game = _played(client, ["Ana", "Ben"])
    exported = client.get(f"/api/v1/games/{game}/export").data
    response = _upload(client, exported)
    assert response.status_code == 409
    page = page_text(response)
    assert _errors(page) == ["This game is already here, exactly as in the file."]
    assert f'href="/games/{game}"' in page and "Open that game" in page


def test_a_wrong_file_is_explained_and_nothing_is_added(client: FlaskClient) -> None:
    game = _played(client, ["Ana", "Ben"])
    backup = client.get("/settings/backup.json").data
    for data, said in [
        (b"\x89PNG\r\n\x1a\n", "it is not JSON"),
        (b'{"players": ["Ana"]}', "it is not a game downloaded from a scorekeeper"),
        (json.dumps({**json.loads(backup), "games": []}).encode(), "exactly one game"),
    ]:
        response = _upload(client, data)
        assert response.status_code == 422, data
        (message,) = _errors(page_text(response))
        assert message.startswith("This file cannot be imported: ") and said in message
    response = client.post("/games/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 422
    assert _errors(page_text(response)) == ["Choose the game's file first (the JSON a scorekeeper's Download gives)."]
    assert [g["id"] for g in [client.get(f"/api/v1/games/{game}").get_json()]] == [game]


def test_the_games_list_links_the_import_page_and_it_speaks_the_phones_language(client: FlaskClient) -> None:
    assert 'href="/games/import"' in page_text(client.get("/"))
    page = page_text(client.get("/games/import", headers={"Accept-Language": "de"}))
    assert "Spiel importieren" in page


def test_the_print_view_holds_every_round_the_totals_and_the_chart(client: FlaskClient) -> None:
    game = _played(client, ["Ana", "Ben", "Cleo"], rounds=4)
    page = page_text(client.get(f"/games/{game}/print"))
    body = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    assert body.count("<tr>") == 4
    totals = re.search(r"Total</th>(.*?)</tr>", page, re.S)
    assert totals and re.findall(r"<td>(\d+)</td>", totals.group(1)) == ["13", "20", "19"]
    assert '<polyline class="series' in page
    assert f'href="/games/{game}/print"' in page_text(client.get(f"/games/{game}/export"))
    assert client.get("/games/nosuchgame12345/print").status_code == 404


def test_a_file_refused_for_its_shape_is_explained_in_the_phones_language(client: FlaskClient) -> None:
    """A German phone importing a file whose seats are not a list, or whose name is too long: the whole message is
    German, not "… games[0].seats: expected a list" in English after a German start."""
    exported = json.loads(client.get(f"/api/v1/games/{_played(client, ['Ana', 'Ben'])}/export").data)
    client.set_cookie("lang", "de")
    for change, said in [
        ({"seats": 1.5}, "games[0].seats: erwartet wird eine Liste"),
        ({"id": "x" * 40}, "games[0].id: länger als 32 Zeichen"),
        ({"version": "7"}, "games[0].version: erwartet wird eine ganze Zahl"),
    ]:
        document = {**exported, "games": [exported["games"][0] | {"id": "another-game-id"} | change]}
        response = _upload(client, json.dumps(document).encode())
        assert response.status_code == 422
        assert _errors(page_text(response)) == [f"Diese Datei lässt sich nicht importieren: {said}"]
        answer = client.post("/api/v1/games/import", json=document)
        assert said in answer.get_json()["error"]
