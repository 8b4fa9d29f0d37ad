"""A game ended by the table before or after its last round."""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlalchemy import delete, insert, update
from sqlalchemy.orm import Session

from ..db import behind_its_game
from ..games import kind_of
from ..i18n import _
from ..models import Change, DraftScore, Game
from .errors import Conflict
from .game_view import StoredGame, next_round
from .history import change_row
from .unit_of_work import STALE, check_version, decided_and_written


def finish_game(
    db: Session, game: StoredGame, expected: int | None = None, number: int | None = None, author: str | None = None
) -> tuple[StoredGame, bool]:
    """End the game now, after its last round played: the standings become final, decided on the rounds played;
    a game ended before its last round is marked so (:attr:`GameView.ended_after`). Undoing the last round
    reopens it. Returns the game as stored after it and whether it was ended just now.

    ``number`` names the last round the table saw (None: whichever is last): the game ended after it already, or
    over by itself with it, answers as done (a resend is harmless); another round entered or undone since is a
    Conflict. ``expected`` as for :func:`~.rounds.edit_round`. Conflict too for a game with no round played yet.
    Every kind of game may be ended so. The round path: decided on the game as read before the claim, the
    writer's turn holding only the claim and the end's statements."""

    def decide(now: StoredGame, version: int) -> _End | None:
        return _end(now, expected, number, version, author)

    write = decided_and_written(db, game, decide)
    return write.game, write.keep


def _end(game: StoredGame, expected: int | None, number: int | None, version: int, author: str | None) -> _End | None:
    """What ending ``game`` (at ``version``) after round ``number`` does; None when it is over already with that
    round as its last (nothing to do)."""
    played = len(game.rounds)
    if next_round(game) is None and number in (None, played):
        return None
    check_version(game, version, expected)
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
    return _End(change_row(game.id, "finished", played, None, None, "game over", author))


_TABLES = Game.metadata.tables
_GAME, _DRAFTS = _TABLES[Game.__tablename__], _TABLES[DraftScore.__tablename__]
_CHANGES = _TABLES[Change.__tablename__]
_ENDED = {"draft_number": None, "draft_blocked": False, "draft_double_end": False, "reopened_by": None}


@dataclass(frozen=True, slots=True)
class _End:
    """The end decided on: its line of history."""

    history: dict[str, object]

    def write(self, db: Session, now: StoredGame) -> StoredGame:
        """The game ended at the moment of its claim. What phones had sent for the next round is of a round never
        played: an Undo reopens the last round with its own values, and nothing is kept for a round no one will
        see."""
        connection = db.connection()
        if now.draft_scores:
            connection.execute(delete(_DRAFTS).where(_DRAFTS.c.game_id == now.id))
        ended = {**_ENDED, "draft_engine": None, "finished_at": now.updated_at}
        # the game this write has just claimed, in its household
        connection.execute(behind_its_game(update(_GAME)).where(_GAME.c.id == now.id).values(**ended))
        connection.execute(insert(_CHANGES), [self.history])
        return replace(
            now,
            draft_scores=[],
            draft_number=None,
            draft_blocked=False,
            draft_double_end=False,
            reopened_by=None,
            draft_engine=None,
            finished_at=now.updated_at,
        )
