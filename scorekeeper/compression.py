"""Pages and JSON sent gzipped to a phone that takes it, each distinct answer compressed once.

The table screen, the round form, the checker and the rules travel at about a third of their size gzipped, which
on a weak signal at the table is most of the wait. Compressing costs more server time than answering a kept page
does, so the compressed bytes are kept beside the bytes they came from (:data:`MAX_KEPT` answers per process): a
page given to every phone at the table, or given again to the same phone (a form's CSRF token is the same for a
session: scorekeeper.page_cache), is compressed the first time only. An answer noted to be given again without
Flask (scorekeeper.fast_pages) is noted as compressed, and fast_pages tells apart phones that take gzip from
those that do not.

A compressed answer keeps its ETag: it is the same page (the API's ETag is the game's version, which clients send
back with a write), and ``Vary: Accept-Encoding`` keeps any cache between from mixing the two.
"""

from __future__ import annotations

import gzip

from flask import Flask, Response, request

from .headers import vary
from .lru import Lru
from .page_cache import GIVE_AGAIN
from .static_files import takes_gzip

COMPRESSED_TYPES = frozenset(
    {"text/html", "application/json", "application/manifest+json", "text/css", "text/javascript", "text/plain"}
)
SMALLEST = 512
"""Bytes below which gzip's own header and the work outweigh what it saves."""
MAX_KEPT = 128
"""Compressed answers kept per process (a page and its gzip copy: about 60 KB)."""
LEVEL = 1
"""gzip's quickest: measured on the table screen (12.8 KB) 3.8 KB in 59 µs, against 3.4 KB in 145 µs at the
default 6 (the rules, 30 KB: 10.2 KB in 235 µs against 8.6 KB in 600 µs). Either size travels in the first
flight of a connection (ten packets, some 14 KB), so a phone waits no round trip more, and the server compresses
each phone's table screen once per round."""


def compressed(body: bytes, kept: Lru[bytes, bytes]) -> bytes:
    """``body`` gzipped, compressed the first time only (the same bytes always give the same copy: no time in it)."""
    packed = kept.get(body)
    if packed is None:
        packed = gzip.compress(body, LEVEL, mtime=0)
        kept.put(body, packed)
    return packed


def init_app(app: Flask) -> None:
    kept: Lru[bytes, bytes] = Lru(MAX_KEPT)

    @app.after_request
    def gzipped(response: Response) -> Response:
        if response.mimetype not in COMPRESSED_TYPES or response.direct_passthrough or response.is_streamed:
            return response
        vary(response, "Accept-Encoding")
        if response.status_code != 200 or "Content-Encoding" in response.headers:
            return response
        if not takes_gzip(request.headers.get("Accept-Encoding", "")):
            return response
        body = response.get_data()
        if len(body) < SMALLEST:
            return response
        packed = compressed(body, kept)
        response.set_data(packed)
        response.headers["Content-Encoding"] = "gzip"
        noted = request.environ.get(GIVE_AGAIN)
        if noted is not None and noted[0] == body:  # to be given again: as it went out
            request.environ[GIVE_AGAIN] = (packed, noted[1])
        return response
