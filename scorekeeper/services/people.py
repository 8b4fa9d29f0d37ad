"""The household's people: the same person across games, renamed everywhere at once, two people made one.

Every seat belongs to a person (``Seat.person_id``): the seat's name is the person's name. A seat added by any
path (the new-game form, the API, an imported game, a restored backup) is linked to the person of exactly that
name, who is added if the household has nobody called so: :func:`_link_new_seats` does it on every flush, so no
path can forget. Renaming a person renames each of their seats in every game; merging "Mum" into "Mom" gives
Mum's seats to Mom under Mom's name, and keeps what it changed so that :func:`undo_merge` puts both back exactly.

A phone reaches only the people who sat in the games it sees (``among``, as :func:`~.games.list_games` takes it);
what it does to a person reaches every seat of theirs.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, and_, event, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session, UOWTransaction

from ..i18n import _
from ..models import Game, Merge, Person, Seat, utcnow
from ..reading import Field
from .errors import Conflict, Invalid, NotFound
from .inputs import MAX_NAME, clean_name
from .kept import kept_until_changed

# ---------------------------------------------------------------- every seat linked to a person


def _person_ids(connection: Connection, names: Iterable[str]) -> dict[str, int]:
    """The person called exactly each of these names, added when the household has nobody called so.

    Added with INSERT ... ON CONFLICT DO NOTHING: two phones starting games with the same new name at once both
    find the one person, whichever added them."""
    wanted = sorted(set(names))
    if not wanted:
        return {}
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    now = utcnow()
    connection.execute(
        dialect.insert(Person).on_conflict_do_nothing(), [{"name": n, "created_at": now} for n in wanted]
    )
    found = select(Person.name, Person.id).where(Person.name.in_(wanted), Person.merged_into.is_(None))
    return {str(name): int(person_id) for name, person_id in connection.execute(found)}


@event.listens_for(Session, "before_flush")
def _link_new_seats(db: Session, _flush: UOWTransaction, _instances: Any) -> None:
    """Link each seat about to be added to the person of its name (a seat renamed through the ORM, too)."""
    seats = [o for o in db.new if isinstance(o, Seat) and o.person_id is None]
    seats += [o for o in db.dirty if isinstance(o, Seat) and db.is_modified(o, include_collections=False)]
    if not seats:
        return
    ids = _person_ids(db.connection(), (s.name for s in seats))
    for seat in seats:
        if seat.person_id != ids[seat.name]:
            seat.person_id = ids[seat.name]


def link_seats(db: Session, game_id: str | None = None) -> int:
    """Link the seats that have no person yet (of one game, or of every game: seats written around the ORM, as a
    bulk load does) to the person of their name, adding people as needed; returns how many seats were linked."""
    unlinked = select(Seat.name).where(Seat.person_id.is_(None)).distinct()
    if game_id is not None:
        unlinked = unlinked.where(Seat.game_id == game_id)
    _person_ids(db.connection(), db.scalars(unlinked).all())
    person = select(Person.id).where(Person.name == Seat.name, Person.merged_into.is_(None)).scalar_subquery()
    linking = update(Seat).where(Seat.person_id.is_(None)).values(person_id=person)
    if game_id is not None:
        linking = linking.where(Seat.game_id == game_id)
    linked = db.connection().execute(linking).rowcount
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
    """A game as a merge preview names it."""

    id: str
    players: list[str]
    started: datetime


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


def list_people(db: Session, among: Collection[str] | None = None) -> list[Listed]:
    """The household's people, by name: everyone (for None), or those who sat in one of the games ``among``.

    Their games are counted over every seat of the household, so the counts are kept until a game changes
    (:func:`~scorekeeper.services.kept.kept_until_changed`); the people and their names are read each time (a
    few rows), since a person without a game can be renamed without any game changing."""
    if among is not None and not among:
        return []
    played = kept_until_changed(db, among, ("people",), lambda: _played(db, among))
    rows = db.execute(
        select(Person.id, Person.name).where(Person.merged_into.is_(None)).order_by(Person.name, Person.id)
    )
    found = []
    for person_id, name in rows:
        games, last = played.get(person_id, (0, None))
        if among is None or games:
            found.append(Listed(person_id, name, games, last))
    return found


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


def suggested_names(db: Session, among: Collection[str] | None = None, most: int = SUGGESTED) -> list[str]:
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


def listed(db: Session, person: Person, among: Collection[str] | None = None) -> Listed:
    """One person as the people list shows them: their games (of those ``among``) and when they last played,
    read along ix_seat_person; kept until a game changes, as :func:`list_people` is."""

    def count() -> tuple[int, datetime | None]:
        games, last = db.execute(
            select(func.count(Seat.game_id), func.max(Game.created_at))
            .join(Game, Game.id == Seat.game_id)
            .where(Seat.person_id == person.id, _in_use(among))
        ).one()
        return int(games or 0), last

    games, last = kept_until_changed(db, among, ("person", person.id), count)
    return Listed(person.id, person.name, games, last)


def others(db: Session, person_id: int, among: Collection[str] | None = None) -> list[tuple[int, str]]:
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


def known_names(db: Session, names: Collection[str], among: Collection[str] | None = None) -> set[str]:
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


def get_person(db: Session, person_id: int, among: Collection[str] | None = None) -> Person:
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


def games_of(
    db: Session, person_id: int, among: Collection[str] | None = None, most: int | None = None
) -> list[SharedGame]:
    """The games the person sat in (of those ``among``, not in the trash), newest first; the ``most`` newest
    when given."""
    # newest first along ix_game_started, each game asked whether the person sat in it: the ``most`` newest are
    # found in about as many rows, however long the history
    sat = select(Seat.id).where(Seat.game_id == Game.id, Seat.person_id == person_id).exists()
    mine = select(Game.id).where(sat, _in_use(among)).order_by(Game.created_at.desc(), Game.id.desc())
    if most is not None:
        mine = mine.limit(most)
    chosen = mine.subquery("chosen")
    rows = db.execute(
        select(Game.id, Game.created_at, Seat.name)
        .join(Seat, Seat.game_id == Game.id)
        .where(Game.id.in_(select(chosen.c.id)))
        .order_by(Game.created_at.desc(), Game.id.desc(), Seat.position)
    )
    games: dict[str, SharedGame] = {}
    for game_id, started, name in rows:
        games.setdefault(game_id, SharedGame(game_id, [], started)).players.append(name)
    return list(games.values())


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


def _clashes(db: Session, person_id: int, name: str, besides: int | None = None) -> list[str]:
    """The games where the person sits with someone else called ``name`` (ignoring case; ``besides`` not
    counted): two seats of one game may not share a name."""
    mine = select(Seat.game_id).where(Seat.person_id == person_id)
    rows = db.execute(
        select(Seat.game_id, Seat.name, Seat.person_id).where(Seat.game_id.in_(mine), Seat.person_id != person_id)
    )
    folded = name.casefold()
    return sorted({g for g, n, p in rows if n.casefold() == folded and p != besides})


def _touch(db: Session, person_id: int) -> None:
    """A new version for each game of the person: phones and the API's kept answers see the new names."""
    mine = select(Seat.game_id).where(Seat.person_id == person_id)
    db.execute(
        update(Game).where(Game.id.in_(mine)).values(version=Game.version + 1, updated_at=Game.updated_at),
        execution_options={"synchronize_session": False},
    )


