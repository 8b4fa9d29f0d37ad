"""The score sheet's use cases and queries: start a game, enter, correct and undo rounds, end, delete, list.

A deleted game goes to the trash (``Game.deleted_at``): gone from the list, its pages and the API, with its
rounds and history kept, until it is restored or, after TRASH_DAYS, purged.

Every change to the scores also writes a line of history, in the words of the table at the time.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

from sqlalchemy import Select, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload
from sqlalchemy.orm.exc import StaleDataError

from ..i18n import _, ngettext
from ..kinds import kind_of
from ..models import Change, Game, Round, Score, Seat
from ..rules.i18n import N_
from .errors import Conflict, NotFound, PreconditionFailed
from .game_view import GameView, next_round, rounds_total, view
from .inputs import NewGame, RoundEntry, check_round, is_game_id

# ---------------------------------------------------------------- reading


def _whole_game(game_id: str) -> Select[Game]:
    return (
        select(Game)
        .where(Game.id == game_id, Game.deleted_at.is_(None))
        .options(selectinload(Game.seats), selectinload(Game.rounds).selectinload(Round.scores))
    )


def get_game(db: Session, game_id: str) -> Game:
    """The game with its seats, rounds and scores; NotFound says where to go instead."""
    # an id outside the game-id alphabet (a NUL byte upsets PostgreSQL) cannot name a game: no query for it
    game = db.scalar(_whole_game(game_id)) if is_game_id(game_id) else None
    if game is None:
        raise no_game()
    return game


def no_game() -> NotFound:
    """No game here (never was, or in the trash): say where to go instead."""
    return NotFound(
        _("There is no game at this address. It may have been deleted; start a new one from the games list.")
    )


def _among(query: Select[Game], among: Collection[str] | None) -> Select[Game]:
    """The query kept to the games with these ids; all games for None."""
    return query if among is None else query.where(Game.id.in_(list(among)))


def list_games(db: Session, among: Collection[str] | None = None) -> tuple[list[GameView], list[GameView]]:
    """Games in progress and finished games, most recently touched first: every game, or those with these ids."""
    if among is not None and not among:
        return [], []
    query = (
        select(Game)
        .where(Game.deleted_at.is_(None))
        .order_by(Game.updated_at.desc())
        .options(selectinload(Game.seats), selectinload(Game.rounds).selectinload(Round.scores))
    )
    games = db.scalars(_among(query, among)).all()
    views = [view(g) for g in games]
    return [v for v in views if not v.finished], [v for v in views if v.finished]


def last_players(db: Session, among: Collection[str] | None = None) -> list[str]:
    """The players of the most recently started game (of every game, or of those with these ids), in seat order."""
    if among is not None and not among:
        return []
    query = (
        select(Game)
        .where(Game.deleted_at.is_(None))
        .order_by(Game.created_at.desc())
        .limit(1)
        .options(selectinload(Game.seats))
    )
    game = db.scalar(_among(query, among))
    return [s.name for s in game.seats] if game else []


def history(db: Session, game: Game) -> list[Change]:
    """Every change made to the game's scores, oldest first."""
    return list(db.scalars(select(Change).where(Change.game_id == game.id).order_by(Change.id)))


def find_round(game: Game, number: object) -> Round:
    """The round with this number; NotFound says which rounds there are."""
    for r in game.rounds:
        if r.number == number:
            return r
    played = len(game.rounds)
    span = _("rounds 1 to %(last)d", last=played) if played else _("no rounds yet")
    raise NotFound(_("Round %(number)s has not been played; this game has %(span)s.", number=number, span=span))


# ---------------------------------------------------------------- the history


def _log(db: Session, game: Game, action: str, number: int, player: str | None, old: object, new: object) -> None:
    db.add(
        Change(
            game_id=game.id,
            action=action,
            round_number=number,
            player=player,
            old=None if old is None else str(old),
            new=None if new is None else str(new),
        )
    )


def _hand(pips: int, tiles: int) -> str:
    # stored in the history as written at the time, so it stays in the language of the table
    return ngettext("%(num)d tile, %(pips)d pips", "%(num)d tiles, %(pips)d pips", tiles, pips=pips)


def _score(pips: int, tiles: int | None) -> object:
    """A seat's result as the history shows it: the pips, or the tiles and pips of a game that records tiles."""
    return pips if tiles is None else _hand(pips, tiles)


# States kept in the history in English and shown in the reader's language (history.html)
HISTORY_WORDS = (N_("went out"), N_("stayed in"), N_("blocked"), N_("not blocked"), N_("game over"))


def _flag(went_out: bool, blocked: bool) -> str:
    return "went out" if went_out else ("blocked" if blocked else "")


# ---------------------------------------------------------------- one write at a time

STALE = N_("This game changed on another phone since you opened it.")


class _Write:
    """A write in progress: the version it is based on, and whether it changed anything worth keeping."""

    def __init__(self, seen: int) -> None:
        self.seen = seen
        """The game's version before this write."""
        self.keep = True

    def discard(self) -> None:
        """Nothing to store: give the claim back, the version stays as it was."""
        self.keep = False


