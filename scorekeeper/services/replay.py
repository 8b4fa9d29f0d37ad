"""Another game at the same table: the same players in the same seats, the same game and setup, and the first
deal moved on one seat, so that whoever dealt first last time does not deal first again."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from ..games import kind_of
from ..house_rules import stored_house_rules
from ..kinds import Setup
from ..models import Game
from .inputs import NewGame
from .starting import create_game
from .tallies import game_changed
from .unit_of_work import change_row


def play_again(db: Session, game: Game, *, most: int | None = None) -> Game:
    """Start a new game like ``game``: its players in seat order, its kind and setup, the seat after its first
    dealer dealing first (round the table: after the last seat comes the first).

    Asked again (a double tap, or another phone at the table tapping too), it answers the game started the
    first time, as long as that game is not in the trash: one "Play again" makes one game. ``most``: the games
    the household may keep (:func:`~scorekeeper.services.starting.create_game`)."""
    started = _next_game(db, game)
    if started is not None:
        return started
    # the players still at the table when it ended: one who left does not play again
    players = tuple(s.name for s in sorted(game.seats, key=lambda s: s.position) if s.left_round is None)
    setup = Setup(
        set=game.set_highest,
        rules=game.rules,
        rounds=game.rounds_planned,
        ascending=game.ascending,
        double_blank=game.double_blank,
        house_rules=stored_house_rules(game.rules, game.house_rules, kind_of(game.kind).house_rules),
    )
    # a seat out of range (a hand-edited database) counts as the first seat, as the table screen shows it
    seats = sorted(game.seats, key=lambda s: s.position)
    first = seats[game.first_dealer].name if 0 <= (game.first_dealer or 0) < len(seats) else players[0]
    dealt = players.index(first) if first in players else -1  # gone from the table: the first seat deals
    new = create_game(db, NewGame(kind_of(game.kind), players, setup, (dealt + 1) % len(players)), most=most)
    # whoever links their game first wins; a phone that lost the race drops the game it made and opens that one
    in_use = select(Game.id).where(Game.deleted_at.is_(None))
    # a change to the old game (its table screen now leads to the new one): a claim, its version moves
    if change_row(db, game.id, Game.next_game_id.is_(None) | Game.next_game_id.not_in(in_use), next_game_id=new.id):
        return new
    db.execute(delete(Game).where(Game.id == new.id))
    game_changed(db, new.id)  # its players have that game less again
    db.commit()
    db.expire_all()
    return _next_game(db, game) or new


def _next_game(db: Session, game: Game) -> Game | None:
    """The game started from ``game`` by Play again, unless there is none or it is in the trash."""
    next_id = db.scalar(select(Game.next_game_id).where(Game.id == game.id))
    if next_id is None:
        return None
    return db.scalar(select(Game).where(Game.id == next_id, Game.deleted_at.is_(None)))