def rename(db: Session, person: Person, raw: object) -> Person:
    """Give the person a new name, and every seat of theirs in every game with it.

    Refused (Conflict) when someone else of the household has that name (merge them instead), or when the
    person sits at a game with somebody of that name; Invalid for an empty or too long name."""
    name = _new_name(raw)
    if name == person.name:
        return person
    taken = db.scalar(
        select(Person.id).where(Person.name == name, Person.merged_into.is_(None), Person.id != person.id)
    )
    if taken is not None:
        message = _(
            "%(name)s is already someone of the household. If they are the same person as %(old)s, merge them instead.",
            name=name,
            old=person.name,
        )
        raise Conflict(message, {Field("name"): message})
    games = _clashes(db, person.id, name)
    if games:
        message = _(
            "%(old)s sat at a game with someone called %(name)s, so the name would be there twice. Choose "
            "another name.",
            old=person.name,
            name=name,
        )
        raise Conflict(message, {Field("name"): message})
    db.execute(update(Seat).where(Seat.person_id == person.id).values(name=name))
    _touch(db, person.id)
    person.name = name
    db.commit()
    return person


# ---------------------------------------------------------------- merge and its undo


def merge_preview(db: Session, gone: Person, kept: Person, among: Collection[str] | None = None) -> MergePreview:
    """What merging ``gone`` into ``kept`` would change, and why it would be refused (``problem``)."""
    games = games_of(db, gone.id, None)
    problem: str | None = None
    if gone.id == kept.id:
        problem = _("Choose two different people to merge.")
    else:
        together = _clashes(db, gone.id, kept.name) if kept.name.casefold() != gone.name.casefold() else []
        kept_games = set(db.scalars(select(Seat.game_id).where(Seat.person_id == kept.id)))
        both = [g for g in games if g.id in kept_games]
        if both:
            problem = _(
                "%(gone)s and %(kept)s sat in the same game, so they are two people: they cannot be merged.",
                gone=gone.name,
                kept=kept.name,
            )
        elif together:
            problem = _(
                "%(gone)s sat at a game with someone else called %(kept)s, so the name would be there twice.",
                gone=gone.name,
                kept=kept.name,
            )
    return MergePreview(gone, kept, games, problem)


