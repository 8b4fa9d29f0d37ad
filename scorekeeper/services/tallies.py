"""The household's tallies, kept up to date by every change to a game, so that the stats never add up every game.

What a game counts is kept per seat (models.TallyPart: the person, the game's kind and month, the seat's result once
the game is over), and added up per person (models.TallyPerson: games and when they last played), per person, kind
and month (models.Tally: the leaderboard's figures; a period adds up a few months) and per two people who played
each other (models.TallyPair: head to head).

:func:`game_changed` (:func:`games_changed` for several) brings them in line with the game as stored now, in the
transaction of the write that changed it: it compares the parts the game counted with what it counts now, and
where they differ takes the old ones back and adds the new. It reads the game and not the write, so any write can
call it, as often as it likes: a second call finds nothing to change. Every write that changes a game's seats, its
people, its results or whether it is in the trash calls it (after services.results has settled the results).

A month's figures are worked out again from that person's parts of that month (bounded by the index
``ix_tally_part_finished``), since a least or a most cannot be taken back; the counts of games and of head to head
are moved by what changed. On PostgreSQL the people concerned are locked first (their rows of ``person``, in the
order of their ids), so two games ending at once for the same person are counted one after the other.

Every statement here is keyed by games a write has just claimed (or read) through a scoped statement, and by the
people seated in them: each is marked :func:`~scorekeeper.db.behind_its_game`. A part carries its game's household,
and every tally added up from parts is their person's (a person and their games are of one household).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, and_, bindparam, case, delete, func, insert, select
from sqlalchemy.orm import Session

from ..db import behind_its_game
from ..models import Game, Person, Seat, SeatResult, Tally, TallyPair, TallyPart, TallyPerson

_TABLES = TallyPart.metadata.tables
PART, TALLY = _TABLES[TallyPart.__tablename__], _TABLES[Tally.__tablename__]
PAIR, PERSON = _TABLES[TallyPair.__tablename__], _TABLES[TallyPerson.__tablename__]
_SEAT, _GAME, _RESULT = _TABLES[Seat.__tablename__], _TABLES[Game.__tablename__], _TABLES[SeatResult.__tablename__]
_PEOPLE = _TABLES[Person.__tablename__]

FIGURES = (
    "place",
    "shares_place",
    "rounds",
    "pips",
    "total",
    "hands",
    "went_out",
    "blocked",
    "lowest",
    "highest",
    "run",
    "left_after",
)
"""A seat's result as a part keeps it (the columns of models.SeatResult)."""

CHUNK = 400
"""Games brought in line per round of statements (each game some four seats: the lists of ids stay short)."""

Part = dict[str, Any]


def month_of(moment: datetime) -> int:
    """The month of a moment in UTC, as ``yyyymm`` (a time without zone is UTC already, as SQLite keeps it).

    >>> month_of(datetime(2026, 12, 31, 23, 30))
    202612
    """
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.year * 100 + moment.month


# ---------------------------------------------------------------- what a game counts, then and now

_THEN = behind_its_game(select(PART)).where(PART.c.game_id.in_(bindparam("ids", expanding=True)))
_NOW = behind_its_game(
    select(
        _SEAT.c.game_id,
        _SEAT.c.id.label("seat_id"),
        _SEAT.c.person_id,
        _GAME.c.household_id,  # a part, and every tally added from it, is its game's household's
        _GAME.c.kind,
        _GAME.c.created_at.label("started"),
        *(_RESULT.c[name] for name in FIGURES),
    )
    .select_from(_SEAT.join(_GAME, _GAME.c.id == _SEAT.c.game_id).outerjoin(_RESULT, _RESULT.c.seat_id == _SEAT.c.id))
    .where(
        _SEAT.c.game_id.in_(bindparam("ids", expanding=True)),
        _GAME.c.deleted_at.is_(None),  # a game in the trash counts nothing
        _SEAT.c.person_id.is_not(None),
    )
)


_FORGET_PARTS = behind_its_game(delete(PART)).where(PART.c.game_id.in_(bindparam("ids", expanding=True)))
_KEEP_PARTS = behind_its_game(insert(PART))


def _by_game(rows: Iterable[Part]) -> dict[str, dict[int, Part]]:
    found: dict[str, dict[int, Part]] = {}
    for row in rows:
        found.setdefault(row["game_id"], {})[row["seat_id"]] = row
    return found


def _now(connection: Connection, ids: list[str]) -> list[Part]:
    parts = []
    for row in connection.execute(_NOW, {"ids": ids}):
        part = dict(row._mapping)
        part["month"] = month_of(part["started"])
        parts.append(part)
    return parts


