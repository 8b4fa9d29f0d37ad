"""Hosted mode's households: the one bridge to the household, phone and api_token tables.

A household is made with a name and a passphrase (kept as an Argon2id hash, argon2-cffi); its phones sign in with
the two, or join by its invite link. A phone's session holds its row's id and a secret whose SHA-256 is the row's
``key_hash``; an API token is a secret whose SHA-256 is kept. Nothing secret is stored as typed, and removing a
row (a phone signed out, a token revoked, the household deleted) ends what it opened at once, on every instance,
because every request looks its row up (:func:`phone_household`, :func:`token_household`).

Every change to the household's settings names the version it saw (``household.version``): a stale one is
refused with :class:`Stale`, which shows both versions."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import string
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Engine, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..i18n import _
from ..models import ApiToken, Game, Household, Phone
from ..reading import Field, Problems
from .errors import Conflict, Invalid, NotFound
from .inputs import MAX_NAME, clean_name
from .join import read_join_code
from .unit_of_work import writer_turn

NAME_MAX = 60
PASSPHRASE_MIN = 10
"""Long enough that guessing one is hopeless at the sign-in's rate limits; a short sentence is easy to remember."""
PASSPHRASE_MAX = 200
LABEL_MAX = 40
INVITE_MAX = 32
INVITE_ALPHABET = frozenset(string.ascii_letters + string.digits + "-_")
"""What secrets.token_urlsafe writes: an invite code with anything else is no code (and never reaches a query)."""
SEEN_EVERY = timedelta(hours=1)
"""How stale a phone's ``last_seen_at`` (or a token's ``last_used_at``) grows before a request writes it anew: once
an hour is enough to tell a phone in use from a forgotten one, and spares a write on every request."""

HASHER = PasswordHasher()
"""argon2-cffi's defaults (Argon2id, RFC 9106's low-memory profile); a hash made with older parameters is made
anew at the next sign-in (:func:`sign_in`)."""


class Stale(Conflict):
    """The household's settings changed since the page was drawn: ``seen`` is the version the page named, ``now``
    the one stored."""

    def __init__(self, seen: int, now: int) -> None:
        super().__init__(
            _(
                "Another phone changed the household's settings meanwhile (version %(seen)d, now %(now)d). "
                "Nothing was changed: look at the settings as they are now, then try again.",
                seen=seen,
                now=now,
            )
        )
        self.seen = seen
        self.now = now


def _invalid(field: str, message: str) -> Invalid:
    return Invalid.of({Field(field): message})


def digest(secret: str) -> str:
    """The SHA-256 of a phone key or token, as kept (hex)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def name_key(name: str) -> str:
    """The name as signing in compares it: case and spacing folded, so "The Rossis" and "the  rossis" are one."""
    return " ".join(name.split()).casefold()[:NAME_MAX]


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    # SQLite gives back naive datetimes: they were stored in UTC
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


# -- who a request is ------------------------------------------------------------------------------------------


def phone_player(engine: Engine, phone_id: int) -> str | None:
    """Whose phone the signed-in phone ``phone_id`` is, as its player said when signing in; None when they did not
    say (or the phone is gone). Read when the phone changes a game, for the game's history."""
    table = Phone.metadata.tables[Phone.__tablename__]
    with engine.connect() as conn:
        player = conn.scalar(select(table.c.player).where(table.c.id == phone_id))
    return player if isinstance(player, str) and player else None


def phone_household(engine: Engine, phone_id: object, key: object) -> int | None:
    """The household of the phone whose session holds ``phone_id`` and ``key``; None when that phone was signed out
    (or its household deleted) or the key is not its. Touches ``last_seen_at`` at most once an hour.

    Read through the engine, not the request's session: the household is not known yet, so the request's scoped
    queries cannot be asked."""
    if not isinstance(phone_id, int) or isinstance(phone_id, bool) or not isinstance(key, str):
        return None
    table = Phone.metadata.tables[Phone.__tablename__]
    with engine.connect() as conn:
        row = conn.execute(
            select(table.c.household_id, table.c.key_hash, table.c.last_seen_at).where(table.c.id == phone_id)
        ).first()
        if row is None or not hmac.compare_digest(row.key_hash, digest(key)):
            return None
        now = _now()
        if now - _aware(row.last_seen_at) >= SEEN_EVERY:
            conn.execute(update(table).where(table.c.id == phone_id).values(last_seen_at=now))
            conn.commit()
        return int(row.household_id)


