"""The score sheet's rounds: enter the next one, correct one already entered, undo the last one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.orm import Session

from ..db import behind_its_game
from ..entries import RoundEntry
from ..games import kind_of
from ..i18n import _
from ..models import Change, DraftScore, Game, Round, Score
from .errors import Conflict, NotFound
from .game_view import StoredGame, StoredRound, StoredScore, next_round, rounds_total
from .history import change_row, counted, flag, shown_score, why_counted
from .inputs import check_round, house_rules_of, round_points, started_on
from .prepared import Prepared
from .round_photos import link_photos
from .seating import playing
from .unit_of_work import STALE, check_version, decided_and_written


def find_round(game: StoredGame, number: object) -> StoredRound:
    """The round with this number; NotFound says which rounds there are."""
    for r in game.rounds:
        if r.number == number:
            return r
    played = len(game.rounds)
    span = _("rounds 1 to %(last)d", last=played) if played else _("no rounds yet")
    raise NotFound(_("Round %(number)s has not been played; this game has %(span)s.", number=number, span=span))


def round_mark(rnd: StoredRound) -> str:
    """A round's values in a few characters: a correction form carries the mark of the round it opened, so
    that only a change to that round (not a new round elsewhere in the game) stops it as stale."""
    scores = sorted(rnd.scores, key=lambda s: s.seat_position)
    return (
        ("b" if rnd.blocked else "")
        + ("d" if rnd.ended_on_double else "")
        + ";".join(
            f"{s.pips}{'' if s.tiles is None else f'/{s.tiles}'}{'*' if s.went_out else ''}{'m' if s.marker else ''}"
            for s in scores
        )
    )


def _same(rnd: StoredRound, values: Sequence[int], tiles: Sequence[int] | None, entry: RoundEntry) -> bool:
    """Whether a round as entered holds exactly these values."""
    by_pos = {s.seat_position: s for s in rnd.scores}
    markers = entry.marks(len(values))
    # only the seats that played the round: a seat away from it has no score
    return (
        rnd.blocked == entry.blocked
        and bool(rnd.ended_on_double) == entry.ended_on_double
        and all(
            by_pos[i].pips == v
            and by_pos[i].tiles == (None if tiles is None else tiles[i])
            and by_pos[i].went_out == (entry.went_out == i)
            and bool(by_pos[i].marker) == markers[i]
            for i, v in enumerate(values)
            if i in by_pos
        )
    )


# ---------------------------------------------------------------- changing a game


def add_round(
    db: Session,
    game: StoredGame,
    entry: RoundEntry,
    number: int | None = None,
    expected: int | None = None,
    author: str | None = None,
) -> tuple[StoredGame, bool]:
    """Score the round ``number`` (None: the next one); returns the game as stored after it and whether the
    round was stored just now.

    Sent again with the same values, the round stored earlier stands and nothing is written; with other
    values, Conflict carries the round stored (``stored``). Conflict too once the game is over, or when the
    game moved on since the round was opened; Invalid names every field at fault. ``expected``: the game's
    version the round was entered on (PreconditionFailed if it changed since); a resend is never refused.
    ``author``: who sends it, for the history (``history.by_player``, ``BY_PHONE``, ``BY_API``).

    The busiest write of all: decided on the game as read before the claim (plain values) and, when the claim
    finds nobody wrote since, written at once with four SQL statements (see :func:`claimed_stored`); the writers
    queued behind it wait for those statements only."""

    def decide(now: StoredGame, version: int) -> _NewRound | None:
        return _decide(now, entry, number, expected, version, author)

    write = decided_and_written(db, game, decide)
    return write.game, write.keep


@dataclass(frozen=True, slots=True)
class _NewRound:
    """A round decided on, ready to be written: its values and its lines of history."""

    round: StoredRound
    history: list[dict[str, object]]
    photos: Mapping[int, str]
    """The photos the round form keeps with it, by seat (services.round_photos)."""

    def write(self, db: Session, now: StoredGame) -> StoredGame:
        return _write_round(db, now, self)


def _decide(
    game: StoredGame, entry: RoundEntry, number: int | None, expected: int | None, seen: int, author: str | None
) -> _NewRound | None:
    """What sending this round to ``game`` (at version ``seen``) does: the round that comes next, to write, or
    None for the round stored earlier under ``number`` with these very values (a resend: nothing to write).
    Conflict, PreconditionFailed or Invalid say why neither."""
    played = len(game.rounds)
    if number is not None and 1 <= number <= played:
        stored = find_round(game, number)
        values, tiles = check_round(game, stored.engine, entry, number)
        if _same(stored, values, tiles, entry):
            return None
        words = kind_of(game.kind).words
        raise Conflict(
            _("%(round)s was already entered on another phone.", round=_(words.round, number=number)),
            game=game,
            stored=stored,
        )
    check_version(game, seen, expected)
    upcoming = next_round(game)
    if upcoming is None:
        raise Conflict(
            _(
                "All %(count)s rounds are scored and the game is over; correct a round instead.",
                count=rounds_total(game) or played,
            ),
            game=game,
        )
    if number is not None and number != upcoming.number:
        raise Conflict(_(STALE), game=game)
    engine = started_on(game, upcoming.engine, entry)
    values, tiles = check_round(game, engine, entry, upcoming.number)
    points = round_points(game, values, entry)
    markers = entry.marks(len(values))
    at_table = set(playing(game, upcoming.number))
    scores = [
        StoredScore(i, v, None if tiles is None else tiles[i], entry.went_out == i, markers[i], points[i])
        for i, v in enumerate(values)
        if i in at_table
    ]
    names = [seat.name for seat in game.seats]
    history = [
        change_row(
            game.id,
            "entered",
            upcoming.number,
            names[s.seat_position],
            None,
            counted(game, s, entry.ended_on_double),
            author,
        )
        for s in scores
    ]
    if entry.blocked:
        history.append(change_row(game.id, "entered", upcoming.number, None, None, "blocked", author))
    if engine != upcoming.engine:  # another double stood in for the missing engine: the history says which
        started = f"started on {engine}-{engine}"
        history.append(change_row(game.id, "entered", upcoming.number, None, None, started, author))
    rnd = StoredRound(upcoming.number, engine, entry.blocked, scores, entry.ended_on_double)
    return _NewRound(rnd, history, entry.photos)


_TABLES = Round.metadata.tables
_NEW_ROUND = insert(_TABLES[Round.__tablename__]).returning(_TABLES[Round.__tablename__].c.id)
_NEW_SCORES = insert(_TABLES[Score.__tablename__])
_NEW_CHANGES = insert(_TABLES[Change.__tablename__])
"""Built once, on the tables: no ORM objects, and the statements compiled once per process."""
_ROUND_COLUMNS = ("game_id", "number", "engine", "blocked", "ended_on_double", "created_at")
_SCORE_COLUMNS = ("round_id", "seat_position", "pips", "tiles", "went_out", "marker", "points")
_CHANGE_COLUMNS = ("game_id", "action", "round_number", "player", "old", "new", "author", "at")
_WRITE_ROUND = Prepared(_NEW_ROUND, _ROUND_COLUMNS)
_WRITE_SCORES = Prepared(_NEW_SCORES, _SCORE_COLUMNS)
_WRITE_CHANGES = Prepared(_NEW_CHANGES, _CHANGE_COLUMNS)
"""A new round's three statements, sent straight through the driver (services.prepared): the busiest write of
all, and every other writer waits for them; every column given (a line of history is dated at the claim)."""


def _write_round(db: Session, now: StoredGame, new: _NewRound) -> StoredGame:
    """The round written: its row, its scores and its history in one statement each, and the drafts phones sent
    for it cleared; returns the game with it."""
    connection = db.connection()
    rnd = new.round
    fields = {
        "game_id": now.id,
        "number": rnd.number,
        "engine": rnd.engine,
        "blocked": rnd.blocked,
        "ended_on_double": rnd.ended_on_double,
    }
    ((round_id,),) = _WRITE_ROUND.rows(connection, {**fields, "created_at": now.updated_at})
    _WRITE_SCORES.many(connection, [{"round_id": round_id, **_fields(s)} for s in rnd.scores])
    _WRITE_CHANGES.many(connection, [{**line, "at": now.updated_at} for line in new.history])
    # the photos kept with it: named by the form, or sent with a seat's pips (then drafts were sent)
    link_photos(connection, now.id, rnd.number, new.photos, sent=bool(now.draft_scores))
    if now.draft_scores or now.draft_blocked or now.draft_double_end or now.draft_engine is not None:
        # the round is stored: what the phones filled in for it is done with
        connection.execute(delete(DraftScore).where(DraftScore.game_id == now.id))
        connection.execute(
            behind_its_game(update(Game))  # the game this write has just claimed, in its household
            .where(Game.id == now.id)
            .values(draft_blocked=False, draft_double_end=False, reopened_by=None, draft_engine=None)
        )
    return replace(
        now,
        rounds=[*now.rounds, rnd],
        draft_scores=[],
        draft_blocked=False,
        draft_double_end=False,
        reopened_by=None,
        draft_engine=None,
    )


def _fields(score: StoredScore) -> dict[str, object]:
    return {
        "seat_position": score.seat_position,
        "pips": score.pips,
        "tiles": score.tiles,
        "went_out": score.went_out,
        "marker": score.marker,
        "points": score.points,
    }


def edit_round(
    db: Session,
    game: StoredGame,
    number: int,
    entry: RoundEntry,
    expected: int | None = None,
    seen: str | None = None,
    author: str | None = None,
) -> StoredGame:
    """Correct a round already entered, logging each value it replaces as stored at that moment; returns the
    game as stored after it.

    ``expected``: the game's version the correction was made on; PreconditionFailed (with the game as stored)
    if it changed since, unless ``seen``, the :func:`round_mark` the correction was opened on, shows that this
    round itself is unchanged. NotFound, Conflict (undone on another phone) or Invalid as for a new round.

    The round path of :func:`add_round`: decided on the game as read before the claim, decided again under it
    only when another phone wrote meanwhile, and written with a statement for the scores, one for the history
    and, when they changed, one for the round's own marks."""

    def decide(now: StoredGame, version: int) -> _Correction | None:
        return _correction(db, now, number, entry, expected, seen, version, author)

    return decided_and_written(db, game, decide).game


