"""The score sheet's use cases and queries: start a game, enter, correct and undo rounds, end, delete, list.

A deleted game goes to the trash (``Game.deleted_at``): gone from the list, its pages and the API, with its
rounds and history kept, until it is restored or, after TRASH_DAYS, purged.

Every change to the scores also writes a line of history, in the words of the table at the time.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any, TypeVarTuple, overload

from sqlalchemy import (
    ColumnElement,
    Row,
    Select,
    and_,
    bindparam,
    case,
    delete,
    exists,
    func,
    insert,
    or_,
    select,
    true,
    update,
)
from sqlalchemy.orm import InstrumentedAttribute, Session, aliased

from .. import rules
from ..entries import RoundEntry
from ..house_rules import shown_value
from ..i18n import _, ngettext
from ..kinds import GameKind, kind_of
from ..models import Change, DraftScore, Game, Round, Score, Seat
from ..rules import Standing
from ..rules.i18n import N_
from .claims import STALE, check_version, claimed_stored, writing
from .errors import BadRequest, Conflict, NotFound, ServiceError
from .game_view import (
    AnyGame,
    Progress,
    StoredGame,
    StoredRound,
    StoredScore,
    left_after,
    next_round,
    rounds_total,
)
from .inputs import NewGame, check_round, house_rules_of, is_game_id, round_points, started_on
from .results import settle_game
from .seating import playing

# ---------------------------------------------------------------- reading

_Row = TypeVarTuple("_Row")


def _among(query: Select[*_Row], among: Collection[str] | None) -> Select[*_Row]:
    """The query kept to the games with these ids; all games for None."""
    return query if among is None else query.where(Game.id.in_(list(among)))


# ---------------------------------------------------------------- the lists, a page at a time

PAGE = 15
"""Games a page of the games list or of the trash shows (about two phone screens); the link at its foot opens
the older ones. Each row costs about half a millisecond to draw, so the page size, not the history, sets the
list's time."""


@dataclass(frozen=True)
class UpNext:
    """The number of the round (hand) to play next, as a list row shows it."""

    number: int


@dataclass(frozen=True)
class ListedGame(Progress):
    """One game as the games list and the trash show it: read from a row of the game and its seats' totals,
    without loading its rounds."""

    id: str
    kind: GameKind
    players: list[str]
    set: int
    played: int
    """Rounds (hands) played."""
    rounds_total: int | None
    next_round: UpNext | None
    standings: list[Standing]
    updated_at: datetime
    deleted_at: datetime | None = None

    def rounds_played(self) -> int:
        return self.played


@dataclass(frozen=True)
class GamesPage:
    """A page of the games list, most recently touched first, split as the list shows it."""

    playing: list[ListedGame]
    finished: list[ListedGame]
    more: str | None
    """The cursor of the next page (older games); None on the last page."""


@dataclass(frozen=True)
class TrashPage:
    """A page of the trash, most recently deleted first."""

    games: list[ListedGame]
    more: str | None
    """The cursor of the next page; None on the last page."""


@dataclass(frozen=True)
class _Tally:
    """A seat's totals handed to the kind as rounds: all the pips in one, and one won hand per hand won."""

    pips: Mapping[str, int]
    winners: Sequence[str]

    @property
    def points(self) -> Mapping[str, int]:
        # summed as counted already (COALESCE(points, pips)), house rules and all
        return self.pips


def _cursor(at: datetime, game_id: str) -> str:
    """Where a page ends: the last game's sort time and id; the next page starts right after it."""
    return f"{at.isoformat()}~{game_id}"


def _read_cursor(text: str | None) -> tuple[datetime, str] | None:
    """The (time, id) of a list link's cursor; None for the first page, BadRequest for anything else."""
    if not text:
        return None
    at, _sep, game_id = text.partition("~")
    try:
        moment = datetime.fromisoformat(at) if len(at) <= 40 else None
    except ValueError:
        moment = None
    if moment is None or not is_game_id(game_id):
        raise BadRequest(_("This link to older games is broken. Start again from the games list."))
    return moment, game_id


def _after(key: InstrumentedAttribute[datetime | None], cursor: tuple[datetime, str] | None) -> ColumnElement[bool]:
    """Rows after the cursor in the order (key, id) descending: a seek on the index, however deep the page."""
    if cursor is None:
        return true()
    at, game_id = cursor
    # the redundant ``key <= at`` lets the database start the scan at the cursor instead of filtering from the top
    return and_(key <= at, or_(key < at, Game.id < game_id))


