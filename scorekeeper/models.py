"""The tables: games, seats, rounds, the pips of each seat in each round, and the history.

No game rules live here; scorekeeper.services reads these rows and asks the game's kind and scorekeeper.rules.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from .games import DEFAULT_KIND

MAX_NAME = 30
"""The longest player name, in characters: the size of every column that holds one (a seat, a person, a phone's
player, a line of history), and the one limit every form and the API say and check (services.inputs)."""


def utcnow() -> datetime:
    return datetime.now(UTC)


def new_game_id() -> str:
    # unguessable: a game URL is the only key to it
    return secrets.token_urlsafe(12)


JOIN_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""The characters of a join code: digits and capitals with no look-alikes (no 0/O, no 1/I/L) to misread aloud."""
JOIN_CODE_LENGTH = 8


def new_join_code() -> str:
    # short enough to read across the table: 31**8 codes, so two games drawing the same one is as good as never
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


class Base(DeclarativeBase):
    pass


HOME_HOUSEHOLD = 1
"""The one household of home mode (migration 0016 makes it): every row of a home server is its."""


class Household(Base):
    """A family or a club: the data boundary of hosted mode (scorekeeper.households). Home mode has one, made by
    migration 0016 with no passphrase; a hosted deployment has one per family that created one."""

    __tablename__ = "household"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    name_key: Mapped[str] = mapped_column(String(60), unique=True)
    """The name as signing in compares it (case and spacing folded): two households cannot share a name."""
    passphrase_hash: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The passphrase's Argon2 hash; None for home mode's household, which has none."""
    invite_code: Mapped[str | None] = mapped_column(String(32), nullable=True, unique=True)
    """The key of the household's invite link; renewing it makes the old link join nobody."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    """Grows by one with every change to the household's settings (a rename, a new passphrase or invite)."""


class HouseholdOwned:
    """A table whose rows belong to one household: the root rows a request reaches first (a game, a person and
    what is kept about them). The rows under a game (seats, rounds, scores) are reached only through it."""

    household_id: Mapped[int] = mapped_column(
        ForeignKey("household.id", ondelete="CASCADE"), index=True, server_default=str(HOME_HOUSEHOLD)
    )


class Phone(Base):
    """A phone signed in to a household in hosted mode: its cookie holds the id and a secret whose digest is here,
    so that signing the phone out on the settings page (deleting the row) ends its session everywhere."""

    __tablename__ = "phone"

    id: Mapped[int] = mapped_column(primary_key=True)
    household_id: Mapped[int] = mapped_column(ForeignKey("household.id", ondelete="CASCADE"), index=True)
    key_hash: Mapped[str] = mapped_column(String(64))
    """The SHA-256 of the secret the phone's session holds (hex)."""
    player: Mapped[str | None] = mapped_column(String(MAX_NAME), nullable=True)
    """Whose phone it is, as its player said; None until they say."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ApiToken(Base):
    """A household's key for the JSON API (``Authorization: Bearer ...``), made and revoked on the settings page.
    Only its digest is kept: the token is shown once, when it is made."""

    __tablename__ = "api_token"

    id: Mapped[int] = mapped_column(primary_key=True)
    household_id: Mapped[int] = mapped_column(ForeignKey("household.id", ondelete="CASCADE"), index=True)
    label: Mapped[str] = mapped_column(String(40))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    """The SHA-256 of the token (hex)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


IN_USE = text("deleted_at IS NULL")
"""A game not in the trash, as the partial indexes of the lists say it."""
IN_TRASH = text("deleted_at IS NOT NULL")
"""A game in the trash."""


