"""How large a request's body may be: 64 KB (``MAX_CONTENT_LENGTH``) everywhere but the two routes a photo of a hand
goes to: to be counted (``POST /api/v1/count``) and to be kept with the round (``POST /games/<id>/photos``), which
take a phone's photo of up to 15 MB and the multipart form around it.

Asked by the app before every request (:func:`scorekeeper.app.create_app`) and by gunicorn before it hands the
request on (:mod:`scorekeeper.gunicorn_conf`), so both refuse the same bodies. Standard library only: gunicorn's
settings module imports it."""

from __future__ import annotations

import re

PHOTO_PATH = "/api/v1/count"
"""The address that counts a photo."""
KEEP_PATH = re.compile(r"/games/[A-Za-z0-9_-]{1,32}/photos")
"""The addresses that keep a photo with a game's round."""
MAX_PHOTO_BYTES = 15 * 1024 * 1024
"""The largest photo counted: a phone's photo at full size is 2 to 8 MB."""
MULTIPART_ROOM = 64 * 1024
"""What a multipart body carries besides the photo (its boundaries, headers and the ``set`` field), generously."""
PHOTO_BODY = MAX_PHOTO_BYTES + MULTIPART_ROOM


def takes_photo(path: str) -> bool:
    """Whether ``path`` is one of the addresses a photo is sent to."""
    return path == PHOTO_PATH or KEEP_PATH.fullmatch(path) is not None


def body_limit(path: str, usual: int | None) -> int | None:
    """The most a request to ``path`` may send: :data:`PHOTO_BODY` for a photo, else ``usual`` (the app's)."""
    return PHOTO_BODY if takes_photo(path) else usual
