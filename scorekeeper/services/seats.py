"""Mid-game changes the table asks for: a player renamed, a player who joins late, a player who leaves.

Each is a write like a round's: it claims the game (:func:`~.unit_of_work.writing`), names the version it was made on
(PreconditionFailed when the game changed since), is harmless when sent again (the change is there already:
nothing is written), and adds a line to the game's history ("renamed", "joined", "left", under the number of
the round to play next).

A late joiner sits after the last seat and plays from the next round on (``Seat.joined_round``), starting with
the total the table chose at the join (``Seat.start_total``): the highest total of the players at the table, or
zero. In a game scored by hands won a late joiner starts with no hands won and no pips: a hand
is won at the table, never given. A player who leaves keeps their total and plays no further round
(``Seat.left_round``); the game keeps at least its kind's fewest players. The round form, the phones' drafts,
the deal and the dealer go by who plays each round (:mod:`.seating`).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from sqlalchemy import delete, exists
from sqlalchemy.orm import Session

from ..games import kind_of
from ..i18n import _
from ..models import Change, DraftScore, Game, Merge, Person, Seat
from ..reading import Field
from .drafts import store_if_complete
from .errors import Conflict, Invalid, NotFound
from .game_view import next_round, view
from .inputs import MAX_NAME, clean_name
from .seating import playing
from .unit_of_work import check_version, decided_then_writing

START_HIGHEST = "highest"
"""A late joiner starts with the highest total of the players at the table (a common house rule)."""
START_ZERO = "zero"
"""A late joiner starts from nothing."""
STARTS = (START_HIGHEST, START_ZERO)

MOST_SEATS = 16
"""Seats a game may have in all, counting the players who left (the round form's fields)."""


def seat_name(raw: object, field: str = "name") -> str:
    """A player's name as typed, cleaned and checked; Invalid on ``field`` for an empty, long or garbled one."""
    name = clean_name(raw)
    problem = None
    if not name:
        problem = _("Type the player's name.")
    elif len(name) > MAX_NAME:
        problem = _("A name is at most %(most)d characters.", most=MAX_NAME)
    elif any(unicodedata.category(c).startswith("C") for c in name):
        problem = _("The name has a control character; type it again.")
    if problem is not None:
        raise Invalid(problem, {Field(field): problem})
    return name


def _seat(game: Game, position: object) -> Seat:
    for seat in game.seats:
        if seat.position == position:
            return seat
    raise NotFound(_("There is no such player in this game; the players are %(players)s.", players=_names(game)))


def _names(game: Game) -> str:
    return ", ".join(s.name for s in game.seats)


def _taken(game: Game, name: str, besides: Seat | None = None) -> Seat | None:
    """The other seat of the game with this name, ignoring case: two seats of a game never share a name."""
    folded = name.casefold()
    return next((s for s in game.seats if s is not besides and s.name.casefold() == folded), None)


def _upcoming(game: Game) -> int:
    """The number of the round to play next; Conflict once the game is over."""
    upcoming = next_round(game)
    if upcoming is None:
        raise Conflict(_("This game is already over."), game=game)
    return upcoming.number


def _log(
    db: Session, game: Game, action: str, number: int, player: str, old: object, new: object, author: str | None
) -> None:
    db.add(
        Change(
            game_id=game.id,
            action=action,
            round_number=number,
            player=player,
            old=None if old is None else str(old),
            new=None if new is None else str(new),
            author=author,
        )
    )


def rename_seat(
    db: Session, game: Game, position: int, raw: object, expected: int | None = None, author: str | None = None
) -> Seat:
    """Give the seat at ``position`` a new name in this game, its seat then the household's person of that name
    (someone already called so, or a new person). Sent again once done, it changes nothing.

    Invalid for a bad name; Conflict when another seat of the game has it; PreconditionFailed when the game
    changed since version ``expected``; NotFound for no such seat."""
    name = seat_name(raw)

    def decide(seen: int) -> tuple[Seat, int | None]:
        """The seat, and the round the rename is filed under (None: so named already, a resend)."""
        seat = _seat(game, position)
        if seat.name == name:
            return seat, None
        check_version(game, seen, expected)
        other = _taken(game, name, besides=seat)
        if other is not None:
            message = _(
                "%(name)s is already at this table; give %(old)s a different name.", name=other.name, old=seat.name
            )
            raise Conflict(message, {Field("name"): message}, game=game)
        # filed under the round to play next (the last round, once the game is over: a typo fixed afterwards)
        upcoming = next_round(game)
        return seat, upcoming.number if upcoming else max(len(game.rounds), 1)

    with decided_then_writing(db, game, decide) as (write, (seat, number)):
        if number is None:
            write.discard()
            return seat
        old, old_person = seat.name, seat.person_id
        seat.name = name  # linked to the person of the new name as it is flushed (services.people)
        _log(db, game, "renamed", number, name, old, name, author)
    _forget(db, old_person)
    return seat


def _forget(db: Session, person_id: int | None) -> None:
    """Drop a person left with no seat and no merge by a rename (a typo's person): nobody is called so now."""
    if person_id is None:
        return
    used = exists().where(Seat.person_id == person_id)
    merged = exists().where((Merge.gone_id == person_id) | (Merge.kept_id == person_id))
    others = exists().where(Person.merged_into == person_id)
    db.execute(delete(Person).where(Person.id == person_id, ~used, ~merged, ~others))
    db.commit()


@dataclass(frozen=True)
class Joined:
    """A join as it ended: the player's seat, and whether this join seated them (False for one sent again)."""

    seat: Seat
    new: bool


def join_game(
    db: Session,
    game: Game,
    raw: object,
    start: object = None,
    expected: int | None = None,
    author: str | None = None,
) -> Joined:
    """Seat a new player after the last seat, playing from the next round on with the total ``start`` says
    (``"highest"``: the highest total of the players at the table; ``"zero"`` or None). Sent again once they are
    seated (the same name, joining at the same round), it changes nothing and returns their seat, not new: of
    joins racing each other, only the one that seated the player is new, whatever the seats were when each
    request read the game.

    Invalid for a bad name or start; Conflict when the name is at the table already, the game is over or the
    table is full; PreconditionFailed as for :func:`rename_seat`."""
    name = seat_name(raw)
    kind = kind_of(game.kind)
    start = START_ZERO if start is None else start
    if start not in STARTS:
        message = _("Choose how the new player starts: with the highest total, or with zero.")
        raise Invalid(message, {Field("start"): message})
    if kind.wins_hands and start != START_ZERO:
        message = _("In %(game)s a new player starts with no hands won.", game=kind.title)
        raise Invalid(message, {Field("start"): message})

    def decide(seen: int) -> Joined | tuple[int, int]:
        """The seat of a join sent again, or the round the new player joins at and their starting total."""
        number = len(game.rounds) + 1
        other = _taken(game, name)
        if other is not None and other.name == name and other.joined_round == number:
            return Joined(other, new=False)
        check_version(game, seen, expected)
        number = _upcoming(game)
        if other is not None:
            message = _("%(name)s is already at this table; give the new player a different name.", name=other.name)
            raise Conflict(message, {Field("name"): message}, game=game)
        at_table = playing(game, number)
        if len(at_table) >= kind.max_players or not _deals(game, len(at_table) + 1):
            most = next(n for n in range(len(at_table), 0, -1) if n <= kind.max_players and _deals(game, n))
            message = _("%(game)s takes at most %(most)d players.", game=kind.title, most=most)
            raise Conflict(message, {Field("name"): message}, game=game)
        if len(game.seats) >= MOST_SEATS:
            message = _("This game has had %(count)d players already; start a new game.", count=len(game.seats))
            raise Conflict(message, {Field("name"): message}, game=game)
        total = 0
        if start == START_HIGHEST:
            seated = {game.seats[i].name for i in at_table}
            total = max((s.total for s in view(game).standings if s.player in seated), default=0)
        return number, total

    with decided_then_writing(db, game, decide) as (write, decided):
        if isinstance(decided, Joined):
            write.discard()  # a join sent again: they are seated already
            return decided
        number, total = decided
        seat = Seat(position=len(game.seats), name=name, joined_round=number, start_total=total)
        game.seats.append(seat)
        _log(db, game, "joined", number, name, None, total, author)
    return Joined(seat, new=True)


def _deals(game: Game, players: int) -> bool:
    """Whether the game's set and rules deal a round to this many players (a double-6 set: at most 4)."""
    kind = kind_of(game.kind)
    try:
        kind.deal(players, game.set_highest, game.rules)
        return kind.boneyard(players, game.set_highest, game.rules) >= 0
    except ValueError:
        return False


def leave_game(db: Session, game: Game, position: int, expected: int | None = None, author: str | None = None) -> Seat:
    """The player at ``position`` leaves: they keep their total and play no further round. Sent again once they
    left, it changes nothing.

    Conflict when fewer players than the game needs would be left, or the game is over; PreconditionFailed as
    for :func:`rename_seat`; NotFound for no such seat."""
    kind = kind_of(game.kind)

    def decide(seen: int) -> tuple[Seat, tuple[int, int] | None]:
        """The seat, and the round they leave at with their total (None: they left already, a resend)."""
        seat = _seat(game, position)
        if seat.left_round is not None:
            return seat, None
        check_version(game, seen, expected)
        number = _upcoming(game)
        staying = [i for i in playing(game, number) if i != seat.position]
        if len(staying) < kind.min_players:
            message = _(
                "%(game)s needs at least %(least)d players, so %(name)s cannot leave; end the game instead.",
                game=kind.title,
                least=kind.min_players,
                name=seat.name,
            )
            raise Conflict(message, {Field("seat"): message}, game=game)
        total = next((s.total for s in view(game).standings if s.player == seat.name), 0)
        return seat, (number, total)

    with decided_then_writing(db, game, decide) as (write, (seat, leaving)):
        if leaving is None:
            write.discard()
            return seat
        number, total = leaving
        # a late joiner who leaves before their first round never plays: they leave at the round they would join
        seat.left_round = max(number, seat.joined_round or 1)
        # what their phone sent for the round being filled in goes with them
        db.execute(delete(DraftScore).where(DraftScore.game_id == game.id, DraftScore.seat_position == seat.position))
        _log(db, game, "left", number, seat.name, None, total, author)
    db.expire(game, ["draft_scores"])
    store_if_complete(db, game)  # everyone still at the table may have sent theirs already
    return seat
