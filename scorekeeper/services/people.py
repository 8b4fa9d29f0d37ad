"""The household's people: the same person across games, renamed everywhere at once, two people made one.

Every seat belongs to a person (``Seat.person_id``): the seat's name is the person's name. A seat added by any
path (the new-game form, the API, an imported game, a restored backup) is linked to the person of exactly that
name, who is added if the household has nobody called so: :func:`_link_new_seats` does it on every flush, so no
path can forget. Renaming a person renames each of their seats in every game; merging "Mum" into "Mom" gives
Mum's seats to Mom under Mom's name, and keeps what it changed so that :func:`undo_merge` puts both back exactly.

Without a household password the server may hold several households, and a name ("Bob") is one person across
them. So every function here takes the games the phone may see (``among``, as
:func:`scorekeeper.phones.my_games` gives them: None for every game, past the household password), with no
default: a phone reaches only the people who sat in its games, counts only those games, and what it does to a person
(rename, merge, undo) reaches only that person's seats in those games, each game claimed
(:func:`~.unit_of_work.claimed_games`: a new version) and given a line in its history.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, and_, delete, event, exists, func, select, true, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session, UOWTransaction

from ..db import household_of, ours
from ..i18n import _
from ..models import Change, Game, Merge, Person, Seat, utcnow
from ..reading import Field
from .errors import Conflict, Invalid, NotFound
from .game_view import is_over
from .inputs import MAX_NAME, clean_name
from .tallies import PART, PERSON, games_changed
from .unit_of_work import claimed_games

# ---------------------------------------------------------------- every seat linked to a person


def _person_ids(connection: Connection, names: Iterable[str], household: int) -> dict[str, int]:
    """The person of ``household`` called exactly each of these names, added when it has nobody called so (a
    name is one person per household: another household's Ana is somebody else).

    Added with INSERT ... ON CONFLICT DO NOTHING: two phones starting games with the same new name at once both
    find the one person, whichever added them."""
    wanted = sorted(set(names))
    if not wanted:
        return {}
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    now = utcnow()
    connection.execute(
        dialect.insert(Person).on_conflict_do_nothing(),
        [{"household_id": household, "name": n, "created_at": now} for n in wanted],
    )
    found = select(Person.name, Person.id).where(
        Person.household_id == household, Person.name.in_(wanted), Person.merged_into.is_(None)
    )
    return {str(name): int(person_id) for name, person_id in connection.execute(found)}


@event.listens_for(Session, "before_flush")
def _link_new_seats(db: Session, _flush: UOWTransaction, _instances: Any) -> None:
    """Link each seat about to be added to the person of its name (a seat renamed through the ORM, too)."""
    seats = [o for o in db.new if isinstance(o, Seat) and o.person_id is None]
    seats += [o for o in db.dirty if isinstance(o, Seat) and db.is_modified(o, include_collections=False)]
    if not seats:
        return
    ids = _person_ids(db.connection(), (s.name for s in seats), household_of(db))
    for seat in seats:
        if seat.person_id != ids[seat.name]:
            seat.person_id = ids[seat.name]


def link_seats(db: Session, game_id: str | None = None) -> int:
    """Link the seats that have no person yet (of one game, or of every game: seats written around the ORM, as a
    bulk load does) to the person of their name, adding people as needed; returns how many seats were linked."""
    household = household_of(db)
    # the seats of this household's games only (the join to Game carries its household, db.py)
    unlinked = select(Seat.name).join(Game).where(Seat.person_id.is_(None)).distinct()
    games = select(Seat.game_id).join(Game).where(Seat.person_id.is_(None)).distinct()
    if game_id is not None:
        unlinked = unlinked.where(Seat.game_id == game_id)
        games = games.where(Seat.game_id == game_id)
    changed = db.scalars(games).all()
    _person_ids(db.connection(), db.scalars(unlinked).all(), household)
    person = (
        select(Person.id)
        .where(Person.household_id == household, Person.name == Seat.name, Person.merged_into.is_(None))
        .scalar_subquery()
    )
    ours = select(Game.id).where(Game.household_id == household)
    linking = update(Seat).where(Seat.person_id.is_(None), Seat.game_id.in_(ours)).values(person_id=person)
    if game_id is not None:
        linking = linking.where(Seat.game_id == game_id)
    linked = db.connection().execute(linking).rowcount
    games_changed(db, changed)  # each seat now counts for its person
    db.commit()
    return int(linked)


# ---------------------------------------------------------------- reading


@dataclass(frozen=True)
class Listed:
    """A person as the people list shows them."""

    id: int
    name: str
    games: int
    """Games they sat in, of those this phone sees (not in the trash)."""
    last_played: datetime | None


@dataclass(frozen=True)
class SharedGame:
    """A game as a merge preview and a person's page name it."""

    id: str
    players: list[str]
    started: datetime
    left_after: int | None = None
    """The last round the person played, when they left the game before its end; None when they stayed."""
    kind: str = ""
    """The game's kind id, whose words say "left after round 4" (or hand)."""


@dataclass(frozen=True)
class MergePreview:
    """What merging ``gone`` into ``kept`` would do: the games whose seats move, or why it cannot be done."""

    gone: Person
    kept: Person
    games: list[SharedGame]
    """Every game of ``gone``: their seat in each goes to ``kept``."""
    problem: str | None
    """Why the merge is refused, or None when it can be done."""


def _in_use(among: Collection[str] | None) -> Any:
    """The condition on Game: not in the trash, and one of ``among`` (every game for None)."""
    kept = Game.deleted_at.is_(None)
    return kept if among is None else and_(kept, Game.id.in_(list(among)))


def list_people(db: Session, among: Collection[str] | None) -> list[Listed]:
    """The household's people, by name: everyone (for None), or those who sat in one of the games ``among``.

    Their games are read from the household's tallies (services.tallies: a row per person) for None, and counted
    over the games ``among`` (a phone's own, at most views.household.MAX_GAMES) otherwise."""
    if among is not None and not among:
        return []
    played = _tallied(db) if among is None else _played(db, among)
    rows = db.execute(
        select(Person.id, Person.name).where(Person.merged_into.is_(None)).order_by(Person.name, Person.id)
    )
    found = []
    for person_id, name in rows:
        games, last = played.get(person_id, (0, None))
        if among is None or games:
            found.append(Listed(person_id, name, games, last))
    return found


def _tallied(db: Session, person_id: int | None = None) -> dict[int, tuple[int, datetime | None]]:
    """Each person's games not in the trash and when they last played, as the tallies keep them, by person id."""
    query = select(PERSON.c.person_id, PERSON.c.games, PERSON.c.last_played).where(ours(PERSON, db))
    if person_id is not None:
        query = query.where(PERSON.c.person_id == person_id)
    return {int(person_id): (int(games), last) for person_id, games, last in db.execute(query)}


def _played(db: Session, among: Collection[str] | None) -> dict[int, tuple[int, datetime | None]]:
    """Each person's games (of those ``among``) and when they last played, by person id."""
    rows = db.execute(
        select(Seat.person_id, func.count(Seat.game_id), func.max(Game.created_at))
        .join(Game, Game.id == Seat.game_id)
        .where(_in_use(among), Seat.person_id.is_not(None))
        .group_by(Seat.person_id)
    )
    return {int(person_id or 0): (int(games), last) for person_id, games, last in rows}


SUGGESTED = 24
"""Names the new-game form suggests at most."""
RECENT_GAMES = 100
"""The newest games the suggestions are read from: a bounded read along ix_game_started, whatever the history."""


def suggested_names(db: Session, among: Collection[str] | None, most: int = SUGGESTED) -> list[str]:
    """The names of the people who sat in the newest games (of those ``among``, every game for None), the most
    recently seen first: what the new-game form offers to fill in with one tap."""
    if among is not None and not among:
        return []
    newest = select(Game.id, Game.created_at).where(_in_use(among))
    recent = newest.order_by(Game.created_at.desc(), Game.id.desc()).limit(RECENT_GAMES).subquery()
    rows = db.execute(
        select(Person.name)
        .select_from(recent)
        .join(Seat, Seat.game_id == recent.c.id)
        .join(Person, Person.id == Seat.person_id)
        .where(Person.merged_into.is_(None))
        .order_by(recent.c.created_at.desc(), recent.c.id.desc(), Seat.position)
    )
    names: dict[str, None] = {}
    for (name,) in rows:
        names.setdefault(str(name))
        if len(names) == most:
            break
    return list(names)


def listed(db: Session, person: Person, among: Collection[str] | None) -> Listed:
    """One person as the people list shows them: their games (of those ``among``) and when they last played, from
    their tally (None) or read along ix_seat_person."""
    if among is None:
        games, last = _tallied(db, person.id).get(person.id, (0, None))
        return Listed(person.id, person.name, games, last)
    count, latest = db.execute(
        select(func.count(Seat.game_id), func.max(Game.created_at))
        .join(Game, Game.id == Seat.game_id)
        .where(Seat.person_id == person.id, _in_use(among))
    ).one()
    return Listed(person.id, person.name, int(count or 0), latest)


def others(db: Session, person_id: int, among: Collection[str] | None) -> list[tuple[int, str]]:
    """The other people this phone sees (id and name, by name), as the merge form offers them: everyone of the
    household for None, without counting anyone's games."""
    if among is None:
        query = select(Person.id, Person.name).where(Person.merged_into.is_(None))
    elif not among:
        return []
    else:
        seen = select(Seat.person_id).join(Game, Game.id == Seat.game_id).where(_in_use(among))
        query = select(Person.id, Person.name).where(Person.merged_into.is_(None), Person.id.in_(seen))
    rows = db.execute(query.where(Person.id != person_id).order_by(Person.name, Person.id))
    return [(int(i), str(n)) for i, n in rows]


def known_names(db: Session, names: Collection[str], among: Collection[str] | None) -> set[str]:
    """Which of these names are people this phone sees already (someone of its games; of the household for
    None)."""
    if not names or (among is not None and not among):
        return set()
    query = select(Person.name).where(Person.name.in_(list(names)), Person.merged_into.is_(None))
    if among is not None:
        seen = select(Seat.person_id).join(Game, Game.id == Seat.game_id).where(_in_use(among))
        query = query.where(Person.id.in_(seen))
    return {str(n) for n in db.scalars(query)}


def _no_person() -> NotFound:
    return NotFound(_("There is nobody at this address. Start again from the list of people."))


def get_person(db: Session, person_id: int, among: Collection[str] | None) -> Person:
    """The person, as this phone may see them (someone of its games); NotFound otherwise, or once merged away."""
    person = db.get(Person, person_id)
    if person is None or person.merged_into is not None or not _sees(db, person_id, among):
        raise _no_person()
    return person


def _sees(db: Session, person_id: int, among: Collection[str] | None) -> bool:
    if among is None:
        return True
    seen = select(Seat.id).join(Game, Game.id == Seat.game_id).where(Seat.person_id == person_id, _in_use(among))
    return db.scalar(seen.limit(1)) is not None


def games_of(db: Session, person_id: int, among: Collection[str] | None, most: int | None = None) -> list[SharedGame]:
    """The games the person sat in (of those ``among``, not in the trash), newest first; the ``most`` newest
    when given."""
    if among is None:  # newest first along the person's own parts (their seats in games not in the trash)
        mine = select(PART.c.game_id.label("id")).where(PART.c.person_id == person_id, ours(PART, db))
        mine = mine.order_by(PART.c.started.desc(), PART.c.game_id.desc())
    else:  # the phone's own games (a bounded few), newest first, each asked whether the person sat in it
        sat = select(Seat.id).where(Seat.game_id == Game.id, Seat.person_id == person_id).exists()
        mine = select(Game.id).where(sat, _in_use(among)).order_by(Game.created_at.desc(), Game.id.desc())
    if most is not None:
        mine = mine.limit(most)
    chosen = mine.subquery("chosen")
    rows = db.execute(
        select(Game.id, Game.created_at, Game.kind, Seat.name, Seat.person_id, Seat.left_round)
        .join(Seat, Seat.game_id == Game.id)
        .where(Game.id.in_(select(chosen.c.id)))
        .order_by(Game.created_at.desc(), Game.id.desc(), Seat.position)
    )
    players: dict[str, list[str]] = {}
    shown: dict[str, SharedGame] = {}
    for row in rows:
        players.setdefault(row.id, []).append(row.name)
        if row.person_id == person_id or row.id not in shown:
            # the person's own seat says whether they left (a seat left before its first round played none)
            left = row.left_round - 1 if row.person_id == person_id and row.left_round else None
            shown[row.id] = SharedGame(row.id, players[row.id], row.created_at, left or None, row.kind)
    return list(shown.values())


# ---------------------------------------------------------------- rename


def _new_name(raw: object) -> str:
    name = clean_name(raw)
    if not name:
        raise Invalid(_("Type the new name."), {Field("name"): _("Type the new name.")})
    if len(name) > MAX_NAME:
        message = _("A name is at most %(most)d characters.", most=MAX_NAME)
        raise Invalid(message, {Field("name"): message})
    if any(unicodedata.category(c).startswith("C") for c in name):  # as a seat's name (a NUL: PostgreSQL's 500)
        message = _("The name has a control character; type it again.")
        raise Invalid(message, {Field("name"): message})
    return name


@dataclass(frozen=True)
class _Held:
    """A seat of a person, as a change to the person reads it."""

    id: int
    game_id: str
    name: str


def _within(among: Collection[str] | None) -> Any:
    """The condition on Seat: in one of the games ``among`` (every game for None), the trash included: a person's
    seat in a game this phone put in the trash follows them all the same."""
    return true() if among is None else Seat.game_id.in_(list(among))


def _held(db: Session, person_id: int, among: Collection[str] | None) -> list[_Held]:
    """The person's seats in the games ``among``, in the order they were taken."""
    rows = db.execute(
        select(Seat.id, Seat.game_id, Seat.name).where(Seat.person_id == person_id, _within(among)).order_by(Seat.id)
    )
    return [_Held(int(i), str(g), str(n)) for i, g, n in rows]


def _clashes(db: Session, person_id: int, name: str, games: Collection[str]) -> list[str]:
    """Of ``games``, those where someone other than the person is called ``name`` (ignoring case): two seats of one
    game may not share a name."""
    rows = db.execute(select(Seat.game_id, Seat.name).where(Seat.game_id.in_(list(games)), Seat.person_id != person_id))
    folded = name.casefold()
    return sorted({g for g, n in rows if n.casefold() == folded})


def _active(db: Session, name: str) -> Person | None:
    """The person of the household called exactly ``name``, not merged away."""
    return db.scalar(select(Person).where(Person.name == name, Person.merged_into.is_(None)))


def _log_renames(db: Session, games: Iterable[Game], seats: Iterable[_Held], name: str) -> None:
    """A "renamed" line in the history of each game whose seat takes the name ``name``, filed under the round to
    play next (the last round once the game is over), as a rename at the table is."""
    rounds = {g.id: (max(len(g.rounds), 1) if is_over(g) else len(g.rounds) + 1) for g in games}
    for seat in seats:
        if seat.name != name and seat.game_id in rounds:
            db.add(
                Change(
                    game_id=seat.game_id,
                    action="renamed",
                    round_number=rounds[seat.game_id],
                    player=name,
                    old=seat.name,
                    new=name,
                )
            )


def _give(db: Session, seats: Iterable[_Held], person_id: int, name: str) -> None:
    ids = [s.id for s in seats]
    db.execute(
        update(Seat).where(Seat.id.in_(ids)).values(person_id=person_id, name=name),
        execution_options={"synchronize_session": False},
    )


def _drop_if_unused(db: Session, person_id: int) -> None:
    """Drop a person a change left with no seat and no merge: nobody is called so any more."""
    used = exists().where(Seat.person_id == person_id)
    merged = exists().where((Merge.gone_id == person_id) | (Merge.kept_id == person_id))
    others = exists().where(Person.merged_into == person_id)
    db.execute(
        delete(Person).where(Person.id == person_id, ~used, ~merged, ~others),
        execution_options={"synchronize_session": False},
    )


def rename(db: Session, person: Person, raw: object, *, among: Collection[str] | None) -> Person:
    """Give the person a new name in every game ``among`` (every game for None), with a line in each game's
    history; returns the person those seats belong to now.

    A phone reaches only its own games: when the person also sat in games it does not see (another household
    using the same name), those keep the old name, and the seats renamed here go to the person of the new name
    (someone of that name elsewhere, or a new person). Refused (Conflict) when someone this phone sees has that
    name (merge them instead), or when the person sits at one of the games with somebody of that name; Invalid for
    an empty or too long name."""
    name = _new_name(raw)
    if name == person.name:
        return person
    taken = _active(db, name)
    if taken is not None and taken.id != person.id and _sees(db, taken.id, among):
        message = _(
            "%(name)s is already someone of the household. If they are the same person as %(old)s, merge them instead.",
            name=name,
            old=person.name,
        )
        raise Conflict(message, {Field("name"): message})
    old_name, person_id = person.name, person.id
    with claimed_games(db, {s.game_id for s in _held(db, person_id, among)}) as games:
        seats = _held(db, person_id, [g.id for g in games])
        if _clashes(db, person_id, name, [g.id for g in games]):
            message = _(
                "%(old)s sat at a game with someone called %(name)s, so the name would be there twice. Choose "
                "another name.",
                old=old_name,
                name=name,
            )
            raise Conflict(message, {Field("name"): message})
        everywhere = len(seats) == len(_held(db, person_id, None))
        _log_renames(db, games, seats, name)
        target = _active(db, name)
        if everywhere and (target is None or target.id == person_id):
            person.name = name  # the same person under a new name: their merges and page stay theirs
            db.flush()
            target = person
        elif target is None:
            target = Person(name=name, created_at=utcnow())
            db.add(target)
            db.flush()
        _give(db, seats, target.id, name)
        if target.id != person_id:
            _drop_if_unused(db, person_id)
    return target


# ---------------------------------------------------------------- merge and its undo


def merge_preview(db: Session, gone: Person, kept: Person, *, among: Collection[str] | None) -> MergePreview:
    """What merging ``gone`` into ``kept`` would change in the games ``among`` (every game for None), and why it
    would be refused (``problem``)."""
    games = games_of(db, gone.id, among)
    problem: str | None = None
    if gone.id == kept.id:
        problem = _("Choose two different people to merge.")
    else:
        problem = _merge_problem(db, gone, kept, [s.game_id for s in _held(db, gone.id, among)])
    return MergePreview(gone, kept, games, problem)


def _merge_problem(db: Session, gone: Person, kept: Person, games: Collection[str]) -> str | None:
    """Why ``gone``'s seats in ``games`` cannot become ``kept``'s, or None."""
    kept_games = set(db.scalars(select(Seat.game_id).where(Seat.person_id == kept.id, Seat.game_id.in_(list(games)))))
    if kept_games:
        return _(
            "%(gone)s and %(kept)s sat in the same game, so they are two people: they cannot be merged.",
            gone=gone.name,
            kept=kept.name,
        )
    if kept.name.casefold() != gone.name.casefold() and _clashes(db, gone.id, kept.name, games):
        return _(
            "%(gone)s sat at a game with someone else called %(kept)s, so the name would be there twice.",
            gone=gone.name,
            kept=kept.name,
        )
    return None


def merge(db: Session, gone: Person, kept: Person, *, among: Collection[str] | None) -> Merge:
    """Make ``gone`` and ``kept`` one person in the games ``among`` (every game for None): ``gone``'s seats there
    become ``kept``'s, under ``kept``'s name, with a line in each game's history; ``gone`` leaves the lists once
    they have no seat left (another household's games keep theirs). Conflict when :func:`merge_preview` has a
    problem. The returned merge can be undone with :func:`undo_merge`."""
    if gone.id == kept.id:
        raise Conflict(_("Choose two different people to merge."))
    with claimed_games(db, {s.game_id for s in _held(db, gone.id, among)}) as games:
        here = [g.id for g in games]
        problem = _merge_problem(db, gone, kept, here)
        if problem is not None:
            raise Conflict(problem)
        moved = _held(db, gone.id, here)
        _log_renames(db, games, moved, kept.name)
        _give(db, moved, kept.id, kept.name)
        if not _held(db, gone.id, None):
            gone.merged_into = kept.id
        record = Merge(gone_id=gone.id, kept_id=kept.id, seats=json.dumps([[s.id, s.name] for s in moved]))
        db.add(record)
    return record


def _moved(record: Merge) -> list[tuple[int, str]]:
    """The seats a merge moved, each with its name before."""
    return [(int(i), str(n)) for i, n in json.loads(record.seats)]


def _merge_seen(db: Session, record: Merge, among: Collection[str] | None) -> bool:
    """Whether every seat the merge moved (still there) is in one of the games ``among``: a phone may see, and
    undo, only the merges it could have made."""
    if among is None:
        return True
    games = set(db.scalars(select(Seat.game_id).where(Seat.id.in_([i for i, _n in _moved(record)]))))
    return games <= set(among)


def merges_into(db: Session, person_id: int, *, among: Collection[str] | None) -> list[tuple[Merge, str]]:
    """The merges into this person that can still be undone and that moved seats of the games ``among`` only
    (every merge for None), newest first, each with the merged person's name."""
    rows = db.execute(
        select(Merge, Person.name)
        .join(Person, Person.id == Merge.gone_id)
        .where(Merge.kept_id == person_id, Merge.undone_at.is_(None))
        .order_by(Merge.id.desc())
    )
    return [(m, str(name)) for m, name in rows if _merge_seen(db, m, among)]


def undo_merge(db: Session, merge_id: int, *, among: Collection[str] | None) -> Person:
    """Undo a merge: the seats it moved are back with their own names, each with a line in its game's history,
    and the merged person with them; returns that person. NotFound for no such merge (or one already undone, or
    one this phone could not have made); Conflict when this phone's household has since added someone else with
    the merged person's name, or the seats moved on (a later merge: undo that first)."""
    record = db.get(Merge, merge_id)
    if record is None or record.undone_at is not None or not _merge_seen(db, record, among):
        raise NotFound(_("This merge is already undone, or was never made."))
    kept = get_person(db, record.kept_id, among)
    gone = db.get(Person, record.gone_id)
    if gone is None or gone.merged_into not in (None, kept.id):
        raise NotFound(_("This merge is already undone, or was never made."))
    target = gone
    if gone.merged_into is not None:
        taken = _active(db, gone.name)
        if taken is not None and _sees(db, taken.id, among):
            raise Conflict(
                _(
                    "Someone called %(name)s was added since the merge. Rename them first, then undo the merge.",
                    name=gone.name,
                )
            )
        target = taken or gone  # someone of that name in games this phone does not see: the seats go back to them
    moved = _moved(record)
    held = db.execute(select(Seat.id, Seat.game_id, Seat.person_id).where(Seat.id.in_([i for i, _n in moved])))
    owners = {int(seat_id): (str(game_id), owner) for seat_id, game_id, owner in held}
    if any(owner != kept.id for _g, owner in owners.values()):
        raise Conflict(_("These seats were merged again since; undo that merge first."))
    with claimed_games(db, {g for g, _o in owners.values()}) as games:
        if target is gone:
            gone.merged_into = None
            db.flush()  # the name is free again before the seats take it back
        # a game purged from the trash since has no seats to give back
        back = [(_Held(seat_id, owners[seat_id][0], kept.name), name) for seat_id, name in moved if seat_id in owners]
        for seat, name in back:
            _log_renames(db, games, [seat], name)
            _give(db, [seat], target.id, name)
        record.undone_at = utcnow()
    return target
