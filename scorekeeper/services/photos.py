"""Counting a hand from a photo: the photo read (within its limit), the set's highest double checked, the counter
asked (:mod:`scorekeeper.photo`), and each way a photo can fail told as a sentence in the player's language.

Nothing is kept: the photo lives in memory for the one request (scorekeeper.app ``InMemoryRequest``) and the
answer is the counted tiles only. The web page, the API and the ``scorekeeper count`` command all come here."""

from __future__ import annotations

import logging
from typing import IO

from ..i18n import _
from ..photo import NotAnImage, NoTiles, PhotoCount, PhotoError, TooLarge, TooManyPixels, TruncatedImage, count_pips
from ..rules.text import number
from ..uploads import MAX_PHOTO_BYTES
from .errors import BadRequest, ServiceError

logger = logging.getLogger(__name__)

LOWEST_SET, HIGHEST_SET, USUAL_SET = 6, 18, 12
"""A set is named by its highest double: double-6 to double-18; double-12 when none is given."""


class PhotoRefused(ServiceError):
    """The photo cannot be counted (not an image, cut off, no tiles in it): the sentence says what to do instead."""

    status = 422


class PhotoTooLarge(PhotoRefused):
    """Over 15 MB, or more pixels than a photo has."""

    status = 413


def too_large() -> PhotoTooLarge:
    """The refusal of a photo over :data:`~scorekeeper.uploads.MAX_PHOTO_BYTES`."""
    return PhotoTooLarge(
        _("That photo is over 15 MB. Send a smaller one: a phone photo at its usual size is 2 to 8 MB.")
    )


def no_photo() -> BadRequest:
    """The refusal of a request that carried no photo."""
    return BadRequest(
        _('No photo came with the request. Send it as the form field "photo" (multipart/form-data), then try again.')
    )


def highest_double(given: str | None) -> int:
    """The set's highest double as sent (``"12"``), :data:`USUAL_SET` when none was; a 400 that says what to send
    for anything else."""
    if given is None or not given.strip():
        return USUAL_SET
    value = number(given)
    if value is None or not LOWEST_SET <= value <= HIGHEST_SET:
        raise BadRequest(
            _(
                'Give "set" as the set\'s highest double, a whole number from %(lowest)d to %(highest)d '
                "(12 for a double-12 set).",
                lowest=LOWEST_SET,
                highest=HIGHEST_SET,
            )
        )
    return value


def refusal(error: PhotoError) -> PhotoRefused:
    """What the player is told when the counter cannot count a photo."""
    if isinstance(error, TooLarge):
        return too_large()
    if isinstance(error, TooManyPixels):
        return PhotoTooLarge(
            _("That image has far more pixels than a photo. Send a photo taken with a phone or a camera instead.")
        )
    if isinstance(error, TruncatedImage):
        return PhotoRefused(_("Only part of the photo arrived: the file is cut off. Take the photo or send it again."))
    if isinstance(error, NoTiles):
        return PhotoRefused(
            _(
                "No tiles were found in the photo. Lay the tiles face up on a plain table, a little apart, "
                "and take the photo from straight above."
            )
        )
    if isinstance(error, NotAnImage):
        return PhotoRefused(_("That file is not a photo that can be read. Send a JPEG or PNG photo of the tiles."))
    return PhotoRefused(_("That photo could not be counted. Take another one and try again."))


def count_photo(photo: IO[bytes] | None, highest: str | None) -> PhotoCount:
    """The tiles counted in ``photo`` (a set whose highest double is ``highest``), or the refusal that says why not:
    400 without a photo or with a set that is no set, 413 over 15 MB, 422 for what cannot be counted."""
    if photo is None:
        raise no_photo()
    high = highest_double(highest)
    data = photo.read(MAX_PHOTO_BYTES + 1)  # one byte more tells a photo over the limit from one just at it
    if not data:
        raise no_photo()
    if len(data) > MAX_PHOTO_BYTES:
        raise too_large()
    try:
        return count_pips(data, highest=high)
    except PhotoError as e:
        raise refusal(e) from None
    except Exception:  # noqa: BLE001 - the counter is heuristics over any picture: a slip is the photo's answer, not a 500
        logger.exception("the counter failed on a photo of %d bytes", len(data))
        raise refusal(PhotoError()) from None


def count_json(counted: PhotoCount) -> dict[str, object]:
    """The counted photo as the API answers it: the total, each tile's halves and its box (x, y, width, height in
    the photo's pixels, upright), the set and the photo's size."""
    return {
        "total": counted.total,
        "tiles": [list(tile) for tile in counted.tiles],
        "boxes": [list(box) for box in counted.boxes],
        "set": counted.highest,
        "width": counted.width,
        "height": counted.height,
    }
