"""A game started: its seats in order and its setup, stored."""

from __future__ import annotations

from sqlalchemy.orm import Session

from ..models import Game, Seat
from .inputs import NewGame
from .unit_of_work import new_games


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
    with new_games(db) as ids:
        db.add(game)
        db.flush()  # its id
        ids.append(game.id)
    return game