_LISTED = (
    Game.id,
    Game.kind,
    Game.set_highest,
    Game.ascending,
    Game.rounds_planned,
    Game.finished_at,
    Game.updated_at,
    Game.deleted_at,
)


def _page(
    db: Session, query: Select[*_Row], key: InstrumentedAttribute[datetime | None]
) -> tuple[list[Row[Any]], str | None]:
    """One page of the query, newest ``key`` first, and the cursor of the next page (None when this is the last)."""
    rows: list[Row[Any]] = list(db.execute(query.order_by(key.desc(), Game.id.desc()).limit(PAGE + 1)))
    if len(rows) <= PAGE:
        return rows, None
    last = rows[PAGE - 1]
    return rows[:PAGE], _cursor(getattr(last, key.key), last.id)


def _hand_won() -> ColumnElement[int]:
    """1 for a score that won its hand (the same rule as rules.hand_winners: the player who went out; when nobody
    did, the fewest tiles, then the fewest pips), else 0."""
    other = aliased(Score)
    tiles, other_tiles = func.coalesce(Score.tiles, 0), func.coalesce(other.tiles, 0)
    someone_out = exists().where(other.round_id == Score.round_id, other.went_out)
    beaten = exists().where(
        other.round_id == Score.round_id,
        or_(other_tiles < tiles, and_(other_tiles == tiles, other.pips < Score.pips)),
    )
    return case((Score.went_out, 1), (someone_out, 0), (beaten, 0), (Score.id.is_not(None), 1), else_=0)


@cache
def _seat_totals() -> Select[str, str, int, int, int, int | None]:
    """Each seat of the games ``ids``, in seat order, with its rounds played, its pips over them and (for the games
    ``hands``, scored by hands won) its hands won. Built once: a page only binds the ids."""
    won = case((Seat.game_id.in_(bindparam("hands", expanding=True)), _hand_won()), else_=0)
    return (
        select(
            Seat.game_id,
            Seat.name,
            func.count(func.distinct(Round.id)),  # the game's rounds: a seat may have missed some (joined, left)
            # what the rounds counted (house rules and all); a late joiner's from the total they started with
            func.coalesce(func.sum(func.coalesce(Score.points, Score.pips)), 0) + Seat.start_total,
            func.coalesce(func.sum(won), 0),
            Seat.left_round,
        )
        .select_from(Seat)
        .outerjoin(Round, Round.game_id == Seat.game_id)
        .outerjoin(Score, and_(Score.round_id == Round.id, Score.seat_position == Seat.position))
        .where(Seat.game_id.in_(bindparam("ids", expanding=True)))
        .group_by(Seat.game_id, Seat.position, Seat.name, Seat.start_total, Seat.left_round)
        .order_by(Seat.game_id, Seat.position)
    )


def _listed(db: Session, rows: Sequence[Row[Any]]) -> list[ListedGame]:
    """The games of these rows with their players, rounds played and standings: one aggregate query over the
    shown games' seats, whatever their number of rounds."""
    seats: dict[str, list[_ListedSeat]] = {r.id: [] for r in rows}
    if seats:
        hands = [r.id for r in rows if kind_of(r.kind).wins_hands]
        for game_id, name, played, pips, won, left in db.execute(_seat_totals(), {"ids": list(seats), "hands": hands}):
            seats[game_id].append(_ListedSeat(name, int(played), int(pips), int(won), left))
    return [_listed_game(row, seats[row.id]) for row in rows]


@dataclass(frozen=True, slots=True)
class _ListedSeat:
    """A seat as the list's aggregate reads it: its rounds, pips and hands won over the game, and when it left."""

    name: str
    played: int
    pips: int
    won: int
    left_round: int | None


def _listed_game(row: Row[Any], seats: list[_ListedSeat]) -> ListedGame:
    kind = kind_of(row.kind)
    players = [s.name for s in seats]
    played = max((s.played for s in seats), default=0)
    total = kind.rounds_total(kind.engines(row.set_highest, row.ascending, row.rounds_planned), row.rounds_planned)
    # over as game_view.next_round has it: ended by the table, or every round played
    over = row.finished_at is not None or (total is not None and played >= total)
    tallies = [_Tally({s.name: s.pips for s in seats}, [])]
    tallies += [_Tally({}, [s.name]) for s in seats for _ in range(s.won)]
    return ListedGame(
        id=row.id,
        kind=kind,
        players=players,
        set=row.set_highest,
        played=played,
        rounds_total=total,
        next_round=None if over else UpNext(played + 1),
        standings=kind.standings(players, tallies, left_after(seats)),
        updated_at=row.updated_at,
        deleted_at=None if row.deleted_at is None else _aware(row.deleted_at),
    )