def token_household(engine: Engine, token: str) -> int | None:
    """The household of an API token; None for one never made or revoked. Touches ``last_used_at`` at most once
    an hour."""
    table = ApiToken.metadata.tables[ApiToken.__tablename__]
    with engine.connect() as conn:
        row = conn.execute(
            select(table.c.id, table.c.household_id, table.c.last_used_at).where(table.c.token_hash == digest(token))
        ).first()
        if row is None:
            return None
        now = _now()
        if row.last_used_at is None or now - _aware(row.last_used_at) >= SEEN_EVERY:
            conn.execute(update(table).where(table.c.id == row.id).values(last_used_at=now))
            conn.commit()
        return int(row.household_id)


def game_household(engine: Engine, game_id: str) -> int | None:
    """The household of a game opened by its link (its id is the key to it), for a phone that is no member: it
    becomes that one game's guest. None for no such game, or one in the trash."""
    table = Game.metadata.tables[Game.__tablename__]
    with engine.connect() as conn:
        found = conn.scalar(select(table.c.household_id).where(table.c.id == game_id, table.c.deleted_at.is_(None)))
    return int(found) if found is not None else None


def code_game(engine: Engine, typed: str) -> tuple[int, str] | None:
    """The household and id of the game a join code (as typed under "Open a game") opens, for a phone that is no
    member: it becomes that game's guest. None when it is no code, or opens no game."""
    code = read_join_code(typed)
    if code is None:
        return None
    table = Game.metadata.tables[Game.__tablename__]
    with engine.connect() as conn:
        row = conn.execute(
            select(table.c.household_id, table.c.id).where(table.c.join_code == code, table.c.deleted_at.is_(None))
        ).first()
    return (int(row.household_id), str(row.id)) if row is not None else None


# -- creating, signing in, joining -----------------------------------------------------------------------------


@dataclass(frozen=True)
class SignedIn:
    """A phone let into a household: what its session keeps."""

    household_id: int
    phone_id: int
    key: str
    """The phone's secret: only its digest is stored."""


def _control(text: str) -> bool:
    # a control character is never meant, and a NUL is PostgreSQL's 500
    return any(unicodedata.category(c).startswith("C") for c in text)


def _check_name(name: str) -> str:
    cleaned = clean_name(name)
    if not cleaned:
        raise _invalid("name", _("Give the household a name, for example your family name."))
    if len(cleaned) > NAME_MAX:
        raise _invalid("name", _("Keep the name to %(max)d characters at most.", max=NAME_MAX))
    if _control(cleaned):
        raise _invalid("name", _("The name has a control character; type it again."))
    return cleaned


def _check_new_passphrase(passphrase: str, repeated: str, field: str = "passphrase") -> None:
    problems = Problems()
    if len(passphrase) < PASSPHRASE_MIN:
        problems[Field(field)] = _(
            "The passphrase needs at least %(min)d characters: a short sentence is easy to remember.",
            min=PASSPHRASE_MIN,
        )
    elif len(passphrase) > PASSPHRASE_MAX:
        problems[Field(field)] = _("Keep the passphrase to %(max)d characters at most.", max=PASSPHRASE_MAX)
    elif passphrase != repeated:
        problems[Field(field + "_again")] = _("The two passphrases differ. Type the same one in both fields.")
    Invalid.raise_any(problems)


def _taken() -> Invalid:
    return _invalid("name", _("A household already has that name. Choose another, or sign in if it is yours."))


def _add_phone(db: Session, household_id: int, player: str | None) -> SignedIn:
    key = secrets.token_urlsafe(32)
    phone = Phone(household_id=household_id, key_hash=digest(key), player=player)
    db.add(phone)
    db.flush()
    return SignedIn(household_id, phone.id, key)


def create(db: Session, name: str, passphrase: str, repeated: str, player: str | None) -> SignedIn:
    """Make a household and sign this phone in to it. Invalid for a name missing, too long or taken, a passphrase
    too short or typed differently twice."""
    cleaned = _check_name(name)
    who = _player(player)
    _check_new_passphrase(passphrase, repeated)
    key = name_key(cleaned)
    if db.scalar(select(Household.id).where(Household.name_key == key)) is not None:
        raise _taken()
    hashed = HASHER.hash(passphrase)  # slow on purpose: outside the writer's turn
    try:
        with writer_turn(db.get_bind().engine):
            household = Household(
                name=cleaned, name_key=key, passphrase_hash=hashed, invite_code=secrets.token_urlsafe(16)
            )
            db.add(household)
            db.flush()
            signed = _add_phone(db, household.id, who)
            db.commit()
    except IntegrityError:  # the same name made a moment ago on another phone
        db.rollback()
        raise _taken() from None
    return signed


