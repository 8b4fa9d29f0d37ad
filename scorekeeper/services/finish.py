"""A game ended by the table before or after its last round."""

from __future__ import annotations

from sqlalchemy.orm import Session

from ..games import kind_of
from ..i18n import _
from ..models import Game
from .errors import Conflict
from .game_view import next_round
from .history import log_change
from .unit_of_work import STALE, check_version, writing


def finish_game(db: Session, game: Game, expected: int | None = None, number: int | None = None) -> bool:
    """End the game now, after its last round played: the standings become final, decided on the rounds played;
    a game ended before its last round is marked so (:attr:`GameView.ended_after`). Undoing the last round
    reopens it. Returns whether it was ended just now.

    ``number`` names the last round the table saw (None: whichever is last): the game ended after it already, or
    over by itself with it, answers as done (a resend is harmless); another round entered or undone since is a
    Conflict. ``expected`` as for :func:`edit_round`. Conflict too for a game with no round played yet. Every
    kind of game may be ended so."""
    with writing(db, game) as write:
        played = len(game.rounds)
        if next_round(game) is None and number in (None, played):
            write.discard()  # over already, with the round the table saw as its last: nothing to do
            return False
        check_version(game, write.seen, expected)
        if next_round(game) is None:
            raise Conflict(_("This game is already over."), game=game)
        if number is not None and number != played:
            raise Conflict(_(STALE), game=game)
        if not game.rounds:
            words = kind_of(game.kind).words
            raise Conflict(
                _(
                    "%(round)s has not been played yet: play it before ending the game, or delete the game instead.",
                    round=_(words.round, number=1),
                ),
                game=game,
            )
        # what phones had sent for the next round is of a round never played: an Undo reopens the last round
        # with its own values, and nothing is kept for a round no one will see (drafts first: loading flushes)
        game.draft_scores.clear()
        game.draft_number = None
        game.draft_blocked = game.draft_double_end = False
        game.reopened_by = game.draft_engine = None
        game.finished_at = game.updated_at
        log_change(db, game, "finished", played, None, None, "game over")
    return True
