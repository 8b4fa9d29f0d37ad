"""The unit of work: the one way to write a game. Every change to a game, whoever makes it (a round entered,
corrected or undone; the end; a seat joining, leaving or renamed; a person renamed or merged; the trash; a game
file imported or restored; a new game), goes through this module, which

1. claims the game in this thread's writer turn: ``UPDATE game SET version = version + 1`` (or ``drafts + 1`` for
   the round being filled in) — the one bump of the write, and the lock that makes any other write to the game
   wait; the change is then decided on the game as stored now, never on what a page showed a moment ago, and the
   version the writer saw, if stale, answers 409/412 (:func:`check_version`);
2. runs the change;
3. runs :func:`after_change` — the single place where work that must follow every change, in the same
   transaction, is done (the results of a game that is or was over; any hook registered with
   :func:`on_change`, such as the stats' running tallies);
4. commits, or rolls back everything.

Every kept answer (a table screen or API answer kept per live tag, its ETag, the answers given again without
Flask, the records kept until a game changes) asks "has this game changed" of the counters this bump moves,
through one function (services.live.game_stamp).

The ways in: :func:`writing` (an ORM game; :func:`decided_then_writing` decides the change before the writer's
turn: the seats), :func:`claimed_stored` (a change written with a few SQL statements on a plain game;
:func:`decided_and_written` decides it before the turn: a round entered, corrected or undone, the end),
:func:`claimed_games` (several games at once: a person renamed or merged), :func:`change_row` (one
statement on the game's row: to the trash, out of it, a "Play again" link) and :func:`new_games` (games that
did not exist: a new game, an import, a restore).

On SQLite the writers of every process take turns through a lock file next to the database (:func:`writer_turn`);
PostgreSQL locks the claimed game's row alone, so writes to other games go on at the same time."""

from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from typing import Protocol, TypeVar

from sqlalchemy import ColumnElement, Connection, Engine, bindparam, inspect, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from ..db import household_of, in_file, mine, scoped
from ..i18n import _
from ..models import Change, Game, Seat
from ..rules.i18n import N_
from .errors import Conflict, PreconditionFailed, ServiceError
from .game_view import AnyGame, StoredGame, is_over
from .loading import GAME_STATE, no_game, one_game, read_game, remember_game, whole_game
from .prepared import Prepared
from .results import settle, settle_game

STALE = N_("This game changed on another phone since you opened it.")

Decision = TypeVar("Decision")

ChangeHook = Callable[[Session, Collection[str]], None]
"""Work that follows every change to games, in its transaction: called with the session and the changed games'
ids, after the change is flushed and before the commit."""

_HOOKS: list[ChangeHook] = []


def on_change(hook: ChangeHook) -> ChangeHook:
    """Run ``hook`` after every change to a game, before its commit (see :func:`after_change`); usable as a
    decorator."""
    if hook not in _HOOKS:
        _HOOKS.append(hook)
    return hook


def after_change(db: Session, game_ids: Collection[str]) -> None:
    """The one place where every write to a game, of every kind, runs what must follow it in the same transaction:
    after the change, before the commit. A hook that raises rolls the whole write back. Run when a game's seats,
    people, results or place (new, imported, restored, in or out of the trash) may have moved; not for a round of a
    game still going, nor for the round being filled in (``drafts``): those move nothing but scores, which every
    reader asks the game's version about, and the round POST stays a few statements."""
    if not game_ids:
        return
    for hook in _HOOKS:
        hook(db, game_ids)


class Write:
    """A write in progress: the version it is based on, and whether it changed anything worth keeping."""

    def __init__(self, seen: int, unchanged: bool = False) -> None:
        self.seen = seen
        """The game's version before this write."""
        self.keep = True
        self.unchanged = unchanged
        """Nobody wrote to the game between the read the write was given and its claim: what was decided on that
        read, before the writer's turn, stands."""

    def discard(self) -> None:
        """Nothing to store: give the claim back, the version stays as it was."""
        self.keep = False


