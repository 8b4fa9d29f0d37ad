"""The games list and the trash, a page at a time: each game read from a row of the game and its seats' totals,
without loading its rounds."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Any, TypeVarTuple

from sqlalchemy import ColumnElement, Row, Select, and_, bindparam, case, exists, func, or_, select, true
from sqlalchemy.orm import InstrumentedAttribute, Session, aliased

from ..games import kind_of
from ..i18n import _
from ..kinds import GameKind
from ..models import Game, Round, Score, Seat
from ..rules import Standing
from .errors import BadRequest
from .game_view import Progress, left_after
from .inputs import is_game_id

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


def _aware(moment: datetime) -> datetime:
    # SQLite hands back the stored UTC time without its zone
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def trashed_games(db: Session, among: Collection[str] | None = None, after: str | None = None) -> TrashPage:
    """A page of the games in the trash (all, or those with these ids), each with when it was deleted, most
    recently deleted first. ``after`` as for :func:`list_games`."""
    cursor = _read_cursor(after)
    if among is not None and not among:
        return TrashPage([], None)
    query = select(*_LISTED).where(Game.deleted_at.is_not(None), _after(Game.deleted_at, cursor))
    rows, more = _page(db, _among(query, among), Game.deleted_at)
    return TrashPage(_listed(db, rows), more)
