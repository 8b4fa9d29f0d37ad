"""Backups a person can hold: every game as one versioned JSON document, and restoring one.

The document::

    {"format": "scorekeeper-backup", "version": 1, "created_at": "2026-12-01T02:00:00+00:00",
     "games": [{"id": ..., "kind": ..., ...every Game column...,
                "seats": [{"position": 0, "name": "Ana"}, ...],
                "rounds": [{"number": 1, ..., "scores": [{"seat_position": 0, "pips": 12, ...}, ...]}, ...],
                "history": [{"at": ..., "action": "entered", ...}, ...],
                "draft_scores": [{"seat_position": 1, "pips": 17, ...}]}]}

Every column of every table is written, read from the models' mappers, so a column added later
is backed up without a change here; a few (``OPTIONAL``: a seat's join and leave, a game's "Play again" game
``next_game_id``) only when not at their default, which a document that leaves them out restores to, and
``draft_scores`` (the pips sent so far for the round being filled in) only when there are some. Left out because
the nesting already says them: the row numbers of seats, rounds, scores and history lines (a restore numbers
them anew, keeping their order) and the keys pointing at the parent row; and a seat's person, found anew by
name. Times are written in UTC (SQLite keeps no offset, so its times are taken as UTC).

Restoring never loses or duplicates a game: a game whose id is not in the database is added
with its whole history; a game whose id is there already is left as it is, and reported as
"differs" when the backup's copy is not the same. Everything is checked before anything is
written, and everything is written in one transaction: a document with one mistake (the
checks are :mod:`.game_file`'s) writes nothing and raises :class:`FormatError` naming where the mistake is, and
so does a game the database refuses part-way, taking the games before it back out.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Boolean, Column, DateTime, Integer, String, inspect, select, update
from sqlalchemy.exc import DataError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, aliased, selectinload

from ..games import DEFAULT_KIND, KINDS
from ..house_rules import HouseRuleAlone, HouseRuleError, read_house_rules
from ..i18n import _
from ..models import (
    JOIN_ALPHABET,
    JOIN_CODE_LENGTH,
    Base,
    Change,
    DraftScore,
    Game,
    Merge,
    Person,
    Round,
    Score,
    Seat,
    new_join_code,
    utcnow,
)
from ..rules.i18n import N_
from .game_file import FormatError as FormatError  # raised by every check here, and by those of game_file
from .game_file import check_game, shown, storable_text
from .game_view import view
from .inputs import MAX_NAME, is_game_id
from .results import settle_game
from .unit_of_work import new_games

FORMAT = "scorekeeper-backup"
VERSION = 1
"""The document's version; a restore refuses a newer one instead of guessing."""

JSON = Any


@dataclass
class RestoreReport:
    """What a restore did, game by game id."""

    added: list[str] = field(default_factory=list)
    """Games that were not in the database and now are, with their history."""
    same: list[str] = field(default_factory=list)
    """Games already in the database, identical to the backup's copy: nothing to do."""
    differs: list[str] = field(default_factory=list)
    """Games already in the database that differ from the backup's copy: left as they are."""

    def summary(self) -> str:
        """The report in two lines at most, for the command line."""
        lines = [f"{_games(len(self.added))} restored, {_games(len(self.same))} already here."]
        if self.differs:
            lines.append(
                f"{_games(len(self.differs))} already here differ from the backup and were left as they are: "
                + ", ".join(self.differs)
            )
        return "\n".join(lines)


