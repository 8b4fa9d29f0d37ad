"""A round filled in from several phones: each player sends their own leftover pips, everyone sees who has.

What the phones send is kept in the database (``DraftScore``, and the round's blocked mark on the game) until
the round is complete, every player with a value and one of them out or the round marked blocked; then it is
stored as any round is (:func:`add_round`, with its number, so that two phones completing it at once store it
once) and the drafts are cleared in the same transaction. A half-filled round survives a reload, another
worker and a restart, and every write bumps ``game.drafts`` so that the other phones see it within a poll.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.orm import Session

from ..entries import RoundEntry
from ..games import kind_of
from ..i18n import _
from ..models import DraftScore, Game
from ..reading import Field
from .errors import Conflict, Invalid
from .game_view import AnyGame, NextRound, next_round
from .inputs import check_round, house_rules_of, started_on
from .loading import read_game
from .round_photos import send_photo
from .rounds import add_round
from .seating import playing
from .unit_of_work import STALE, writing


@dataclass(frozen=True)
class DraftEntry:
    """One player's value as sent for the round being filled in."""

    pips: int
    tiles: int | None
    went_out: bool
    marker: bool = False
    """A marker is left on the seat's train (sent where a scoring house rule counts it)."""


@dataclass(frozen=True)
class Draft:
    """The round being filled in: what each seat has sent so far, by seat position."""

    number: int
    entries: dict[int, DraftEntry]
    blocked: bool
    double_end: bool = False
    """Someone marked the round as ended on a double (where a scoring house rule counts it)."""
    engine: int | None = None
    """The double a phone said started the round, where another may stand in for a missing engine (the house rule
    ``missing_engine``); None: the round's own engine."""

    def missing(self, seats: Sequence[int]) -> list[int]:
        """The seats that have sent nothing yet, of ``seats`` (the positions of the seats that play the round)."""
        return [i for i in seats if i not in self.entries]

    def complete(self, seats: Sequence[int]) -> bool:
        """Every seat has a value and the round has its end: someone went out, or it is blocked."""
        out = any(e.went_out for e in self.entries.values())
        return not self.missing(seats) and (out or self.blocked)


def draft_of(game: AnyGame) -> Draft | None:
    """What the phones have sent for the round to play next; None once the game is over."""
    upcoming = next_round(game)
    if upcoming is None:
        return None
    if game.draft_number != upcoming.number:
        return Draft(upcoming.number, {}, False)
    entries = {d.seat_position: DraftEntry(d.pips, d.tiles, d.went_out, bool(d.marker)) for d in game.draft_scores}
    return Draft(upcoming.number, entries, game.draft_blocked, bool(game.draft_double_end), game.draft_engine)


@dataclass(frozen=True)
class Sent:
    """One seat's value as typed on a phone: raw text, as a form or JSON sends it."""

    seat: int
    pips: object
    tiles: object = None
    went_out: bool = False
    marker: bool = False
    photo: str | None = None
    """The token of the photo of this hand the player kept (services.round_photos): the round's save links it."""


def send_mine(db: Session, game: Game, number: int, sent: Sent) -> bool:
    """Keep one seat's value for round ``number``; returns whether that completed and stored the round.

    Invalid names the field at fault (the usual checks of a round, for this seat alone, and one player out
    at most); Conflict when round ``number`` is no longer the one being filled in (stored or undone on
    another phone meanwhile)."""
    seats = len(game.seats)
    if not 0 <= sent.seat < seats:
        raise Invalid.of({Field("seat"): _("That player is not at this table.")})
    with writing(db, game, draft=True):
        upcoming = _filling(game, number)
        if sent.seat not in playing(game, number):
            name = game.seats[sent.seat].name
            raise Invalid.of({Field("seat"): _("%(name)s is not playing this round.", name=name)})
        value, tiles = _check_seat(game, upcoming.engine, sent)
        draft = draft_of(game)
        assert draft is not None
        if sent.went_out:
            others = [i for i, e in draft.entries.items() if e.went_out and i != sent.seat]
            if others:
                name = game.seats[others[0]].name
                raise Invalid.of({Field("went_out"): _("%(name)s already went out this round.", name=name)})
            if draft.blocked:
                raise Invalid.of({Field("went_out"): _("The round is marked blocked: nobody went out of it.")})
        _start(game, number)
        row = next((d for d in game.draft_scores if d.seat_position == sent.seat), None)
        if row is None:
            row = DraftScore(
                seat_position=sent.seat, pips=value, tiles=tiles, went_out=sent.went_out, marker=sent.marker
            )
            game.draft_scores.append(row)
        else:
            row.pips, row.tiles, row.went_out, row.marker = value, tiles, sent.went_out, sent.marker
        send_photo(db, game.id, number, sent.seat, sent.photo)
    return store_if_complete(db, game)


