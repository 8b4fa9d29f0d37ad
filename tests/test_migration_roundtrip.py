"""Every migration steps down and back up again, and games written before survive each way up.

A downgrade left empty (or half done) shows here: the schema at the lower revision is wrong, or the upgrade
that follows fails on a column that is already there.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.script import ScriptDirectory
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, inspect, text

from scorekeeper.db import alembic_config


def start_game(client: FlaskClient, *names: str, **options: str) -> str:
    data = {f"players-{i}": n for i, n in enumerate(names)}
    data.update({"set": "12", "order": "down", "double_blank": "0", "rounds": "", **options})
    response = client.post("/games/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"]


def enter_round(client: FlaskClient, game: str, *pips: int, went_out: str) -> int:
    data = {f"pips-{i}": str(p) for i, p in enumerate(pips)}
    return client.post(f"{game}/rounds/new", data={**data, "went_out": went_out}).status_code


# columns each revision adds, as the migrations' own docstrings describe them
ADDED = {
    "0002": {"game": {"kind", "finished_at"}, "score": {"tiles"}},
    "0003": {"game": {"version"}},
}
TABLES = {"game", "seat", "round", "score", "change"}


def _columns(url: str) -> dict[str, set[str]]:
    inspector = inspect(create_engine(url))
    return {t: {c["name"] for c in inspector.get_columns(t)} for t in inspector.get_table_names()}


def _rows(url: str) -> dict[str, list[tuple[object, ...]]]:
    """What was played, read through the columns every revision has."""
    queries = {
        "game": "SELECT id, set_highest, rules FROM game ORDER BY id",
        "seat": "SELECT game_id, position, name FROM seat ORDER BY game_id, position",
        "round": "SELECT id, game_id, number, blocked FROM round ORDER BY id",
        "score": "SELECT round_id, seat_position, pips, went_out FROM score ORDER BY round_id, seat_position",
        "change": 'SELECT id, game_id, action, round_number, player, old, new FROM "change" ORDER BY id',
    }
    with create_engine(url).connect() as c:
        return {table: [tuple(r) for r in c.execute(text(q))] for table, q in queries.items()}


def _play(make_app: Callable[..., Flask], tmp_path: Path, url: str) -> None:
    """Games as the app writes them: entries, corrections, an undo, both games' kinds of history line."""
    app = make_app(tmp_path, WTF_CSRF_ENABLED=False, DATABASE_URL=url)
    client = app.test_client()
    game = start_game(client, "Ana", "Ben", "Cleo")
    assert enter_round(client, game, 0, 10, 20, went_out="0") == 302
    assert enter_round(client, game, 5, 0, 7, went_out="1") == 302
    assert enter_round(client, game, 3, 4, 0, went_out="2") == 302
    data = {"pips-0": "6", "pips-1": "0", "pips-2": "7", "went_out": "1"}
    assert client.post(f"{game}/rounds/2", data=data).status_code == 302
    assert client.post(f"{game}/rounds/undo", data={"number": "3"}).status_code == 302
    other = start_game(client, "Dora", "Eli")
    assert enter_round(client, other, 0, 9, went_out="0") == 302
    hand = {"tiles-0": "0", "pips-0": "0", "tiles-1": "3", "pips-1": "20", "went_out": "0"}
    sd = start_game(client, "Ana", "Ben", game="super-domino")
    assert client.post(f"{sd}/rounds/new", data=hand).status_code == 302
    assert client.post(f"{sd}/finish").status_code == 302


def _without_super_domino(url: str) -> None:
    """Before 0002 a game had to have a planned number of rounds and an engine: Super Domino cannot go there."""
    with create_engine(url).begin() as c:
        ids = [r[0] for r in c.execute(text("SELECT id FROM game WHERE kind = 'super-domino'"))]
        for game_id in ids:
            params = {"g": game_id}
            c.execute(text("DELETE FROM score WHERE round_id IN (SELECT id FROM round WHERE game_id = :g)"), params)
            for table in ("round", "seat", '"change"'):
                c.execute(text(f"DELETE FROM {table} WHERE game_id = :g"), params)
            c.execute(text("DELETE FROM game WHERE id = :g"), params)


def test_each_downgrade_undoes_its_upgrade_and_data_survives(tmp_path: Path, app_factory: Callable[..., Flask]) -> None:
    url = f"sqlite:///{tmp_path / 'trip.sqlite3'}"
    cfg = alembic_config(url)
    command.upgrade(cfg, "head")
    _play(app_factory, tmp_path, url)
    head_columns = _columns(url)
    assert set(head_columns) >= TABLES

    revisions = [s.revision for s in ScriptDirectory.from_config(cfg).walk_revisions()]  # newest first
    assert revisions[-1] == "0001"
    for target in [*revisions[1:], "base"]:
        below = revisions.index(target) if target != "base" else len(revisions)
        if target in ("0001", "base"):
            _without_super_domino(url)
        before = _rows(url)
        assert before["round"] and before["change"], "nothing left to carry"
        command.downgrade(cfg, target)
        columns = _columns(url)
        if target == "base":
            assert not TABLES & set(columns), columns
        else:
            assert set(columns) >= TABLES
            # every column a removed revision added is gone, the rest of the tables are as at head
            for rev in revisions[:below]:
                for table, added in ADDED.get(rev, {}).items():
                    assert not added & columns[table], (target, rev, table, columns[table])
            for rev in revisions[below:]:
                for table, added in ADDED.get(rev, {}).items():
                    assert added <= columns[table], (target, rev, table)
            assert _rows(url) == before, f"downgrading to {target} lost data"
        command.upgrade(cfg, "head")
        assert _columns(url) == head_columns, f"upgrading again from {target} built another schema"
        if target != "base":
            assert _rows(url) == before, f"the way back up from {target} lost data"
    # at the end, a fresh schema from base that the app can use again
    (tmp_path / "again").mkdir()
    _play(app_factory, tmp_path / "again", url)
    assert len(_rows(url)["game"]) == 3