def _held(db: Session, game: Game) -> tuple[int, int] | None:
    """The version and drafts of the game as this session holds it, whole (seats, rounds, scores) and unchanged;
    None when a write has to read it again anyway."""
    if db.expire_on_commit or db.new or db.dirty or db.deleted:
        return None
    unloaded = inspect(game).unloaded
    if unloaded & {"version", "drafts", "updated_at", "seats", "rounds"}:
        return None
    if any("scores" in inspect(r).unloaded for r in game.rounds):
        return None
    return game.version, game.drafts


def _reread(
    db: Session,
    game_id: str,
    game: Game | None = None,
    counters: tuple[int, int] | None = None,
    state: tuple[int, int, datetime] | None = None,
) -> Game:
    """The game as stored now, refreshing the objects this session already holds.

    ``counters``: the version and drafts the stored game has if nothing but this write's claim changed it since
    ``game`` was read in this request; then the rest of ``game`` stands, instead of reading every round and score
    again. ``state``: the game's version, drafts and time of change as the claim answered them (else read here)."""
    if game is not None and counters is not None:
        version, drafts, updated_at = (
            state or db.connection().execute(GAME_STATE, scoped({"game_id": game_id}, db)).one()
        )
        if (version, drafts) == counters:
            for name, value in (("version", version), ("drafts", drafts), ("updated_at", updated_at)):
                set_committed_value(game, name, value)
            return game
    found = one_game(db, whole_game(game_id).execution_options(populate_existing=True))
    if found is None:
        raise no_game()
    return found


class _Turn:
    """Whose turn it is to write to one SQLite database: the threads of this process queue on a lock, then the
    process takes the lock of a file next to the database (``flock``), on which the kernel queues the processes.

    SQLite lets one writer in at a time for the whole database anyway; a writer that finds it busy sleeps in
    growing steps (up to 100 ms) before trying again, which left the unluckiest writes waiting for seconds under
    load. Queued on these locks, a write starts the moment the one before it ends."""

    def __init__(self, path: str | None) -> None:
        self._threads = threading.RLock()
        self._depth = 0
        # a database in memory lives in this process alone: the threads' lock is all it needs
        self._fd = None if path is None else os.open(path, os.O_RDWR | os.O_CREAT, 0o600)

    @contextmanager
    def held(self) -> Iterator[None]:
        with self._threads:
            if self._depth == 0 and self._fd is not None:
                fcntl.flock(self._fd, fcntl.LOCK_EX)
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if self._depth == 0 and self._fd is not None:
                    fcntl.flock(self._fd, fcntl.LOCK_UN)


_TURNS: dict[tuple[int, str], _Turn] = {}
_TURNS_LOCK = threading.Lock()


@contextmanager
def writer_turn(engine: Engine) -> Iterator[None]:
    """This thread's turn to write, on SQLite; at once on PostgreSQL (it locks rows, not the whole database)."""
    if engine.dialect.name != "sqlite":
        yield
        return
    database = engine.url.database or ""
    # by process: a worker forked from a process that held a turn must not share its lock file's lock
    key = (os.getpid(), database)
    with _TURNS_LOCK:
        turn = _TURNS.get(key) or _TURNS.setdefault(
            key, _Turn(database + ".writer-lock" if in_file(database) else None)
        )
    with turn.held():
        yield


@contextmanager
def writing(db: Session, game: Game, *, draft: bool = False) -> Iterator[Write]:
    """Change the ORM ``game`` as one atomic, version-checked write, in this thread's turn (see :func:`claimed`)."""
    # End this request's read before queueing, as claimed() would right after: a thread waiting its turn must not
    # hold a pooled connection, or enough of them waiting leave the pool empty for the one whose turn it is
    # (which gets its connection back from the pool once its turn comes) and everyone waits out the pool timeout.
    _end_read(db, game)
    with writer_turn(db.get_bind().engine), claimed(db, game, draft=draft) as write:
        yield write


@contextmanager
def decided_then_writing(
    db: Session, game: Game, decide: Callable[[int], Decision]
) -> Iterator[tuple[Write, Decision]]:
    """:func:`writing`, with the change decided before the writer's turn: ``decide`` (which only reads the game
    and refuses with a ServiceError) runs on ``game`` as this request read it, at its version; the turn then
    holds the claim, the change's rows and the commit. Decided again under the claim, on the game as stored
    then, only when another phone wrote meanwhile or the early decision refused (said on the game as stored)."""
    try:
        early: tuple[Decision] | None = (decide(game.version),)
    except ServiceError:
        early = None
    with writing(db, game) as write:
        (decided,) = early if early is not None and write.unchanged else (decide(write.seen),)
        yield write, decided


