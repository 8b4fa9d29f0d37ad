"""Records and stats of the household's people, each game kind apart, read with SQL aggregates.

Counted over the finished games (every round played, or ended by the table) of those a phone sees (``among``,
None for all), not in the trash, optionally since the start of this month or year (by when the game started):

- **games**, **won** (first place, alone or shared), **shared** (first place shared), **win rate** (won / games);
- **pips per round** and **per game** (the pips left over all their rounds, divided);
- **went out** (rounds), **blocked** (rounds of theirs that were blocked);
- **best** and **worst game** (the lowest and highest game total: pips over the whole game, in both games, with
  the total a late joiner started with);
- **lowest** and **highest round** (pips left in one round); **streak** (most rounds in a row, in one game,
  they went out of); **hands won** (Super Domino);
- **head to head**: for each other person, the games they both finished and in how many each placed ahead;
- **series**: each game's total in the order the games started, for a chart.

First place is the kinds' own: the lowest total in Mexican Train (``rules.standings``); in Super Domino the most
hands won, then the fewest pips (``rules.hand_standings``, a hand won as ``rules.hand_winners`` says, the same
SQL the games list uses); equal places share a rank, as SQL's RANK() does.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar, cast

from sqlalchemy import Select, and_, case, func, select
from sqlalchemy.orm import Session

from ..i18n import _, _l
from ..kinds import KINDS, GameKind, kind_of
from ..models import Game, Person, Round, Score, Seat
from .errors import Invalid
from .games import _hand_won

# ---------------------------------------------------------------- the periods of the leaderboard

PERIODS = {"month": _l("This month"), "year": _l("This year"), "all": _l("All time")}
"""The leaderboard's periods by the id its address carries (``?period=month``), with their names."""


def period_start(period: str | None, now: datetime | None = None) -> datetime | None:
    """When the period starts (UTC): the first of this month or year; None for all time. Invalid for an id that
    is no period."""
    if period is None or period == "all":
        return None
    moment = now or datetime.now(UTC)
    if period == "month":
        return moment.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    if period == "year":
        return moment.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
    raise Invalid(_("Choose the period: this month (month), this year (year) or all time (all)."))


# ---------------------------------------------------------------- what is read


@dataclass(frozen=True)
class Record:
    """One person's records at one game kind."""

    person_id: int
    name: str
    kind: GameKind = field(repr=False)
    games: int
    won: int
    """Games finished first, alone or sharing first place."""
    shared: int
    """Games finished sharing first place."""
    rounds: int
    pips: int
    hands: int
    """Hands won (Super Domino; 0 in Mexican Train)."""
    went_out: int
    blocked: int
    best_game: int
    worst_game: int
    lowest_round: int
    highest_round: int
    streak: int
    """The most rounds in a row, in one game, the person went out of."""

    @property
    def win_rate(self) -> float:
        """Games won over games played, from 0 to 1."""
        return self.won / self.games

    @property
    def per_round(self) -> float:
        """Pips left per round played."""
        return self.pips / self.rounds if self.rounds else 0.0

    @property
    def per_game(self) -> float:
        """Pips left per game played."""
        return self.pips / self.games

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "won": self.won,
            "shared_wins": self.shared,
            "win_rate": round(self.win_rate, 4),
            "rounds": self.rounds,
            "pips_per_round": round(self.per_round, 2),
            "pips_per_game": round(self.per_game, 2),
            "hands_won": self.hands,
            "went_out": self.went_out,
            "blocked_rounds": self.blocked,
            "best_game": self.best_game,
            "worst_game": self.worst_game,
            "lowest_round": self.lowest_round,
            "highest_round": self.highest_round,
            "best_streak": self.streak,
        }


@dataclass(frozen=True)
class HeadToHead:
    """How a person fared against another one at one game kind, over the games both finished."""

    opponent_id: int
    opponent: str
    kind: GameKind = field(repr=False)
    games: int
    ahead: int
    """Games the person placed ahead of the opponent."""
    behind: int
    """Games the opponent placed ahead."""

    def to_json(self) -> dict[str, object]:
        return {
            "opponent": {"id": self.opponent_id, "name": self.opponent},
            "game": self.kind.id,
            "games": self.games,
            "ahead": self.ahead,
            "behind": self.behind,
        }


