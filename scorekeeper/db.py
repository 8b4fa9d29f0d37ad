"""The database: one engine per app, one session per request, Alembic for the schema."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from flask import Flask, g
from sqlalchemy import Engine, create_engine, event, make_url
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).parent / "migrations"


BUSY_TIMEOUT_MS = 5000
"""How long a SQLite write waits for another one to finish before giving up."""


def in_file(database: str | None) -> bool:
    """A database in a file (WAL needs one): not in memory."""
    return bool(database) and database != ":memory:" and not str(database).startswith("file::memory:")


class DurableConnection(sqlite3.Connection):
    """A SQLite connection whose commit returns once the transaction is on disk, as with SQLite's
    ``synchronous=FULL``, with the fsync of the write-ahead log made here rather than inside SQLite.

    SQLite runs with ``synchronous=NORMAL`` on it (in WAL mode only, see :func:`make_engine`): it then syncs the
    log before each checkpoint, the database after it, and the log's header when the log starts over, and leaves
    the fsync at a commit to :meth:`sync`. A commit syncs at once, so every write is as durable as before; only
    the busiest write, a new round, commits in its writer's turn with :meth:`commit_unsynced` and syncs after the
    turn (services.claims), so that the writers queued behind it do not wait for its disk as well."""

    wal = ""
    """The log's path; empty when the database is not in WAL mode (SQLite keeps ``synchronous=FULL`` then)."""

    def commit(self) -> None:
        wrote = self.in_transaction  # a commit that ends no write (a read's) has nothing to sync
        super().commit()
        if wrote:
            self.sync()

    def commit_unsynced(self) -> None:
        """Commit, leaving the fsync to a later :meth:`sync` (before the write is reported stored)."""
        super().commit()

    def sync(self) -> None:
        """Everything committed so far on disk: an fsync of the log (of the file at its path now, not of one
        opened earlier: when the last connection closes, SQLite copies the log into the database, syncs that and
        deletes the log, and the next one starts a new file)."""
        if not self.wal:
            return
        try:
            log = os.open(self.wal, os.O_RDONLY)
        except FileNotFoundError:
            return  # no log: whatever it held was copied into the database and synced there
        try:
            os.fsync(log)
        finally:
            os.close(log)


def make_engine(url: str) -> Engine:
    parsed = make_url(url)
    database = parsed.database
    on_file = parsed.get_backend_name() == "sqlite" and in_file(database)
    engine = create_engine(url, connect_args={"factory": DurableConnection} if on_file else {})
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            # readers never wait for a writer (WAL), and a writer waits its turn instead of failing at once
            cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            if on_file:
                (mode,) = cursor.execute("PRAGMA journal_mode=WAL").fetchone()
                cursor.execute("SELECT count(*) FROM sqlite_master").fetchone()  # a first read opens the log
                # the log SQLite keeps beside the file it opened from here: seen there, or SQLite syncs it itself
                wal = os.path.abspath(f"{database}-wal")
                if mode == "wal" and isinstance(dbapi_connection, DurableConnection) and os.path.exists(wal):
                    dbapi_connection.wal = wal
                    cursor.execute("PRAGMA synchronous=NORMAL")  # the fsync at a commit is DurableConnection's
            cursor.close()

    return engine


def init_app(app: Flask) -> None:
    engine = make_engine(app.config["DATABASE_URL"])
    app.extensions["db_engine"] = engine
    app.extensions["db_sessionmaker"] = sessionmaker(engine, expire_on_commit=False)
    app.teardown_appcontext(_close_session)

    @app.cli.command("upgrade-db")
    def upgrade_db_command() -> None:
        """Bring the database schema up to date."""
        upgrade(app.config["DATABASE_URL"])
        print("Database is up to date.")


def session() -> Session:
    """The request's session, opened on first use."""
    if "db" not in g:
        from flask import current_app

        g.db = current_app.extensions["db_sessionmaker"]()
    db: Session = g.db
    return db


def engine() -> Engine:
    """The app's engine, for the few reads that need no session (a live check: one row, no objects)."""
    from flask import current_app

    found: Engine = current_app.extensions["db_engine"]
    return found


def _close_session(_exc: BaseException | None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


def alembic_config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def upgrade(url: str) -> None:
    """Bring the schema up to date, then work out what the migrations left due (services.results)."""
    command.upgrade(alembic_config(url), "head")
    from .services.results import settle_due

    engine = make_engine(url)
    try:
        with Session(engine) as db:
            settle_due(db)
    finally:
        engine.dispose()