def _end_read(db: Session, game: Game) -> None:
    """End any read begun earlier, so that what follows reads the newest rows; with nothing pending, a commit does
    that without expiring the game this request already loaded (the session keeps objects over a commit)."""
    if _held(db, game) is not None:
        db.commit()
    else:
        db.rollback()


@contextmanager
def claimed(db: Session, game: Game, *, draft: bool = False) -> Iterator[Write]:
    """Change the game as one atomic, version-checked write.

    The version is bumped first, in the database (``UPDATE game SET version = version + 1``): on SQLite and
    PostgreSQL alike that makes any other write to the game wait until this one is committed or rolled back.
    Then the game is read again, so the write decides on what is stored now, never on what a page showed a
    moment ago (when the counters show that only this claim changed it since this request read it, what the
    session holds is what is stored, and only the counters are read). A ServiceError raised inside rolls
    everything back and leaves ``game`` as stored; a commit that still trips over a constraint answers Conflict
    with the game as stored.

    ``draft``: a change to the round being filled in, not to the score sheet: ``drafts`` grows instead of
    ``version`` (so no correction or If-Match goes stale over it), and nothing is written to the history."""
    game_id = game.id
    held = _held(db, game)
    _end_read(db, game)  # the claim below reads the newest rows
    claim = _CLAIM_DRAFTS if draft else _CLAIM
    # UTC like every stored time (SQLite drops the zone); the counters as claimed come back with the claim
    state = db.connection().execute(claim, scoped({"game_id": game_id, "claimed_at": datetime.now(UTC)}, db)).first()
    if state is None:
        db.rollback()
        raise no_game()
    counters = None if held is None else (held[0], held[1] + 1) if draft else (held[0] + 1, held[1])
    _reread(db, game_id, game, counters, (state[0], state[1], state[2]))
    write = Write(game.version if draft else game.version - 1, counters == (state[0], state[1]))
    was_over = is_over(game)
    try:
        yield write
    except BaseException:
        db.rollback()
        _reread(db, game_id)
        raise
    if not write.keep or not (draft or any(isinstance(row, Change) for row in db.new)):
        db.rollback()
        _reread(db, game_id)
        return
    try:
        if not draft:  # a change to the score sheet: the seats' results follow it in the same transaction
            seated = any(isinstance(row, Seat) for row in (*db.new, *db.dirty, *db.deleted))
            db.flush()
            over = was_over or is_over(game)
            if over:  # results exist only while a game is over: most corrections have none
                settle_game(db, game_id)
            if over or seated:  # a round of a game still going moves no seat and no result: no hook reads more
                after_change(db, (game_id,))
        db.commit()
    except (IntegrityError, StaleDataError):
        db.rollback()
        raise Conflict(_(STALE), game=_reread(db, game_id)) from None


def check_version(game: AnyGame, seen: int, expected: int | None) -> None:
    """Refuse a write made on version ``expected`` of a game now at ``seen`` (None: no version named)."""
    if expected is not None and expected != seen:
        raise PreconditionFailed(_(STALE), game)


class StoredWrite(Write):
    """A write made with SQL statements on a game read as plain values: ``game`` is the game once the write is
    over (set by the write when it stores something; read again when it stores nothing); ``unchanged``: nobody
    wrote to the game between the read the write was given and its claim, so what was decided on that read
    stands."""

    def __init__(self, seen: int, game: StoredGame, unchanged: bool) -> None:
        super().__init__(seen, unchanged)
        self.game = game


