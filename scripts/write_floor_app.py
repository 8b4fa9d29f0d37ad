"""The floor the web benchmark measures the round POST against, beside hello-world: the least a durable round
write can cost under Flask and gunicorn as `make run` serves them.

It reads the JSON body, checks the pips are whole numbers, and in one transaction bumps the game's version and
writes a round and its scores, committed on disk (WAL, synchronous=FULL) before it answers, the writers of both
workers taking turns on a lock file as the app's do (scorekeeper.services.unit_of_work). It has none of the app's
validation, rules, history, session, language or game view, and answers the new version only.

The database is the file FLOOR_DATABASE names (created here, with games 0 to 199).
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
from typing import Any

from flask import Flask, request

DATABASE = os.environ.get("FLOOR_DATABASE", "write-floor.sqlite3")
GAMES = 200

app = Flask(__name__)
_local = threading.local()
_threads = threading.Lock()
_turn = os.open(DATABASE + ".writer-lock", os.O_RDWR | os.O_CREAT, 0o600)


def _connection() -> sqlite3.Connection:
    connection: sqlite3.Connection | None = getattr(_local, "connection", None)
    if connection is None:
        connection = sqlite3.connect(DATABASE, isolation_level=None, check_same_thread=False)
        for pragma in ("journal_mode=WAL", "synchronous=FULL", "busy_timeout=5000"):
            connection.execute(f"PRAGMA {pragma}")
        _local.connection = connection
    return connection


def _create() -> None:
    with _threads:
        fcntl.flock(_turn, fcntl.LOCK_EX)
        try:
            _connection().executescript(
                "CREATE TABLE IF NOT EXISTS game (id INTEGER PRIMARY KEY, version INTEGER NOT NULL);"
                "CREATE TABLE IF NOT EXISTS round (id INTEGER PRIMARY KEY, game_id INTEGER, number INTEGER);"
                "CREATE TABLE IF NOT EXISTS score (round_id INTEGER, seat INTEGER, pips INTEGER);"
                + "".join(f"INSERT OR IGNORE INTO game VALUES ({n}, 0);" for n in range(GAMES))
            )
        finally:
            fcntl.flock(_turn, fcntl.LOCK_UN)


_create()


@app.get("/")
def up() -> str:
    return "Up"


@app.post("/games/<int:game>/rounds")
def add_round(game: int) -> tuple[dict[str, Any], int]:
    body = request.get_json(silent=True)
    pips = body.get("pips") if isinstance(body, dict) else None
    if not isinstance(pips, dict) or not all(isinstance(v, int) and v >= 0 for v in pips.values()):
        return {"error": "pips"}, 422
    connection = _connection()
    with _threads:
        fcntl.flock(_turn, fcntl.LOCK_EX)
        try:
            connection.execute("BEGIN IMMEDIATE")
            row = connection.execute(
                "UPDATE game SET version = version + 1 WHERE id = ? RETURNING version", (game,)
            ).fetchone()
            if row is None:
                connection.execute("ROLLBACK")
                return {"error": "game"}, 404
            (version,) = row
            cursor = connection.execute("INSERT INTO round (game_id, number) VALUES (?, ?)", (game, version))
            seats = [(cursor.lastrowid, seat, value) for seat, value in enumerate(pips.values())]
            connection.executemany("INSERT INTO score VALUES (?, ?, ?)", seats)
            connection.execute("COMMIT")
        finally:
            fcntl.flock(_turn, fcntl.LOCK_UN)
    return {"id": game, "version": version}, 201
