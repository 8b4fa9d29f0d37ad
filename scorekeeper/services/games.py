"""The score sheet's use cases and queries: start a game, enter, correct and undo rounds, end, delete, list.

Every change to the scores also writes a line of history, in the words of the table at the time.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.orm import Session, selectinload

from ..i18n import _, ngettext
from ..kinds import kind_of
from ..models import Change, Game, Round, Score, Seat
from ..rules.i18n import N_
from .errors import Conflict, NotFound
from .game_view import GameView, next_round, rounds_total, view
from .inputs import NewGame, RoundEntry, check_round

# ---------------------------------------------------------------- reading


def get_game(db: Session, game_id: str) -> Game:
    """The game with its seats, rounds and scores; NotFound says where to go instead."""
    game = db.scalar(
        select(Game)
        .where(Game.id == game_id)
        .options(selectinload(Game.seats), selectinload(Game.rounds).selectinload(Round.scores))
    )
    if game is None:
        raise NotFound(
            _("There is no game at this address. It may have been deleted; start a new one from the games list.")
        )
    return game


def list_games(db: Session) -> tuple[list[GameView], list[GameView]]:
    """Games in progress and finished games, most recently touched first."""
    games = db.scalars(
        select(Game)
        .order_by(Game.updated_at.desc())
        .options(selectinload(Game.seats), selectinload(Game.rounds).selectinload(Round.scores))
    ).all()
    views = [view(g) for g in games]
    return [v for v in views if not v.finished], [v for v in views if v.finished]


def last_players(db: Session) -> list[str]:
    """The players of the most recently started game, in seat order."""
    game = db.scalar(select(Game).order_by(Game.created_at.desc()).limit(1).options(selectinload(Game.seats)))
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
    )
    db.add(game)
    db.commit()
    return game


def add_round(db: Session, game: Game, entry: RoundEntry) -> Round:
    """Score the next round; Conflict once the game is over, Invalid names every field at fault."""
    upcoming = next_round(game)
    if upcoming is None:
        raise Conflict(
            _(
                "All %(count)s rounds are scored and the game is over; correct a round instead.",
                count=rounds_total(game) or len(game.rounds),
            )
        )
    values, tiles = check_round(game, upcoming.engine, entry)
    rnd = Round(
        number=upcoming.number,
        engine=upcoming.engine,
        blocked=entry.blocked,
        scores=[
            Score(seat_position=i, pips=v, went_out=entry.went_out == i, tiles=None if tiles is None else tiles[i])
            for i, v in enumerate(values)
        ],
    )
    game.rounds.append(rnd)
    for i, (seat, v) in enumerate(zip(game.seats, values)):
        _log(db, game, "entered", rnd.number, seat.name, None, _score(v, None if tiles is None else tiles[i]))
    if entry.blocked:
        _log(db, game, "entered", rnd.number, None, None, "blocked")
    game.updated_at = rnd.created_at = datetime.now().astimezone()
    db.commit()
    return rnd


def edit_round(db: Session, game: Game, number: int, entry: RoundEntry) -> Round:
    """Correct a round already entered, logging each change; NotFound or Invalid as for a new round."""
    rnd = find_round(game, number)
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
                db, game, "corrected", number, seat.name, old_flag or "stayed in", _flag(new_out, False) or "stayed in"
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
    game.updated_at = datetime.now().astimezone()
    db.commit()
    return rnd


def undo_last_round(db: Session, game: Game) -> int:
    """Remove the last round, keeping its values in the history; returns its number."""
    if not game.rounds:
        raise Conflict(_("There is no round to undo yet."))
    rnd = game.rounds[-1]
    names = {s.position: s.name for s in game.seats}
    for score in rnd.scores:
        _log(db, game, "undone", rnd.number, names[score.seat_position], _score(score.pips, score.tiles), None)
    game.rounds.remove(rnd)
    game.updated_at = datetime.now().astimezone()
    db.commit()
    return rnd.number


def finish_game(db: Session, game: Game) -> None:
    """End an open-ended evening after its last hand; Conflict for a game that ends by itself, or is over."""
    kind = kind_of(game.kind)
    if kind.ends_by_itself is not None:
        raise Conflict(_(kind.ends_by_itself))
    if game.finished_at is not None or next_round(game) is None:
        raise Conflict(_("This game is already over."))
    if not game.rounds:
        raise Conflict(_("Play at least one hand before ending the game, or delete it instead."))
    game.finished_at = datetime.now().astimezone()
    _log(db, game, "finished", len(game.rounds), None, None, "game over")
    db.commit()


def delete_game(db: Session, game: Game) -> None:
    """Delete the game, its rounds and its history for good."""
    db.execute(delete(Change).where(Change.game_id == game.id))
    db.delete(game)
    db.commit()
