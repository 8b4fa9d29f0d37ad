"""Photos kept with a round: the player who counted a hand from a photo may ask to keep it with the round (issue 27).

The phone sends the photo it had counted and the tiles it used when the player taps "Use 47" with "Keep the photo
with the round" on (:func:`keep_photo`); the photo is stored re-encoded (a JPEG of at most :data:`LONG_SIDE` px, its
EXIF and anything else in the file gone) with no round, and its token goes into the round form. The round's save
links it (:func:`link_photos`, in the round's own write, so that the table screen drawn for the new version shows
it); a phone that sends its own pips ("Send mine") marks its photo for that round (:func:`send_photo`) and the
round's save links it the same way. Undoing the round deletes its photos (with the round's row: their foreign
key), deleting the game for good deletes them with it, and a photo never linked is deleted :data:`UNLINKED_FOR`
after it was kept (the next keep sweeps, :func:`sweep`). Backups and a game's file leave photos out: they are
pictures of a table, not the score sheet.

Nothing here is the counter's (services.photos counts a photo and keeps nothing)."""

from __future__ import annotations

import hashlib
import io
import json
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import IO

from sqlalchemy import Connection, bindparam, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..i18n import _
from ..models import Game, RoundPhoto, Seat, new_photo_token
from ..uploads import MAX_PHOTO_BYTES
from .errors import BadRequest, NotFound
from .inputs import is_game_id
from .loading import no_game
from .unit_of_work import writer_turn

LONG_SIDE = 1600
"""The long side of a kept photo, in pixels: enough to see every pip again, a few hundred KB."""
QUALITY = 85
UNLINKED_FOR = timedelta(days=1)
"""How long a kept photo waits for its round to be saved before it is deleted."""

_PHOTO = RoundPhoto.metadata.tables[RoundPhoto.__tablename__]


@dataclass(frozen=True)
class KeptMark:
    """A photo the table screen marks on its round: whose hand, and the photo's token."""

    seat: int
    token: str


@dataclass(frozen=True)
class KeptPhoto:
    """A kept photo as its page shows it."""

    token: str
    round_number: int
    seat: int
    name: str
    tiles: list[tuple[int, int]]
    pips: int
    image: bytes


# ---------------------------------------------------------------- keeping


def keep_photo(db: Session, game_id: str, seat: str | None, tiles: str | None, photo: IO[bytes] | None) -> str:
    """Keep ``photo`` of the hand of the player in ``seat`` (as sent: "0" for the first seat), with the ``tiles``
    the player used (JSON ``[[12, 5], ...]``), for the round being entered in game ``game_id``; returns the photo's
    token for the round form. The same photo kept again is the same photo (its token again, its seat and tiles as
    sent now while no round has it).

    NotFound for no game (or another household's); 400 for a seat or tiles that cannot be read, or no photo; 413 over
    15 MB; 422 for a file that is no photo. Photos kept more than a day ago and never linked to a round go first."""
    from .photos import no_photo, too_large  # the counter's package (OpenCV) only once a photo is kept

    if not is_game_id(game_id):
        raise no_game()
    found = db.execute(
        select(Game.set_highest, Game.double_blank).where(Game.id == game_id, Game.deleted_at.is_(None))
    ).first()
    if found is None:
        raise no_game()
    highest, double_blank = found
    positions = set(db.scalars(select(Seat.position).where(Seat.game_id == game_id)))
    position = _seat(seat, positions)
    hand = _tiles(tiles, highest)
    if photo is None:
        raise no_photo()
    data = photo.read(MAX_PHOTO_BYTES + 1)
    if not data:
        raise no_photo()
    if len(data) > MAX_PHOTO_BYTES:
        raise too_large()
    image = reencoded(data)
    digest = hashlib.sha256(data).hexdigest()
    pips = sum(double_blank if (a, b) == (0, 0) else a + b for a, b in hand)
    listed = json.dumps(hand)
    db.rollback()  # the reads above are done with: the turn below starts a write of its own
    with writer_turn(db.get_bind().engine):
        try:
            sweep(db)
            same = db.scalar(select(RoundPhoto).where(RoundPhoto.game_id == game_id, RoundPhoto.digest == digest))
            if same is None:
                same = RoundPhoto(
                    game_id=game_id,
                    token=new_photo_token(),
                    seat_position=position,
                    tiles=listed,
                    pips=pips,
                    image=image,
                    digest=digest,
                )
                db.add(same)
            elif same.round_number is None:  # sent again, perhaps for another seat or with a tile put right
                same.seat_position, same.tiles, same.pips = position, listed, pips
            token = same.token
            db.commit()
        except IntegrityError:  # the same photo kept at the same moment from a second tap: that one stands
            db.rollback()
            again = select(RoundPhoto.token).where(RoundPhoto.game_id == game_id, RoundPhoto.digest == digest)
            stood = db.scalar(again)
            if stood is None:
                raise
            token = stood
        except BaseException:
            db.rollback()
            raise
    return token