_GAME = Game.metadata.tables[Game.__tablename__]
# a claim names the household: a game of another one is no game to write to (and nothing after the claim runs)
_CLAIM = (
    update(_GAME)
    .where(_GAME.c.id == bindparam("game_id"), _GAME.c.deleted_at.is_(None), mine(_GAME))
    .values(version=_GAME.c.version + 1, updated_at=bindparam("claimed_at"))
    .returning(_GAME.c.version, _GAME.c.drafts, _GAME.c.updated_at)
)
_CLAIM_DRAFTS = (
    update(_GAME)
    .where(_GAME.c.id == bindparam("game_id"), _GAME.c.deleted_at.is_(None), mine(_GAME))
    .values(drafts=_GAME.c.drafts + 1, updated_at=bindparam("claimed_at"))
    .returning(_GAME.c.version, _GAME.c.drafts, _GAME.c.updated_at)
)
"""Built once: the claim of a game (of its round being filled in), answering its counters as they are now (no row:
no such game)."""
_CLAIM_STORED = Prepared(_CLAIM)
"""The round path's claim, sent straight through the driver (services.prepared): the writer's turn is held for it."""


def _connection_to_claim(db: Session) -> Connection:
    """The session's connection, taken before the turn is queued for, so that the turn is not spent on the pool;
    any read begun earlier ended first, so that the claim reads the newest rows.

    A session that has only read keeps its connection: on PostgreSQL each statement reads what is committed when
    it starts, and SQLite's driver opens a transaction only for a write (checked below all the same)."""
    pending = bool(db.new or db.dirty or db.deleted)
    if not pending and db.in_transaction():
        dbapi = db.connection().connection.dbapi_connection
        pending = bool(getattr(dbapi, "in_transaction", False))  # a sqlite3 connection's open transaction
    if pending:
        db.rollback()
    return db.connection()


@contextmanager
def claimed_stored(db: Session, game: StoredGame) -> Iterator[tuple[StoredGame, StoredWrite]]:
    """As :func:`claimed`, in this thread's turn, for a write made with a few SQL statements instead of ORM
    objects (a new round: some ten rows, where building and flushing objects cost several times the SQL).

    Yields the game as stored now, under the claim, as plain values: ``game`` itself when the counters show
    that only this claim changed it since it was read (one row read), else read again (two queries). A
    ServiceError raised inside rolls back and carries the game as stored; objects the session holds are
    expired once the write is stored, so that they show it when next read."""
    game_id, seen = game.id, (game.version, game.drafts)
    connection = _connection_to_claim(db)
    with writer_turn(connection.engine):
        counters = _CLAIM_STORED.rows(connection, scoped({"game_id": game_id, "claimed_at": datetime.now(UTC)}, db))
        if not counters:
            db.rollback()
            raise no_game()
        version, drafts, updated_at = counters[0]
        unchanged = (version, drafts) == (seen[0] + 1, seen[1])
        now = replace(game, version=version, updated_at=updated_at) if unchanged else read_game(db, game_id)
        write = StoredWrite(version - 1, now, unchanged)
        try:
            yield now, write
        except ServiceError as e:
            db.rollback()
            if isinstance(e, Conflict | PreconditionFailed) and e.game is now:
                e.game = read_game(db, game_id)  # it showed the claimed game: show it as stored instead
            raise
        except BaseException:
            db.rollback()
            raise
        if not write.keep:
            db.rollback()
            write.game = read_game(db, game_id)
            remember_game(db, write.game)
            return
        over = is_over(now) or is_over(write.game)
        if over:  # results exist only for a game over: most writes have none
            settle(db, write.game)
        try:
            db.flush()
            if over:  # a round of a game still going moves no seat and no result: no hook reads anything else
                after_change(db, (game_id,))
            _commit_at_driver(connection)
        except (IntegrityError, connection.dialect.loaded_dbapi.IntegrityError):
            db.rollback()
            raise Conflict(_(STALE), game=read_game(db, game_id)) from None
    # after the turn, so that the writers queued behind this one need not wait for them: the session's own
    # bookkeeping (the driver has nothing left to commit; the connection goes back to the pool) and the objects
    # it holds expired; the next round, when this worker gets it, is decided on the game as written here
    db.commit()
    db.expire_all()
    remember_game(db, write.game)


def _commit_at_driver(connection: Connection) -> None:
    """Commit the write on disk, and nothing more: ending the session's transaction as well (returning the
    connection to the pool, resetting it) cost more than the commit itself, with every other writer waiting."""
    driver = connection.connection.dbapi_connection
    assert driver is not None  # a connection checked out of the pool has one
    driver.commit()