def mark_double_end(db: Session, game: Game, number: int, ended_on_double: bool) -> bool:
    """Mark (or unmark) round ``number`` as ended on a double; returns whether that completed and stored the
    round. Invalid in a game whose house rules do not count it."""
    if ended_on_double and not house_rules_of(game).scoring.double_end:
        raise Invalid.of(
            {Field("ended_on_double"): _("This game does not count a round ended on a double differently.")}
        )
    with writing(db, game, draft=True):
        _filling(game, number)
        _start(game, number)
        game.draft_double_end = ended_on_double
    return store_if_complete(db, game)


def mark_engine(db: Session, game: Game, number: int, engine: object) -> bool:
    """Say which double started round ``number`` (as typed, like "9" for 9-9; blank: its own engine); returns
    whether that completed and stored the round. Invalid, on the ``engine`` field, as the round form has it: a
    double the set lacks, or another than the round's own where no house rule lets one stand in."""
    with writing(db, game, draft=True):
        upcoming = _filling(game, number)
        started = started_on(game, upcoming.engine, RoundEntry(pips=(), engine=engine))
        _start(game, number)
        game.draft_engine = None if started == upcoming.engine else started
    return store_if_complete(db, game)


def mark_blocked(db: Session, game: Game, number: int, blocked: bool) -> bool:
    """Mark (or unmark) round ``number`` as blocked; returns whether that completed and stored the round."""
    with writing(db, game, draft=True):
        _filling(game, number)
        draft = draft_of(game)
        if blocked and draft is not None and any(e.went_out for e in draft.entries.values()):
            raise Invalid.of({Field("blocked"): _("Someone went out of this round, so it is not blocked.")})
        _start(game, number)
        game.draft_blocked = blocked
    return store_if_complete(db, game)


def _filling(game: Game, number: int) -> NextRound:
    """The round to play next, if it is ``number``; else Conflict, in the words of what happened."""
    upcoming = next_round(game)
    if upcoming is not None and upcoming.number == number:
        return upcoming
    if number <= len(game.rounds):
        words = kind_of(game.kind).words
        stored = _("%(round)s was already entered on another phone.", round=_(words.round, number=number))
        raise Conflict(stored, game=game)
    raise Conflict(_(STALE), game=game)


def _start(game: Game, number: int) -> None:
    """Drafts left from a round that was stored or undone since are out of date: start afresh."""
    if game.draft_number != number:
        game.draft_scores.clear()
        game.draft_blocked = False
        game.draft_double_end = False
        game.reopened_by = None
        game.draft_engine = None
        game.draft_number = number


def _check_seat(game: Game, engine: int | None, sent: Sent) -> tuple[int, int | None]:
    """One seat's pips (and tiles) through the usual checks of a round, the other seats standing in with
    an empty hand; Invalid with this seat's problems only."""
    seats = len(game.seats)
    wins_hands = kind_of(game.kind).wins_hands
    pips: list[object] = ["0"] * seats
    pips[sent.seat] = sent.pips
    tiles: list[object] = ["0"] * seats
    tiles[sent.seat] = sent.tiles
    # not out: "blocked" stands in for whoever goes out later, so that only this seat's value is judged
    markers = [False] * seats
    markers[sent.seat] = sent.marker
    entry = RoundEntry(
        pips=pips,
        went_out=sent.seat if sent.went_out else None,
        blocked=not sent.went_out,
        tiles=tiles if wins_hands else None,
        markers=markers,
    )
    try:
        values, counts = check_round(game, engine, entry)
    except Invalid as e:
        mine = {f: m for f, m in e.errors.items() if f.index == sent.seat or (sent.went_out and f.index is None)}
        if mine:
            raise Invalid.of(mine) from None
        raise
    return values[sent.seat], None if counts is None else counts[sent.seat]


def store_if_complete(db: Session, game: Game) -> bool:
    """Store the round once every seat at the table has sent its value and the round has its end (after a send,
    or when a player left and everyone else had sent)."""
    draft = draft_of(game)
    at_table = playing(game)
    if draft is None or not draft.complete(at_table):
        return False
    # a seat away from the table this round stands in with an empty hand, which check_round passes over
    away = DraftEntry(0, 0, False)
    entries = [draft.entries.get(i, away) if i in at_table else away for i in range(len(game.seats))]
    scoring = house_rules_of(game).scoring
    entry = RoundEntry(
        pips=[e.pips for e in entries],
        went_out=next((i for i, e in enumerate(entries) if e.went_out), None),
        blocked=draft.blocked,
        tiles=[e.tiles for e in entries] if kind_of(game.kind).wins_hands else None,
        # a mark the house rules no longer ask for (none do, mid-game) is dropped rather than refused
        ended_on_double=draft.double_end and scoring.double_end,
        markers=[e.marker for e in entries] if scoring.marker_penalty else None,
        engine=draft.engine,
    )
    # the round path of every round: on the game as plain values, read here after the drafts' write (which ended
    # its claim); the claim of the round then finds it as read and decides nothing again
    add_round(db, read_game(db, game.id), entry, draft.number)
    return True
