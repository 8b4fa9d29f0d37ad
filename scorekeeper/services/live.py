"""What a phone asks every second or two: has this game changed since I drew it?

The answer is a tag of two counters on the game's row, ``version`` (rounds entered, corrected, undone, the end)
and ``drafts`` (the round being filled in from several phones), read with one indexed query and no ORM objects,
so an unchanged game costs about as much as a request that does nothing. Nothing lives in a process's memory:
any worker of any server on the same database gives the same tag.
"""

from __future__ import annotations

import secrets

from sqlalchemy import Engine, bindparam, select, update
from sqlalchemy.orm import Session

from ..models import Game
from .inputs import is_game_id


def tag_of(version: int, drafts: int) -> str:
    """The live tag of a game at this version and draft count, as pages embed it and ETags carry it."""
    return f"{version}.{drafts}"


_TAG = (
    select(Game.__table__.c.version, Game.__table__.c.drafts)
    .where(Game.__table__.c.id == bindparam("game_id"), Game.__table__.c.deleted_at.is_(None))
    .limit(1)
)
"""Built once: the statement every poll of every phone runs, as plain SQL on one indexed row."""


def live_tag(engine: Engine, game_id: str) -> str | None:
    """The game's live tag now; None when there is no such game (or it is in the trash)."""
    if not is_game_id(game_id):
        return None
    # a connection of the engine's pool, not an ORM session: no objects, no transaction kept open by a poller
    with engine.connect() as connection:
        row = connection.execute(_TAG, {"game_id": game_id}).first()
    return None if row is None else tag_of(row[0], row[1])


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
