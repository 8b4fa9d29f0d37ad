"""The tallies counted afresh from every game's rounds, to hold the kept ones against (services.tallies).

Nothing here reads the tallies' own code or the kept seat results: each game not in the trash is read whole and
its seats' results worked out by the score sheet (services.results.results_of), then added up in Python."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper.models import Game, Seat, Tally, TallyPair, TallyPart, TallyPerson
from scorekeeper.services.loading import read_game
from scorekeeper.services.results import results_of

FIGURES = ("place", "shares_place", "rounds", "pips", "total", "hands", "went_out", "blocked", "lowest", "highest")
Rows = dict[str, list[tuple[Any, ...]]]


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def afresh(db: Session) -> Rows:
    """Every tally as it should be, each table's rows in a fixed order."""
    parts: list[dict[str, Any]] = []
    for game_id, kind, started, household_id in db.execute(
        select(Game.id, Game.kind, Game.created_at, Game.household_id).where(Game.deleted_at.is_(None))
    ):
        results = {r.position: r for r in results_of(read_game(db, game_id))}
        seats = db.execute(select(Seat.id, Seat.position, Seat.person_id).where(Seat.game_id == game_id))
        for seat_id, position, person_id in seats:
            if person_id is None:
                continue
            result = results.get(position)
            figures = {f: getattr(result, f) if result else None for f in (*FIGURES, "run", "left_after")}
            moment = _utc(started)
            parts.append(
                {"game_id": game_id, "seat_id": seat_id, "person_id": person_id, "kind": kind, "started": moment}
                | {"month": moment.year * 100 + moment.month, "household_id": household_id}
                | figures
            )
    # every tally is its person's household's (the household of the games they played: a person has one)
    homes = {p["person_id"]: p["household_id"] for p in parts}
    months: dict[tuple[int, str, int], list[dict[str, Any]]] = {}
    for p in parts:
        if p["place"] is not None:
            months.setdefault((p["person_id"], p["kind"], p["month"]), []).append(p)
    tally = []
    for (person_id, kind, month), ps in months.items():
        whole = [p["total"] for p in ps if p["left_after"] is None]
        tally.append(
            (person_id, kind, month, len(ps), sum(p["place"] == 1 for p in ps))
            + (sum(p["place"] == 1 and bool(p["shares_place"]) for p in ps),)
            + tuple(sum(p[f] for p in ps) for f in ("rounds", "pips", "hands", "went_out", "blocked"))
            + (sum(p["left_after"] is not None for p in ps),)
            + (min(whole, default=None), min(p["total"] for p in ps), max(whole, default=None))
            + (max(p["total"] for p in ps), min(p["lowest"] for p in ps), max(p["highest"] for p in ps))
            + (max(p["run"] for p in ps), homes[person_id])
        )
    pairs: Counter[tuple[int, int, str, str]] = Counter()
    finished = [p for p in parts if p["place"] is not None]
    for mine in finished:
        for theirs in finished:
            if mine["game_id"] == theirs["game_id"] and mine["person_id"] != theirs["person_id"]:
                key = (mine["person_id"], theirs["person_id"], mine["kind"])
                pairs[(*key, "games")] += 1
                pairs[(*key, "ahead")] += mine["place"] < theirs["place"]
                pairs[(*key, "behind")] += mine["place"] > theirs["place"]
    keys = {k[:3] for k in pairs}
    people: dict[int, list[datetime]] = {}
    for p in parts:
        people.setdefault(p["person_id"], []).append(p["started"])
    columns = [c.name for c in TallyPart.__table__.columns]
    return {
        "tally_part": sorted((tuple(p[c] for c in columns) for p in parts), key=repr),
        "tally": sorted(tally, key=repr),
        "tally_pair": sorted(
            (k + tuple(pairs[(*k, w)] for w in ("games", "ahead", "behind")) + (homes[k[0]],) for k in keys), key=repr
        ),
        "tally_person": sorted(((i, len(s), max(s), homes[i]) for i, s in people.items()), key=repr),
    }


def kept(db: Session) -> Rows:
    """Every tally as stored, in the same shape (times in UTC)."""
    found: Rows = {}
    for model in (TallyPart, Tally, TallyPair, TallyPerson):
        table = model.__table__
        rows = [tuple(_utc(v) if isinstance(v, datetime) else v for v in row) for row in db.execute(select(table))]
        found[str(table.name)] = sorted(rows, key=repr)
    return found


def assert_counted_right(db: Session) -> None:
    """The kept tallies are the ones counted afresh."""
    db.rollback()  # read what is committed now
    now, expected = kept(db), afresh(db)
    for table in expected:
        assert now[table] == expected[table], table