# ---------------------------------------------------------------- the hook


def game_changed(db: Session, game_id: str) -> None:
    """Bring the tallies in line with the game as stored now in this transaction (see the module's docstring)."""
    games_changed(db, (game_id,))


def games_changed(db: Session, game_ids: Collection[str]) -> None:
    """:func:`game_changed` for each of these games, a few statements for many games."""
    ids = sorted(set(game_ids))
    if not ids:
        return
    db.flush()  # what the session holds is what the parts are read from
    connection = db.connection()
    for begin in range(0, len(ids), CHUNK):
        _bring_in_line(connection, ids[begin : begin + CHUNK])


def _bring_in_line(connection: Connection, ids: list[str]) -> None:
    then = _by_game(dict(r._mapping) for r in connection.execute(_THEN, {"ids": ids}))
    now = _by_game(_now(connection, ids))
    changed = [g for g in ids if then.get(g, {}) != now.get(g, {})]
    if not changed:
        return
    old = [p for g in changed for p in then.get(g, {}).values()]
    new = [p for g in changed for p in now.get(g, {}).values()]
    people = sorted({p["person_id"] for p in (*old, *new)})
    _lock(connection, people)
    connection.execute(_FORGET_PARTS, {"ids": changed})
    if new:
        connection.execute(_KEEP_PARTS, new)
    finished = [p for p in (*old, *new) if p["place"] is not None]
    if finished:
        _count_months(
            connection,
            {p["person_id"] for p in finished},
            {p["kind"] for p in finished},
            {p["month"] for p in finished},
        )
    homes = {p["person_id"]: p["household_id"] for p in (*old, *new)}
    _move_pairs(connection, _pairs(old), _pairs(new), homes)
    _move_people(connection, old, new, homes)


_LOCK = behind_its_game(
    select(_PEOPLE.c.id)
    .where(_PEOPLE.c.id.in_(bindparam("people", expanding=True)))
    .order_by(_PEOPLE.c.id)
    # FOR NO KEY UPDATE: a seat inserted meanwhile takes a key-share lock on its person, which FOR UPDATE waits
    # for (games started at once with the same players deadlocked on PostgreSQL); this one does not conflict
    .with_for_update(key_share=True)
)


def _lock(connection: Connection, people: list[int]) -> None:
    """On PostgreSQL, wait for any other write counting for these people to end (SQLite has one writer anyway)."""
    if connection.dialect.name == "postgresql" and people:
        connection.execute(_LOCK, {"people": people}).all()


# ---------------------------------------------------------------- a person's months


def months(where: Any) -> Any:
    """The parts of finished games (those ``where`` says) added up per person, kind and month, as models.Tally
    keeps them: the one sum both the tallies and a phone's own games (a bounded set) are read from."""
    whole = case((PART.c.left_after.is_(None), PART.c.total))
    return (
        select(
            PART.c.household_id,
            PART.c.person_id,
            PART.c.kind,
            PART.c.month,
            func.count().label("games"),
            func.sum(case((PART.c.place == 1, 1), else_=0)).label("won"),
            func.sum(case((and_(PART.c.place == 1, PART.c.shares_place), 1), else_=0)).label("shared"),
            func.sum(PART.c.rounds).label("rounds"),
            func.sum(PART.c.pips).label("pips"),
            func.sum(PART.c.hands).label("hands"),
            func.sum(PART.c.went_out).label("went_out"),
            func.sum(PART.c.blocked).label("blocked"),
            func.sum(case((PART.c.left_after.is_not(None), 1), else_=0)).label("games_left"),
            func.min(whole).label("best_whole"),
            func.min(PART.c.total).label("best_any"),
            func.max(whole).label("worst_whole"),
            func.max(PART.c.total).label("worst_any"),
            func.min(PART.c.lowest).label("lowest"),
            func.max(PART.c.highest).label("highest"),
            func.max(PART.c.run).label("streak"),
        )
        .where(PART.c.place.is_not(None), where)
        .group_by(PART.c.household_id, PART.c.person_id, PART.c.kind, PART.c.month)
    )


def _these(table: Any) -> Any:
    """The rows of some people, kinds and months (each a list bound when the statement runs)."""
    return and_(
        table.c.person_id.in_(bindparam("people", expanding=True)),
        table.c.kind.in_(bindparam("kinds", expanding=True)),
        table.c.month.in_(bindparam("months", expanding=True)),
    )


