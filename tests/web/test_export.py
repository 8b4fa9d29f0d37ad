"""Take a game with you: the JSON document and the CSV score sheet as downloads, a game imported into another
scorekeeper exactly as it was (export, import, export again: the same document), and every wrong file refused
with the reason."""

from __future__ import annotations

import copy
import csv
import io
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from .helpers import DATABASES, fresh_postgres_app
from .helpers import text as page_text


@pytest.fixture(params=DATABASES)
def empty(request: pytest.FixtureRequest, tmp_path: Path, app_factory: Callable[..., Flask]) -> Iterator[Flask]:
    """Another scorekeeper with no game yet: on SQLite, and on PostgreSQL when TEST_DATABASE_URL names one."""
    if request.param == "sqlite":
        (tmp_path / "empty").mkdir()
        yield app_factory(tmp_path / "empty", WTF_CSRF_ENABLED=False)
        return
    yield fresh_postgres_app(WTF_CSRF_ENABLED=False)


def _post(client: FlaskClient, path: str, body: Any, status: int = 201) -> Any:
    response = client.post(path, json=body)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def _played(client: FlaskClient) -> str:
    """A Mexican Train game with rounds, a correction and an undo in its history."""
    game = _post(client, "/api/v1/games", {"players": ["Ana", "Šárka", "=Ben"], "set": 6})["id"]
    for pips in (
        {"Ana": 0, "Šárka": 12, "=Ben": 30},
        {"Ana": 7, "Šárka": 0, "=Ben": 4},
        {"Ana": 1, "Šárka": 2, "=Ben": 0},
    ):
        out = next(p for p, v in pips.items() if v == 0)
        _post(client, f"/api/v1/games/{game}/rounds", {"pips": pips, "went_out": out})
    fixed = client.put(
        f"/api/v1/games/{game}/rounds/2", json={"pips": {"Ana": 9, "Šárka": 0, "=Ben": 4}, "went_out": "Šárka"}
    )
    assert fixed.status_code == 200
    assert client.delete(f"/api/v1/games/{game}/rounds/3").status_code == 200
    return str(game)


def _super_domino(client: FlaskClient) -> str:
    game = _post(client, "/api/v1/games", {"game": "super-domino", "players": ["Ana", "Dora"]})["id"]
    hand = {"pips": {"Ana": 0, "Dora": 21}, "tiles": {"Ana": 0, "Dora": 3}, "went_out": "Ana"}
    _post(client, f"/api/v1/games/{game}/rounds", hand)
    _post(
        client,
        f"/api/v1/games/{game}/rounds",
        {"pips": {"Ana": 9, "Dora": 4}, "tiles": {"Ana": 2, "Dora": 1}, "blocked": True},
    )
    _post(client, f"/api/v1/games/{game}/finish", {}, 200)
    return str(game)


def test_a_game_exported_imported_and_exported_again_is_the_same_document(client: FlaskClient, empty: Flask) -> None:
    other = empty.test_client()
    played = _played(client)
    for game in (played, _super_domino(client)):
        response = client.get(f"/api/v1/games/{game}/export?format=json")
        assert response.status_code == 200
        assert response.headers["Content-Disposition"] == f'attachment; filename="scorekeeper-game-{game}.json"'
        document = response.get_json()
        assert document["format"] == "scorekeeper-backup" and document["version"] == 1
        assert client.get(f"/api/v1/games/{game}/export").get_json() == document  # the default, and the same twice
        created = other.post("/api/v1/games/import", json=document)
        assert created.status_code == 201, created.get_json()
        assert created.get_json() == client.get(f"/api/v1/games/{game}").get_json()
        assert other.get(f"/api/v1/games/{game}/export").get_json() == document
        assert game in page_text(other.get("/"))  # in the importing phone's games list
    assert "undone" in page_text(other.get(f"/games/{played}/history"))  # the history came along
    assert "through the API" in page_text(other.get(f"/games/{played}/history"))  # with who made each change


def test_an_import_finds_the_households_people_by_name(client: FlaskClient, empty: Flask) -> None:
    other = empty.test_client()
    _post(other, "/api/v1/games", {"players": ["Ana", "Cleo"], "set": 6})
    document = client.get(f"/api/v1/games/{_played(client)}/export").get_json()
    _post(other, "/api/v1/games/import", document)
    people = {p["name"]: p["games"] for p in other.get("/api/v1/players").get_json()["players"]}
    assert people == {"Ana": 2, "Cleo": 1, "Šárka": 1, "=Ben": 1}


