"""Guessing the household password is slowed down: a few wrong passwords from one phone, or many from anywhere,
and signing in is refused (429, "wait N seconds") until the wait is over, the right password included.

Only wrong passwords count (a phone signing in at once is never held up); the counts are kept by Flask-Limiter,
in this process's memory unless ``RATELIMIT_STORAGE_URI`` names a shared store (``redis://...``: several
workers or servers then count together). The limits are settings, in Flask-Limiter's words ("5 per minute; 20
per hour"): ``SCOREKEEPER_SIGN_IN_LIMIT`` per client address, ``SCOREKEEPER_HOUSEHOLD_SIGN_IN_LIMIT`` for
every client together (someone changing address keeps their household's count)."""

from __future__ import annotations

import math
import os
import time
from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address

from .errors import wants_json
from .forms.household import LoginForm
from .i18n import ngettext

CLIENT_LIMIT = "SCOREKEEPER_SIGN_IN_LIMIT"
HOUSEHOLD_LIMIT = "SCOREKEEPER_HOUSEHOLD_SIGN_IN_LIMIT"
DEFAULTS = {
    CLIENT_LIMIT: "5 per minute; 20 per hour",
    HOUSEHOLD_LIMIT: "60 per hour",
    "RATELIMIT_STORAGE_URI": "memory://",
}
SIGN_IN_VIEWS = ("household.login", "api.sign_in")
"""The endpoints that take the household password."""
REFUSED = 403
"""What a sign-in with a wrong password answers: the only answer that counts as a try."""


def _household() -> str:
    return "household"


def _failed(response: Response) -> bool:
    return response.status_code == REFUSED


def limiter() -> Limiter:
    """This app's limiter."""
    found: Limiter = current_app.extensions["scorekeeper_limiter"]
    return found


def seconds_to_wait() -> int:
    """How long until the limit this request ran into lets a sign-in through again, in whole seconds (at least 1)."""
    breached = [lim for lim in limiter().current_limits if lim.breached]
    until = max((lim.window.reset_time for lim in breached), default=0.0)
    return max(1, math.ceil(until - time.time()))


def _too_many(_e: RateLimitExceeded) -> ResponseReturnValue:
    wait = seconds_to_wait()
    message = ngettext(
        "Too many tries. Wait %(num)d second, then try again.",
        "Too many tries. Wait %(num)d seconds, then try again.",
        wait,
    )
    headers = {"Retry-After": str(wait)}
    if wants_json():
        return jsonify(error=message, retry_after=wait), 429, headers
    form: Any = LoginForm()  # the page keeps the form, to try again once the wait is over
    form.password.errors = [message]
    return render_template("household/login.html", form=form), 429, headers


def init_app(app: Flask) -> None:
    """Count wrong household passwords on the sign-in views (call once the blueprints are registered)."""
    for key, value in DEFAULTS.items():
        app.config.setdefault(key, (not app.testing and os.environ.get(key)) or value)
    found = Limiter(get_remote_address, app=app, default_limits=[], headers_enabled=False)
    app.extensions["scorekeeper_limiter"] = found
    # only the sign-in views have limits: every other request skips the limiter's look-ups (a fifth of what a
    # page that is given again through Flask costs)
    found.request_filter(lambda: request.endpoint not in SIGN_IN_VIEWS)
    # and the limiter's own check before every request is taken out: there are no limits for the whole app, and
    # the sign-in views' limits are checked by their decorators (below) when they are called; even skipped by the
    # filter, that check cost a twentieth of a page given again through Flask
    app.before_request_funcs[None].remove(found._check_request_limit)
    for endpoint in SIGN_IN_VIEWS:
        view: Any = app.view_functions.get(endpoint)
        if view is None:
            continue
        # both counted on the wrong passwords only, both checked before the password is: once either is spent,
        # the right password waits too
        # shared by the page and the API: a guesser gains nothing by switching between them
        per_client = found.shared_limit(
            lambda: str(current_app.config[CLIENT_LIMIT]), "sign-in", methods=["POST"], deduct_when=_failed
        )
        together = found.shared_limit(
            lambda: str(current_app.config[HOUSEHOLD_LIMIT]),
            "household-sign-in",
            key_func=_household,
            methods=["POST"],
            deduct_when=_failed,
        )
        app.view_functions[endpoint] = per_client(together(view))
    app.register_error_handler(RateLimitExceeded, _too_many)