def _reread(db: Session, game_id: str) -> Game:
    """The game as stored now, refreshing the objects this session already holds."""
    game = db.scalar(_whole_game(game_id).execution_options(populate_existing=True))
    if game is None:
        raise no_game()
    return game


@contextmanager
def _writing(db: Session, game: Game, *, draft: bool = False) -> Iterator[_Write]:
    """Change the game as one atomic, version-checked write.

    The version is bumped first, in the database (``UPDATE game SET version = version + 1``): on SQLite and
    PostgreSQL alike that makes any other write to the game wait until this one is committed or rolled back.
    Then the game is read again, so the write decides on what is stored now, never on what a page showed a
    moment ago. A ServiceError raised inside rolls everything back and leaves ``game`` as stored; a commit
    that still trips over a constraint answers Conflict with the game as stored.

    ``draft``: a change to the round being filled in, not to the score sheet: ``drafts`` grows instead of
    ``version`` (so no correction or If-Match goes stale over it), and nothing is written to the history."""
    game_id = game.id
    db.rollback()  # end any read begun earlier, so the claim below reads the newest rows
    bump = {"drafts": Game.drafts + 1} if draft else {"version": Game.version + 1}
    claimed = db.connection().execute(
        update(Game)
        .where(Game.id == game_id, Game.deleted_at.is_(None))
        .values(**bump, updated_at=datetime.now().astimezone())
    )
    if claimed.rowcount != 1:
        db.rollback()
        raise no_game()
    _reread(db, game_id)
    write = _Write(game.version if draft else game.version - 1)
    try:
        yield write
    except BaseException:
        db.rollback()
        _reread(db, game_id)
        raise
    if not write.keep or not (draft or any(isinstance(row, Change) for row in db.new)):
        db.rollback()
        _reread(db, game_id)
        return
    try:
        db.commit()
    except (IntegrityError, StaleDataError):
        db.rollback()
        raise Conflict(_(STALE), game=_reread(db, game_id)) from None


def _check_version(game: Game, write: _Write, expected: int | None) -> None:
    if expected is not None and expected != write.seen:
        raise PreconditionFailed(_(STALE), game)


