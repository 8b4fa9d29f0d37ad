"""The database: one engine per app, one session per request, Alembic for the schema, and the household as the
boundary of every query.

Scoping is done here, once, not per view: every ORM statement a request's session runs is limited to the rows
of the request's household (models.HouseholdOwned, through ``with_loader_criteria``), and every row it adds is
stamped with it. The few statements sent past the ORM (Core on a table, or straight through the driver,
services.prepared) either carry the household through :func:`mine` and :func:`scoped`, or run only behind a
scoped read of their game and say so with :func:`behind_its_game` (``tests/test_scoping.py`` checks every
statement a run sends is one or the other)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from flask import Flask, g, has_request_context
from sqlalchemy import Engine, bindparam, create_engine, event
from sqlalchemy.orm import ORMExecuteState, Session, sessionmaker, with_loader_criteria
from sqlalchemy.sql.elements import ColumnElement
from sqlalchemy.sql.selectable import FromClause, HasPrefixes

from . import households
from .models import HouseholdOwned

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


_Marked = TypeVar("_Marked", bound=HasPrefixes)

NOBODY = -1
"""The household of a hosted request that has none yet: no row has it, so such a request reads nothing owned."""
EVERY = 0
"""``session.info["household_id"]`` for a session that works on every household at once (the upgrade's results
worked out again, the trash purged): no filter, and a row it adds must say its household itself."""
BEHIND_ITS_GAME = "/*behind its game*/"
"""The mark of a statement on an owned table that carries no household: it runs only for a game (or its people)
this request already read through a scoped statement (:func:`behind_its_game`)."""


def household_of(db: Session | None = None) -> int:
    """The household whose rows this session (or, without one, this request) reads and writes: the one its
    ``info`` names (a command, a worker task), else the request's (:func:`scorekeeper.households.current`), asked
    when the statement runs, since a hosted phone's household is known only once its session has been read.
    :data:`NOBODY` for a hosted request that has none; :data:`EVERY` for hosted work outside any request that entered
    none (a command, a test looking at the whole database: home mode's is :data:`~scorekeeper.households.HOME`)."""
    if db is not None:
        named = db.info.get("household_id")
        if named is not None:
            return int(named)
    found = households.current()
    if found is not None:
        return found
    return EVERY if not has_request_context() and "household_id" not in g else NOBODY


def mine(table: FromClause) -> ColumnElement[bool]:
    """The rows of ``table`` (an owned one) of the household bound as ``household`` when the statement runs (not
    ``household_id``: an UPDATE keeps its columns' names for its SET clause): for a Core statement built once; run
    it with :func:`scoped` values."""
    return table.c.household_id == bindparam("household")


def ours(table: FromClause, db: Session | None = None) -> ColumnElement[bool]:
    """The rows of ``table`` (an owned one) of this session's (or request's) household: for a Core statement built
    for one run."""
    return table.c.household_id == household_of(db)


def scoped(values: dict[str, Any], db: Session | None = None) -> dict[str, Any]:
    """``values`` with the household of this session or request, for a statement limited by :func:`mine`."""
    return {**values, "household": household_of(db)}


def behind_its_game(statement: _Marked) -> _Marked:
    """Mark a Core statement on an owned table that carries no household of its own: only ever run for a game or
    person this request reached through a scoped read (the comment says which, where it is built)."""
    marked: _Marked = statement.prefix_with(BEHIND_ITS_GAME)
    return marked


def _scope_statement(state: ORMExecuteState) -> None:
    """Limit every ORM SELECT, UPDATE and DELETE of this session to its household's rows (relationship loads
    inherit it; a column refresh reads a row already read through it)."""
    if state.is_column_load:
        return
    household = household_of(state.session)
    if household == EVERY:
        return
    state.statement = state.statement.options(
        with_loader_criteria(
            HouseholdOwned,
            lambda cls: cls.household_id == household,
            include_aliases=True,
            track_closure_variables=True,
        )
    )


def _stamp_new_rows(db: Session, _context: Any, _instances: Any) -> None:
    """Every row added to an owned table is this session's household's; one into no household is refused."""
    household = None
    for row in db.new:
        if not isinstance(row, HouseholdOwned):
            continue
        if household is None:
            household = household_of(db)
        if household == EVERY:
            if row.household_id is None:
                raise RuntimeError(f"a {type(row).__name__} added across households must name its household")
            continue
        if household == NOBODY:
            raise RuntimeError(f"a {type(row).__name__} would be stored into no household: no household entered")
        if row.household_id is None:
            row.household_id = household
        elif row.household_id != household:
            raise RuntimeError(f"a {type(row).__name__} of household {row.household_id} added by another one")


def init_app(app: Flask) -> None:
    engine = make_engine(app.config["DATABASE_URL"])
    app.extensions["db_engine"] = engine
    maker = sessionmaker(engine, expire_on_commit=False)
    event.listen(maker, "do_orm_execute", _scope_statement)
    event.listen(maker, "before_flush", _stamp_new_rows)
    app.extensions["db_sessionmaker"] = maker
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
