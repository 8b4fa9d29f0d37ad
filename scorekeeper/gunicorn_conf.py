"""gunicorn's settings module for `make run` and the scripts that serve like it (``--config
python:scorekeeper.gunicorn_conf``, added by :func:`scorekeeper.serve.gunicorn_args`): server hooks only; the
numbers are in :data:`scorekeeper.serve.SETTINGS`."""

from __future__ import annotations

from typing import Any

from .uploads import body_limit


def pre_request(worker: Any, req: Any) -> None:
    """Close the connection after a request whose body the app will refuse without reading it, and say so in the
    answer (``Connection: close``).

    Flask answers a body over ``MAX_CONTENT_LENGTH`` with a 413 before reading it. gunicorn then throws away what
    is left of it, but only up to 64 KB; past that it closes the connection although its answer promised to keep
    it open, and the phone's next request on it is dropped. A body of unknown length (chunked) may end the same
    way, so it closes too; browsers send a length. The photo to count has its own, larger limit (scorekeeper.uploads).
    """
    config = getattr(getattr(worker, "wsgi", None), "config", None)  # the Flask app gunicorn serves, if it is one
    limit = body_limit(str(req.path), config.get("MAX_CONTENT_LENGTH")) if isinstance(config, dict) else None
    headers = {name.upper(): value for name, value in req.headers}
    length = headers.get("CONTENT-LENGTH", "")
    too_long = limit is not None and length.isdecimal() and (len(length) > 18 or int(length) > limit)
    if too_long or "chunked" in headers.get("TRANSFER-ENCODING", "").lower():
        req.must_close = True  # gunicorn then answers with "Connection: close" and closes after the answer


DRAINED = 16 * 1024 * 1024
"""How much of a refused body is read and thrown away before the connection closes."""


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    """Read what is left of a refused body (up to :data:`DRAINED`) before gunicorn closes the connection.

    Closing a socket with unread bytes in it makes the kernel reset the connection, and a phone still sending a
    large body then sees a broken pipe instead of the 413 that explains it. Read to its end, the body's sender
    finishes sending, reads the answer, and opens a new connection for what comes next."""
    if not getattr(req, "must_close", False):
        return
    body = getattr(req, "body", None)
    left = DRAINED
    try:
        while body is not None and left > 0:
            chunk = body.read(min(left, 64 * 1024))
            if not chunk:
                break
            left -= len(chunk)
    except Exception:  # noqa: BLE001 - the phone went away meanwhile: the connection closes all the same
        worker.log.debug("a refused body could not be read to its end")