def list_games(db: Session, among: Collection[str] | None = None, after: str | None = None) -> GamesPage:
    """A page of games in progress and finished games, most recently touched first: of every game, or of those
    with these ids. ``after`` is the cursor a page's "older games" link carries (None: the first page);
    BadRequest for one that is not a cursor."""
    cursor = _read_cursor(after)
    if among is not None and not among:
        return GamesPage([], [], None)
    query = select(*_LISTED).where(Game.deleted_at.is_(None), _after(Game.updated_at, cursor))
    rows, more = _page(db, _among(query, among), Game.updated_at)
    games = _listed(db, rows)
    return GamesPage([g for g in games if not g.finished], [g for g in games if g.finished], more)


def last_players(db: Session, among: Collection[str] | None = None) -> list[str]:
    """The players of the most recently started game (of every game, or of those with these ids), in seat order."""
    if among is not None and not among:
        return []
    newest = select(Game.id).where(Game.deleted_at.is_(None)).order_by(Game.created_at.desc(), Game.id.desc()).limit(1)
    game_id = _among(newest, among).scalar_subquery()
    return list(db.scalars(select(Seat.name).where(Seat.game_id == game_id).order_by(Seat.position)))


@dataclass(frozen=True)
class HistoryLine:
    """A line of the game's history as the history page shows it: a :class:`Change` with its player under the
    name the seat has now (a typo fixed mid-game shows fixed all the way back; the "renamed" line keeps both)."""

    action: str
    at: datetime
    round_number: int
    player: str | None
    old: str | None
    new: str | None


def history(db: Session, game: Game) -> list[HistoryLine]:
    """Every change made to the game's scores and seats, oldest first."""
    changes = list(db.scalars(select(Change).where(Change.game_id == game.id).order_by(Change.id)))
    # walked from the newest: a line before "A renamed to B" that names A names whoever B is now
    now: dict[str, str] = {}
    lines: list[HistoryLine] = []
    for c in reversed(changes):
        player = None if c.player is None else now.get(c.player, c.player)
        lines.append(HistoryLine(c.action, c.at, c.round_number, player, c.old, c.new))
        if c.action == "renamed" and c.old is not None and c.new is not None:
            now[c.old] = now.get(c.new, c.new)
    return lines[::-1]


@overload
def find_round(game: Game, number: object) -> Round: ...
@overload
def find_round(game: StoredGame, number: object) -> StoredRound: ...
def find_round(game: AnyGame, number: object) -> Round | StoredRound:
    """The round with this number; NotFound says which rounds there are."""
    for r in game.rounds:
        if r.number == number:
            return r
    played = len(game.rounds)
    span = _("rounds 1 to %(last)d", last=played) if played else _("no rounds yet")
    raise NotFound(_("Round %(number)s has not been played; this game has %(span)s.", number=number, span=span))


# ---------------------------------------------------------------- the history


def _change(game_id: str, action: str, number: int, player: str | None, old: object, new: object) -> dict[str, object]:
    """A line of the game's history, as the values of its row."""
    return {
        "game_id": game_id,
        "action": action,
        "round_number": number,
        "player": player,
        "old": None if old is None else str(old),
        "new": None if new is None else str(new),
    }


def _log(db: Session, game: Game, action: str, number: int, player: str | None, old: object, new: object) -> None:
    db.add(Change(**_change(game.id, action, number, player, old, new)))


def _hand(pips: int, tiles: int) -> str:
    # stored in the history as written at the time, so it stays in the language of the table
    return ngettext("%(num)d tile, %(pips)d pips", "%(num)d tiles, %(pips)d pips", tiles, pips=pips)


def _score(pips: int, tiles: int | None, points: int | None = None, why: Sequence[str] = ()) -> object:
    """A seat's result as the history shows it: the pips, or the tiles and pips of a game that records tiles;
    where a scoring house rule changed what the round counted, the pips, what they counted and why
    ("12 → 24 (ended on a double)")."""
    shown = pips if tiles is None else _hand(pips, tiles)
    if points is None or points == pips:
        return shown
    return f"{shown} → {shown_value(points).lstrip('+')} ({', '.join(why)})"


