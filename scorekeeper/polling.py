"""The checks every open page of a game makes every second or two, and what they skip.

Such a check must cost about what a request that does nothing costs. Renewing the session cookie on each of
them would cost more than the check itself (the cookie is signed anew) and add a Set-Cookie to every 304, so
a check leaves the cookie alone unless it changed it; every page of a game the phone opens still renews it.
Without a household password a check does not read the cookie at all (nothing there needs it).

A kept page (the rules reference, the deal tables: :func:`~scorekeeper.page_cache.cached_page`) leaves the
cookie alone too (:func:`leave_cookie`): renewed there, every answer would differ from the last by its
Set-Cookie, and scorekeeper.fast_pages could never answer a phone that has opened a game without Flask.
"""

from __future__ import annotations

from flask import Flask, Request, Response, jsonify, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin

POLLED = "/live"
"""How the address of every polled endpoint ends (``/api/v1/games/<id>/live``, ``/watch/<code>/live``): the
session is opened before the address is matched to a view, so the path is all there is to go by."""


def is_polled(asked: Request | None = None) -> bool:
    """Is this request (by default, the current one) a page's check for changes?"""
    asked = asked or request
    return asked.method == "GET" and asked.path.endswith(POLLED)


def answer(tag: str) -> Response:
    """A check's answer: the tag as JSON and as a strong ETag; 304 with no body while the asker has it."""
    response = jsonify(tag=tag)
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"  # always ask again; the ETag makes asking cheap
    response.make_conditional(request)
    return response


LEAVE_COOKIE = "scorekeeper.leave_cookie"
"""Marks in the WSGI environ a request whose answer leaves the session cookie as it is unless it changed."""


def leave_cookie() -> None:
    """Answer this request without renewing the session cookie (unless the request changes the session)."""
    request.environ[LEAVE_COOKIE] = True


class _QuietPolls(SecureCookieSessionInterface):
    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if is_polled(request) and not app.config.get("SCOREKEEPER_PASSWORD"):
            return self.session_class()  # empty, never saved: checking its signature is most of a poll's cost
        return super().open_session(app, request)

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        if (is_polled() or request.environ.get(LEAVE_COOKIE)) and not session.modified:
            return False
        return super().should_set_cookie(app, session)


def init_app(app: Flask) -> None:
    app.session_interface = _QuietPolls()