def undo_round(
    db: Session,
    game: StoredGame,
    number: int,
    expected: int | None = None,
    by: int | None = None,
    author: str | None = None,
) -> StoredGame:
    """Take back round ``number``, the last one, and reopen it with its values as the round being filled in
    (every phone's form shows them: fix one and save); returns the game as stored after it. The values stay in
    the history too.

    Sent again once the round is gone, or when another round has become the last, Conflict refuses and nothing
    is taken back. ``expected`` as for :func:`edit_round`; ``by``, the seat of the phone that undid it; ``author`` as
    for :func:`add_round`."""

    def decide(now: StoredGame, version: int) -> _Undo:
        return _undo(db, now, number, expected, by, version, author)

    return decided_and_written(db, game, decide).game


def _gone(db: Session, game: StoredGame, number: int) -> None:
    """Refuse a round that is not there: Conflict if another phone undid it, else NotFound."""
    if any(r.number == number for r in game.rounds):
        return  # there: nothing to read
    undone = db.scalar(
        select(Change.id)
        .where(Change.game_id == game.id, Change.round_number == number, Change.action == "undone")
        .limit(1)
    )
    if undone is not None and number > len(game.rounds):
        words = kind_of(game.kind).words
        raise Conflict(
            _("%(round)s was already undone on another phone.", round=_(words.round, number=number)), game=game
        )
    find_round(game, number)


