"""The database: one engine per app, one session per request, Alembic for the schema."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from flask import Flask, g
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).parent / "migrations"


BUSY_TIMEOUT_MS = 5000
"""How long a SQLite write waits for another one to finish before giving up."""


def in_file(database: str | None) -> bool:
    """A database in a file (WAL needs one): not in memory."""
    return bool(database) and database != ":memory:" and not str(database).startswith("file::memory:")


def make_engine(url: str) -> Engine:
    engine = create_engine(url)
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            # readers never wait for a writer (WAL), and a writer waits its turn instead of failing at once
            cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            if in_file(engine.url.database):
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.close()

    return engine


def init_app(app: Flask) -> None:
    engine = make_engine(app.config["DATABASE_URL"])
    app.extensions["db_engine"] = engine
    app.extensions["db_sessionmaker"] = sessionmaker(engine, expire_on_commit=False)
    app.teardown_appcontext(_close_session)


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


def migrate(url: str) -> None:
    """Bring the schema up to date: the migrations alone. What they leave due (results to work out again) is the
    services' to settle: :func:`scorekeeper.services.results.upgrade` does both, and is what the app runs."""
    command.upgrade(alembic_config(url), "head")