@contextmanager
def claimed_games(db: Session, game_ids: Collection[str]) -> Iterator[list[Game]]:
    """Claim several games for one change that reaches into each of them (a person renamed or merged: their seat
    in each game), in this thread's turn, and yield them as stored now, rounds loaded; the change and every claim
    are stored together when the block ends, or nothing is (an exception inside rolls all back).

    Each claim bumps the game's version as :func:`claimed` does, so that every phone and kept answer showing one
    of them sees the change; the games are claimed in the order of their ids, so that two such changes never hold
    one game each while waiting for the other's. Unlike a round, the change claims games in the trash too (their
    seats must follow the person) and keeps ``updated_at``: the games list stays in the order the tables played."""
    ids = sorted(set(game_ids))
    connection = _connection_to_claim(db)
    with writer_turn(connection.engine):
        try:
            for game_id in ids:
                connection.execute(
                    update(Game)
                    .where(Game.id == game_id, Game.household_id == household_of(db))
                    .values(version=Game.version + 1, updated_at=Game.updated_at)
                )
            found = select(Game).where(Game.id.in_(ids)).options(selectinload(Game.rounds))
            games = list(db.scalars(found.execution_options(populate_existing=True)))
            yield games
            db.flush()
            after_change(db, ids)
            db.commit()
        except BaseException:
            db.rollback()
            raise


def change_row(
    db: Session, game_id: str, *where: ColumnElement[bool], then: Callable[[], None] | None = None, **values: object
) -> bool:
    """Change the game's own row with one statement (``values``, where ``where`` holds too), as a claim: in this
    thread's turn, the version bumped with it, :func:`after_change` run (``then`` first, in the same transaction),
    committed. False, with nothing written, when no such game is in that state (a resend: already done)."""
    connection = _connection_to_claim(db)
    with writer_turn(connection.engine):
        try:
            changed = connection.execute(
                update(_GAME)
                .where(_GAME.c.id == game_id, _GAME.c.household_id == household_of(db), *where)
                .values(version=_GAME.c.version + 1, **values)
            )
            if changed.rowcount != 1:
                db.rollback()
                return False
            if then is not None:
                then()
            after_change(db, (game_id,))
            db.commit()
        except BaseException:
            db.rollback()
            raise
    return True


@contextmanager
def new_games(db: Session) -> Iterator[list[str]]:
    """Store games that did not exist (a new game, a game file imported or restored, a purge that removes some):
    the block, in this thread's turn, adds them and lists their ids; :func:`after_change` runs on them and
    everything is committed when it ends, or nothing is (an exception inside rolls all back). Read and check what
    is to be stored before the block: the writers queued behind this one wait for all of it."""
    ids: list[str] = []
    connection = _connection_to_claim(db)
    with writer_turn(connection.engine):
        try:
            yield ids
            db.flush()
            after_change(db, ids)
            db.commit()
        except BaseException:
            db.rollback()
            raise


class Decided(Protocol):
    """A change to a game decided on plain values, ready to be written: ``write`` sends its few statements under
    the claim and answers the game with the change."""

    def write(self, db: Session, now: StoredGame) -> StoredGame: ...


def decided_and_written(
    db: Session, game: StoredGame, decide: Callable[[StoredGame, int], Decided | None]
) -> StoredWrite:
    """The round path of every change to a game's score sheet (a round entered, corrected or undone, the end):
    ``decide`` on ``game`` as read before the claim (at its version), then, in the writer's turn, the claim and
    the decided change's statements only (see :func:`claimed_stored`). Decided again under the claim only when
    another phone wrote meanwhile, or when the early decision refused (the refusal is then said on the game as
    stored). A decision of None stores nothing."""
    try:
        early: tuple[Decided | None] | None = (decide(game, game.version),)
    except ServiceError:
        early = None
    with claimed_stored(db, game) as (now, write):
        (decided,) = early if early is not None and write.unchanged else (decide(now, write.seen),)
        if decided is None:
            write.discard()
        else:
            write.game = decided.write(db, now)
    return write