@dataclass(frozen=True, slots=True)
class _Correction:
    """A round corrected, ready to be written: the round as it becomes, and its lines of history."""

    round: StoredRound
    marks_changed: bool
    """The round's engine, blocked or double-end mark changed (its row is written, not only its scores)."""
    history: list[dict[str, object]]
    photos: Mapping[int, str]
    """Photos of hands kept with the round by the correction, by seat, in place of the ones it had."""

    def write(self, db: Session, now: StoredGame) -> StoredGame:
        connection = db.connection()
        rnd = self.round
        if self.marks_changed:
            marks = {"to_engine": rnd.engine, "to_blocked": rnd.blocked, "to_double": rnd.ended_on_double}
            connection.execute(_CORRECT_ROUND, {"of_game": now.id, "at": rnd.number, **marks})
        scores = [
            {
                "of_game": now.id,
                "at": rnd.number,
                "at_seat": s.seat_position,
                "to_pips": s.pips,
                "to_tiles": s.tiles,
                "to_out": s.went_out,
                "to_marker": s.marker,
                "to_points": s.points,
            }
            for s in rnd.scores
        ]
        connection.execute(_CORRECT_SCORES, scores)
        if self.history:  # none: only a photo is kept with the round
            connection.execute(_NEW_CHANGES, self.history)
        link_photos(connection, now.id, rnd.number, self.photos, sent=False)
        return replace(now, rounds=[rnd if r.number == rnd.number else r for r in now.rounds])