@dataclass(frozen=True)
class Point:
    """One finished game of a person's series: when it started, their total, their place."""

    game_id: str
    started: datetime
    total: int
    place: int

    def to_json(self) -> dict[str, object]:
        started = self.started if self.started.tzinfo else self.started.replace(tzinfo=UTC)
        return {"game": self.game_id, "started": started.isoformat(), "total": self.total, "place": self.place}


# ---------------------------------------------------------------- the queries


def _finished(among: Collection[str] | None, since: datetime | None, person_id: int | None = None) -> Any:
    """The finished games counted (those ``person_id`` sat in, when given): id, kind and start, as a subquery."""
    # the rounds played: a game's rounds are numbered 1, 2, ... with no gap (only the last can be undone, an
    # import is checked so), so the last number is their count, one seek per game along uq (game_id, number)
    # instead of counting every round of the household
    played = select(func.max(Round.number)).where(Round.game_id == Game.id).scalar_subquery()
    # a game's rounds in all, as each kind's rounds_total has it: one per engine (Mexican Train), else as planned
    engines = [k.id for k in KINDS.values() if k.has_engines]
    total = case(
        (Game.kind.in_(engines), func.coalesce(Game.rounds_planned, Game.set_highest + 1)), else_=Game.rounds_planned
    )
    query = (
        select(Game.id, Game.kind, Game.created_at)
        .where(Game.deleted_at.is_(None), played.is_not(None))
        .where((Game.finished_at.is_not(None)) | (played >= total))
    )
    if among is not None:
        query = query.where(Game.id.in_(list(among)))
    if since is not None:
        query = query.where(Game.created_at >= since)
    if person_id is not None:  # one person's games, read along ix_seat_person: the rest need not be placed
        query = query.where(Game.id.in_(select(Seat.game_id).where(Seat.person_id == person_id)))
    # worked out once, before any score is read: left to the planner, SQLite folds it into the join and asks
    # for each game's last round once per score
    return query.cte("finished").prefix_with("MATERIALIZED")


def _ranked(finished: Any) -> Any:
    """A row per seat of the finished games: its totals, its place in the game and how many share first."""
    # what each round counted: the pips, after the game's scoring house rules (points is None without them)
    _counted = func.coalesce(Score.points, Score.pips)
    hands = [k.id for k in KINDS.values() if k.wins_hands]
    won = case((finished.c.kind.in_(hands), _hand_won()), else_=0)
    seats = (
        select(
            Seat.game_id,
            finished.c.kind,
            finished.c.created_at,
            Seat.person_id,
            func.count(Score.id).label("rounds"),
            func.coalesce(func.sum(_counted), 0).label("pips"),
            # the game total: a late joiner's counts from the total they started with
            (func.coalesce(func.sum(_counted), 0) + Seat.start_total).label("total"),
            func.coalesce(func.sum(won), 0).label("hands"),
            func.coalesce(func.sum(case((Score.went_out, 1), else_=0)), 0).label("went_out"),
            func.coalesce(func.sum(case((Round.blocked, 1), else_=0)), 0).label("blocked"),
            func.min(_counted).label("low"),
            func.max(_counted).label("high"),
        )
        .select_from(Seat)
        .join(finished, finished.c.id == Seat.game_id)
        .join(Round, Round.game_id == Seat.game_id)
        .join(Score, and_(Score.round_id == Round.id, Score.seat_position == Seat.position))
        .group_by(Seat.game_id, finished.c.kind, finished.c.created_at, Seat.person_id, Seat.position, Seat.start_total)
        .subquery("seat_totals")
    )
    # first place: most hands won first where hands decide, then the fewest pips (rules.hand_standings,
    # rules.standings); RANK() shares a place among equals as both do
    order = case((seats.c.kind.in_(hands), -seats.c.hands), else_=0)
    placed = select(
        seats, func.rank().over(partition_by=seats.c.game_id, order_by=(order, seats.c.total)).label("place")
    ).subquery("placed")
    first = case((placed.c.place == 1, 1), else_=0)
    return select(placed, func.sum(first).over(partition_by=placed.c.game_id).label("firsts")).subquery("ranked")