class Game(HouseholdOwned, Base):
    __tablename__ = "game"
    __table_args__ = (
        UniqueConstraint("watch_code", name="uq_game_watch_code"),
        # the games list, the newest game and the trash read a page at a time from these (migration 0006): each
        # holds only the games its list shows, so that both databases read them in order, newest first
        Index("ix_game_listed", "updated_at", "id", sqlite_where=IN_USE, postgresql_where=IN_USE),
        Index("ix_game_started", "created_at", "id", sqlite_where=IN_USE, postgresql_where=IN_USE),
        Index("ix_game_deleted", "deleted_at", "id", sqlite_where=IN_TRASH, postgresql_where=IN_TRASH),
        Index("uq_game_join_code", "join_code", unique=True),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    kind: Mapped[str] = mapped_column(String(20), default=DEFAULT_KIND.id, server_default=DEFAULT_KIND.id)
    """Which game: its kind's id (scorekeeper.games)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow)
    set_highest: Mapped[int] = mapped_column(Integer, default=12)
    ascending: Mapped[bool] = mapped_column(Boolean, default=False)
    rounds_planned: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Rounds (hands) to play; None for an evening that ends when the table says so."""
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """Set when the players end an open-ended game."""
    double_blank: Mapped[int] = mapped_column(Integer, default=0)
    rules: Mapped[str] = mapped_column(String(40), default=DEFAULT_KIND.default_rules)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """Set when the game is moved to the trash; None for a game in use. A game trashed for long is purged."""
    version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    """Grows by one with every change to the game (start, a round entered, corrected or undone, the end):
    what the API's ETag names and a correction form carries, to tell a stale write from a fresh one."""
    first_dealer: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """The seat that shuffles and deals the first round; the deal passes to the next seat each round."""
    watch_code: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The key of the game's read-only link, made when it is first asked for; unlike the id it allows no write."""
    drafts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Grows by one with every change to the round being filled in from several phones (see DraftScore):
    with ``version`` it makes the tag a phone checks to see whether anything changed."""
    draft_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The round the draft scores are for; a draft for any other round is out of date."""
    draft_blocked: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Someone marked the round being filled in as blocked."""
    next_game_id: Mapped[str | None] = mapped_column(
        ForeignKey("game.id", ondelete="SET NULL"), nullable=True, unique=True
    )
    """The game "Play again" started from this one: a second tap, on this phone or another, opens that game
    instead of starting another."""
    house_rules: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The house rules chosen at the start on top of the preset, as a JSON object (migration 0009); None for none."""
    draft_double_end: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Someone marked the round being filled in as ended on a double (a scoring house rule)."""
    join_code: Mapped[str | None] = mapped_column(String(JOIN_CODE_LENGTH), nullable=True, default=new_join_code)
    """The short code another phone types to open the game (migration 0012), read aloud across the table: the
    game's key like its id, but in capitals without look-alikes and typed in any case. Given to every game."""
    reopened_by: Mapped[str | None] = mapped_column(String(MAX_NAME), nullable=True)
    """The round being filled in (``draft_number``) was undone and reopened with its values, on the phone of this
    player ("" for a phone that did not say whose it is); None when it was not. Every phone says so."""
    draft_engine: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The double a phone said started the round being filled in, where a house rule lets another stand in for a
    missing engine (migration 0014); None: the round's own engine."""

    seats: Mapped[list[Seat]] = relationship(
        back_populates="game", order_by="Seat.position", cascade="all, delete-orphan"
    )
    rounds: Mapped[list[Round]] = relationship(
        back_populates="game", order_by="Round.number", cascade="all, delete-orphan"
    )
    history: Mapped[list[Change]] = relationship(
        back_populates="game", order_by="Change.id", cascade="all, delete-orphan"
    )
    draft_scores: Mapped[list[DraftScore]] = relationship(
        order_by="DraftScore.seat_position", cascade="all, delete-orphan"
    )


class Seat(Base):
    __tablename__ = "seat"
    __table_args__ = (
        UniqueConstraint("game_id", "position"),
        UniqueConstraint("game_id", "name"),
        # a person's games, and the records and stats, read a person's seats from this index
        Index("ix_seat_person", "person_id", "game_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(MAX_NAME))
    person_id: Mapped[int | None] = mapped_column(ForeignKey("person.id"), nullable=True)
    """The household's person in this seat (migration 0007): the same person across games, whatever the game."""
    joined_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The first round this seat plays, for a player who joined late (migration 0009); None for one there from the
    start."""
    start_total: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """The total a late joiner starts with (the table's highest then, or zero, as chosen at the join)."""
    left_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The first round this seat no longer plays, for a player who left; None for one still at the table."""

    game: Mapped[Game] = relationship(back_populates="seats")


class Round(Base):
    __tablename__ = "round"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    engine: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The round's engine double; None in a game whose rounds open on no engine."""
    blocked: Mapped[bool] = mapped_column(Boolean, default=False)
    ended_on_double: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The round was ended by laying a double (a scoring house rule may count the others' pips twice)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    game: Mapped[Game] = relationship(back_populates="rounds")
    scores: Mapped[list[Score]] = relationship(
        back_populates="round", cascade="all, delete-orphan", order_by="Score.seat_position"
    )


class Score(Base):
    __tablename__ = "score"
    __table_args__ = (UniqueConstraint("round_id", "seat_position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"), index=True)
    seat_position: Mapped[int] = mapped_column(Integer)
    pips: Mapped[int] = mapped_column(Integer)
    tiles: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Tiles left in hand (a game scored by hands won decides blocked hands by it)."""
    went_out: Mapped[bool] = mapped_column(Boolean, default=False)
    marker: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The seat's train still had a marker on it when the round ended (a scoring house rule may add a penalty)."""
    points: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """What the round counted for the seat after the game's scoring house rules; None where it is the pips."""

    round: Mapped[Round] = relationship(back_populates="scores")


class Change(Base):
    """One line of a game's history. Rows are only ever added, never edited."""

    __tablename__ = "change"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    action: Mapped[str] = mapped_column(String(20))  # "entered", "corrected", "undone"
    round_number: Mapped[int] = mapped_column(Integer)
    player: Mapped[str | None] = mapped_column(String(MAX_NAME), nullable=True)
    old: Mapped[str | None] = mapped_column(Text, nullable=True)
    new: Mapped[str | None] = mapped_column(Text, nullable=True)
    author: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """Who made the change (services.history.Author: "player:<name>", "phone" or "api"); None on a line written
    before the history kept it."""

    game: Mapped[Game] = relationship(back_populates="history")


class DraftScore(Base):
    """One player's leftover pips for the round being filled in, entered from any phone before the round is
    stored; kept in the database so that a half-entered round survives a reload, another worker, a restart."""

    __tablename__ = "draft_score"

    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), primary_key=True)
    seat_position: Mapped[int] = mapped_column(Integer, primary_key=True)
    pips: Mapped[int] = mapped_column(Integer)
    tiles: Mapped[int | None] = mapped_column(Integer, nullable=True)
    went_out: Mapped[bool] = mapped_column(Boolean, default=False)
    marker: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The seat's train still had a marker on it when the round ended."""
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


UNLINKED = text("round_number IS NULL")
"""A kept photo whose round is not saved yet."""


def new_photo_token() -> str:
    # unguessable like a game id: the photo's address names it
    return secrets.token_urlsafe(16)


class RoundPhoto(Base):
    """The photo of one player's hand, kept with the round because the player asked to ("Keep the photo with the
    round" in the pip calculator; services.round_photos): a JPEG of at most 1,600 px, its EXIF gone, and the tiles
    as the player used them. Kept first with no round; the round's save links it (``round_number``); one never
    linked is deleted a day later, and undoing the round deletes it. Never in a backup or a game's file."""

    __tablename__ = "round_photo"
    __table_args__ = (
        UniqueConstraint("game_id", "digest", name="uq_round_photo_digest"),
        # a photo kept with a round goes with it (an undo deletes the round's row); one with no round yet is free
        ForeignKeyConstraint(
            ["game_id", "round_number"],
            ["round.game_id", "round.number"],
            ondelete="CASCADE",
            name="fk_round_photo_round",
        ),
        # a game's photos by round: the table screen's marks
        Index("ix_round_photo_round", "game_id", "round_number"),
        # the photos still waiting for their round, oldest first: what the sweep reads
        Index("ix_round_photo_unlinked", "created_at", sqlite_where=UNLINKED, postgresql_where=UNLINKED),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    token: Mapped[str] = mapped_column(String(32), unique=True, default=new_photo_token)
    """The photo's key: its address, and what the round form carries until the round is saved."""
    seat_position: Mapped[int] = mapped_column(Integer)
    tiles: Mapped[str] = mapped_column(Text)
    """The tiles as the player used them, as JSON ``[[12, 5], [6, 0]]``."""
    pips: Mapped[int] = mapped_column(Integer)
    """What those tiles count (a double-blank as the game counts it)."""
    image: Mapped[bytes] = mapped_column(LargeBinary)
    digest: Mapped[str] = mapped_column(String(64))
    """The SHA-256 of the photo as sent (hex): the same photo kept twice is one photo."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    sent_for: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The round a phone sent this seat's pips for with the photo ("Send mine"): that round's save links it."""
    round_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The round the photo is kept with; None until that round is saved."""


class SeatResult(Base):
    """How one seat ended a finished game: its place and the figures the records and stats add up, worked out
    from the game's rounds by the game's own standings whenever the game changes (services.results).

    Kept so that the household's stats read a row per seat and game instead of every score ever entered (the
    cost of a stats page grew with the whole history). A row exists only while the game is over and the seat
    played a round of it; nothing here is backed up or exported: it all follows from the rounds."""

    __tablename__ = "seat_result"

    seat_id: Mapped[int] = mapped_column(ForeignKey("seat.id", ondelete="CASCADE"), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    place: Mapped[int] = mapped_column(Integer)
    """1 for first; equals share a place (1, 1, 3), as the table screen shows them."""
    shares_place: Mapped[bool] = mapped_column(Boolean)
    """Another seat of the game ended in the same place."""
    rounds: Mapped[int] = mapped_column(Integer)
    """Rounds the seat played (a late joiner's or a leaver's are fewer than the game's)."""
    pips: Mapped[int] = mapped_column(Integer)
    """What those rounds counted, summed (after the game's scoring house rules)."""
    total: Mapped[int] = mapped_column(Integer)
    """The game total: ``pips`` and the total a late joiner started with."""
    hands: Mapped[int] = mapped_column(Integer)
    """Hands won (in a game scored by hands won; 0 in the others)."""
    went_out: Mapped[int] = mapped_column(Integer)
    blocked: Mapped[int] = mapped_column(Integer)
    """Rounds of the seat's that were blocked."""
    lowest: Mapped[int] = mapped_column(Integer)
    highest: Mapped[int] = mapped_column(Integer)
    """The least and the most one round counted."""
    run: Mapped[int] = mapped_column(Integer)
    """The most rounds in a row the seat went out of."""
    left_after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The last round played by a seat whose player left mid-game (migration 0011): placed after everyone who
    played on; None for a seat that played to the end."""


class ResultDue(Base):
    """A game whose seats' results are still to be worked out: every game stored before they were kept
    (migration 0010), and any game written around the app (a bulk fill); ``services.results.upgrade`` works them out."""

    __tablename__ = "result_due"

    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), primary_key=True)


ACTIVE = text("merged_into IS NULL")
"""A person not merged into another one."""


class Person(HouseholdOwned, Base):
    """A person of the household, the same across games: each seat with their name is theirs (services.people)."""

    __tablename__ = "person"
    __table_args__ = (
        # a name belongs to one person at a time; a person merged away keeps theirs, to get it back on undo
        Index("uq_person_name", "household_id", "name", unique=True, sqlite_where=ACTIVE, postgresql_where=ACTIVE),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(MAX_NAME))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    merged_into: Mapped[int | None] = mapped_column(ForeignKey("person.id"), nullable=True)
    """The person this one was merged into; None for a person of the household as they are."""


class Merge(HouseholdOwned, Base):
    """One merge of a person into another, with what it changed, so that it can be undone exactly."""

    __tablename__ = "person_merge"

    id: Mapped[int] = mapped_column(primary_key=True)
    gone_id: Mapped[int] = mapped_column(ForeignKey("person.id"), index=True)
    """The person merged away ("Mum")."""
    kept_id: Mapped[int] = mapped_column(ForeignKey("person.id"), index=True)
    """The person who stays ("Mom")."""
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    seats: Mapped[str] = mapped_column(Text)
    """The seats the merge moved, as JSON ``[[seat id, name before], ...]``."""
    undone_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


FINISHED = text("place IS NOT NULL")
"""A tally part of a seat that ended a finished game (it has a place)."""


class TallyPart(HouseholdOwned, Base):
    """What one seat of a game not in the trash counts in its person's tallies (services.tallies): the person,
    the game's kind and start, and the seat's result once the game is over (``place`` None before).

    Kept so that a change to a game takes back exactly what the game counted before and adds what it counts now,
    whichever write changed it; and so that a person's series and newest games are read along an index of their
    own rows instead of every game's (migration 0015)."""

    __tablename__ = "tally_part"
    __table_args__ = (
        # a person's finished games by kind, month and start: their series, and the month's tally worked out again
        Index(
            "ix_tally_part_finished",
            "person_id",
            "kind",
            "month",
            "started",
            "game_id",
            sqlite_where=FINISHED,
            postgresql_where=FINISHED,
        ),
        # a person's games newest first (finished or not): their page's list and when they last played
        Index("ix_tally_part_person", "person_id", "started", "game_id"),
    )

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    person_id: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(20))
    started: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    """When the game started (``Game.created_at``)."""
    month: Mapped[int] = mapped_column(Integer)
    """The month the game started, in UTC, as ``yyyymm`` (202612): the leaderboard's periods start on a month."""
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)
    shares_place: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    rounds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    pips: Mapped[int | None] = mapped_column(Integer, nullable=True)
    total: Mapped[int | None] = mapped_column(Integer, nullable=True)
    hands: Mapped[int | None] = mapped_column(Integer, nullable=True)
    went_out: Mapped[int | None] = mapped_column(Integer, nullable=True)
    blocked: Mapped[int | None] = mapped_column(Integer, nullable=True)
    lowest: Mapped[int | None] = mapped_column(Integer, nullable=True)
    highest: Mapped[int | None] = mapped_column(Integer, nullable=True)
    run: Mapped[int | None] = mapped_column(Integer, nullable=True)
    left_after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """As in SeatResult: the seat's result in a finished game, None while it goes on."""


class Tally(HouseholdOwned, Base):
    """One person's records at one game kind over the finished games started in one month (migration 0015): what
    the leaderboard and a person's page add up, a few rows per person instead of a row per seat ever played."""

    __tablename__ = "tally"

    person_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(20), primary_key=True)
    month: Mapped[int] = mapped_column(Integer, primary_key=True)
    games: Mapped[int] = mapped_column(Integer)
    """Finished games the person played."""
    won: Mapped[int] = mapped_column(Integer)
    """Of those, the games they ended first in, alone or sharing first place."""
    shared: Mapped[int] = mapped_column(Integer)
    """Of the games won, those that shared first place."""
    rounds: Mapped[int] = mapped_column(Integer)
    """The seats' own figures of those games (:class:`SeatResult`), summed, down to ``blocked``."""
    pips: Mapped[int] = mapped_column(Integer)
    hands: Mapped[int] = mapped_column(Integer)
    went_out: Mapped[int] = mapped_column(Integer)
    blocked: Mapped[int] = mapped_column(Integer)
    games_left: Mapped[int] = mapped_column(Integer)
    """Games the person left mid-way."""
    best_whole: Mapped[int | None] = mapped_column(Integer, nullable=True)
    best_any: Mapped[int] = mapped_column(Integer)
    worst_whole: Mapped[int | None] = mapped_column(Integer, nullable=True)
    worst_any: Mapped[int] = mapped_column(Integer)
    """The lowest and highest game total: of the games played to the end (None: none), and of any game."""
    lowest: Mapped[int] = mapped_column(Integer)
    highest: Mapped[int] = mapped_column(Integer)
    streak: Mapped[int] = mapped_column(Integer)


class TallyPair(HouseholdOwned, Base):
    """How a person fared against another at one game kind, over the finished games both played (migration 0015)."""

    __tablename__ = "tally_pair"

    person_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    opponent_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(20), primary_key=True)
    games: Mapped[int] = mapped_column(Integer)
    ahead: Mapped[int] = mapped_column(Integer)
    behind: Mapped[int] = mapped_column(Integer)


class TallyPerson(HouseholdOwned, Base):
    """A person's games not in the trash, finished or not, and when the latest started (migration 0015)."""

    __tablename__ = "tally_person"

    person_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    games: Mapped[int] = mapped_column(Integer)
    last_played: Mapped[datetime] = mapped_column(DateTime(timezone=True))