_ROUND_ROW, _SCORE_ROW = _TABLES[Round.__tablename__], _TABLES[Score.__tablename__]
# the values under names of their own: an UPDATE keeps its columns' names for the values it sets
_THE_ROUND = (
    select(_ROUND_ROW.c.id)
    .where(_ROUND_ROW.c.game_id == bindparam("of_game"), _ROUND_ROW.c.number == bindparam("at"))
    .scalar_subquery()
)
_CORRECT_ROUND = (
    update(_ROUND_ROW)
    .where(_ROUND_ROW.c.game_id == bindparam("of_game"), _ROUND_ROW.c.number == bindparam("at"))
    .values(engine=bindparam("to_engine"), blocked=bindparam("to_blocked"), ended_on_double=bindparam("to_double"))
)
_CORRECT_SCORES = (
    update(_SCORE_ROW)
    .where(_SCORE_ROW.c.round_id == _THE_ROUND, _SCORE_ROW.c.seat_position == bindparam("at_seat"))
    .values(
        pips=bindparam("to_pips"),
        tiles=bindparam("to_tiles"),
        went_out=bindparam("to_out"),
        marker=bindparam("to_marker"),
        points=bindparam("to_points"),
    )
)
"""Built once: a round's marks, and its scores (one statement for every seat), as corrected."""


def _correction(
    db: Session,
    game: StoredGame,
    number: int,
    entry: RoundEntry,
    expected: int | None,
    seen: str | None,
    version: int,
    author: str | None,
) -> _Correction | None:
    """What correcting round ``number`` of ``game`` (at ``version``) to ``entry`` does; None when it changes
    nothing the history would show (a resend)."""
    _gone(db, game, number)
    rnd = find_round(game, number)
    if seen is None or seen != round_mark(rnd):
        check_version(game, version, expected if seen is None or expected is not None else -1)
    engine = started_on(game, rnd.engine, entry)
    values, tiles = check_round(game, engine, entry, number)
    points = round_points(game, values, entry)
    markers = entry.marks(len(values))
    scoring = house_rules_of(game).scoring
    history: list[dict[str, object]] = []

    def log(player: str | None, old: object, new: object) -> None:
        history.append(change_row(game.id, "corrected", number, player, old, new, author))

    if engine != rnd.engine:
        log(None, f"started on {rnd.engine}-{rnd.engine}", f"started on {engine}-{engine}")
    by_pos = {s.seat_position: s for s in rnd.scores}
    scores: list[StoredScore] = []
    for seat, v in zip(game.seats, values):
        score = by_pos.get(seat.position)
        if score is None:  # not at the table that round
            continue
        new_out = entry.went_out == seat.position
        new_tiles = None if tiles is None else tiles[seat.position]
        new_points, new_marker = points[seat.position], markers[seat.position]
        if score.pips != v or score.tiles != new_tiles or score.points != new_points:
            old = counted(game, score, bool(rnd.ended_on_double))
            why = why_counted(scoring, new_out, entry.ended_on_double, new_marker)
            log(seat.name, old, shown_score(v, new_tiles, new_points, why))
            score = replace(score, pips=v, tiles=new_tiles, points=new_points)
        if score.went_out != new_out:
            log(seat.name, flag(score.went_out, False) or "stayed in", flag(new_out, False) or "stayed in")
        scores.append(replace(score, went_out=new_out, marker=new_marker))
    if rnd.blocked != entry.blocked:
        log(
            None,
            "blocked" if rnd.blocked else "not blocked",
            "blocked" if entry.blocked else "not blocked",
        )
    if not history and not entry.photos:  # nothing the score sheet shows has changed, no photo: nothing to store
        return None
    corrected = StoredRound(number, engine, entry.blocked, scores, entry.ended_on_double)
    marks = (engine, entry.blocked, entry.ended_on_double) != (rnd.engine, rnd.blocked, bool(rnd.ended_on_double))
    return _Correction(corrected, marks, history, entry.photos)


