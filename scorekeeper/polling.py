"""The checks every open page of a game makes every second or two, and what they skip.

Such a check must cost about what a request that does nothing costs. Renewing the session cookie on each of
them would cost more than the check itself (the cookie is signed anew) and add a Set-Cookie to every 304, so
a check leaves the cookie alone unless it changed it. Any other answer signs it anew only when it changed or
was signed a day ago or more (:data:`RENEWED_AFTER`): a phone in use stays signed in for months.
Without a household password a check does not read the cookie at all (nothing there needs it), but in hosted
mode, where the session says which household asks.

A kept page (the rules reference, the deal tables, the table screen) does not renew it on every answer either:
renewed each time, every answer would differ from the last by its Set-Cookie, and scorekeeper.fast_pages could
never answer a phone that has a session without Flask. Once a day is enough for a session that lasts months.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

from flask import Flask, Request, Response, jsonify, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import BadSignature, URLSafeTimedSerializer

from .headers import vary
from .lru import Lru

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


RENEWED_AFTER = timedelta(days=1)
"""How old a session cookie grows before an answer signs it anew (its months-long lifetime starting over): Flask
would sign it on every answer, which costs more than a static file or a kept page itself and makes every answer
differ from the last by its Set-Cookie (scorekeeper.fast_pages then never answers a phone that has a session)."""


class _Session(SecureCookieSession):
    signed_at: datetime | None = None
    """When the cookie this session was read from was signed (None: a new session)."""


VERIFIED_COOKIES = 512
"""How many session cookies a worker remembers as verified: a phone sends the same cookie with every request until
it changes, and checking its signature anew was a seventh of a page's cost through Flask."""


class _QuietPolls(SecureCookieSessionInterface):
    session_class = _Session
    _signer: tuple[tuple[object, ...], URLSafeTimedSerializer] | None = None

    def __init__(self) -> None:
        # by the keys it was verified with and the cookie as sent: its data (as the cookie holds it) and when it
        # was signed, so that a remembered cookie still expires when its lifetime is over
        self._verified: Lru[tuple[object, str], tuple[str, datetime]] = Lru(VERIFIED_COOKIES)

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """Flask's serializer, built once for the app's keys instead of anew for every request (it only holds
        the keys and settings: a fortieth of a page's cost through Flask)."""
        keys = (app.secret_key, *(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        if self._signer is None or self._signer[0] != keys:
            signer = super().get_signing_serializer(app)
            if signer is None:
                return None
            self._signer = (keys, signer)
        return self._signer[1]

    def open_session(self, app: Flask, request: Request) -> _Session | None:
        # hosted mode: the session says whose the check is (a game of another household is no game to it)
        if (
            is_polled(request)
            and not app.config.get("SCOREKEEPER_PASSWORD")
            and not app.config.get("SCOREKEEPER_HOSTED")
        ):
            return self.session_class()  # empty, never saved: checking its signature is most of a poll's cost
        signer = self.get_signing_serializer(app)
        if signer is None:
            return None
        cookie = request.cookies.get(self.get_cookie_name(app))
        if not cookie:
            return self.session_class()
        max_age = int(app.permanent_session_lifetime.total_seconds())
        verified = self._verified.get((self._signer, cookie))
        # its age as itsdangerous tells it (time.time), so that a remembered cookie expires as a checked one would
        if verified is not None and 0 <= time.time() - verified[1].timestamp() <= max_age:
            data = self.serializer.loads(verified[0])  # a copy of its own: a view may change the session in place
            signed_at = verified[1]
        else:
            try:
                data, signed_at = signer.loads(cookie, max_age=max_age, return_timestamp=True)
            except BadSignature:
                return self.session_class()
            self._verified.put((self._signer, cookie), (self.serializer.dumps(data), signed_at))
        session = self.session_class(data)
        session.signed_at = signed_at
        return session

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """As Flask saves it, with the usual answer cut short: a session left as it was and no cookie to send (Flask
        works out every setting of the cookie and parses the Vary header before finding it sends nothing)."""
        if not session.modified and (not session or not self.should_set_cookie(app, session)):
            if session.accessed:
                vary(response, "Cookie")
            return
        super().save_session(app, session, response)

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        """Only a session changed by this answer, or a lasting one signed a day ago or more (not on a check for
        changes: it keeps its cookie as it is unless it changed it)."""
        if session.modified:
            return True
        if is_polled() or not session.permanent:
            return False
        signed_at = getattr(session, "signed_at", None)
        return signed_at is None or datetime.now(UTC) - signed_at >= RENEWED_AFTER


def init_app(app: Flask) -> None:
    app.config["SESSION_REFRESH_EACH_REQUEST"] = False  # renewed once a day instead (RENEWED_AFTER)
    app.session_interface = _QuietPolls()