def test_importing_a_game_already_here_is_a_conflict(client: FlaskClient) -> None:
    game = _played(client)
    document = client.get(f"/api/v1/games/{game}/export").get_json()
    same = _post(client, "/api/v1/games/import", document, 409)
    assert same["error"] == "This game is already here, exactly as in the file."
    changed = copy.deepcopy(document)
    changed["games"][0]["rounds"][0]["scores"][1]["pips"] = 13
    assert "Another version of this game" in _post(client, "/api/v1/games/import", changed, 409)["error"]
    assert client.post(f"/games/{game}/delete").status_code == 302
    assert "in the trash" in _post(client, "/api/v1/games/import", document, 409)["error"]


def test_a_wrong_file_is_refused_with_the_reason_and_nothing_is_added(client: FlaskClient) -> None:
    document = client.get(f"/api/v1/games/{_played(client)}/export").get_json()
    game = document["games"][0]
    fresh = {**game, "id": "brandnewgame123"}

    def refused(doc: Any, words: str, status: int = 422) -> None:
        answer = _post(client, "/api/v1/games/import", doc, status)
        assert words in answer["error"], answer

    refused({**document, "format": "something-else"}, "not a game downloaded from a scorekeeper")
    refused({**document, "version": 9}, "this backup is version 9")
    refused({**document, "games": [fresh, {**fresh, "id": "another1"}]}, "import one game at a time")
    refused({**document, "games": []}, "import one game at a time")
    refused({**document, "games": [{**fresh, "set_highest": 7}]}, "double-7 set")
    refused({**document, "games": [{**fresh, "rules": "chess"}]}, "rules chess")
    refused({**document, "games": [{**fresh, "seats": fresh["seats"][:1], "rounds": []}]}, "2 to")
    one_round = {**fresh, "rounds": [{**fresh["rounds"][0], "number": 5}]}
    refused({**document, "games": [one_round]}, "not numbered from 1")
    no_scores = {**fresh, "rounds": [{**fresh["rounds"][0], "scores": []}]}
    refused({**document, "games": [no_scores]}, "a score for every player")
    too_many = {
        **fresh,
        "rounds": [{**fresh["rounds"][0], "scores": [{**s, "pips": 999} for s in fresh["rounds"][0]["scores"]]}],
    }
    refused({**document, "games": [too_many]}, "pips out of range")
    refused(
        {
            **document,
            "games": [
                {**fresh, "seats": [{"position": 0, "name": "Ana"}, {"position": 1, "name": "ana"}], "rounds": []}
            ],
        },
        "the same twice",
    )
    refused([document], "not a JSON object", 400)
    assert client.post("/api/v1/games/import", data="{", content_type="application/json").status_code == 400
    assert client.get("/api/v1/games/brandnewgame123").status_code == 404


def test_the_csv_reads_right_a_row_per_round_a_column_per_player_and_the_totals(client: FlaskClient) -> None:
    game = _played(client)
    response = client.get(f"/api/v1/games/{game}/export?format=csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"] == f'attachment; filename="scorekeeper-game-{game}.csv"'
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows == [
        ["Round", "Ana", "Šárka", "'=Ben", "Went out"],  # a name a spreadsheet would run as a formula stays text
        ["1", "0", "12", "30", "Ana"],
        ["2", "9", "0", "4", "Šárka"],
        ["Total", "9", "12", "34", ""],
    ]
    hands = list(
        csv.reader(
            io.StringIO(client.get(f"/api/v1/games/{_super_domino(client)}/export?format=csv").get_data(as_text=True))
        )
    )
    assert hands[-3:] == [["Total", "9", "25", ""], ["Hands won", "1", "1", ""], ["Place", "1", "2", ""]]


def test_the_export_page_links_both_downloads(client: FlaskClient) -> None:
    game = _played(client)
    page = page_text(client.get(f"/games/{game}/export"))
    assert f'href="/api/v1/games/{game}/export?format=json" download' in page
    assert f'href="/api/v1/games/{game}/export?format=csv" download' in page
    assert client.get("/games/nosuchgame/export").status_code == 404
    assert client.get("/api/v1/games/nosuchgame/export").status_code == 404
    wrong = client.get(f"/api/v1/games/{game}/export?format=xml")
    assert wrong.status_code == 422 and "format=csv" in wrong.get_json()["error"]