def _player(player: str | None) -> str | None:
    """Whose phone it is, as typed (None for nothing); Invalid for a control character or a name longer than a
    player's name may be (never cut: the person is told)."""
    cleaned = clean_name(player)
    if len(cleaned) > MAX_NAME:
        raise _invalid("player", _("A name is at most %(most)d characters.", most=MAX_NAME))
    if _control(cleaned):
        raise _invalid("player", _("The name has a control character; type it again."))
    return cleaned or None


def _verified(household: Household, passphrase: str) -> bool:
    if household.passphrase_hash is None:  # home mode's household: nobody signs in to it
        return False
    try:
        return HASHER.verify(household.passphrase_hash, passphrase)
    except (VerificationError, InvalidHashError):
        return False


def sign_in(db: Session, name: str, passphrase: str, player: str | None = None) -> SignedIn | None:
    """Sign this phone in to the household of that name, if the passphrase is its; None otherwise (which of the two
    was wrong is not said). A hash made with older parameters is made anew. Invalid for a player's name with a
    control character."""
    who = _player(player)
    household = None if _control(name) else db.scalar(select(Household).where(Household.name_key == name_key(name)))
    if household is None or not _verified(household, passphrase[:PASSPHRASE_MAX]):
        if household is None:
            HASHER.hash(passphrase[:PASSPHRASE_MAX])  # as slow as a wrong passphrase: no telling names apart
        return None
    with writer_turn(db.get_bind().engine):
        if household.passphrase_hash is not None and HASHER.check_needs_rehash(household.passphrase_hash):
            household.passphrase_hash = HASHER.hash(passphrase)
        signed = _add_phone(db, household.id, who)
        db.commit()
    return signed


def invited(db: Session, code: str) -> Household:
    """The household an invite link joins; NotFound for a code never made or renewed since."""
    readable = 0 < len(code) <= INVITE_MAX and all(c in INVITE_ALPHABET for c in code)
    household = db.scalar(select(Household).where(Household.invite_code == code)) if readable else None
    if household is None:
        raise NotFound(
            _(
                "This invite link joins no household: it may have been renewed. "
                "Ask a member for the new link, or sign in with the household's name and passphrase."
            )
        )
    return household


def join(db: Session, code: str, player: str) -> SignedIn:
    """Sign this phone in to the household the invite link joins, as ``player``'s phone."""
    household = invited(db, code)
    cleaned = _player(player)
    if cleaned is None:
        raise _invalid("player", _("Say which player you are: type your name."))
    with writer_turn(db.get_bind().engine):
        signed = _add_phone(db, household.id, cleaned)
        db.commit()
    return signed


# -- the settings page ------------------------------------------------------------------------------------------


def household(db: Session, household_id: int) -> Household:
    """The household, as its settings page shows it; NotFound when it is gone."""
    found = db.get(Household, household_id)
    if found is None:
        raise NotFound(_("This household no longer exists."))
    return found


def phones(db: Session, household_id: int) -> list[Phone]:
    """The household's signed-in phones, the most recently seen first."""
    return list(
        db.scalars(
            select(Phone).where(Phone.household_id == household_id).order_by(Phone.last_seen_at.desc(), Phone.id)
        )
    )


def tokens(db: Session, household_id: int) -> list[ApiToken]:
    """The household's API tokens (their labels and when they were used; never the tokens)."""
    return list(db.scalars(select(ApiToken).where(ApiToken.household_id == household_id).order_by(ApiToken.id)))


def _claim(db: Session, household_id: int, seen: int | None) -> None:
    """Bump the household's version if it is still ``seen`` (in the writer's turn, inside the caller's
    transaction); Stale otherwise. None names no version: an API client that did not say."""
    table = Household.metadata.tables[Household.__tablename__]
    claim = update(table).where(table.c.id == household_id)
    if seen is not None:
        claim = claim.where(table.c.version == seen)
    now = db.execute(claim.values(version=table.c.version + 1).returning(table.c.version)).scalar()
    if now is None:
        stored = db.scalar(select(Household.version).where(Household.id == household_id))
        if stored is None:
            raise NotFound(_("This household no longer exists."))
        db.rollback()
        raise Stale(seen or 0, stored)


