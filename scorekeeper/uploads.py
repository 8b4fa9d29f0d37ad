"""How large a request's body may be: 64 KB (``MAX_CONTENT_LENGTH``) everywhere but one route, the photo of a hand
to count (``POST /api/v1/count``), which takes a phone's photo of up to 15 MB and the multipart form around it.

Asked by the app before every request (:func:`scorekeeper.app.create_app`) and by gunicorn before it hands the
request on (:mod:`scorekeeper.gunicorn_conf`), so both refuse the same bodies. Standard library only: gunicorn's
settings module imports it."""

from __future__ import annotations

PHOTO_PATH = "/api/v1/count"
"""The one address that takes a photo."""
MAX_PHOTO_BYTES = 15 * 1024 * 1024
"""The largest photo counted: a phone's photo at full size is 2 to 8 MB."""
MULTIPART_ROOM = 64 * 1024
"""What a multipart body carries besides the photo (its boundaries, headers and the ``set`` field), generously."""
PHOTO_BODY = MAX_PHOTO_BYTES + MULTIPART_ROOM


def body_limit(path: str, usual: int | None) -> int | None:
    """The most a request to ``path`` may send: :data:`PHOTO_BODY` for the photo, else ``usual`` (the app's)."""
    return PHOTO_BODY if path == PHOTO_PATH else usual
