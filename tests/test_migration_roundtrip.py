"""Every migration steps down and back up again, and games written before survive each way up.

A downgrade left empty (or half done) shows here: the schema at the lower revision is wrong, or the upgrade
that follows fails on a column that is already there.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.script import ScriptDirectory
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.orm import Session
from web.tallies_check import assert_counted_right

from scorekeeper.db import alembic_config
from scorekeeper.models import Base
from scorekeeper.services.results import upgrade


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
TABLES = set(Base.metadata.tables)
"""Every table of the app, read at every step: a new table is in the round trip the day it is added."""
FIRST = {"game", "seat", "round", "score", "change"}
"""The tables of the first revision."""
REMADE = {
    "draft_score": "empty",  # the pips sent for a round still being filled in go with their table (0005)
    "person": "names",  # one person per name seated, made again from the seats; one merged away is gone (0007)
    "person_merge": "empty",  # the merges, and with them their undo, go with their table (0007)
    "seat_result": "kept",  # worked out again from the rounds by db.upgrade (0010)
    "result_due": "kept",  # and nothing is left due
    # the tallies, filled again from the seats and results by 0015 (and by db.upgrade for the results it works
    # out): what counting every game afresh gives (a person made again below 0007 may have another id)
    "tally_part": "counted",
    "tally": "counted",
    "tally_pair": "counted",
    "tally_person": "counted",
    # home mode's one household is made again by 0016 (a new created_at); phones and API tokens go with their
    # tables, and every row owned is the home household's again
    "household": "home",
    "phone": "empty",
    "api_token": "empty",
    "round_photo": "empty",  # photos kept with rounds go with their table (0018)
}
"""What a table that a downgrade dropped holds once the upgrade has made it again: what it held before
("kept"), nothing ("empty"), the same people by name ("names"), the tallies of the games there are
("counted"), or home mode's one household ("home")."""

Rows = dict[str, list[dict[str, object]]]


def _columns(url: str) -> dict[str, set[str]]:
    """The columns of each of the app's tables there is at this revision."""
    inspector = inspect(create_engine(url))
    return {t: {c["name"] for c in inspector.get_columns(t)} for t in inspector.get_table_names() if t in TABLES}


def _read(url: str) -> Rows:
    """Every row of every one of the app's tables there is, every column."""
    with create_engine(url).connect() as c:
        return {t: [dict(r._mapping) for r in c.execute(text(f'SELECT * FROM "{t}"'))] for t in _columns(url)}


def _through(rows: Rows, columns: dict[str, set[str]]) -> dict[str, list[tuple[object, ...]]]:
    """The rows of these tables read through these columns only, in a fixed order."""
    seen = {}
    for table, names in columns.items():
        picked = [tuple(row[n] for n in sorted(names)) for row in rows.get(table, [])]
        seen[table] = sorted(picked, key=repr)
    return seen


def _people(rows: Rows) -> list[object]:
    return sorted(p["name"] for p in rows["person"] if p["merged_into"] is None)


def _everyone_in_their_seat(url: str) -> None:
    """Each seat belongs to the person of its name."""
    with create_engine(url).connect() as c:
        wrong = c.execute(
            text(
                "SELECT seat.name FROM seat LEFT JOIN person ON person.id = seat.person_id WHERE person.name IS NULL "
                "OR person.name != seat.name"
            )
        ).all()
    assert wrong == []


def _play(make_app: Callable[..., Flask], tmp_path: Path, url: str) -> None:
    """Games as the app writes them: entries, corrections, an undo, both games' kinds of history line, a game's
    results, a round half sent from the phones, and two people merged into one."""
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
    assert client.post(f"{other}/rounds/2/mine", data={"seat": "1", "pips-1": "14"}).status_code == 200
    kept = client.post(
        f"{other}/photos", data={"seat": "0", "tiles": "[[6, 1]]", "photo": (io.BytesIO(_photo()), "h.jpg")}
    )
    assert kept.status_code == 201, kept.get_json()
    data = {"pips-0": "7", "pips-1": "0", "went_out": "1", "photo-0": kept.get_json()["token"]}
    assert client.post(f"{other}/rounds/2/mine", data={"seat": "0", **data}).status_code == 200
    hand = {"tiles-0": "0", "pips-0": "0", "tiles-1": "3", "pips-1": "20", "went_out": "0"}
    sd = start_game(client, "Ana", "Ben", game="super-domino")
    assert client.post(f"{sd}/rounds/new", data=hand).status_code == 302
    assert client.post(f"{sd}/finish").status_code == 302
    people = {p["name"]: p["id"] for p in client.get("/api/v1/players").get_json()["players"]}
    assert client.post(f"/people/{people['Cleo']}/merge/{people['Dora']}").status_code == 302
    _a_phone_and_a_token(url)