def sign_out(db: Session, household_id: int, seen: int | None, phone_id: int) -> None:
    """Sign one of the household's phones out (from the settings page of another): its next request finds no
    household. A phone already signed out is no error, once the version holds."""
    with writer_turn(db.get_bind().engine):
        _claim(db, household_id, seen)
        db.execute(delete(Phone).where(Phone.id == phone_id, Phone.household_id == household_id))
        db.commit()


def leave(db: Session, household_id: int, phone_id: int) -> None:
    """Sign this phone out, by its own hand: it names no version (nothing of the household changes but its row)."""
    with writer_turn(db.get_bind().engine):
        db.execute(delete(Phone).where(Phone.id == phone_id, Phone.household_id == household_id))
        db.commit()


def rename(db: Session, household_id: int, seen: int | None, name: str) -> None:
    """Give the household another name (one no other household has)."""
    cleaned = _check_name(name)
    key = name_key(cleaned)
    taken = db.scalar(select(Household.id).where(Household.name_key == key, Household.id != household_id))
    if taken is not None:
        raise _taken()
    try:
        with writer_turn(db.get_bind().engine):
            _claim(db, household_id, seen)
            db.execute(update(Household).where(Household.id == household_id).values(name=cleaned, name_key=key))
            db.commit()
    except IntegrityError:
        db.rollback()
        raise _taken() from None


def change_passphrase(
    db: Session, household_id: int, seen: int | None, current: str, passphrase: str, repeated: str
) -> None:
    """A new passphrase, the current one given. The phones already signed in stay signed in: each has its own key,
    and the passphrase only lets new phones in (a phone to shut out is signed out on its own)."""
    found = household(db, household_id)
    if not _verified(found, current[:PASSPHRASE_MAX]):
        raise _invalid("current", _("That is not the household's current passphrase."))
    _check_new_passphrase(passphrase, repeated)
    hashed = HASHER.hash(passphrase)
    with writer_turn(db.get_bind().engine):
        _claim(db, household_id, seen)
        db.execute(update(Household).where(Household.id == household_id).values(passphrase_hash=hashed))
        db.commit()


def renew_invite(db: Session, household_id: int, seen: int | None) -> None:
    """A new invite link: the old one then joins nobody."""
    with writer_turn(db.get_bind().engine):
        _claim(db, household_id, seen)
        db.execute(update(Household).where(Household.id == household_id).values(invite_code=secrets.token_urlsafe(16)))
        db.commit()


def make_token(db: Session, household_id: int, seen: int | None, label: str) -> str:
    """A new API token for the household, returned once: only its digest is kept."""
    cleaned = clean_name(label)
    if _control(cleaned):
        raise _invalid("label", _("The name has a control character; type it again."))
    if not cleaned:
        raise _invalid("label", _('Name the token after what will use it, for example "scoreboard script".'))
    if len(cleaned) > LABEL_MAX:
        raise _invalid("label", _("Keep the label to %(max)d characters at most.", max=LABEL_MAX))
    token = "sk_" + secrets.token_urlsafe(32)
    with writer_turn(db.get_bind().engine):
        _claim(db, household_id, seen)
        db.add(ApiToken(household_id=household_id, label=cleaned, token_hash=digest(token)))
        db.commit()
    return token


def revoke_token(db: Session, household_id: int, seen: int | None, token_id: int) -> None:
    """Revoke one of the household's tokens: a client using it is answered 401 from then on."""
    with writer_turn(db.get_bind().engine):
        _claim(db, household_id, seen)
        db.execute(delete(ApiToken).where(ApiToken.id == token_id, ApiToken.household_id == household_id))
        db.commit()


def delete_household(db: Session, household_id: int, seen: int | None, typed_name: str) -> None:
    """Delete the household with every game, person, tally, phone and token it has, once its name is typed."""
    found = household(db, household_id)
    if name_key(typed_name) != found.name_key:
        raise _invalid("confirm", _("Type the household's name exactly as shown to delete it."))
    with writer_turn(db.get_bind().engine):
        _claim(db, household_id, seen)
        # the rows it owns go with it (ON DELETE CASCADE from every household_id, and from a game to its rows)
        db.execute(delete(Household).where(Household.id == household_id))
        db.commit()
