"""Records and stats of the household's people, each game kind apart, read with SQL aggregates.

Counted over the finished games (every round played, or ended by the table) of those a phone sees (``among``,
None for all), not in the trash, optionally since the start of this month or year (by when the game started):

- **games**, **won** (first place, alone or shared), **shared** (first place shared), **win rate** (won / games);
- **pips per round** and **per game** (the pips left over all their rounds, divided);
- **went out** (rounds), **blocked** (rounds of theirs that were blocked);
- **best** and **worst game** (the lowest and highest game total: pips over the whole game, in both games, with
  the total a late joiner started with);
- **lowest** and **highest round** (pips left in one round); **streak** (most rounds in a row, in one game,
  they went out of); **hands won** (games scored by hands won);
- **head to head**: for each other person, the games they both finished and in how many each placed ahead;
- **series**: each game's total in the order the games started, for a chart.

First place is the table screen's own: its standings (the lowest total in a game scored by pips; in one scored
by hands won the most hands won, then the fewest pips), equals sharing a place. Each seat's place and figures are
worked out from its game whenever the game changes (services.results), and added to its person's tallies in the same
transaction (services.tallies: per person, kind and month, and per two people): the household's stats add up a few
rows per person, however many games were played, and a phone without the household password (which sees its own
games, at most views.household.MAX_GAMES) adds up those games' rows.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import and_, case, func, select
from sqlalchemy.orm import Session

from ..db import ours
from ..games import KINDS, kind_of
from ..i18n import _, _l
from ..kinds import GameKind
from ..models import Person
from .errors import Invalid
from .tallies import PAIR, PART, TALLY, month_of, months

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
    """Hands won (in a game scored by hands won; 0 in the others)."""
    went_out: int
    blocked: int
    best_game: int
    worst_game: int
    lowest_round: int
    highest_round: int
    streak: int
    """The most rounds in a row, in one game, the person went out of."""
    left: int = 0
    """Games the person left mid-way (never won; their totals are no best or worst game while there are others)."""

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
            "games_left": self.left,
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
    left_after: int | None = None
    """The last round played, when the person left the game mid-way (placed after everyone who played on)."""

    def to_json(self) -> dict[str, object]:
        started = self.started if self.started.tzinfo else self.started.replace(tzinfo=UTC)
        # a player who left has no place of their own: the API says when they left instead
        place: dict[str, object] = (
            {"place": self.place} if self.left_after is None else {"place": None, "left_after": self.left_after}
        )
        return {"game": self.game_id, "started": started.isoformat(), "total": self.total, **place}


# ---------------------------------------------------------------- the queries


def _months(db: Session, among: Collection[str] | None) -> Any:
    """Each person's figures per kind and month (models.Tally's columns): the household's tallies, kept by every
    write (services.tallies), for every game (None); for a phone's own games (at most
    views.household.MAX_GAMES of them) the same sums over their parts, read along the parts' key."""
    if among is None:
        return select(TALLY).where(ours(TALLY, db)).subquery("months")
    return months(and_(PART.c.game_id.in_(list(among)), ours(PART, db))).subquery("months")


def records(
    db: Session,
    among: Collection[str] | None = None,
    period: str | None = None,
    person_id: int | None = None,
    now: datetime | None = None,
) -> dict[str, list[Record]]:
    """Every person's records (or one person's), by kind id in the kinds' order, each list a leaderboard: the
    most games won first, then the best win rate, the most games, the name. People without a finished game of
    a kind are not on its board. Added up from a few rows per person, kind and month, however many games."""
    since = period_start(period, now)  # a period that is none is refused, whatever the phone sees
    boards: dict[str, list[Record]] = {k: [] for k in KINDS}
    if among is not None and not among:
        return boards
    m = _months(db, among).c
    query = (
        select(
            m.person_id,
            Person.name,
            m.kind,
            func.sum(m.games).label("games"),
            func.sum(m.won).label("won"),
            func.sum(m.shared).label("shared"),
            func.sum(m.rounds).label("rounds"),
            func.sum(m.pips).label("pips"),
            func.sum(m.hands).label("hands"),
            func.sum(m.went_out).label("went_out"),
            func.sum(m.blocked).label("blocked"),
            # a game the person left mid-way is no whole game: its total is no best or worst (unless they have no other)
            func.coalesce(func.min(m.best_whole), func.min(m.best_any)).label("best"),
            func.coalesce(func.max(m.worst_whole), func.max(m.worst_any)).label("worst"),
            func.min(m.lowest).label("low"),
            func.max(m.highest).label("high"),
            func.max(m.streak).label("streak"),
            func.sum(m.games_left).label("left"),
        )
        .join(Person, Person.id == m.person_id)
        .group_by(m.person_id, Person.name, m.kind)
    )
    if since is not None:  # a period starts on the first of a month (UTC), so it holds whole months
        query = query.where(m.month >= month_of(since))
    if person_id is not None:
        query = query.where(m.person_id == person_id)
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
                streak=int(row.streak),
                left=int(row.left),
            )
        )
    for board in boards.values():
        board.sort(key=lambda x: (-x.won, -x.win_rate, -x.games, x.name.casefold(), x.person_id))
    return boards