def _games(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


@dataclass(frozen=True)
class _Table:
    """One level of the document: a model and the lists nested under each of its rows."""

    model: type[Base]
    children: tuple[tuple[str, _Table], ...] = ()

    def columns(self) -> list[tuple[str, Column[Any]]]:
        """(attribute, column) for every column a backup keeps, in the table's order."""
        kept = []
        mapper = inspect(self.model)
        for attr in mapper.column_attrs:
            column = attr.columns[0]
            if not isinstance(column, Column):
                continue
            if attr.key == "household_id":
                continue  # whose a game is: the household it is restored or imported into (db.py stamps it)
            if column.foreign_keys and self.model is not Game:
                continue  # the parent's key (the nesting says it), or a seat's person (found anew by name)
            if column.primary_key and len(mapper.primary_key) == 1 and self.model is not Game:
                continue  # a row number: renumbered on restore, the order is kept
            kept.append((attr.key, column))
        return kept


GAMES = _Table(
    Game,
    (
        ("seats", _Table(Seat)),
        ("rounds", _Table(Round, (("scores", _Table(Score)),))),
        ("history", _Table(Change)),
        ("draft_scores", _Table(DraftScore)),
    ),
)
_WHOLE_GAME = (
    selectinload(Game.seats),
    selectinload(Game.rounds).selectinload(Round.scores),
    selectinload(Game.history),
    selectinload(Game.draft_scores),
)


def backup_document(db: Session, among: Collection[str] | None = None) -> dict[str, JSON]:
    """Every game in the database (or only those with an id in ``among``), oldest first, as one backup document."""
    query = select(Game).order_by(Game.created_at, Game.id).options(*_WHOLE_GAME)
    if among is not None:
        query = query.where(Game.id.in_(list(among)))
    games = db.scalars(query).all()
    document = _envelope([game_document(g) for g in games])
    merges = _merges_document(db, games)
    if merges:  # written only when there are some, as a backup made before they were kept reads
        document["merges"] = merges
    return document


def game_document(game: Game) -> dict[str, JSON]:
    """One game with its seats, rounds, scores and history: an element of a backup's ``games``."""
    return _dump(GAMES, game)


def single_game_backup(game: Game, made: datetime | None = None) -> dict[str, JSON]:
    """A backup document holding one game, restorable like any other; ``made`` is the time it says it was made
    (now, unless given: a game's export gives the game's last change, so that one game always exports alike).
    Without its "Play again" link: the next game is not in the file, and another household has none of it."""
    document = game_document(game)
    document.pop("next_game_id", None)
    return _envelope([document], made)


def backed_up_game(db: Session, game_id: str) -> Game | None:
    """The game with this id, not in the trash, loaded with all that its backup holds; None when there is none."""
    if not is_game_id(game_id):  # no game has it (and PostgreSQL refuses a NUL in a query)
        return None
    query = select(Game).where(Game.id == game_id, Game.deleted_at.is_(None)).options(*_WHOLE_GAME)
    return db.scalars(query).one_or_none()


def same_game(here: Game, node: _Row) -> bool:
    """Whether a game read from a document (:func:`read_document`) says nothing different from the one here."""
    return _same(game_document(here), node.document(), _ignored())


def restore_document(db: Session, doc: JSON) -> RestoreReport:
    """Add the document's games that the database lacks, in one transaction; see the module's docstring.

    Raises FormatError, with nothing written, when the document cannot be read.
    """
    games = read_document(doc)
    merges = _read_merges(doc)
    report = RestoreReport()
    ids = [g.values["id"] for g in games]
    existing = {g.id: g for g in db.scalars(select(Game).where(Game.id.in_(ids)).options(*_WHOLE_GAME))}
    added: list[tuple[str, _Row]] = []
    for i, node in enumerate(games):
        game_id = node.values["id"]
        if game_id in existing:
            same = _same(game_document(existing[game_id]), node.document(), _ignored())
            (report.same if same else report.differs).append(game_id)
        else:
            added.append((f"games[{i}]", node))
            report.added.append(game_id)
    # all or nothing: a game the database refuses takes the games before it back out
    with new_games(db) as ids:
        ids.extend(game.id for game in store_games(db, added))
        _restore_merges(db, merges)
    return report


def carry_join_code(db: Session, node: _Row, taken: set[str]) -> None:
    """Keep the join code a game read from a document carries, unless it is not one, another game here has it, or
    it is in ``taken`` (codes given to other games of the same document); then, or when it carries none (made
    before games had one), give the game a new one. The code given is added to ``taken``."""
    carried = node.values.get("join_code")
    code = carried if isinstance(carried, str) and _is_join_code(carried) else new_join_code()
    while code in taken or db.scalar(select(Game.id).where(Game.join_code == code)) is not None:
        code = new_join_code()
    node.values["join_code"] = code
    taken.add(code)


WHOLE_NUMBER = N_("expected a whole number")
A_LIST = N_("expected a list")
MISSING = N_("missing")
NO_SEAT = N_("no seat has this position")
"""The refusals said of many fields (each in the reader's language: the import page and the API show them)."""


def _is_join_code(text: str) -> bool:
    return len(text) == JOIN_CODE_LENGTH and all(c in JOIN_ALPHABET for c in text)


def store_games(db: Session, games: Sequence[tuple[str, _Row]]) -> list[Game]:
    """Add the games read from a document (each with its path in it), their results worked out, in the session's
    transaction (the caller commits, or rolls back on any error). FormatError names a game the database or the
    score sheet cannot take. A watch-link code already used here is dropped (a new one is made when asked for),
    and so is a "Play again" link to a game that is neither here nor in the document, or already taken."""
    links: list[tuple[Game, str]] = []
    stored = []
    codes: set[str] = set()
    for path, node in games:
        carry_join_code(db, node, codes)  # a code another game has, here or earlier in the document, is given anew
        code = node.values.get("watch_code")
        if code is not None and db.scalar(select(Game.id).where(Game.watch_code == code)) is not None:
            node.values["watch_code"] = None
        following = node.values.pop("next_game_id", None)  # linked once every game is in
        game = node.build()
        assert isinstance(game, Game)
        _refused_by_database(db, game, path)
        if following is not None:
            links.append((game, following))
        stored.append((path, game))
    for game, following in links:
        taken = db.scalar(select(Game.id).where(Game.next_game_id == following))
        if taken is None and db.get(Game, following) is not None:
            # its last change stays as the document says (the ORM would stamp it now)
            link = update(Game).where(Game.id == game.id).values(next_game_id=following, updated_at=game.updated_at)
            db.execute(link)
    db.flush()
    for path, game in stored:
        try:
            view(game)  # the score sheet can show it
            settle_game(db, game.id)
        except (ValueError, KeyError, IndexError):
            raise FormatError(path, _("its rounds do not add up to a game the score sheet can show.")) from None
    return [game for _path, game in stored]


def _refused_by_database(db: Session, game: Game, path: str) -> None:
    """Add the game and send it to the database; FormatError (naming it) when the database refuses its values."""
    try:  # no savepoint: the caller rolls the whole restore back (and SQLite would commit on its release)
        db.add(game)
        db.flush()
    except (IntegrityError, DataError) as e:
        raise FormatError(path, _("the database refused it: %(reason)s", reason=_reason(e))) from None


def _reason(e: SQLAlchemyError) -> str:
    # the driver's own words ("UNIQUE constraint failed: game.watch_code"), without SQLAlchemy's statement dump
    return str(getattr(e, "orig", None) or e).strip().splitlines()[0][:200]


def read_document(doc: JSON) -> list[_Row]:
    """The document's games, every value checked and typed; FormatError names the first mistake."""
    if not isinstance(doc, Mapping):
        raise FormatError("", _("expected a JSON object (a scorekeeper backup)"))
    if doc.get("format") != FORMAT:
        raise FormatError("format", _('expected "%(format)s": this is not a scorekeeper backup', format=FORMAT))
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FormatError("version", _(WHOLE_NUMBER))
    if version > VERSION:
        raise FormatError(
            "version",
            _(
                "this backup is version %(version)s; this scorekeeper reads up to version %(newest)d",
                version=shown(str(version)),  # never a number of thousands of digits echoed back
                newest=VERSION,
            ),
        )
    games = doc.get("games")
    if not isinstance(games, list):
        raise FormatError("games", _(A_LIST))
    storable_text(games, "games")
    storable_text(doc.get("merges"), "merges")
    rows = [_load(GAMES, raw, f"games[{i}]") for i, raw in enumerate(games)]
    seen: set[str] = set()
    for i, row in enumerate(rows):
        if "id" not in row.values:
            raise FormatError(f"games[{i}].id", _(MISSING))
        game_id = row.values["id"]
        if game_id in seen:
            raise FormatError(f"games[{i}].id", _("the game %(game)s appears twice", game=game_id))
        seen.add(game_id)
        _check_game(row, f"games[{i}]")
    for key, problem in (
        ("watch_code", _("the same watch-link code as %(other)s: each game's read-only link is its own.")),
        ("next_game_id", _('the same "Play again" game as %(other)s: a game is played again once.')),
    ):
        first: dict[str, int] = {}
        for i, row in enumerate(rows):
            value = row.values.get(key)
            if value is not None and first.setdefault(value, i) != i:
                raise FormatError(f"games[{i}].{key}", problem % {"other": f"games[{first[value]}]"})
    return rows


@dataclass
class _Row:
    """A row read from a document: its typed values and the rows nested under it."""

    table: _Table
    values: dict[str, Any]
    children: dict[str, list[_Row]]

    def build(self) -> Base:
        obj = self.table.model(**self.values)
        for name, rows in self.children.items():
            setattr(obj, name, [r.build() for r in rows])
        return obj

    def document(self) -> dict[str, JSON]:
        doc = {key: _dump_value(value) for key, value in self.values.items()}
        for name, rows in self.children.items():
            if rows or name not in OPTIONAL_LISTS:
                doc[name] = [r.document() for r in rows]
        return doc


# ---------------------------------------------------------------- merges of people


@dataclass(frozen=True)
class _MergeRow:
    """A merge still in effect as a document has it: whose seats, by game and place, went to whom."""

    gone: str
    kept: str
    at: datetime
    seats: list[tuple[str, int, str]]
    """(game id, seat position, the seat's name before the merge)."""


# a merge's values, read as the columns they name would be
_NAME = Column("name", String(MAX_NAME), nullable=False)
_GAME_ID = Column("game_id", String(32), nullable=False)
_AT = Column("at", DateTime(timezone=True), nullable=False)
_POSITION = Column("position", Integer, nullable=False)


def _merges_document(db: Session, games: Sequence[Game]) -> list[dict[str, JSON]]:
    """The merges of people still in effect (they can be undone) that moved seats of these games: each names the
    two people and each seat by its game and place, the row numbers of another database meaning nothing."""
    places = {seat.id: (game.id, seat.position) for game in games for seat in game.seats}
    gone, kept = aliased(Person), aliased(Person)
    rows = db.execute(
        select(Merge, gone.name, kept.name)
        .join(gone, gone.id == Merge.gone_id)
        .join(kept, kept.id == Merge.kept_id)
        .where(Merge.undone_at.is_(None), gone.merged_into == Merge.kept_id)
        .order_by(Merge.id)
    )
    merges = []
    for merge, gone_name, kept_name in rows:
        moved = [(places[int(i)], str(name)) for i, name in json.loads(merge.seats) if int(i) in places]
        if moved:
            seats = [{"game_id": g, "position": p, "name": name} for (g, p), name in moved]
            merges.append({"gone": gone_name, "kept": kept_name, "at": _dump_value(merge.at), "seats": seats})
    return merges


def _read_merges(doc: Mapping[str, JSON]) -> list[_MergeRow]:
    """The document's merges (optional: a backup made before they were kept has none), every value checked."""
    raw = doc.get("merges", [])
    if not isinstance(raw, list):
        raise FormatError("merges", "expected a list")
    found = []
    for i, merge in enumerate(raw):
        path = f"merges[{i}]"
        if not isinstance(merge, Mapping) or not isinstance(merge.get("seats"), list):
            raise FormatError(path, "expected an object with the two people and a list of seats")
        seats = []
        for j, seat in enumerate(merge["seats"]):
            where = f"{path}.seats[{j}]"
            if not isinstance(seat, Mapping):
                raise FormatError(where, "expected an object")
            game_id = _load_value(_GAME_ID, seat.get("game_id"), f"{where}.game_id")
            seats.append(
                (
                    game_id,
                    _load_value(_POSITION, seat.get("position"), f"{where}.position"),
                    _load_value(_NAME, seat.get("name"), f"{where}.name"),
                )
            )
        found.append(
            _MergeRow(
                _load_value(_NAME, merge.get("gone"), f"{path}.gone"),
                _load_value(_NAME, merge.get("kept"), f"{path}.kept"),
                _load_value(_AT, merge.get("at"), f"{path}.at"),
                seats,
            )
        )
    return found


def _restore_merges(db: Session, merges: Sequence[_MergeRow]) -> None:
    """Make each merge again where its seats are here under the kept person's name, so that it can be undone
    here too. Left out: a merge already here, and one whose merged person's name is someone's here now (undoing
    it would make two people of one name), or whose seats are not here under the kept person."""
    db.flush()  # the seats just restored are linked to their people
    for merge in merges:
        kept = db.scalar(select(Person).where(Person.name == merge.kept, Person.merged_into.is_(None)))
        if kept is None or db.scalar(select(Person.id).where(Person.name == merge.gone, Person.merged_into.is_(None))):
            continue
        if db.scalar(select(Person.id).where(Person.name == merge.gone, Person.merged_into == kept.id)):
            continue  # already merged here
        moved = []
        for game_id, position, name in merge.seats:
            seat = db.scalar(
                select(Seat.id).where(Seat.game_id == game_id, Seat.position == position, Seat.person_id == kept.id)
            )
            if seat is not None:
                moved.append([seat, name])
        if not moved:
            continue
        gone = Person(name=merge.gone, created_at=merge.at, merged_into=kept.id)
        db.add(gone)
        db.flush()
        db.add(Merge(gone_id=gone.id, kept_id=kept.id, at=merge.at, seats=json.dumps(moved)))


def _envelope(games: list[dict[str, JSON]], made: datetime | None = None) -> dict[str, JSON]:
    return {"format": FORMAT, "version": VERSION, "created_at": _dump_value(made or utcnow()), "games": games}


OPTIONAL: Mapping[type[Base], Mapping[str, object]] = {
    Seat: {"joined_round": None, "start_total": 0, "left_round": None},
    Game: {"next_game_id": None},
}
"""Columns written only when they differ from their default (which a restore gives a field left out): a seat
that neither joined late nor left is written as before they existed, so that such a game's document reads the
same to every scorekeeper that reads this version."""


OPTIONAL_LISTS = frozenset({"draft_scores"})
"""Nested lists written only when they hold something: the pips sent so far for a round being filled in."""


def _dump(table: _Table, obj: Base) -> dict[str, JSON]:
    optional = OPTIONAL.get(table.model, {})
    doc = {
        key: _dump_value(getattr(obj, key))
        for key, _column in table.columns()
        if key not in optional or getattr(obj, key) != optional[key]
    }
    for name, child in table.children:
        rows = getattr(obj, name)
        if rows or name not in OPTIONAL_LISTS:
            doc[name] = [_dump(child, o) for o in rows]
    return doc


def _dump_value(value: Any) -> JSON:
    if isinstance(value, datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value.astimezone(UTC).isoformat()
    return value


def _load(table: _Table, raw: JSON, path: str) -> _Row:
    if not isinstance(raw, Mapping):
        raise FormatError(path, _("expected an object"))
    columns = dict(table.columns())
    children = dict(table.children)
    for key in raw:
        if key not in columns and key not in children:
            raise FormatError(f"{path}.{shown(key)}", _("unknown field (was the backup made by a newer scorekeeper?)"))
    values: dict[str, Any] = {}
    for key, column in columns.items():
        if key in raw:
            values[key] = _load_value(column, raw[key], f"{path}.{key}")
        elif column.default is None and column.server_default is None and not column.nullable:
            raise FormatError(f"{path}.{key}", _(MISSING))
    nested: dict[str, list[_Row]] = {}
    for name, child in children.items():
        items = raw.get(name, [])
        if not isinstance(items, list):
            raise FormatError(f"{path}.{name}", _(A_LIST))
        nested[name] = [_load(child, item, f"{path}.{name}[{i}]") for i, item in enumerate(items)]
    return _Row(table, values, nested)


def _load_value(column: Column[Any], value: JSON, path: str) -> Any:
    kind = column.type
    if value is None:
        if column.nullable and not column.primary_key:
            return None
        raise FormatError(path, _("may not be null"))
    if isinstance(kind, Boolean):
        if not isinstance(value, bool):
            raise FormatError(path, _("expected true or false"))
        return value
    if isinstance(kind, Integer):
        if not _is_int(value):
            raise FormatError(path, _(WHOLE_NUMBER))
        if not -(2**31) <= value < 2**31:  # what every database's INTEGER holds
            raise FormatError(path, _("too large"))
        return value
    if isinstance(kind, DateTime):
        try:
            moment = datetime.fromisoformat(value) if isinstance(value, str) else None
        except ValueError:
            moment = None
        if moment is None:
            raise FormatError(path, _("expected a date and time such as 2026-12-01T20:30:00+00:00"))
        return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)
    if isinstance(kind, String):
        if not isinstance(value, str):
            raise FormatError(path, _("expected a string"))
        if kind.length is not None and len(value) > kind.length:
            raise FormatError(path, _("longer than %(most)d characters", most=kind.length))
        if column.primary_key and not value:
            raise FormatError(path, _("may not be empty"))
        return value
    raise FormatError(path, f"cannot restore a column of type {kind}")  # a new column type: teach this module


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_game(game: _Row, path: str) -> None:
    """What the tables' constraints and the score sheet rely on, worded before the database refuses it."""
    kind = game.values.get("kind")
    if kind is not None and kind not in KINDS:
        raise FormatError(
            f"{path}.kind",
            _("unknown game %(kind)s (expected one of: %(kinds)s)", kind=repr(kind), kinds=", ".join(KINDS)),
        )
    _unique(game.children["seats"], "position", f"{path}.seats")
    _unique(game.children["seats"], "name", f"{path}.seats")
    _unique(game.children["rounds"], "number", f"{path}.rounds")
    positions = {s.values["position"] for s in game.children["seats"]}
    # optional: a backup made before games knew their first dealer restores with the first seat dealing
    dealer = game.values.get("first_dealer")
    if dealer is not None and positions and dealer not in positions:
        raise FormatError(f"{path}.first_dealer", _(NO_SEAT))
    _check_house_rules(game, path)
    for r, rnd in enumerate(game.children["rounds"]):
        scores = rnd.children["scores"]
        _unique(scores, "seat_position", f"{path}.rounds[{r}].scores")
        for s, score in enumerate(scores):
            if score.values["seat_position"] not in positions:
                raise FormatError(f"{path}.rounds[{r}].scores[{s}].seat_position", _(NO_SEAT))
    check_game(game, path)


def _check_house_rules(game: _Row, path: str) -> None:
    """Optional (a backup made before house rules restores without any): a JSON object of house rules its game
    offers, on top of its preset. Read leniently, as a stored game is loaded: an older app offered a rule under a
    preset it changes nothing in (a missing engine where the engine is set aside), and the game comes back with it
    as stored rather than being refused."""
    text = game.values.get("house_rules")
    if text is None:
        return
    kind = KINDS[game.values.get("kind") or DEFAULT_KIND.id]
    try:
        house = json.loads(text)
        if not isinstance(house, dict):
            raise HouseRuleError("", "expected a JSON object of house rules")
        preset = game.values.get("rules") or kind.default_rules
        read_house_rules(preset, house, kind.house_rules, strict=False)
    except HouseRuleAlone:
        # kept before the rule it depends on was required: the game reads it as not there (stored_house_rules)
        return
    except ValueError as e:  # HouseRuleError, bad JSON, or rules the game does not have
        raise FormatError(f"{path}.house_rules", str(e) or "not a JSON object of house rules") from None


def _unique(rows: Sequence[_Row], key: str, path: str) -> None:
    seen: set[Any] = set()
    for i, row in enumerate(rows):
        value = row.values[key]
        if value in seen:
            raise FormatError(f"{path}[{i}].{key}", _("%(value)s appears twice", value=repr(value)))
        seen.add(value)


def _ignored() -> frozenset[str]:
    """Game attributes the database sets on insert whatever the backup says (a mapper's version counter), and the
    join code, which a restore or import gives anew when another game has it already."""
    version = inspect(Game).version_id_col
    ignored = {"join_code"}
    if version is not None:
        ignored.add(inspect(Game).get_property_by_column(version).key)
    return frozenset(ignored)


def _same(here: JSON, backup: JSON, ignored: frozenset[str] = frozenset()) -> bool:
    """Whether the backup's copy says nothing different from the one here (fields it lacks keep their defaults)."""
    if isinstance(backup, dict):
        return isinstance(here, dict) and all(
            key in ignored or _same(here.get(key), value) for key, value in backup.items()
        )
    if isinstance(backup, list):
        return isinstance(here, list) and len(here) == len(backup) and all(map(_same, here, backup))
    return bool(here == backup)