def _photo() -> bytes:
    """A photo of a hand to keep with a round."""
    buffer = io.BytesIO()
    Image.new("RGB", (64, 48), (200, 40, 40)).save(buffer, "JPEG")
    return buffer.getvalue()


def _a_phone_and_a_token(url: str) -> None:
    """A signed-in phone and an API token of the home household, so that their tables carry something too."""
    with create_engine(url).begin() as c:
        now = {"t": "2026-01-02 03:04:05"}
        c.execute(
            text(
                "INSERT INTO phone (household_id, key_hash, player, created_at, last_seen_at) "
                "VALUES (1, 'k', 'Ana', :t, :t)"
            ),
            now,
        )
        c.execute(
            text("INSERT INTO api_token (household_id, label, token_hash, created_at) VALUES (1, 'scores', 'h', :t)"),
            now,
        )


def _counted_right(url: str) -> None:
    """The tallies are what counting every game afresh gives."""
    with Session(create_engine(url)) as db:
        assert_counted_right(db)


def _without_super_domino(url: str) -> None:
    """Before 0002 a game had to have a planned number of rounds and an engine: Super Domino cannot go there."""
    with create_engine(url).begin() as c:
        ids = [r[0] for r in c.execute(text("SELECT id FROM game WHERE kind = 'super-domino'"))]
        for game_id in ids:
            params = {"g": game_id}
            c.execute(text("DELETE FROM score WHERE round_id IN (SELECT id FROM round WHERE game_id = :g)"), params)
            for table in reversed(Base.metadata.sorted_tables):  # what refers to a game's seats before its seats
                if "game_id" in table.c:
                    c.execute(text(f'DELETE FROM "{table.name}" WHERE game_id = :g'), params)
            c.execute(text("DELETE FROM game WHERE id = :g"), params)


def test_each_downgrade_undoes_its_upgrade_and_data_survives(tmp_path: Path, app_factory: Callable[..., Flask]) -> None:
    url = f"sqlite:///{tmp_path / 'trip.sqlite3'}"
    cfg = alembic_config(url)
    upgrade(url)
    _play(app_factory, tmp_path, url)
    head_columns = _columns(url)
    assert set(head_columns) == TABLES
    _counted_right(url)
    empty = {t for t, rows in _read(url).items() if not rows}
    assert empty == {"result_due"}, "every table holds something to carry (nothing is due once db.upgrade ran)"

    revisions = [s.revision for s in ScriptDirectory.from_config(cfg).walk_revisions()]  # newest first
    assert revisions[-1] == "0001"
    for target in [*revisions[1:], "base"]:
        below = revisions.index(target) if target != "base" else len(revisions)
        if target in ("0001", "base"):
            _without_super_domino(url)
        before = _read(url)
        assert before["round"] and before["change"], "nothing left to carry"
        command.downgrade(cfg, target)
        columns = _columns(url)
        if target == "base":
            assert not columns, columns
        else:
            assert set(columns) >= FIRST
            # every column a removed revision added is gone, the rest of the tables are as at head
            for rev in revisions[:below]:
                for table, added in ADDED.get(rev, {}).items():
                    assert not added & columns[table], (target, rev, table, columns[table])
            for rev in revisions[below:]:
                for table, added in ADDED.get(rev, {}).items():
                    assert added <= columns[table], (target, rev, table)
            kept = {t: head_columns[t] & names for t, names in columns.items()}
            assert _through(_read(url), kept) == _through(before, kept), f"downgrading to {target} lost data"
        upgrade(url)  # as `make run` does: the migrations, then the results they leave due
        assert _columns(url) == head_columns, f"upgrading again from {target} built another schema"
        if target == "base":
            continue
        after = _read(url)
        assert _through(after, kept) == _through(before, kept), f"the way back up from {target} lost data"
        for table in TABLES - set(columns):
            assert table in REMADE, f"{table} is dropped below {target}: say in REMADE what it holds made again"
            if REMADE[table] == "kept":
                assert _through(after, {table: head_columns[table]}) == _through(before, {table: head_columns[table]})
            elif REMADE[table] == "empty":
                assert after[table] == [], table
            elif REMADE[table] == "counted":
                _counted_right(url)
            elif REMADE[table] == "home":
                assert [(h["id"], h["passphrase_hash"]) for h in after[table]] == [(1, None)]
            else:
                assert _people(after) == _people(before)
        _everyone_in_their_seat(url)
    # at the end, a fresh schema from base that the app can use again
    (tmp_path / "again").mkdir()
    _play(app_factory, tmp_path / "again", url)
    assert len(_read(url)["game"]) == 3
