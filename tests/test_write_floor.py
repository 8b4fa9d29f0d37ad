"""The durable write floor the web benchmark measures the round POST against (scripts/write_floor_app.py) writes
what it says it writes: a benchmark of an app that failed every request would measure nothing."""

from __future__ import annotations

import importlib
import sqlite3
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


@pytest.fixture
def floor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.setenv("FLOOR_DATABASE", str(tmp_path / "floor.sqlite3"))
    monkeypatch.syspath_prepend(str(SCRIPTS))
    sys.modules.pop("write_floor_app", None)  # it opens its database when imported
    return importlib.import_module("write_floor_app")


def test_a_round_is_stored_with_its_scores_and_the_game_moves_on(floor: ModuleType, tmp_path: Path) -> None:
    client = floor.app.test_client()
    hand = {"pips": {"Ana": 0, "Ben": 12, "Cleo": 20, "Dan": 7}, "went_out": "Ana"}
    first = client.post("/games/7/rounds", json=hand)
    second = client.post("/games/7/rounds", json=hand)
    assert (first.status_code, first.get_json()) == (201, {"id": 7, "version": 1})
    assert second.get_json()["version"] == 2
    stored = sqlite3.connect(tmp_path / "floor.sqlite3")
    assert stored.execute("SELECT game_id, number FROM round ORDER BY id").fetchall() == [(7, 1), (7, 2)]
    assert stored.execute("SELECT seat, pips FROM score WHERE round_id = 1").fetchall() == [
        (0, 0),
        (1, 12),
        (2, 20),
        (3, 7),
    ]
    assert stored.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_bad_pips_and_an_unknown_game_store_nothing(floor: ModuleType, tmp_path: Path) -> None:
    client = floor.app.test_client()
    assert client.post("/games/7/rounds", json={"pips": {"Ana": -1}}).status_code == 422
    assert client.post("/games/7/rounds", json={"pips": "12"}).status_code == 422
    assert client.post("/games/999/rounds", json={"pips": {"Ana": 3}}).status_code == 404
    stored = sqlite3.connect(tmp_path / "floor.sqlite3")
    assert stored.execute("SELECT count(*) FROM round").fetchone() == (0,)
    assert stored.execute("SELECT version FROM game WHERE id = 7").fetchone() == (0,)