def head_to_head(db: Session, person_id: int, among: Collection[str] | None = None) -> list[HeadToHead]:
    """The person against each other person they finished a game with, by kind, then by most games together:
    the household's tallies of two people (None), or the phone's own games' parts side by side."""
    if among is not None and not among:
        return []
    if among is None:
        rows = db.execute(
            select(PAIR.c.opponent_id, Person.name, PAIR.c.kind, PAIR.c.games, PAIR.c.ahead, PAIR.c.behind)
            .join(Person, Person.id == PAIR.c.opponent_id)
            .where(PAIR.c.person_id == person_id, ours(PAIR, db))
        )
    else:
        mine, theirs = PART.alias("mine"), PART.alias("theirs")
        rows = db.execute(
            select(
                theirs.c.person_id,
                Person.name,
                mine.c.kind,
                func.count().label("games"),
                func.sum(case((mine.c.place < theirs.c.place, 1), else_=0)).label("ahead"),
                func.sum(case((mine.c.place > theirs.c.place, 1), else_=0)).label("behind"),
            )
            .select_from(mine)
            .join(theirs, theirs.c.game_id == mine.c.game_id)
            .join(Person, Person.id == theirs.c.person_id)
            .where(
                mine.c.game_id.in_(list(among)),
                mine.c.person_id == person_id,
                ours(mine, db),
                theirs.c.person_id != person_id,
                mine.c.place.is_not(None),
                theirs.c.place.is_not(None),
            )
            .group_by(theirs.c.person_id, Person.name, mine.c.kind)
        )
    order = list(KINDS)
    found = [
        HeadToHead(int(opponent), str(name), kind_of(kind), int(games), int(ahead), int(behind))
        for opponent, name, kind, games, ahead, behind in rows
        if kind in KINDS
    ]
    return sorted(found, key=lambda h: (order.index(h.kind.id), -h.games, h.opponent.casefold(), h.opponent_id))


SERIES = 100
"""Games of each kind a person's series holds at most: the latest ones (a chart of years of evenings would be a
smear, and its page as long as the history)."""


def series(
    db: Session, person_id: int, among: Collection[str] | None = None, last: int = SERIES
) -> dict[str, list[Point]]:
    """The person's game totals in the order the games started, by kind id: the ``last`` latest of each kind,
    read newest first along the person's own finished parts (``ix_tally_part_finished``)."""
    out: dict[str, list[Point]] = {k: [] for k in KINDS}
    if among is not None and not among:
        return out
    for kind in KINDS:
        query = (
            select(PART.c.game_id, PART.c.started, PART.c.total, PART.c.place, PART.c.left_after)
            .where(PART.c.person_id == person_id, PART.c.kind == kind, PART.c.place.is_not(None), ours(PART, db))
            .order_by(PART.c.month.desc(), PART.c.started.desc(), PART.c.game_id.desc())
            .limit(last)
        )
        if among is not None:
            query = query.where(PART.c.game_id.in_(list(among)))
        newest = [
            Point(g, started, int(total), int(place), left) for g, started, total, place, left in db.execute(query)
        ]
        out[kind] = newest[::-1]
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
WHOLE_GAMES = frozenset({"best_game", "worst_game"})
"""The household records held by a game total, which only a whole game gives."""


def household_bests(board: Sequence[Record]) -> list[Best]:
    """The household's records over a board (one game's, one period's): the best and worst game total, the
    highest single round, the longest run going out, the most rounds gone out of, the most games won; each with
    everyone who holds it, by name. Nothing for an empty board; a run or a count of nought holds nothing."""
    bests = []
    if not board:
        return []
    for what, (name, highest) in BESTS.items():
        # a game total only from someone with a whole game: not the few rounds of a player who left mid-way
        holding = [r for r in board if r.games > r.left] if what in WHOLE_GAMES else board
        values = [int(getattr(r, name)) for r in holding]
        if not values:
            continue
        value = max(values) if highest else min(values)
        if highest and value == 0:
            continue
        holders = sorted((r.name for r in holding if getattr(r, name) == value), key=str.casefold)
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
        if len(points) == 1:  # one game: in the middle, not alone against the axis
            return round(left + plot_w / 2, 1)
        return round(left + plot_w * i / (len(points) - 1), 1)

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