def merge(db: Session, gone: Person, kept: Person) -> Merge:
    """Make ``gone`` and ``kept`` one person: ``gone``'s seats become ``kept``'s, under ``kept``'s name, and
    ``gone`` leaves the lists. Conflict when :func:`merge_preview` has a problem. The returned merge can be
    undone with :func:`undo_merge`."""
    preview = merge_preview(db, gone, kept)
    if preview.problem is not None:
        raise Conflict(preview.problem)
    moved = list(db.execute(select(Seat.id, Seat.name).where(Seat.person_id == gone.id).order_by(Seat.id)))
    _touch(db, gone.id)
    db.execute(update(Seat).where(Seat.person_id == gone.id).values(person_id=kept.id, name=kept.name))
    gone.merged_into = kept.id
    record = Merge(gone_id=gone.id, kept_id=kept.id, seats=json.dumps([[i, n] for i, n in moved]))
    db.add(record)
    db.commit()
    return record


def merges_into(db: Session, person_id: int) -> list[tuple[Merge, str]]:
    """The merges into this person that can still be undone, newest first, each with the merged person's name."""
    rows = db.execute(
        select(Merge, Person.name)
        .join(Person, Person.id == Merge.gone_id)
        .where(Merge.kept_id == person_id, Merge.undone_at.is_(None))
        .order_by(Merge.id.desc())
    )
    return [(m, str(name)) for m, name in rows]


def undo_merge(db: Session, merge_id: int, among: Collection[str] | None = None) -> Person:
    """Undo a merge: the merged person is back with their own name and exactly the seats the merge moved;
    returns them. NotFound for no such merge (or one already undone); Conflict when the household has since
    added someone else with the merged person's name, or the seats moved on (a later merge: undo that first)."""
    record = db.get(Merge, merge_id)
    if record is None or record.undone_at is not None:
        raise NotFound(_("This merge is already undone, or was never made."))
    kept = get_person(db, record.kept_id, among)
    gone = db.get(Person, record.gone_id)
    if gone is None or gone.merged_into != kept.id:
        raise NotFound(_("This merge is already undone, or was never made."))
    taken = db.scalar(select(Person.name).where(Person.name == gone.name, Person.merged_into.is_(None)))
    if taken is not None:
        raise Conflict(
            _(
                "Someone called %(name)s was added since the merge. Rename them first, then undo the merge.",
                name=gone.name,
            )
        )
    moved: Sequence[tuple[int, str]] = [(int(i), str(n)) for i, n in json.loads(record.seats)]
    held = db.execute(select(Seat.id, Seat.person_id).where(Seat.id.in_([i for i, _n in moved])))
    owners: dict[int, int | None] = {int(seat_id): owner for seat_id, owner in held}
    if any(owner != kept.id for owner in owners.values()):
        raise Conflict(_("These seats were merged again since; undo that merge first."))
    gone.merged_into = None
    db.flush()  # the name is free again before the seats take it back
    for seat_id, name in moved:
        if seat_id in owners:  # a game purged from the trash since has no seats to give back
            db.execute(update(Seat).where(Seat.id == seat_id).values(person_id=gone.id, name=name))
    _touch(db, gone.id)
    record.undone_at = utcnow()
    db.commit()
    return gone