def _seat(given: str | None, positions: set[int]) -> int:
    raw = (given or "").strip()
    if not (raw.isascii() and raw.isdecimal() and len(raw) < 3 and int(raw) in positions):
        raise BadRequest(_("Say whose hand the photo is of: the seat of a player at this table."))
    return int(raw)


def _tiles(given: str | None, highest: int) -> list[tuple[int, int]]:
    """The tiles as sent (JSON pairs of halves), each a tile of the set, at most once; 400 otherwise."""
    wrong = BadRequest(
        _(
            "The tiles came with the photo in a form that cannot be read: send them as pairs of halves from 0 to "
            "%(highest)d, like [[12, 5], [6, 0]].",
            highest=highest,
        )
    )
    try:
        sent = json.loads(given or "[]")
    except ValueError:
        raise wrong from None
    tiles_in_set = (highest + 1) * (highest + 2) // 2
    if not isinstance(sent, list) or len(sent) > tiles_in_set:
        raise wrong
    hand: list[tuple[int, int]] = []
    for tile in sent:
        if not (isinstance(tile, list) and len(tile) == 2 and all(type(h) is int and 0 <= h <= highest for h in tile)):
            raise wrong
        high, low = max(tile), min(tile)
        if (high, low) in hand:
            raise wrong
        hand.append((high, low))
    return hand


def reencoded(data: bytes) -> bytes:
    """The photo as kept: turned upright as its EXIF says, at most :data:`LONG_SIDE` px, saved again as a JPEG with
    nothing but the picture (no EXIF, no place, no camera). The counter's refusals for what is no photo."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    from ..photo import NotAnImage, TooManyPixels, TruncatedImage
    from .photos import refusal

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as opened:
                opened.draft("RGB", (LONG_SIDE, LONG_SIDE))
                turned = ImageOps.exif_transpose(opened)
                picture = turned.convert("RGB")
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise refusal(TooManyPixels()) from None
    except UnidentifiedImageError:
        raise refusal(NotAnImage()) from None
    except (OSError, SyntaxError, ValueError, EOFError):
        raise refusal(TruncatedImage()) from None
    picture.thumbnail((LONG_SIDE, LONG_SIDE), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    picture.save(out, "JPEG", quality=QUALITY, optimize=True)
    return out.getvalue()


def sweep(db: Session, now: datetime | None = None) -> None:
    """Delete the photos kept more than :data:`UNLINKED_FOR` ago that no round was saved with (along the index of
    the unlinked ones: the photos kept with a round are never read). Any household's: none of them shows anywhere."""
    cutoff = (now or datetime.now(UTC)) - UNLINKED_FOR
    db.execute(delete(RoundPhoto).where(RoundPhoto.round_number.is_(None), RoundPhoto.created_at < cutoff))


# ---------------------------------------------------------------- with the round's write

_LINK = update(_PHOTO).where(_PHOTO.c.id.in_(bindparam("ids", expanding=True))).values(round_number=bindparam("n"))
_UNLINKED = select(_PHOTO.c.id, _PHOTO.c.token, _PHOTO.c.seat_position, _PHOTO.c.sent_for).where(
    _PHOTO.c.game_id == bindparam("game_id"), _PHOTO.c.round_number.is_(None)
)
_REPLACED = delete(_PHOTO).where(
    _PHOTO.c.game_id == bindparam("game_id"),
    _PHOTO.c.round_number == bindparam("n"),
    _PHOTO.c.seat_position.in_(bindparam("seats", expanding=True)),
)
"""Built once: a round's photos linked, the photos waiting for a round, and a seat's photo replaced by a newer one.
Run only under the claim of the game they name (services.rounds)."""