def _why(scoring: rules.ScoringRules, went_out: bool, ended_on_double: bool, marker: bool) -> list[str]:
    """The scoring house rules that changed a seat's round, in words written at the time (as the rest of the
    history line is)."""
    words = {
        "double_end": lambda: _("ended on a double"),
        "going_out": lambda: _("went out %(value)s", value=shown_value(scoring.going_out)),
        "marker_penalty": lambda: _("marker %(value)s", value=shown_value(scoring.marker_penalty)),
    }
    return [
        words[name]() for name in scoring.applied(went_out=went_out, ended_on_double=ended_on_double, marker=marker)
    ]


def _counted(game: AnyGame, score: Score | StoredScore, ended_on_double: bool) -> object:
    """A stored seat's result as the history shows it, with the house rules that changed it."""
    why = _why(house_rules_of(game).scoring, score.went_out, ended_on_double, score.marker)
    return _score(score.pips, score.tiles, score.points, why)


# States kept in the history in English and shown in the reader's language (history.html)
HISTORY_WORDS = (N_("went out"), N_("stayed in"), N_("blocked"), N_("not blocked"), N_("game over"))


def _flag(went_out: bool, blocked: bool) -> str:
    return "went out" if went_out else ("blocked" if blocked else "")


def round_mark(rnd: Round | StoredRound) -> str:
    """A round's values in a few characters: a correction form carries the mark of the round it opened, so
    that only a change to that round (not a new round elsewhere in the game) stops it as stale."""
    scores: list[Score | StoredScore] = sorted(rnd.scores, key=lambda s: s.seat_position)
    return (
        ("b" if rnd.blocked else "")
        + ("d" if rnd.ended_on_double else "")
        + ";".join(
            f"{s.pips}{'' if s.tiles is None else f'/{s.tiles}'}{'*' if s.went_out else ''}{'m' if s.marker else ''}"
            for s in scores
        )
    )


def _gone(db: Session, game: Game, number: int) -> None:
    """Refuse a round that is not there: Conflict if another phone undid it, else NotFound."""
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


def _same(rnd: Round | StoredRound, values: Sequence[int], tiles: Sequence[int] | None, entry: RoundEntry) -> bool:
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


def add_round(
    db: Session, game: AnyGame, entry: RoundEntry, number: int | None = None, expected: int | None = None
) -> tuple[StoredGame, bool]:
    """Score the round ``number`` (None: the next one); returns the game as stored after it and whether the
    round was stored just now.

    Sent again with the same values, the round stored earlier stands and nothing is written; with other
    values, Conflict carries the round stored (``stored``). Conflict too once the game is over, or when the
    game moved on since the round was opened; Invalid names every field at fault. ``expected``: the game's
    version the round was entered on (PreconditionFailed if it changed since); a resend is never refused.

    The busiest write of all: decided on the game as read before the claim (plain values) and, when the claim
    finds nobody wrote since, written at once with four SQL statements (see :func:`claimed_stored`); the writers
    queued behind it wait for those statements only."""
    try:
        early: tuple[_NewRound | None] | None = (_decide(game, entry, number, expected, game.version),)
    except ServiceError:
        early = None  # decided again under the claim, on the game as stored then, and refused from there
    with claimed_stored(db, game) as (now, write):
        if early is not None and write.unchanged:
            (decided,) = early
        else:
            decided = _decide(now, entry, number, expected, write.seen)
        if decided is None:
            write.discard()
        else:
            write.game = _write_round(db, now, decided)
    return write.game, write.keep


@dataclass(frozen=True, slots=True)
class _NewRound:
    """A round decided on, ready to be written: its values and its lines of history."""

    round: StoredRound
    history: list[dict[str, object]]


def _decide(game: AnyGame, entry: RoundEntry, number: int | None, expected: int | None, seen: int) -> _NewRound | None:
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
        _change(
            game.id, "entered", upcoming.number, names[s.seat_position], None, _counted(game, s, entry.ended_on_double)
        )
        for s in scores
    ]
    if entry.blocked:
        history.append(_change(game.id, "entered", upcoming.number, None, None, "blocked"))
    if engine != upcoming.engine:  # another double stood in for the missing engine: the history says which
        history.append(_change(game.id, "entered", upcoming.number, None, None, f"started on {engine}-{engine}"))
    rnd = StoredRound(upcoming.number, engine, entry.blocked, scores, entry.ended_on_double)
    return _NewRound(rnd, history)


