"""Each seat's result follows its game through every write: a round that ends the game, an undo that takes the
end back, trash and restore, an import, a backup restored, players who join late or leave, and the games an
upgrade finds stored before results were kept. Checked where a player sees them: the household's stats."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import delete, insert, select

from scorekeeper.db import session
from scorekeeper.models import Game, ResultDue, SeatResult
from scorekeeper.services.backup import backup_document, restore_document
from scorekeeper.services.results import upgrade

from .helpers import DATABASES, fresh_postgres_app


@pytest.fixture(params=DATABASES)
def app(request: pytest.FixtureRequest, tmp_path: Path, app_factory: Callable[..., Flask]) -> Iterator[Flask]:
    """The app on SQLite, and on PostgreSQL too when TEST_DATABASE_URL names one it may wipe."""
    if request.param == "sqlite":
        yield app_factory(tmp_path, WTF_CSRF_ENABLED=False)
        return
    yield fresh_postgres_app(WTF_CSRF_ENABLED=False)


def _post(client: FlaskClient, path: str, body: dict[str, Any], status: int = 201) -> Any:
    response = client.post(path, json=body)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def _stats(client: FlaskClient, game: str = "mexican-train") -> dict[str, Any]:
    """Each person's records at one game, by name; people without a finished game of it left out."""
    people = client.get("/api/v1/players").get_json()["players"]
    return {p["name"]: p["stats"][game] for p in people if p["stats"][game]}


def _played(client: FlaskClient, rounds: int = 7) -> str:
    """A game of 7 rounds on a double-6 set; Ana goes out of every round but the third."""
    game = _post(client, "/api/v1/games", {"players": ["Ana", "Ben"], "set": 6})["id"]
    for n in range(rounds):
        out = "Ben" if n == 2 else "Ana"
        pips = {"Ana": 0, "Ben": 10 + n} if out == "Ana" else {"Ana": 4, "Ben": 0}
        _post(client, f"/api/v1/games/{game}/rounds", {"pips": pips, "went_out": out})
    return str(game)


def test_the_last_round_counts_the_game_and_undoing_it_takes_the_game_back_out(client: FlaskClient) -> None:
    game = _played(client, rounds=6)
    assert _stats(client) == {}  # one round to go: nobody has played a whole game yet
    _post(client, f"/api/v1/games/{game}/rounds", {"pips": {"Ana": 0, "Ben": 16}, "went_out": "Ana"})
    ana = _stats(client)["Ana"]
    assert (ana["games"], ana["won"], ana["went_out"], ana["best_streak"], ana["best_game"]) == (1, 1, 6, 4, 4)
    assert _stats(client)["Ben"]["worst_game"] == 10 + 11 + 13 + 14 + 15 + 16
    assert client.delete(f"/api/v1/games/{game}/rounds/7").status_code == 200
    assert _stats(client) == {}  # round 7 is to play again: the game is not over
    _post(client, f"/api/v1/games/{game}/rounds", {"pips": {"Ana": 30, "Ben": 0}, "went_out": "Ben"})
    assert _stats(client)["Ana"]["best_streak"] == 3 and _stats(client)["Ana"]["worst_game"] == 34


@pytest.mark.dates
def test_a_game_out_of_the_trash_counts_again(client: FlaskClient) -> None:
    game = _played(client)
    before = _stats(client)
    assert client.post(f"/games/{game}/delete").status_code == 302
    assert _stats(client) == {}
    assert client.post(f"/games/{game}/restore").status_code == 302
    assert _stats(client) == before


def test_an_imported_game_counts_at_once(client: FlaskClient, tmp_path: Path, app_factory: Any) -> None:
    game = _played(client)
    document = client.get(f"/api/v1/games/{game}/export?format=json").get_json()
    (tmp_path / "elsewhere").mkdir()
    elsewhere = app_factory(tmp_path / "elsewhere", WTF_CSRF_ENABLED=False).test_client()
    _post(elsewhere, "/api/v1/games/import", document)
    assert _stats(elsewhere) == _stats(client)


def test_a_restored_backup_counts_its_games(app: Flask, client: FlaskClient, tmp_path: Path, app_factory: Any) -> None:
    _played(client)
    with app.app_context():
        document = backup_document(session())
    (tmp_path / "other").mkdir()
    other = app_factory(tmp_path / "other", WTF_CSRF_ENABLED=False)
    with other.app_context():
        report = restore_document(session(), document)
        assert len(report.added) == 1
        assert session().scalar(select(SeatResult.total).where(SeatResult.place == 1)) == 4


def test_late_joiners_and_leavers_count_the_rounds_they_played(client: FlaskClient) -> None:
    game = _post(client, "/api/v1/games", {"players": ["Ana", "Ben", "Cleo"], "set": 6})["id"]
    _post(client, f"/api/v1/games/{game}/rounds", {"pips": {"Ana": 0, "Ben": 20, "Cleo": 5}, "went_out": "Ana"})
    _post(client, f"/api/v1/games/{game}/seats", {"name": "Dora", "start": "highest"})
    patched = client.patch(f"/api/v1/games/{game}/seats/1", json={"left": True})
    assert patched.status_code == 200, patched.get_json()
    for _n in range(6):
        _post(client, f"/api/v1/games/{game}/rounds", {"pips": {"Ana": 1, "Cleo": 2, "Dora": 0}, "went_out": "Dora"})
    shown = client.get(f"/api/v1/games/{game}").get_json()
    assert shown["finished"]
    stats = _stats(client)
    assert stats["Ben"]["rounds"] == 1 and stats["Ben"]["worst_game"] == 20
    assert stats["Dora"]["rounds"] == 6 and stats["Dora"]["best_game"] == 20  # started at Ben's 20, went out 6 times
    assert stats["Dora"]["best_streak"] == 6 and stats["Dora"]["pips_per_round"] == 0
    places = {s["player"]: s["rank"] for s in shown["standings"]}
    assert {name: stats[name]["won"] for name in stats} == {p: int(places[p] == 1) for p in places}


def _rows(app: Flask) -> list[tuple[Any, ...]]:
    with app.app_context():
        columns = list(SeatResult.__table__.columns)
        return [tuple(r) for r in session().execute(select(*columns).order_by(SeatResult.seat_id))]


def test_an_upgrade_works_out_the_games_stored_before_results_were_kept(app: Flask, client: FlaskClient) -> None:
    _played(client)
    _played(client, rounds=3)  # a game going on: nothing to work out
    kept = _rows(app)
    assert len(kept) == 2
    with app.app_context():  # as migration 0010 leaves a database from before it: no results, every game due
        db = session()
        db.execute(delete(SeatResult))
        db.execute(insert(ResultDue).from_select(["game_id"], select(Game.id)))
        db.commit()
    assert _rows(app) == []
    upgrade(app.config["DATABASE_URL"])
    assert _rows(app) == kept
    with app.app_context():
        assert session().scalar(select(ResultDue.game_id)) is None


def test_a_correction_counts_in_a_game_over_and_nowhere_in_a_game_still_played(client: FlaskClient) -> None:
    unfinished = _played(client, rounds=3)
    fix = {"pips": {"Ana": 0, "Ben": 50}, "went_out": "Ana"}
    assert client.put(f"/api/v1/games/{unfinished}/rounds/1", json=fix).status_code == 200
    assert _stats(client) == {}  # still four rounds to go: no records yet
    over = _played(client)
    before = _stats(client)["Ben"]["worst_game"]
    assert client.put(f"/api/v1/games/{over}/rounds/1", json=fix).status_code == 200
    assert _stats(client)["Ben"]["worst_game"] == before - 10 + 50
