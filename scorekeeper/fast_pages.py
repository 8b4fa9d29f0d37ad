"""Answers given again without Flask: the rules reference and the deal tables, and a game's JSON while the game
stays as it is, cost a phone that asks for them again about what a hello-world app costs.

A kept page (:func:`~scorekeeper.page_cache.cached_page`) is drawn once per language, and a game's JSON once per
version (``GET /api/v1/games/<id>``), yet each request for them still paid for the whole of Flask: choosing the
language, reading the session cookie, the before and after request hooks, the security headers. Here a small
WSGI middleware in front of the Flask app remembers the answer Flask gave for such a request (noted by
:func:`~scorekeeper.page_cache.may_give_again`), exactly as it went out (status, every header, the body), and
gives that same answer again to a request that asks for it with the same words: the same address and query,
the same cookies, the same Accept-Language, the same If-None-Match; for as long as the check noted with it
holds (the page cache still holds the page; the game is still at the version answered: one indexed read).
Everything that decides the language and the session's part in the answer is in those words, so an answer
remembered for one reader never reaches a reader of another language, and nothing here needs to work out a
language, read a session or add a header itself: the full path decided all of that the first time, and a
request it has not seen goes the full way.

An answer is only remembered when it is certainly the same for the next request with the same words:

- it is the answer noted (a kept page as kept: no message was flashed on it), with status 200 or 304;
- it sets no cookie: a ``?lang=`` that differs from the cookie sets the cookie, and a session changed on the
  way is sent anew, so those answers change from one request to the next (a kept page does not renew the
  session's expiry: scorekeeper.polling);
- with a household password, it was answered with the password in force now, and for a few minutes only
  (SIGNED_IN_FOR): whether a phone is signed in rests on its session, which can run out while its cookie stays
  the same; asked again within minutes of being let in, the same page is no secret to the same phone.

An answer is given again only while its check holds: when the page cache lets a page go (or is cleared), or a
game changes, the next request goes the full way and is remembered anew.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from flask import Flask

from .lru import Lru
from .page_cache import GIVE_AGAIN

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from _typeshed import OptExcInfo
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

SIGNED_IN_FOR = 300.0
"""Seconds an answer remembered behind a household password is given again before Flask checks the session anew
(a session lasts months: a phone whose session ran out reads the rules for five minutes more at the most)."""

MAX_ANSWERS = 256
"""Answers remembered per process: a few per kept page for each phone (its cookies are part of what it asks)."""

ASKED = (
    "SCRIPT_NAME",
    "PATH_INFO",
    "QUERY_STRING",
    "HTTP_COOKIE",
    "HTTP_ACCEPT_LANGUAGE",
    "HTTP_ACCEPT_ENCODING",
    "HTTP_IF_NONE_MATCH",
    "HTTP_AUTHORIZATION",
    "HTTP_HOST",
    "wsgi.url_scheme",
)
"""The parts of a GET request the full path reads to answer a kept page: the address (the page and its
language bar's links), the cookies (the language chosen, the session), Accept-Language, Accept-Encoding (gzipped
or not: scorekeeper.compression), If-None-Match (a 304), Authorization (hosted mode: an API token says whose the
request is, whatever its cookies: two tokens never share an answer);
the host and scheme too, although no kept page depends on them, rather than be sure it never will. A header
that is missing reads as an empty one, as werkzeug reads them."""


@dataclass(frozen=True)
class _Answer:
    """What Flask answered for a kept page, as it went out."""

    still: Callable[[], bool]
    """Whether the answer still is what Flask would answer (see :func:`~scorekeeper.page_cache.may_give_again`)."""
    status: str
    headers: list[tuple[str, str]]
    body: bytes
    password: object
    """The household password in force when Flask answered (None for none)."""
    at: float
    """When Flask answered (time.monotonic())."""


class FastPages:
    """The WSGI middleware: gives again the answers Flask gave for kept pages; every other request is Flask's."""

    def __init__(self, app: Flask, wsgi_app: WSGIApplication) -> None:
        self.app = app
        self.wsgi_app = wsgi_app
        self.answers: Lru[tuple[str, ...], _Answer] = Lru(MAX_ANSWERS)

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") != "GET":  # a HEAD or a write is Flask's
            return self.wsgi_app(environ, start_response)
        asked = tuple(str(environ.get(name, "")) for name in ASKED)
        answer = self.answers.get(asked)
        if answer is not None and self._still_kept(answer):
            start_response(answer.status, list(answer.headers))
            return [answer.body]
        return self._full_path(asked, environ, start_response)

    def _still_kept(self, answer: _Answer) -> bool:
        """The household password is as it was (and, with one, or in hosted mode, where a phone signed out or a
        token revoked must soon be let in no more, the answer is minutes old at most), and the answer's own check
        holds."""
        password = self.app.config.get("SCOREKEEPER_PASSWORD")
        signed_in = password or self.app.config.get("SCOREKEEPER_HOSTED")
        if password != answer.password or (signed_in and time.monotonic() - answer.at > SIGNED_IN_FOR):
            return False
        return answer.still()

    def _full_path(
        self, asked: tuple[str, ...], environ: WSGIEnvironment, start_response: StartResponse
    ) -> Iterable[bytes]:
        """Flask's answer, remembered when it is a kept page that may be given again as it is."""
        sent: list[tuple[str, list[tuple[str, str]]]] = []

        def noting(
            status: str, headers: list[tuple[str, str]], exc_info: OptExcInfo | None = None
        ) -> Callable[[bytes], object]:
            sent.append((status, headers))
            return start_response(status, headers, exc_info)

        body = self.wsgi_app(environ, noting)
        marked = environ.get(GIVE_AGAIN)
        if marked is None or len(sent) != 1:
            return body
        try:
            drawn = b"".join(body)
        finally:
            close = getattr(body, "close", None)
            if close is not None:
                close()
        noted, still = marked
        status, headers = sent[0]
        if _may_give_again(status, headers, drawn, noted):
            # the noted bytes themselves, not a copy: every answer for a page shares them
            given = noted if drawn else b""
            password = self.app.config.get("SCOREKEEPER_PASSWORD")
            self.answers.put(asked, _Answer(still, status, list(headers), given, password, time.monotonic()))
        return [drawn]


def _may_give_again(status: str, headers: list[tuple[str, str]], drawn: bytes, noted: bytes) -> bool:
    """Whether this answer is the one noted (or its 304) and sets no cookie: the same for the next request asked
    the same way."""
    if any(name.lower() == "set-cookie" for name, _ in headers):
        return False
    code = status.split(" ", 1)[0]
    return (code == "200" and drawn == noted) or (code == "304" and drawn == b"")


def init_app(app: Flask) -> None:
    app.wsgi_app = FastPages(app, app.wsgi_app)  # type: ignore[method-assign]
