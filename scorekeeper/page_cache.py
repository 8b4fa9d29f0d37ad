"""Pages answered without being drawn again: validators (ETags) for pages that change with a game, a small
in-process cache of the pages that only change between deployments (the rules reference, the deal tables), and
one of what a game's pages were drawn as at its current version (:func:`kept`), shared by every phone at the
table: after each round all of them load the same table screen, and one drawing serves them all.

A page kept here is the same for every visitor of its language at its address: nothing in it may depend on the
session (no CSRF token, no flashed message), so a page is kept only when no message is waiting to be flashed.
An ETag names everything a page was drawn from, deployment included, so that a phone holding a page from before
an upgrade draws it again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TypeVar

from flask import Flask, Response, current_app, g, request, session
from flask_wtf.csrf import generate_csrf
from werkzeug.wrappers import Response as BaseResponse

from .db import household_of
from .i18n import current_language
from .lru import Lru
from .polling import is_polled

MAX_PAGES = 64
"""Pages kept per process: five languages times a few reference pages and the usual deal lookups; an address
with odd query arguments pushes out the least recently used one instead of growing the cache."""
MAX_KEPT = 256
"""Game pages and answers kept per process (about 25 KB each): the games being played at once, in the languages
their phones read; a worker's memory stays the same however many games are stored."""

TOKEN_STAND_IN = "\x00csrf\x00"
"""Where a kept page had its forms' CSRF token: each visitor gets the page with their own."""

_PACKAGE = Path(__file__).resolve().parent

KeptPage = tuple[bytes, str]
"""A page kept per deployment: its bytes and its ETag."""

GIVE_AGAIN = "scorekeeper.give_again"
"""Where an answer that may be given again without Flask is noted in the WSGI environ (:func:`may_give_again`),
for :mod:`scorekeeper.fast_pages`."""


def may_give_again(body: bytes, still: Callable[[], bool]) -> None:
    """This request's answer (``body``, or its 304) may be given again, without Flask, to a request asked the same
    way, for as long as ``still()`` holds (an answer that sends a cookie is not given again: scorekeeper.polling
    sends the session's only when it changed, and once a day)."""
    request.environ[GIVE_AGAIN] = (body, still)


@cache
def deployment() -> str:
    """A digest of the code, templates and translations this process serves, the same in every worker of a
    deployment and different after an upgrade; worked out once per process."""
    digest = hashlib.sha256()
    for folder, patterns in ((_PACKAGE, ("*.py", "*.mo")), (_PACKAGE.parent / "templates", ("*.html",))):
        for pattern in patterns:
            for path in sorted(folder.rglob(pattern)):
                digest.update(str(path.relative_to(folder)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def page_tag(*parts: str) -> str:
    """An ETag value for a page drawn from these parts (and this deployment)."""
    return hashlib.sha256("\x1f".join((deployment(), *parts)).encode()).hexdigest()[:32]


def flash_pending() -> bool:
    """Whether a message waits to be shown on the next page: such a page is for this visitor alone, once."""
    return bool(session.get("_flashes"))


def csrf_part() -> str | None:
    """What a page's forms carry of the session: a digest of its CSRF token ("" when CSRF is off); None before
    the session has one (the page that makes it cannot be matched yet)."""
    if not current_app.config.get("WTF_CSRF_ENABLED", True):
        return ""
    raw = session.get(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))
    return None if raw is None else hashlib.sha256(str(raw).encode()).hexdigest()


_Answer = TypeVar("_Answer", bound=BaseResponse)


def revalidate(response: _Answer) -> _Answer:
    """Let a browser keep the page but ask each time whether it is still current."""
    response.headers["Cache-Control"] = "no-cache"
    return response


def not_modified(etag: str, *, weak: bool = False) -> Response:
    """The 304 for a page the browser already holds."""
    response = Response(status=304)
    response.set_etag(etag, weak=weak)
    return revalidate(response)


def cached_page(draw: Callable[[], str]) -> Response:
    """The page at this address in the reader's language: drawn by ``draw`` the first time, then served as
    kept, with a strong ETag (a digest of its bytes) and 304 when the browser already holds it.

    Keyed by the full path: the language bar links back to it, query included. A page drawn while a message
    waits to be flashed shows that message, so it is answered as drawn and not kept. A kept page's answer may
    be given again without Flask (:func:`may_give_again`)."""
    if flash_pending():
        return revalidate(Response(draw(), mimetype="text/html"))
    pages: Lru[tuple[str, ...], KeptPage] = current_app.extensions.setdefault("page_cache", Lru(MAX_PAGES))
    key = (request.full_path, current_language())
    page = pages.get(key)
    if page is None:
        body = draw().encode()
        page = (body, page_tag(hashlib.sha256(body).hexdigest()))
        pages.put(key, page)
    may_give_again(page[0], lambda: pages.get(key) is page)  # while the cache still holds this very page
    body, etag = page
    if request.if_none_match.contains_weak(etag):
        return not_modified(etag)
    response = Response(body, mimetype="text/html")
    response.set_etag(etag)
    return revalidate(response)


def kept(key: tuple[str, ...], draw: Callable[[], str], *, forms: bool = True) -> str:
    """What ``draw`` draws for ``key``, drawn the first time only; ``key`` must name everything the drawing
    depends on (for a game: its id and live tag, the language, the address) except the forms' CSRF token, which
    the kept copy holds as a stand-in and each visitor gets back as their own. ``forms=False``: nothing drawn
    holds a token (an API answer), and the visitor's session is left alone."""
    with_token = forms and current_app.config.get("WTF_CSRF_ENABLED", True)
    token = generate_csrf() if with_token else None
    drawn: Lru[tuple[str, ...], str] = current_app.extensions.setdefault("kept_pages", Lru(MAX_KEPT))
    key = (*key, str(household_of()))  # whatever the key names, a page drawn for one household is for it only
    page = drawn.get(key)
    if page is None:
        page = draw()
        if token is not None:
            page = page.replace(token, TOKEN_STAND_IN)
        drawn.put(key, page)
    return page if token is None else page.replace(TOKEN_STAND_IN, token)


SIGNED_TOKENS = 1024
"""Sessions per process whose signed CSRF token is remembered (a few dozen bytes each)."""


def init_app(app: Flask) -> None:
    """The same signed CSRF token for a session on every page (Flask-WTF signs it anew, with the time, on each):
    a page drawn for a phone is then the same bytes each time it asks while nothing changed, so the table screen
    can be given again without Flask (scorekeeper.fast_pages) and compressed once (scorekeeper.compression). The
    token carries the time it was signed only for a time limit, and the app sets none (WTF_CSRF_TIME_LIMIT)."""
    signed: Lru[str, str] = Lru(SIGNED_TOKENS)
    field = app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    cookie = app.config["SESSION_COOKIE_NAME"]

    def steady() -> bool:
        return app.config.get("WTF_CSRF_TIME_LIMIT") is None and cookie in request.cookies and not is_polled()

    @app.before_request
    def same_token() -> None:
        raw = session.get(field) if steady() else None
        made = signed.get(raw) if isinstance(raw, str) else None
        if made is not None:
            setattr(g, field, made)  # what generate_csrf answers with when the request already signed one

    @app.after_request
    def keep_token(response: Response) -> Response:
        made = g.get(field)
        raw = session.get(field) if isinstance(made, str) and steady() else None
        if isinstance(raw, str) and isinstance(made, str) and signed.get(raw) is None:
            signed.put(raw, made)
        return response