def _streaks(finished: Any, person_id: int | None) -> Select[Any]:
    """Each person's longest run of rounds gone out of in a row, by kind (gaps and islands: the outs of a run
    come after the same number of rounds the seat did not go out of)."""
    # counted over every score, the outs kept only afterwards: filtered first, SQLite reads the outs of the whole
    # household once per finished game
    missed = func.sum(case((Score.went_out, 0), else_=1)).over(
        partition_by=(Round.game_id, Score.seat_position), order_by=Round.number
    )
    outs = (
        select(Round.game_id, finished.c.kind, Score.seat_position, Score.went_out, missed.label("island"))
        .select_from(finished)
        .join(Round, Round.game_id == finished.c.id)
        .join(Score, Score.round_id == Round.id)
        .subquery("outs")
    )
    runs: Any = (
        select(Seat.person_id, outs.c.kind, func.count().label("run"))
        .select_from(outs)
        .join(Seat, and_(Seat.game_id == outs.c.game_id, Seat.position == outs.c.seat_position))
        .where(outs.c.went_out)
        .group_by(Seat.person_id, outs.c.kind, outs.c.game_id, outs.c.seat_position, outs.c.island)
    )
    if person_id is not None:
        runs = runs.where(Seat.person_id == person_id)
    runs = runs.subquery("runs")
    return select(runs.c.person_id, runs.c.kind, func.max(runs.c.run)).group_by(runs.c.person_id, runs.c.kind)


KEPT = 64
"""Stats answers a worker keeps (see :func:`_keep`)."""

_kept: OrderedDict[tuple[object, ...], object] = OrderedDict()
_kept_lock = threading.Lock()

_T = TypeVar("_T")


def _fingerprint(db: Session, among: Collection[str] | None) -> tuple[object, ...]:
    """What changes whenever any record could: the games' count, their versions' sum and the latest change (every
    round, correction, undo, end, trash, rename and merge moves the version; an import or a purge the count)."""
    query = select(func.count(), func.sum(Game.version), func.max(Game.updated_at)).where(Game.deleted_at.is_(None))
    if among is not None:
        query = query.where(Game.id.in_(list(among)))
    count, versions, latest = db.execute(query).one()
    return (str(db.connection().engine.url), int(count), int(versions or 0), str(latest))


def _keep(db: Session, among: Collection[str] | None, what: tuple[object, ...], read: Callable[[], _T]) -> _T:
    """The answer ``read`` gives for ``what`` over the games ``among``, kept (KEPT of them, per worker) until a
    game changes: reading every score of every game, a whole household's stats cost their SQL once per change,
    and the same page asked again costs one indexed count. The caller copies what it hands on."""
    key = (_fingerprint(db, among), None if among is None else tuple(sorted(among)), *what)
    with _kept_lock:
        if key in _kept:
            _kept.move_to_end(key)
            return cast(_T, _kept[key])
    value = read()
    with _kept_lock:
        _kept[key] = value
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return value


def records(
    db: Session,
    among: Collection[str] | None = None,
    period: str | None = None,
    person_id: int | None = None,
    now: datetime | None = None,
) -> dict[str, list[Record]]:
    """Every person's records (or one person's), by kind id in the kinds' order, each list a leaderboard: the
    most games won first, then the best win rate, the most games, the name. People without a finished game of
    a kind are not on its board. Kept until a game changes (:func:`_keep`)."""
    since = period_start(period, now)  # a period that is none is refused, whatever the phone sees
    boards = _keep(db, among, ("records", since, person_id), lambda: _records(db, among, since, person_id))
    return {kind: list(board) for kind, board in boards.items()}


