"""What a phone asks every second or two: has this game changed since I drew it?

The answer is the game's :class:`Stamp`, the two counters on its row, ``version`` (rounds entered, corrected,
undone, the end, seats, names) and ``drafts`` (the round being filled in from several phones), read with one
indexed query and no ORM objects, so an unchanged game costs about as much as a request that does nothing.
Nothing lives in a process's memory: any worker of any server on the same database gives the same tag.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlalchemy import Connection, Engine, bindparam, select, update
from sqlalchemy.orm import Session

from ..db import mine, scoped
from ..models import Game
from .inputs import is_game_id
from .prepared import Prepared


@dataclass(frozen=True, slots=True)
class Stamp:
    """Where a game stands: the two counters every write to it moves as it claims the game (services.unit_of_work),
    ``version`` (the score sheet, its seats and its place) and ``drafts`` (the round being filled in). The one
    answer to "has this game changed": every kept answer, page, ETag and remembered game is kept under a stamp and
    given again only while the game's stamp is the same."""

    version: int
    drafts: int

    @property
    def tag(self) -> str:
        """The live tag, as pages embed it and their ETags carry it: both counters (the table screen shows the
        drafts too). An answer that shows only the score sheet (the API's JSON) is kept under ``version`` alone."""
        return f"{self.version}.{self.drafts}"


def stamp_of(version: int, drafts: int) -> Stamp:
    """The stamp of a game read with these counters (a game in hand, plain or ORM)."""
    return Stamp(version, drafts or 0)


_STAMP = Prepared(
    select(Game.__table__.c.version, Game.__table__.c.drafts)
    .where(Game.__table__.c.id == bindparam("game_id"), Game.__table__.c.deleted_at.is_(None), mine(Game.__table__))
    .limit(1)
)
"""Built once: the statement every poll of every phone runs, as plain SQL on one indexed row, sent straight
through the driver (services.prepared: SQLAlchemy's work around a statement cost more than this one)."""


def game_stamp(database: Engine | Connection, game_id: str, household: int | None = None) -> Stamp | None:
    """The game's stamp now, from one indexed row; None when there is no such game (or it is in the trash). On an
    engine: a connection of its pool, not an ORM session (no objects, no transaction kept open by a poller); on a
    connection (a request's session): the same read in its transaction. Of this request's household, or of
    ``household`` (a check made after the request, outside it: scorekeeper.fast_pages)."""
    if not is_game_id(game_id):
        return None
    # a game of another household is no game here: the stamp is the gate every read and write of a game passes
    values = scoped({"game_id": game_id}) if household is None else {"game_id": game_id, "household": household}
    rows = _STAMP.rows(database, values)
    return Stamp(rows[0][0], rows[0][1]) if rows else None


def watched_game(db: Session, code: str) -> str | None:
    """The id of the game a read-only link's code opens; None for a code that opens nothing."""
    if not is_game_id(code):  # a code is made like an id; anything else (a NUL: PostgreSQL refuses it) opens nothing
        return None
    game_id = db.scalar(select(Game.id).where(Game.watch_code == code, Game.deleted_at.is_(None)))
    return game_id


def watch_code(db: Session, game_id: str) -> str:
    """The code of the game's read-only link, made (once, whoever asks first) when first needed."""
    code = db.scalar(select(Game.watch_code).where(Game.id == game_id))
    if code:
        return code
    db.execute(
        update(Game).where(Game.id == game_id, Game.watch_code.is_(None)).values(watch_code=secrets.token_urlsafe(12))
    )
    db.commit()
    made = db.scalar(select(Game.watch_code).where(Game.id == game_id))
    assert made is not None
    return made
