"""Reading a game: whole, as ORM objects to change it (:func:`get_game`), or as plain values to show it
(:func:`read_game`, two prebuilt queries and no objects)."""

from __future__ import annotations

from sqlalchemy import Select, and_, bindparam, select
from sqlalchemy.orm import Session, joinedload, selectinload

from ..i18n import _
from ..models import DraftScore, Game, Round, Score, Seat
from .errors import NotFound
from .game_view import StoredGame, StoredRound, StoredScore, StoredSeat
from .inputs import is_game_id


def whole_game(game_id: str) -> Select[Game]:
    # two queries, not four: the game with its seats joined in (a handful of rows), then the rounds with their
    # scores joined in; the draft scores load only when a write or a draft page touches them
    return (
        select(Game)
        .where(Game.id == game_id, Game.deleted_at.is_(None))
        .options(joinedload(Game.seats), selectinload(Game.rounds).joinedload(Round.scores))
    )


def one_game(db: Session, query: Select[Game]) -> Game | None:
    # a collection joined in makes a row per seat: unique() folds them into the one game
    return db.scalars(query).unique().one_or_none()


def get_game(db: Session, game_id: str) -> Game:
    """The game with its seats, rounds and scores, to change it; NotFound says where to go instead."""
    # an id outside the game-id alphabet (a NUL byte upsets PostgreSQL) cannot name a game: no query for it
    game = one_game(db, whole_game(game_id)) if is_game_id(game_id) else None
    if game is None:
        raise no_game()
    return game


_GAME, _SEAT, _DRAFT = Game.__table__, Seat.__table__, DraftScore.__table__
_ROUND, _SCORE = Round.__table__, Score.__table__

_SHOWN_GAME = (
    select(
        _GAME,
        _SEAT.c.position,
        _SEAT.c.name,
        _SEAT.c.joined_round,
        _SEAT.c.start_total,
        _SEAT.c.left_round,
        _DRAFT.c.pips,
        _DRAFT.c.tiles,
        _DRAFT.c.went_out,
        _DRAFT.c.marker,
    )
    .select_from(
        _GAME.outerjoin(_SEAT, _SEAT.c.game_id == _GAME.c.id).outerjoin(
            _DRAFT, and_(_DRAFT.c.game_id == _GAME.c.id, _DRAFT.c.seat_position == _SEAT.c.position)
        )
    )
    .where(_GAME.c.id == bindparam("game_id"), _GAME.c.deleted_at.is_(None))
    .order_by(_SEAT.c.position)
)
"""Built once: the game's row with a row per seat, each with that seat's value for the round being filled in."""

_SHOWN_ROUNDS = (
    select(
        _ROUND.c.number,
        _ROUND.c.engine,
        _ROUND.c.blocked,
        _ROUND.c.ended_on_double,
        _SCORE.c.seat_position,
        _SCORE.c.pips,
        _SCORE.c.tiles,
        _SCORE.c.went_out,
        _SCORE.c.marker.label("score_marker"),
        _SCORE.c.points,
    )
    .select_from(_ROUND.outerjoin(_SCORE, _SCORE.c.round_id == _ROUND.c.id))
    .where(_ROUND.c.game_id == bindparam("game_id"))
    .order_by(_ROUND.c.number, _SCORE.c.seat_position)
)
"""Built once: a row per score of every round, in round and seat order."""


def read_game(db: Session, game_id: str) -> StoredGame:
    """The game as stored, as plain values in two queries, for a page or answer that only shows it;
    NotFound as for :func:`get_game`. Nothing read here can be changed and written back: use get_game for that."""
    if not is_game_id(game_id):
        raise no_game()
    # the session's connection: one snapshot on PostgreSQL; on SQLite a round stored between the two reads can
    # show in the rounds but not yet in the version, which only makes the ETag older than the page (a later 200)
    connection = db.connection()
    rows = connection.execute(_SHOWN_GAME, {"game_id": game_id}).all()
    if not rows:
        raise no_game()
    first = rows[0]
    seats = [
        StoredSeat(r.position, r.name, r.joined_round, r.start_total or 0, r.left_round)
        for r in rows
        if r.position is not None
    ]
    drafts = [StoredScore(r.position, r.pips, r.tiles, r.went_out, r.marker) for r in rows if r.pips is not None]
    rounds: list[StoredRound] = []
    for r in connection.execute(_SHOWN_ROUNDS, {"game_id": game_id}):
        if not rounds or rounds[-1].number != r.number:
            rounds.append(StoredRound(r.number, r.engine, r.blocked, [], r.ended_on_double))
        if r.seat_position is not None:
            rounds[-1].scores.append(
                StoredScore(r.seat_position, r.pips, r.tiles, r.went_out, r.score_marker, r.points)
            )
    return StoredGame(
        id=first.id,
        kind=first.kind,
        set_highest=first.set_highest,
        ascending=first.ascending,
        rounds_planned=first.rounds_planned,
        finished_at=first.finished_at,
        double_blank=first.double_blank,
        rules=first.rules,
        version=first.version,
        drafts=first.drafts,
        first_dealer=first.first_dealer,
        draft_number=first.draft_number,
        draft_blocked=first.draft_blocked,
        created_at=first.created_at,
        updated_at=first.updated_at,
        seats=seats,
        rounds=rounds,
        draft_scores=drafts,
        house_rules=first.house_rules,
        draft_double_end=first.draft_double_end,
    )


def no_game() -> NotFound:
    """No game here (never was, or in the trash): say where to go instead."""
    return NotFound(
        _("There is no game at this address. It may have been deleted; start a new one from the games list.")
    )