def _records(
    db: Session, among: Collection[str] | None, since: datetime | None, person_id: int | None
) -> dict[str, list[Record]]:
    boards: dict[str, list[Record]] = {k: [] for k in KINDS}
    if among is not None and not among:
        return boards
    finished = _finished(among, since, person_id)
    r = _ranked(finished)
    query = (
        select(
            r.c.person_id,
            Person.name,
            r.c.kind,
            func.count().label("games"),
            func.sum(case((r.c.place == 1, 1), else_=0)).label("won"),
            func.sum(case((and_(r.c.place == 1, r.c.firsts > 1), 1), else_=0)).label("shared"),
            func.sum(r.c.rounds).label("rounds"),
            func.sum(r.c.pips).label("pips"),
            func.sum(r.c.hands).label("hands"),
            func.sum(r.c.went_out).label("went_out"),
            func.sum(r.c.blocked).label("blocked"),
            func.min(r.c.total).label("best"),
            func.max(r.c.total).label("worst"),
            func.min(r.c.low).label("low"),
            func.max(r.c.high).label("high"),
        )
        .join(Person, Person.id == r.c.person_id)
        .group_by(r.c.person_id, Person.name, r.c.kind)
    )
    if person_id is not None:
        query = query.where(r.c.person_id == person_id)
    runs = {(p, k): int(n) for p, k, n in db.execute(_streaks(finished, person_id))}
    for row in db.execute(query):
        if row.kind not in boards:
            continue
        boards[row.kind].append(
            Record(
                person_id=row.person_id,
                name=row.name,
                kind=kind_of(row.kind),
                games=int(row.games),
                won=int(row.won),
                shared=int(row.shared),
                rounds=int(row.rounds),
                pips=int(row.pips),
                hands=int(row.hands),
                went_out=int(row.went_out),
                blocked=int(row.blocked),
                best_game=int(row.best),
                worst_game=int(row.worst),
                lowest_round=int(row.low),
                highest_round=int(row.high),
                streak=runs.get((row.person_id, row.kind), 0),
            )
        )
    for board in boards.values():
        board.sort(key=lambda x: (-x.won, -x.win_rate, -x.games, x.name.casefold(), x.person_id))
    return boards


def head_to_head(db: Session, person_id: int, among: Collection[str] | None = None) -> list[HeadToHead]:
    """The person against each other person they finished a game with, by kind, then by most games together.
    Kept until a game changes (:func:`_keep`)."""
    if among is not None and not among:
        return []
    return list(_keep(db, among, ("head to head", person_id), lambda: _head_to_head(db, person_id, among)))


def _head_to_head(db: Session, person_id: int, among: Collection[str] | None) -> list[HeadToHead]:
    r = _ranked(_finished(among, None, person_id))
    # the person's own place beside every seat of their games: a window, not a join of the seats with themselves
    mine = func.max(case((r.c.person_id == person_id, r.c.place))).over(partition_by=r.c.game_id)
    seats = select(r.c.person_id, r.c.kind, r.c.place, mine.label("mine")).subquery("beside")
    rows = db.execute(
        select(
            seats.c.person_id,
            Person.name,
            seats.c.kind,
            func.count().label("games"),
            func.sum(case((seats.c.mine < seats.c.place, 1), else_=0)).label("ahead"),
            func.sum(case((seats.c.mine > seats.c.place, 1), else_=0)).label("behind"),
        )
        .join(Person, Person.id == seats.c.person_id)
        .where(seats.c.person_id != person_id, seats.c.mine.is_not(None))
        .group_by(seats.c.person_id, Person.name, seats.c.kind)
    )
    order = list(KINDS)
    found = [
        HeadToHead(row.person_id, row.name, kind_of(row.kind), int(row.games), int(row.ahead), int(row.behind))
        for row in rows
        if row.kind in KINDS
    ]
    return sorted(found, key=lambda h: (order.index(h.kind.id), -h.games, h.opponent.casefold(), h.opponent_id))


SERIES = 100
"""Games of each kind a person's series holds at most: the latest ones (a chart of years of evenings would be a
smear, and its page as long as the history)."""


def series(
    db: Session, person_id: int, among: Collection[str] | None = None, last: int = SERIES
) -> dict[str, list[Point]]:
    """The person's game totals in the order the games started, by kind id: the ``last`` latest of each kind.
    Kept until a game changes (:func:`_keep`)."""
    if among is not None and not among:
        return {k: [] for k in KINDS}
    kept = _keep(db, among, ("series", person_id, last), lambda: _series(db, person_id, among, last))
    return {kind: list(points) for kind, points in kept.items()}