@dataclass(frozen=True, slots=True)
class _Undo:
    """The last round taken back, ready to be written: the round, who took it back, and its lines of history."""

    round: StoredRound
    by: str
    history: list[dict[str, object]]

    def write(self, db: Session, now: StoredGame) -> StoredGame:
        """The round's row deleted (its scores go with it), its values made the drafts of the round being filled
        in, in place of any sent for the next one (which is not played before this one is saved again), and the
        game playing on (an evening ended by hand plays on once a hand is taken back)."""
        connection = db.connection()
        rnd = self.round
        connection.execute(_UNDO_ROUND, {"game_id": now.id, "at": rnd.number})  # its photos go with it
        if now.draft_scores:
            connection.execute(_CLEAR_DRAFTS, {"game_id": now.id})
        drafts = [StoredScore(s.seat_position, s.pips, s.tiles, s.went_out, s.marker) for s in rnd.scores]
        if drafts:
            connection.execute(
                _NEW_DRAFTS,
                [
                    {
                        "game_id": now.id,
                        "seat_position": s.seat_position,
                        "pips": s.pips,
                        "tiles": s.tiles,
                        "went_out": s.went_out,
                        "marker": s.marker,
                        "entered_at": now.updated_at,
                    }
                    for s in drafts
                ],
            )
        reopened = {
            "draft_number": rnd.number,
            "draft_blocked": rnd.blocked,
            "draft_double_end": bool(rnd.ended_on_double),
            "draft_engine": rnd.engine,  # the double that started it, where another may stand in for its engine
            "reopened_by": self.by,
            "finished_at": None,
        }
        # the game this write has just claimed, in its household
        connection.execute(behind_its_game(update(_GAME_ROW)).where(_GAME_ROW.c.id == now.id).values(**reopened))
        connection.execute(_NEW_CHANGES, self.history)
        return replace(
            now,
            rounds=[r for r in now.rounds if r.number != rnd.number],
            draft_scores=drafts,
            draft_number=rnd.number,
            draft_blocked=rnd.blocked,
            draft_double_end=bool(rnd.ended_on_double),
            draft_engine=rnd.engine,
            reopened_by=self.by,
            finished_at=None,
        )


_GAME_ROW, _DRAFT_ROW = _TABLES[Game.__tablename__], _TABLES[DraftScore.__tablename__]
_UNDO_ROUND = delete(_ROUND_ROW).where(
    _ROUND_ROW.c.game_id == bindparam("game_id"), _ROUND_ROW.c.number == bindparam("at")
)
_CLEAR_DRAFTS = delete(_DRAFT_ROW).where(_DRAFT_ROW.c.game_id == bindparam("game_id"))
_NEW_DRAFTS = insert(_DRAFT_ROW)
"""Built once: a round taken back (its scores go with its row: ON DELETE CASCADE), the drafts cleared and set."""


def _undo(
    db: Session, game: StoredGame, number: int, expected: int | None, by: int | None, version: int, author: str | None
) -> _Undo:
    """What taking back round ``number`` of ``game`` (at ``version``) does; Conflict or PreconditionFailed say why
    it cannot."""
    check_version(game, version, expected)
    if number > len(game.rounds):
        _gone(db, game, number)
    if not game.rounds:
        raise Conflict(_("There is no round to undo yet."), game=game)
    rnd = game.rounds[-1]
    if number != rnd.number:
        raise Conflict(_(STALE), game=game)
    names = {s.position: s.name for s in game.seats}
    history = [
        change_row(
            game.id, "undone", rnd.number, names[s.seat_position], counted(game, s, rnd.ended_on_double), None, author
        )
        for s in rnd.scores
    ]
    return _Undo(rnd, names.get(by, "") if by is not None else "", history)