_TABLES = Round.metadata.tables
_NEW_ROUND = insert(_TABLES[Round.__tablename__]).returning(_TABLES[Round.__tablename__].c.id)
_NEW_SCORES = insert(_TABLES[Score.__tablename__])
_NEW_CHANGES = insert(_TABLES[Change.__tablename__])
"""Built once, on the tables: no ORM objects, and the statements compiled once per process."""


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
    round_id = connection.execute(_NEW_ROUND, {**fields, "created_at": now.updated_at}).scalar_one()
    connection.execute(_NEW_SCORES, [{"round_id": round_id, **_fields(s)} for s in rnd.scores])
    connection.execute(_NEW_CHANGES, new.history)
    if now.draft_scores or now.draft_blocked or now.draft_double_end or now.draft_engine is not None:
        # the round is stored: what the phones filled in for it is done with
        connection.execute(delete(DraftScore).where(DraftScore.game_id == now.id))
        connection.execute(
            update(Game)
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
    db: Session, game: Game, number: int, entry: RoundEntry, expected: int | None = None, seen: str | None = None
) -> Round:
    """Correct a round already entered, logging each value it replaces as stored at that moment.

    ``expected``: the game's version the correction was made on; PreconditionFailed (with the game as stored)
    if it changed since, unless ``seen``, the :func:`round_mark` the correction was opened on, shows that this
    round itself is unchanged. NotFound, Conflict (undone on another phone) or Invalid as for a new round."""
    with writing(db, game) as write:
        _gone(db, game, number)
        rnd = find_round(game, number)
        if seen is None or seen != round_mark(rnd):
            check_version(game, write.seen, expected if seen is None or expected is not None else -1)
        engine = started_on(game, rnd.engine, entry)
        values, tiles = check_round(game, engine, entry, number)
        points = round_points(game, values, entry)
        markers = entry.marks(len(values))
        scoring = house_rules_of(game).scoring
        if engine != rnd.engine:
            _log(
                db,
                game,
                "corrected",
                number,
                None,
                f"started on {rnd.engine}-{rnd.engine}",
                f"started on {engine}-{engine}",
            )
            rnd.engine = engine
        by_pos = {s.seat_position: s for s in rnd.scores}
        for seat, v in zip(game.seats, values):
            score = by_pos.get(seat.position)
            if score is None:  # not at the table that round
                continue
            old_flag = _flag(score.went_out, False)
            new_out = entry.went_out == seat.position
            new_tiles = None if tiles is None else tiles[seat.position]
            new_points, new_marker = points[seat.position], markers[seat.position]
            if score.pips != v or score.tiles != new_tiles or score.points != new_points:
                old = _counted(game, score, bool(rnd.ended_on_double))
                why = _why(scoring, new_out, entry.ended_on_double, new_marker)
                _log(db, game, "corrected", number, seat.name, old, _score(v, new_tiles, new_points, why))
                score.pips = v
                score.tiles = new_tiles
                score.points = new_points
            score.marker = new_marker
            if score.went_out != new_out:
                _log(
                    db,
                    game,
                    "corrected",
                    number,
                    seat.name,
                    old_flag or "stayed in",
                    _flag(new_out, False) or "stayed in",
                )
                score.went_out = new_out
        if rnd.blocked != entry.blocked:
            _log(
                db,
                game,
                "corrected",
                number,
                None,
                "blocked" if rnd.blocked else "not blocked",
                "blocked" if entry.blocked else "not blocked",
            )
            rnd.blocked = entry.blocked
        rnd.ended_on_double = entry.ended_on_double
    return rnd