def _series(db: Session, person_id: int, among: Collection[str] | None, last: int) -> dict[str, list[Point]]:
    out: dict[str, list[Point]] = {k: [] for k in KINDS}
    r = _ranked(_finished(among, None, person_id))
    newest = func.row_number().over(partition_by=r.c.kind, order_by=(r.c.created_at.desc(), r.c.game_id.desc()))
    mine = (
        select(r.c.game_id, r.c.kind, r.c.created_at, r.c.total, r.c.place, newest.label("newest"))
        .where(r.c.person_id == person_id)
        .subquery("mine")
    )
    rows = db.execute(
        select(mine.c.game_id, mine.c.kind, mine.c.created_at, mine.c.total, mine.c.place)
        .where(mine.c.newest <= last)
        .order_by(mine.c.created_at, mine.c.game_id)
    )
    for row in rows:
        if row.kind in out:
            out[row.kind].append(Point(row.game_id, row.created_at, int(row.total), int(row.place)))
    return out


# ---------------------------------------------------------------- the household's records


@dataclass(frozen=True)
class Best:
    """One of the household's records at a game: its value and everyone who holds it."""

    what: str
    """Which record: ``best_game``, ``worst_game``, ``highest_round``, ``streak``, ``went_out`` or ``won``."""
    value: int
    holders: list[str]


BESTS: dict[str, tuple[str, bool]] = {
    "best_game": ("best_game", False),
    "worst_game": ("worst_game", True),
    "highest_round": ("highest_round", True),
    "streak": ("streak", True),
    "went_out": ("went_out", True),
    "won": ("won", True),
}
"""Each household record: the Record field it is read from, and whether the highest value holds it (else the
lowest)."""


def household_bests(board: Sequence[Record]) -> list[Best]:
    """The household's records over a board (one game's, one period's): the best and worst game total, the
    highest single round, the longest run going out, the most rounds gone out of, the most games won; each with
    everyone who holds it, by name. Nothing for an empty board; a run or a count of nought holds nothing."""
    bests = []
    for what, (name, highest) in BESTS.items():
        values = [int(getattr(r, name)) for r in board]
        if not values:
            return []
        value = max(values) if highest else min(values)
        if highest and value == 0:
            continue
        holders = sorted((r.name for r in board if getattr(r, name) == value), key=str.casefold)
        bests.append(Best(what, value, holders))
    return bests


# ---------------------------------------------------------------- the chart


@dataclass(frozen=True)
class SeriesChart:
    """A person's game totals as an inline SVG polyline, one point per game (drawn by templates/people)."""

    width: int
    height: int
    left: int
    right: int
    bottom: int
    points: str
    dots: list[tuple[float, float, int]]
    """Each game's point and total, for a marker and its tooltip."""
    y_ticks: list[tuple[float, int]]


def series_chart(points: Sequence[Point], width: int = 340, height: int = 160) -> SeriesChart:
    """The totals scaled into a width x height box, the first game on the left.

    >>> c = series_chart([Point("a", datetime(2026, 1, 1), 10, 1), Point("b", datetime(2026, 1, 2), 20, 2)])
    >>> c.points
    '36.0,78.0 326.0,10.0'
    """
    left, right, top, bottom = 36, 14, 10, 14
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [p.total for p in points]
    low, high = min(0, *values), max(0, *values)  # from nought: a game total is never below it
    span = (high - low) or 1

    def x(i: int) -> float:
        return round(left + plot_w * i / max(len(points) - 1, 1), 1)

    def y(v: float) -> float:
        return round(top + plot_h * (1 - (v - low) / span), 1)

    dots = [(x(i), y(v), v) for i, v in enumerate(values)]
    step = _step(span)
    first = -(-low // step) * step
    y_ticks = [(y(v), v) for v in range(first, high + 1, step)]
    points_text = " ".join(f"{a},{b}" for a, b, _v in dots)
    return SeriesChart(width, height, left, width - right, height - bottom, points_text, dots, y_ticks)


def _step(span: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if span / step <= 4:
            return step
    return 10000
