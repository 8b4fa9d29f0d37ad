"""Reading a game: whole, as ORM objects to change it (:func:`get_game`), or as plain values to show it
(:func:`read_game`, two prebuilt queries and no objects), or as this worker last read or wrote it while that is
still how it is stored (:func:`recent_game`, one row read)."""

from __future__ import annotations

import weakref

from sqlalchemy import Engine, Select, and_, bindparam, select
from sqlalchemy.orm import Session, joinedload, selectinload

from ..db import household_of, mine, scoped
from ..i18n import _
from ..lru import Lru
from ..models import DraftScore, Game, Round, Score, Seat
from .errors import NotFound
from .game_view import StoredGame, StoredRound, StoredScore, StoredSeat
from .inputs import is_game_id
from .live import game_stamp, stamp_of


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
    .where(_GAME.c.id == bindparam("game_id"), _GAME.c.deleted_at.is_(None), mine(_GAME))
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
    rows = connection.execute(_SHOWN_GAME, scoped({"game_id": game_id}, db)).all()
    if not rows:
        raise no_game()
    first = rows[0]
    # the rows taken apart by position: reading a row's columns by name costs several times as much, and a long
    # evening has hundreds of score rows
    seats: list[StoredSeat] = []
    drafts: list[StoredScore] = []
    for position, name, joined, start_total, left, pips, tiles, went_out, marker in (r[-9:] for r in rows):
        if position is not None:
            seats.append(StoredSeat(position, name, joined, start_total or 0, left))
        if pips is not None:
            drafts.append(StoredScore(position, pips, tiles, went_out, marker))
    rounds: list[StoredRound] = []
    scores: list[StoredScore] = []
    last = None
    for number, engine, blocked, double_end, seat, pips, tiles, went_out, marker, points in connection.execute(
        _SHOWN_ROUNDS, {"game_id": game_id}
    ).all():
        if number != last:
            last, scores = number, []
            rounds.append(StoredRound(number, engine, blocked, scores, double_end))
        if seat is not None:
            scores.append(StoredScore(seat, pips, tiles, went_out, marker, points))
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
        reopened_by=first.reopened_by,
        draft_engine=first.draft_engine,
    )


RECENT_GAMES = 256
"""Games a worker remembers as it last read or wrote them (a few KB each): the games being played at once."""

GAME_STATE = select(_GAME.c.version, _GAME.c.drafts, _GAME.c.updated_at).where(
    _GAME.c.id == bindparam("game_id"), _GAME.c.deleted_at.is_(None), mine(_GAME)
)
"""Built once: the game's counters and time of change as a write's claim left them (services.unit_of_work), read
from one indexed row."""

_recent: weakref.WeakKeyDictionary[Engine, Lru[tuple[int, str], StoredGame]] = weakref.WeakKeyDictionary()
"""By database, then by household and game: a copy is given only to the household it was read or written for."""


def _remembered(db: Session) -> Lru[tuple[int, str], StoredGame]:
    # by database: the tests run several apps, each on its own, in one process
    engine = db.get_bind().engine
    games = _recent.get(engine)
    if games is None:
        games = _recent.setdefault(engine, Lru(RECENT_GAMES))
    return games


def remember_game(db: Session, game: StoredGame) -> None:
    """Remember ``game`` as read or written (committed: a copy from a write rolled back must never be remembered).

    A copy is used only while its stamp is the stored one (:func:`recent_game`); one read between two writes and
    holding rounds newer than its version has a stamp no stored game has any more."""
    _remembered(db).put((household_of(db), game.id), game)


def recent_game(db: Session, game_id: str) -> StoredGame:
    """The game as stored, as :func:`read_game` reads it; when this worker remembers the game as it is stored
    still (the same stamp, :func:`~scorekeeper.services.live.game_stamp`, the one answer every kept answer asks
    to "has this game changed"), that copy, for one indexed row read.

    A round is decided on the game before its claim, which then checks these very counters again: a phone
    entering the next round on a worker that stored or showed the game as it is reads one row, not every score."""
    if not is_game_id(game_id):
        raise no_game()
    household = household_of(db)
    stamp = game_stamp(db.connection(), game_id, household)  # of this session's household only
    if stamp is None:
        raise no_game()
    held = _remembered(db).get((household, game_id))
    if held is not None and stamp_of(held.version, held.drafts) == stamp:
        return held
    return shown_game(db, game_id)


def shown_game(db: Session, game_id: str) -> StoredGame:
    """:func:`read_game`, remembered: a page or answer that shows the game, then the next round this worker is
    sent for it, decided on what it showed (:func:`recent_game`)."""
    game = read_game(db, game_id)
    remember_game(db, game)
    return game


def no_game() -> NotFound:
    """No game here (never was, or in the trash): say where to go instead."""
    return NotFound(
        _("There is no game at this address. It may have been deleted; start a new one from the games list.")
    )