def round_mark(rnd: Round) -> str:
    """A round's values in a few characters: a correction form carries the mark of the round it opened, so
    that only a change to that round (not a new round elsewhere in the game) stops it as stale."""
    scores = sorted(rnd.scores, key=lambda s: s.seat_position)
    return ("b" if rnd.blocked else "") + ";".join(
        f"{s.pips}{'' if s.tiles is None else f'/{s.tiles}'}{'*' if s.went_out else ''}" for s in scores
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


def _same(rnd: Round, values: Sequence[int], tiles: Sequence[int] | None, entry: RoundEntry) -> bool:
    """Whether a round as entered holds exactly these values."""
    by_pos = {s.seat_position: s for s in rnd.scores}
    return rnd.blocked == entry.blocked and all(
        by_pos[i].pips == v
        and by_pos[i].tiles == (None if tiles is None else tiles[i])
        and by_pos[i].went_out == (entry.went_out == i)
        for i, v in enumerate(values)
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
        seats=[Seat(position=i, name=n) for i, n in enumerate(new.players)],
        first_dealer=new.first_dealer,
    )
    db.add(game)
    db.commit()
    return game


def add_round(
    db: Session, game: Game, entry: RoundEntry, number: int | None = None, expected: int | None = None
) -> tuple[Round, bool]:
    """Score the round ``number`` (None: the next one); returns it and whether it was stored just now.

    Sent again with the same values, the round stored earlier comes back and nothing is written; with other
    values, Conflict carries the round stored (``stored``). Conflict too once the game is over, or when the
    game moved on since the round was opened; Invalid names every field at fault. ``expected``: the game's
    version the round was entered on (PreconditionFailed if it changed since); a resend is never refused."""
    with _writing(db, game) as write:
        played = len(game.rounds)
        if number is not None and 1 <= number <= played:
            stored = find_round(game, number)
            values, tiles = check_round(game, stored.engine, entry)
            if _same(stored, values, tiles, entry):
                write.discard()
                return stored, False
            words = kind_of(game.kind).words
            raise Conflict(
                _("%(round)s was already entered on another phone.", round=_(words.round, number=number)),
                game=game,
                stored=stored,
            )
        _check_version(game, write, expected)
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
        values, tiles = check_round(game, upcoming.engine, entry)
        rnd = Round(
            number=upcoming.number,
            engine=upcoming.engine,
            blocked=entry.blocked,
            scores=[
                Score(seat_position=i, pips=v, went_out=entry.went_out == i, tiles=None if tiles is None else tiles[i])
                for i, v in enumerate(values)
            ],
            created_at=game.updated_at,
        )
        game.rounds.append(rnd)
        game.draft_scores.clear()  # the round is stored: what the phones filled in for it is done with
        game.draft_blocked = False
        for i, (seat, v) in enumerate(zip(game.seats, values)):
            _log(db, game, "entered", rnd.number, seat.name, None, _score(v, None if tiles is None else tiles[i]))
        if entry.blocked:
            _log(db, game, "entered", rnd.number, None, None, "blocked")
    return rnd, True


def edit_round(
    db: Session, game: Game, number: int, entry: RoundEntry, expected: int | None = None, seen: str | None = None
) -> Round:
    """Correct a round already entered, logging each value it replaces as stored at that moment.

    ``expected``: the game's version the correction was made on; PreconditionFailed (with the game as stored)
    if it changed since, unless ``seen``, the :func:`round_mark` the correction was opened on, shows that this
    round itself is unchanged. NotFound, Conflict (undone on another phone) or Invalid as for a new round."""
    with _writing(db, game) as write:
        _gone(db, game, number)
        rnd = find_round(game, number)
        if seen is None or seen != round_mark(rnd):
            _check_version(game, write, expected if seen is None or expected is not None else -1)
        values, tiles = check_round(game, rnd.engine, entry)
        by_pos = {s.seat_position: s for s in rnd.scores}
        for seat, v in zip(game.seats, values):
            score = by_pos[seat.position]
            old_flag = _flag(score.went_out, False)
            new_out = entry.went_out == seat.position
            new_tiles = None if tiles is None else tiles[seat.position]
            if score.pips != v or score.tiles != new_tiles:
                old = score.pips if tiles is None else _hand(score.pips, score.tiles or 0)
                _log(db, game, "corrected", number, seat.name, old, _score(v, new_tiles))
                score.pips = v
                score.tiles = new_tiles
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
    return rnd


def undo_round(db: Session, game: Game, number: int | None = None, expected: int | None = None) -> int:
    """Remove the last round, keeping its values in the history; returns its number.

    ``number`` names the round meant (None: whichever is last): sent again once it is gone, or when another
    round has become the last, Conflict refuses. ``expected`` as for :func:`edit_round`."""
    with _writing(db, game) as write:
        _check_version(game, write, expected)
        if number is not None and number > len(game.rounds):
            _gone(db, game, number)
        if not game.rounds:
            raise Conflict(_("There is no round to undo yet."), game=game)
        rnd = game.rounds[-1]
        if number is not None and number != rnd.number:
            raise Conflict(_(STALE), game=game)
        names = {s.position: s.name for s in game.seats}
        for score in rnd.scores:
            _log(db, game, "undone", rnd.number, names[score.seat_position], _score(score.pips, score.tiles), None)
        game.rounds.remove(rnd)
        game.finished_at = None  # an evening ended by hand plays on once a hand is taken back
    return rnd.number


def finish_game(db: Session, game: Game, expected: int | None = None) -> None:
    """End an open-ended evening after its last hand; Conflict for a game that ends by itself, or is over.
    ``expected`` as for :func:`edit_round`."""
    with _writing(db, game) as write:
        _check_version(game, write, expected)
        kind = kind_of(game.kind)
        if kind.ends_by_itself is not None:
            raise Conflict(_(kind.ends_by_itself), game=game)
        if game.finished_at is not None or next_round(game) is None:
            raise Conflict(_("This game is already over."), game=game)
        if not game.rounds:
            raise Conflict(_("Play at least one hand before ending the game, or delete it instead."), game=game)
        game.finished_at = game.updated_at
        _log(db, game, "finished", len(game.rounds), None, None, "game over")


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
    db.commit()
    return bool(restored.rowcount == 1)


def in_trash(db: Session, game_id: str) -> bool:
    """Whether the game is in the trash."""
    return (
        is_game_id(game_id)
        and db.scalar(select(Game.id).where(Game.id == game_id, Game.deleted_at.is_not(None))) is not None
    )


def trashed_games(db: Session, among: Collection[str] | None = None) -> list[tuple[GameView, datetime]]:
    """The games in the trash (all, or those with these ids) with when each was deleted, newest first."""
    if among is not None and not among:
        return []
    query = (
        select(Game)
        .where(Game.deleted_at.is_not(None))
        .order_by(Game.deleted_at.desc(), Game.id)
        .options(selectinload(Game.seats), selectinload(Game.rounds).selectinload(Round.scores))
    )
    games = db.scalars(_among(query, among)).all()
    return [(view(g), _aware(g.deleted_at)) for g in games if g.deleted_at is not None]


def purge_trash(db: Session, now: datetime | None = None) -> int:
    """Delete for good, with their rounds and history, the games in the trash for more than TRASH_DAYS;
    returns how many."""
    cutoff = (now or datetime.now(UTC)) - timedelta(days=TRASH_DAYS)
    # compared here rather than in SQL: SQLite keeps the times as text, and the trash is small
    old = [
        game_id
        for game_id, deleted_at in db.execute(select(Game.id, Game.deleted_at).where(Game.deleted_at.is_not(None)))
        if deleted_at is not None and _aware(deleted_at) < cutoff
    ]
    for game_id in old:
        _destroy(db, game_id)
    db.commit()
    return len(old)


def _destroy(db: Session, game_id: str) -> None:
    db.execute(delete(Change).where(Change.game_id == game_id))
    game = db.get(Game, game_id)
    if game is not None:
        db.delete(game)
