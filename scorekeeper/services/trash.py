"""The trash: a deleted game (``Game.deleted_at``) is gone from the list, its pages and the API, with its rounds and
history kept, until it is restored or, after TRASH_DAYS, purged."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from ..models import Change, Game
from .inputs import is_game_id
from .loading import no_game
from .results import settle_game
from .unit_of_work import change_row, new_games

TRASH_DAYS = 30
"""How long a deleted game waits in the trash before it is purged for good."""


def delete_game(db: Session, game: Game) -> None:
    """Move the game to the trash, rounds and history kept; a game already there stays as it was."""
    game_id = game.id
    db.rollback()
    change_row(db, game_id, Game.deleted_at.is_(None), deleted_at=datetime.now(UTC))
    purge_trash(db)


def restore_game(db: Session, game_id: str) -> bool:
    """Take the game out of the trash, as it was; False if it is not there (restored already); NotFound for a game
    this household has not (never had, purged, or another household's: the claim names the household)."""
    if not is_game_id(game_id):
        raise no_game()
    db.rollback()
    # its results, as of now: a game in the trash has none worked out
    if change_row(db, game_id, Game.deleted_at.is_not(None), then=lambda: settle_game(db, game_id), deleted_at=None):
        return True
    if db.scalar(select(Game.id).where(Game.id == game_id)) is None:
        raise no_game()
    return False


def in_trash(db: Session, game_id: str) -> bool:
    """Whether the game is in the trash."""
    return (
        is_game_id(game_id)
        and db.scalar(select(Game.id).where(Game.id == game_id, Game.deleted_at.is_not(None))) is not None
    )


def purge_trash(db: Session, now: datetime | None = None) -> int:
    """Delete for good, with their rounds and history, the games in the trash for more than TRASH_DAYS;
    returns how many."""
    cutoff = (now or datetime.now(UTC)) - timedelta(days=TRASH_DAYS)
    # compared in SQL along the trash's index: every time is stored in UTC, which SQLite keeps as sortable text
    old = list(db.scalars(select(Game.id).where(Game.deleted_at.is_not(None), Game.deleted_at < cutoff)))
    if not old:
        db.commit()
        return 0
    with new_games(db) as gone:  # games that are no more: a change to the games all the same
        for game_id in old:
            _destroy(db, game_id)
        gone.extend(old)
    return len(old)


def _destroy(db: Session, game_id: str) -> None:
    db.execute(delete(Change).where(Change.game_id == game_id))
    game = db.get(Game, game_id)
    if game is not None:
        db.delete(game)
