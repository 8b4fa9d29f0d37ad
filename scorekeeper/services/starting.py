"""A game started: its seats in order and its setup, stored."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..i18n import ngettext
from ..models import Game, Seat
from .errors import QuotaReached
from .inputs import NewGame
from .unit_of_work import new_games


def create_game(db: Session, new: NewGame, *, most: int | None = None) -> Game:
    """Start the game: its seats in order and its setup, stored; refused (:class:`QuotaReached`) when the
    household already keeps ``most`` games (None: no limit), the trash not counted."""
    if most is not None:
        check_room(db, most)
    setup = new.setup
    game = Game(
        kind=new.kind.id,
        set_highest=setup.set,
        ascending=setup.ascending,
        rounds_planned=setup.rounds,
        double_blank=setup.double_blank,
        rules=setup.rules,
        house_rules=setup.house_rules.stored(),
        seats=[Seat(position=i, name=n) for i, n in enumerate(new.players)],
        first_dealer=new.first_dealer,
    )
    with new_games(db) as ids:
        db.add(game)
        db.flush()  # its id
        ids.append(game.id)
    return game


def check_room(db: Session, most: int) -> None:
    """Refuse one more game when the household keeps ``most`` already (its own: every query is scoped to the
    request's household in one place, scorekeeper.db). Checked before the writer's turn: two phones starting a
    game at the very same moment may pass it both, one game over the limit, which is not worth a lock."""
    kept = db.scalar(select(func.count()).select_from(Game).where(Game.deleted_at.is_(None))) or 0
    if kept >= most:
        raise QuotaReached(
            ngettext(
                "This household already keeps %(num)d game, as many as one household may. Delete games it no "
                "longer needs, then start this one again.",
                "This household already keeps %(num)d games, as many as one household may. Delete games it no "
                "longer needs, then start this one again.",
                most,
            )
        )