def undo_round(db: Session, game: Game, number: int, expected: int | None = None, by: int | None = None) -> int:
    """Take back round ``number``, the last one, and reopen it with its values as the round being filled in
    (every phone's form shows them: fix one and save); returns its number. The values stay in the history too.

    Sent again once the round is gone, or when another round has become the last, Conflict refuses and nothing
    is taken back. ``expected`` as for :func:`edit_round`; ``by``, the seat of the phone that undid it."""
    with writing(db, game) as write:
        check_version(game, write.seen, expected)
        if number > len(game.rounds):
            _gone(db, game, number)
        if not game.rounds:
            raise Conflict(_("There is no round to undo yet."), game=game)
        rnd = game.rounds[-1]
        if number != rnd.number:
            raise Conflict(_(STALE), game=game)
        names = {s.position: s.name for s in game.seats}
        # the drafts first: loading them flushes, and the claim keeps a write only while its history lines are new
        _reopen(game, rnd, names.get(by, "") if by is not None else "")
        for score in rnd.scores:
            _log(
                db,
                game,
                "undone",
                rnd.number,
                names[score.seat_position],
                _counted(game, score, rnd.ended_on_double),
                None,
            )
        game.rounds.remove(rnd)
        game.finished_at = None  # an evening ended by hand plays on once a hand is taken back
    return rnd.number


def _reopen(game: Game, rnd: Round, by: str) -> None:
    """The round's values become the drafts of the round being filled in, in place of any sent for the next one
    (which is not played before this one is saved again), marked as undone on ``by``'s phone ("": unknown)."""
    game.draft_scores.clear()
    for score in rnd.scores:
        game.draft_scores.append(
            DraftScore(
                seat_position=score.seat_position,
                pips=score.pips,
                tiles=score.tiles,
                went_out=score.went_out,
                marker=score.marker,
            )
        )
    game.draft_number = rnd.number
    game.draft_blocked = rnd.blocked
    game.draft_double_end = bool(rnd.ended_on_double)
    game.draft_engine = rnd.engine  # the double that started it, where another may stand in for its engine
    game.reopened_by = by


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
        _log(db, game, "finished", played, None, None, "game over")
    return True


TRASH_DAYS = 30
"""How long a deleted game waits in the trash before it is purged for good."""


def _aware(moment: datetime) -> datetime:
    # SQLite hands back the stored UTC time without its zone
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def delete_game(db: Session, game: Game) -> None:
    """Move the game to the trash, rounds and history kept; a game already there stays as it was."""
    game_id = game.id
    db.rollback()
    db.execute(
        update(Game)
        .where(Game.id == game_id, Game.deleted_at.is_(None))
        .values(deleted_at=datetime.now(UTC), version=Game.version + 1)
    )
    db.commit()
    purge_trash(db)


def restore_game(db: Session, game_id: str) -> bool:
    """Take the game out of the trash, as it was; False if it is not there (restored already, or purged)."""
    if not is_game_id(game_id):
        return False
    db.rollback()
    restored = db.connection().execute(
        update(Game)
        .where(Game.id == game_id, Game.deleted_at.is_not(None))
        .values(deleted_at=None, version=Game.version + 1)
    )
    if restored.rowcount == 1:
        settle_game(db, game_id)  # its results, as of now: a game in the trash has none worked out
    db.commit()
    return bool(restored.rowcount == 1)


def in_trash(db: Session, game_id: str) -> bool:
    """Whether the game is in the trash."""
    return (
        is_game_id(game_id)
        and db.scalar(select(Game.id).where(Game.id == game_id, Game.deleted_at.is_not(None))) is not None
    )


def trashed_games(db: Session, among: Collection[str] | None = None, after: str | None = None) -> TrashPage:
    """A page of the games in the trash (all, or those with these ids), each with when it was deleted, most
    recently deleted first. ``after`` as for :func:`list_games`."""
    cursor = _read_cursor(after)
    if among is not None and not among:
        return TrashPage([], None)
    query = select(*_LISTED).where(Game.deleted_at.is_not(None), _after(Game.deleted_at, cursor))
    rows, more = _page(db, _among(query, among), Game.deleted_at)
    return TrashPage(_listed(db, rows), more)


def purge_trash(db: Session, now: datetime | None = None) -> int:
    """Delete for good, with their rounds and history, the games in the trash for more than TRASH_DAYS;
    returns how many."""
    cutoff = (now or datetime.now(UTC)) - timedelta(days=TRASH_DAYS)
    # compared in SQL along the trash's index: every time is stored in UTC, which SQLite keeps as sortable text
    old = list(db.scalars(select(Game.id).where(Game.deleted_at.is_not(None), Game.deleted_at < cutoff)))
    for game_id in old:
        _destroy(db, game_id)
    db.commit()
    return len(old)


def _destroy(db: Session, game_id: str) -> None:
    db.execute(delete(Change).where(Change.game_id == game_id))
    game = db.get(Game, game_id)
    if game is not None:
        db.delete(game)
