"""A game started: its seats in order and its setup, stored."""

from __future__ import annotations

from sqlalchemy.orm import Session

from ..models import Game, Seat
from .inputs import NewGame


def create_game(db: Session, new: NewGame) -> Game:
    """Start the game: its seats in order and its setup, stored."""
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
    db.add(game)
    db.commit()
    return game
