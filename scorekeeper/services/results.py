"""How each seat ended a finished game, kept beside the game (models.SeatResult) for the records and stats.

A household's stats used to be counted from every score it ever entered, so a page grew slower with every
evening: at 10,000 games the first stats page after a round took seconds. Each game's seats' results are now
worked out from the game alone, by the same read model the table screen uses (:func:`game_view.view`: its
standings, points and hands won), in the same transaction as every write that can change them
(:func:`settle`, called by services.unit_of_work before it commits). The stats add up a row per seat.

A row exists while the game is over and the seat played in it; a game still going on, or taken back to a round
before its end, has none. Games stored before results were kept, and games written around the app, are marked
due (models.ResultDue) and worked out by :func:`settle_due`, which :func:`upgrade` runs after the migrations.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass

from sqlalchemy import bindparam, delete, insert, select
from sqlalchemy.orm import Session

from ..db import make_engine, migrate
from ..models import ResultDue, Seat, SeatResult
from .errors import NotFound
from .game_view import AnyGame, StoredGame, is_over, view
from .loading import read_game
from .tallies import games_changed

_TABLES = SeatResult.metadata.tables
_RESULT, _SEAT = _TABLES[SeatResult.__tablename__], _TABLES[Seat.__tablename__]


@dataclass(frozen=True, slots=True)
class Result:
    """One seat's result, as :class:`~scorekeeper.models.SeatResult` keeps it (by seat position here)."""

    position: int
    place: int
    shares_place: bool
    rounds: int
    pips: int
    total: int
    hands: int
    went_out: int
    blocked: int
    lowest: int
    highest: int
    run: int
    left_after: int | None = None


def results_of(game: AnyGame) -> list[Result]:
    """Each seat's result once the game is over, in seat order; nothing while it goes on. A seat that played
    no round of the game (joined and left before its first) has none: it did not play the game."""
    if not game.rounds or not is_over(game):
        return []
    shown = view(game)
    places = {s.player: s.rank for s in shown.standings}
    # a player who left is placed after everyone who played on (rules.standings), and says when they left
    gone = {s.player: s.left_after for s in shown.standings}
    sharing = Counter(places.values())
    found = []
    for seat in shown.seats:
        name = seat.name
        played = [r for r in shown.rounds if name in r.pips]
        if not played:
            continue
        counted = [r.counted(name) for r in played]
        run = longest = 0
        for r in played:  # a round the seat sat out (before joining, after leaving) is no round of theirs
            run = run + 1 if r.went_out == name else 0
            longest = max(longest, run)
        place = places[name]
        found.append(
            Result(
                position=seat.position,
                place=place,
                shares_place=sharing[place] > 1,
                rounds=len(played),
                pips=sum(counted),
                total=sum(counted) + seat.start_total,
                hands=sum(name in r.winners for r in played) if shown.kind.wins_hands else 0,
                went_out=sum(r.went_out == name for r in played),
                blocked=sum(r.blocked for r in played),
                lowest=min(counted),
                highest=max(counted),
                run=longest,
                left_after=gone[name],
            )
        )
    return found


_CLEAR = delete(_RESULT).where(_RESULT.c.game_id == bindparam("game_id"))
_SEATS = select(_SEAT.c.position, _SEAT.c.id).where(_SEAT.c.game_id == bindparam("game_id"))
_KEEP = insert(_RESULT)
"""Built once: a game's results are written as a whole, the old ones cleared first."""


def settle(db: Session, game: StoredGame) -> None:
    """Write the game's results as ``game`` (read in this transaction, after the write) has them; in the
    transaction of the write that changed the game, so that the stats never see one without the other."""
    connection = db.connection()
    connection.execute(_CLEAR, {"game_id": game.id})
    found = results_of(game)
    if not found:
        return
    seat_ids: dict[int, int] = dict(connection.execute(_SEATS, {"game_id": game.id}).all())
    rows = []
    for result in found:
        row = asdict(result)
        row["seat_id"] = seat_ids[row.pop("position")]
        rows.append({**row, "game_id": game.id})
    connection.execute(_KEEP, rows)


def settle_game(db: Session, game_id: str) -> None:
    """Work out the results of the game with this id as stored now in this transaction (none for a game in
    the trash: its results are worked out again when it comes back)."""
    try:
        game = read_game(db, game_id)
    except NotFound:
        db.connection().execute(_CLEAR, {"game_id": game_id})
        return
    settle(db, game)


BATCH = 500
"""Games worked out per transaction by :func:`settle_due`."""


def settle_due(db: Session) -> int:
    """Work out the results of every game marked due, a batch per transaction; returns how many."""
    done = 0
    while True:
        ids = db.scalars(select(ResultDue.game_id).limit(BATCH)).all()
        if not ids:
            return done
        for game_id in ids:
            try:
                settle_game(db, game_id)
            except (ValueError, KeyError, IndexError):
                # rows no score sheet can show (edited by hand): no results, rather than an upgrade that fails
                db.connection().execute(_CLEAR, {"game_id": game_id})
        db.execute(delete(ResultDue).where(ResultDue.game_id.in_(ids)))
        games_changed(db, ids)
        db.commit()
        done += len(ids)


def upgrade(url: str) -> None:
    """Bring the database up to date: the migrations (:func:`scorekeeper.db.migrate`), then the results of every
    game they left due. ``make run``, ``scorekeeper upgrade-db`` and ``flask upgrade-db`` all run this."""
    migrate(url)
    engine = make_engine(url)
    try:
        with Session(engine) as db:
            settle_due(db)
    finally:
        engine.dispose()