_FORGET_MONTHS = behind_its_game(delete(TALLY)).where(_these(TALLY))
_SUMS = months(_these(PART))
_COUNT_MONTHS = behind_its_game(insert(TALLY)).from_select([c.name for c in _SUMS.selected_columns], _SUMS)
"""Built once, as every statement the hook sends: a finishing round pays for its SQL, not for building it."""


def _count_months(connection: Connection, people: set[int], kinds: set[str], in_months: set[int]) -> None:
    """Work these people's tallies of these kinds and months out again from their parts."""
    these = {"people": sorted(people), "kinds": sorted(kinds), "months": sorted(in_months)}
    connection.execute(_FORGET_MONTHS, these)
    connection.execute(_COUNT_MONTHS, these)


# ---------------------------------------------------------------- head to head and games played

PairKey = tuple[int, int, str]


def _pairs(parts: Iterable[Part]) -> Counter[tuple[PairKey, str]]:
    """What these parts count for head to head: per (person, opponent, kind), games, ahead and behind."""
    counts: Counter[tuple[PairKey, str]] = Counter()
    for seats in _by_game(p for p in parts if p["place"] is not None).values():
        for mine in seats.values():
            for theirs in seats.values():
                if mine["person_id"] == theirs["person_id"]:
                    continue
                key = (mine["person_id"], theirs["person_id"], mine["kind"])
                counts[(key, "games")] += 1
                counts[(key, "ahead")] += mine["place"] < theirs["place"]
                counts[(key, "behind")] += mine["place"] > theirs["place"]
    return counts


_AMONG_THEM = and_(
    PAIR.c.person_id.in_(bindparam("people", expanding=True)),
    PAIR.c.opponent_id.in_(bindparam("people", expanding=True)),
)
_PAIRS = behind_its_game(select(PAIR)).where(_AMONG_THEM)
_FORGET_PAIRS = behind_its_game(delete(PAIR)).where(_AMONG_THEM)


def _move_pairs(
    connection: Connection,
    old: Counter[tuple[PairKey, str]],
    new: Counter[tuple[PairKey, str]],
    homes: dict[int, int],
) -> None:
    """Move head to head by what changed; ``homes`` says each person's household (a pair is its person's)."""
    moved = {k: new[k] - old[k] for k in old.keys() | new.keys() if new[k] != old[k]}
    if not moved:
        return
    people = {"people": sorted({key[0] for key, _what in moved})}
    rows: dict[PairKey, dict[str, int]] = {}
    for row in connection.execute(_PAIRS, people):
        rows[(row.person_id, row.opponent_id, row.kind)] = {w: getattr(row, w) for w in ("games", "ahead", "behind")}
    for (key, what), by in moved.items():
        rows.setdefault(key, {"games": 0, "ahead": 0, "behind": 0})[what] += by
    connection.execute(_FORGET_PAIRS, people)
    kept = [
        {"household_id": homes[p], "person_id": p, "opponent_id": o, "kind": k, **v}
        for (p, o, k), v in rows.items()
        if v["games"] > 0
    ]
    if kept:
        connection.execute(_KEEP_PAIRS, kept)


_KEEP_PAIRS = behind_its_game(insert(PAIR))
_LATEST = behind_its_game(
    select(PART.c.started)
    .where(PART.c.person_id == bindparam("person_id"))
    .order_by(PART.c.started.desc(), PART.c.game_id.desc())
    .limit(1)
)


_THEM = PERSON.c.person_id.in_(bindparam("people", expanding=True))
_PEOPLES_GAMES = behind_its_game(select(PERSON.c.person_id, PERSON.c.games)).where(_THEM)
_FORGET_PEOPLE = behind_its_game(delete(PERSON)).where(_THEM)
_KEEP_PEOPLE = behind_its_game(insert(PERSON))


def _move_people(connection: Connection, old: Iterable[Part], new: Iterable[Part], homes: dict[int, int]) -> None:
    moved = Counter(p["person_id"] for p in new)
    moved.subtract(p["person_id"] for p in old)
    people = sorted(moved)
    games = dict(connection.execute(_PEOPLES_GAMES, {"people": people}).all())
    connection.execute(_FORGET_PEOPLE, {"people": people})
    kept = []
    for person_id in people:
        count = games.get(person_id, 0) + moved[person_id]
        if count > 0:  # the latest game along the person's own index: one row read
            latest = connection.execute(_LATEST, {"person_id": person_id}).scalar_one()
            kept.append(
                {"household_id": homes[person_id], "person_id": person_id, "games": count, "last_played": latest}
            )
    if kept:
        connection.execute(_KEEP_PEOPLE, kept)