def link_photos(connection: Connection, game_id: str, number: int, given: Mapping[int, str], sent: bool) -> None:
    """Keep with round ``number`` the photos the round form names (``given``: seat -> token, a token of another
    game, of another seat or already with another round ignored) and, when the phones sent pips for it (``sent``),
    the photos they sent with them; the newest per seat, in place of one the round had. Run in the round's write."""
    if not given and not sent:
        return
    waiting = connection.execute(_UNLINKED, {"game_id": game_id}).all()
    chosen: dict[int, int] = {}
    for photo_id, _token, seat, sent_for in sorted(waiting):  # by id: a later photo of a seat wins
        if sent_for == number:
            chosen[seat] = photo_id
    for photo_id, token, seat, _sent_for in waiting:
        if given.get(seat) == token:
            chosen[seat] = photo_id
    if chosen:
        connection.execute(_REPLACED, {"game_id": game_id, "n": number, "seats": list(chosen)})
        connection.execute(_LINK, {"ids": list(chosen.values()), "n": number})


def send_photo(db: Session, game_id: str, number: int, seat: int, token: str | None) -> None:
    """Mark the photo ``token`` of ``seat``'s hand as sent with that seat's pips for round ``number`` (its save
    links it); a token of another game or seat, or of a photo with a round already, is ignored. Run under the
    draft's claim."""
    if not token:
        return
    db.execute(
        update(RoundPhoto)
        .where(
            RoundPhoto.game_id == game_id,
            RoundPhoto.token == token,
            RoundPhoto.seat_position == seat,
            RoundPhoto.round_number.is_(None),
        )
        .values(sent_for=number)
        .execution_options(synchronize_session=False)
    )


# ---------------------------------------------------------------- reading


def photo_marks(db: Session, game_id: str) -> dict[int, list[KeptMark]]:
    """The photos kept with the rounds of a game (read through its household), by round number, in seat order."""
    rows = db.execute(
        select(RoundPhoto.round_number, RoundPhoto.seat_position, RoundPhoto.token)
        .join(Game, Game.id == RoundPhoto.game_id)
        .where(RoundPhoto.game_id == game_id, RoundPhoto.round_number.is_not(None))
        .order_by(RoundPhoto.round_number, RoundPhoto.seat_position)
    ).all()
    marks: dict[int, list[KeptMark]] = {}
    for number, seat, token in rows:
        if number is not None:  # always, by the query: said for the type checker
            marks.setdefault(number, []).append(KeptMark(seat, token))
    return marks


def kept_photo(db: Session, game_id: str, token: str) -> KeptPhoto:
    """The photo ``token`` kept with a round of game ``game_id`` (not in the trash, of this household); NotFound that
    says why there may be none."""
    gone = NotFound(
        _(
            "There is no photo at this address: it was never kept with a saved round, its round was undone, "
            "or the game was deleted."
        )
    )
    if not is_game_id(game_id) or not is_game_id(token):
        raise gone
    row = db.execute(
        select(RoundPhoto, Seat.name)
        .join(Game, Game.id == RoundPhoto.game_id)
        .join(Seat, (Seat.game_id == RoundPhoto.game_id) & (Seat.position == RoundPhoto.seat_position))
        .where(
            RoundPhoto.game_id == game_id,
            RoundPhoto.token == token,
            RoundPhoto.round_number.is_not(None),
            Game.deleted_at.is_(None),
        )
    ).first()
    if row is None:
        raise gone
    photo, name = row
    assert photo.round_number is not None
    tiles = [(int(a), int(b)) for a, b in json.loads(photo.tiles)]
    return KeptPhoto(photo.token, photo.round_number, photo.seat_position, name, tiles, photo.pips, photo.image)
