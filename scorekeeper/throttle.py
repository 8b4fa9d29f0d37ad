"""Guessing the household password is slowed down: a few wrong passwords from one phone, or many from anywhere,
and signing in is refused (429, "wait N seconds") until the wait is over, the right password included.

Only wrong passwords count (a phone signing in at once is never held up); the counts are kept by Flask-Limiter,
in this process's memory unless ``RATELIMIT_STORAGE_URI`` names a shared store (``redis://...``: several
workers or servers then count together). The limits are settings, in Flask-Limiter's words ("5 per minute; 20
per hour"): ``SCOREKEEPER_SIGN_IN_LIMIT`` per client address, ``SCOREKEEPER_HOUSEHOLD_SIGN_IN_LIMIT`` for
every client together (someone changing address keeps their household's count).

In hosted mode (``SCOREKEEPER_HOSTED=1``) more is counted, per client address (as a trusted proxy tells it:
scorekeeper.proxies) and per household, each a setting in :data:`HOSTED_DEFAULTS`: wrong passphrases, per client and
per household name typed; households made, per client and by everyone together; invitations and game codes tried;
photos counted, per client; writes (every request but GET, HEAD and OPTIONS), per client and per household; and a
household's requests per minute (the quota). Over a limit, the answer is 429 with ``Retry-After``: a page that says
what happened and when to try again, or ``{"error": ..., "retry_after": N}`` in the API. A page given again without
Flask (scorekeeper.fast_pages) costs next to nothing and is not counted. The counts live in the same store as the
sign-in limits' (Flask-Limiter's, ``RATELIMIT_STORAGE_URI``): with Redis, every instance counts together.
Home mode counts only the household password's wrong tries, as before."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address
from limits import parse_many
from limits.errors import StorageError
from redis.exceptions import RedisError

from . import households
from .errors import wants_json
from .forms.household import LoginForm
from .forms.households import CreateForm, SignInForm
from .i18n import ngettext
from .views.households import _welcome

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


HOSTED_DEFAULTS: dict[str, str] = {
    "SCOREKEEPER_CREATE_LIMIT": "10 per hour; 30 per day",  # households made from one client address
    "SCOREKEEPER_CREATE_ALL_LIMIT": "300 per hour",  # households made by everyone together
    "SCOREKEEPER_JOIN_LIMIT": "30 per minute; 300 per hour",  # invitations and game codes tried by one client
    "SCOREKEEPER_WRITE_LIMIT": "120 per minute",  # writes from one client address (a round is one or two)
    # photos counted from one client address (each costs up to a second of a core; a round wants one per player)
    "SCOREKEEPER_COUNT_LIMIT": "20 per minute; 200 per hour",
    "SCOREKEEPER_HOUSEHOLD_WRITE_LIMIT": "600 per minute",  # writes by one household's phones together
    # a household's requests (a phone polling its table asks 40 times a minute; a family has a few phones)
    "SCOREKEEPER_HOUSEHOLD_REQUEST_LIMIT": "3000 per minute",
}
"""Hosted mode's limits, in Flask-Limiter's words, each a setting (and an environment variable) of that name;
with :data:`CLIENT_LIMIT` and :data:`HOUSEHOLD_LIMIT` (wrong passphrases per client, per household name)."""
MAX_GAMES = "SCOREKEEPER_MAX_GAMES"
MAX_GAMES_DEFAULT = 5000
"""Games a household may keep in hosted mode (those in the trash not counted): a family playing every evening for
ten years keeps fewer; starting one more is refused (services.starting)."""

SIGN_IN = frozenset({"households.sign_in"})
SIGN_IN_PREFIX = "signin"
"""The welcome page's sign-in form's field prefix (``signin-name``: scorekeeper.views.households)."""
CREATE = frozenset({"households.create"})
JOIN = frozenset({"households.invite", "household.open_game", "join.watch"})
COUNT = frozenset({"api.count"})
"""Where a photo of a hand is counted: a write (it is a POST) that also costs the server a second of work."""
"""Where a code or a link is tried: an invitation, a game's join code (``/open``), a watch link."""
UNCOUNTED = frozenset({"health.check", "static"})
READS = frozenset({"GET", "HEAD", "OPTIONS"})


def _client() -> str | None:
    return get_remote_address()


def _household_counted() -> str | None:
    found = households.current()
    return None if found is None else str(found)


def _name_typed() -> str | None:
    """The household name a sign-in typed, as the welcome page sends it (case and spacing aside)."""
    typed = request.form.get(f"{SIGN_IN_PREFIX}-name")
    if typed is None and request.is_json:
        body = request.get_json(silent=True)
        typed = body.get("name") if isinstance(body, dict) else None
    return " ".join(str(typed or "").split()).casefold()


def _everyone() -> str:
    return "everyone"


def _tries(wait: int) -> str:
    return ngettext(
        "Too many tries. Wait %(num)d second, then try again.",
        "Too many tries. Wait %(num)d seconds, then try again.",
        wait,
    )


def _households_made(wait: int) -> str:
    return ngettext(
        "Too many households were started from here. Wait %(num)d second, then try again.",
        "Too many households were started from here. Wait %(num)d seconds, then try again.",
        wait,
    )


def _codes_tried(wait: int) -> str:
    return ngettext(
        "Too many invitations and game codes were tried from here. Wait %(num)d second, then try again.",
        "Too many invitations and game codes were tried from here. Wait %(num)d seconds, then try again.",
        wait,
    )


def _writes(wait: int) -> str:
    return ngettext(
        "Too many changes were sent at once, and this one was not saved. Wait %(num)d second, then send it again.",
        "Too many changes were sent at once, and this one was not saved. Wait %(num)d seconds, then send it again.",
        wait,
    )


def _photos(wait: int) -> str:
    return ngettext(
        "Too many photos were counted from here. Wait %(num)d second, then try again.",
        "Too many photos were counted from here. Wait %(num)d seconds, then try again.",
        wait,
    )


def _requests(wait: int) -> str:
    return ngettext(
        "This household's phones asked for more than a household may in a minute. Wait %(num)d second, then try again.",
        "This household's phones asked for more than a household may in a minute. "
        "Wait %(num)d seconds, then try again.",
        wait,
    )


@dataclass(frozen=True)
class Rule:
    """One limit of hosted mode: what it counts, whose count it is, and what a person who ran into it is told."""

    name: str
    """The count's name in the store."""
    setting: str
    """The setting holding the limit ("5 per minute; 20 per hour")."""
    key: Callable[[], str | None]
    """Whose count this request adds to (None: this request is not counted)."""
    told: Callable[[int], str]
    """The sentence for the wait, in whole seconds."""
    endpoints: frozenset[str] | None = None
    """The views counted (None: every request)."""
    writes_only: bool = False
    """Only requests that may change something (not GET, HEAD, OPTIONS)."""
    refused_only: bool = False
    """Counted on a wrong passphrase's answer (403) only, after the view; checked before it all the same."""

    def applies(self) -> bool:
        if self.endpoints is not None and request.endpoint not in self.endpoints:
            return False
        return not self.writes_only or request.method not in READS


RULES = (
    Rule("sign-in", CLIENT_LIMIT, _client, _tries, SIGN_IN, writes_only=True, refused_only=True),
    Rule("household-sign-in", HOUSEHOLD_LIMIT, _name_typed, _tries, SIGN_IN, writes_only=True, refused_only=True),
    Rule("create", "SCOREKEEPER_CREATE_LIMIT", _client, _households_made, CREATE, writes_only=True),
    Rule("create-all", "SCOREKEEPER_CREATE_ALL_LIMIT", _everyone, _households_made, CREATE, writes_only=True),
    Rule("join", "SCOREKEEPER_JOIN_LIMIT", _client, _codes_tried, JOIN),
    Rule("count", "SCOREKEEPER_COUNT_LIMIT", _client, _photos, COUNT, writes_only=True),
    Rule("writes", "SCOREKEEPER_WRITE_LIMIT", _client, _writes, writes_only=True),
    Rule("household-writes", "SCOREKEEPER_HOUSEHOLD_WRITE_LIMIT", _household_counted, _writes, writes_only=True),
    Rule("household-requests", "SCOREKEEPER_HOUSEHOLD_REQUEST_LIMIT", _household_counted, _requests),
)
"""Checked in this order; the first one spent answers."""


def max_games() -> int | None:
    """How many games this request's household may keep (None: no limit, as at home)."""
    if not households.hosted():
        return None
    return int(current_app.config[MAX_GAMES])


def refused(message: str, wait: int) -> ResponseReturnValue:
    """The 429 for a limit run into: the page, or the API's JSON, with the wait in ``Retry-After``."""
    headers = {"Retry-After": str(wait), "Cache-Control": "no-store"}
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    if wants_json() or best == "application/json":
        return jsonify(error=message, retry_after=wait), 429, headers
    if request.endpoint in SIGN_IN | CREATE:  # the welcome page keeps what was typed, to send once the wait is over
        return _welcome_refused(message), 429, headers
    return render_template("error.html", status=429, message=message), 429, headers


def _welcome_refused(message: str) -> str:
    """The welcome page with the wait said on the form that was sent (the passphrases are never drawn back)."""
    if request.endpoint in SIGN_IN:
        sign_in: Any = SignInForm(prefix=SIGN_IN_PREFIX)
        sign_in.passphrase.errors = [message]
        return _welcome(sign_in=sign_in)[0]
    create: Any = CreateForm(prefix="create")
    create.form_errors.append(message)
    return _welcome(create=create)[0]


STORE_DOWN = (RedisError, StorageError)
"""What the limits' store raises when it does not answer: the request then goes through uncounted (logged), as a
family at the table must not be locked out by a counter; the database stays the one thing an answer needs."""


def _check_hosted() -> ResponseReturnValue | None:
    """Before a request in hosted mode: count it where it counts; 429 once a count is spent."""
    if request.endpoint in UNCOUNTED:
        return None
    try:
        return _spent()
    except STORE_DOWN:
        current_app.logger.warning("the rate limits' store does not answer: request let through uncounted")
        return None


def _spent() -> ResponseReturnValue | None:
    strategy = limiter().limiter
    now = time.time()
    for rule in RULES:
        if not rule.applies():
            continue
        key = rule.key()
        if key is None:
            continue
        for item in parse_many(str(current_app.config[rule.setting])):
            ids = ("scorekeeper", rule.name, key)
            allowed = strategy.test(item, *ids) if rule.refused_only else strategy.hit(item, *ids)
            if not allowed:
                wait = max(1, math.ceil(strategy.get_window_stats(item, *ids).reset_time - now))
                return refused(rule.told(wait), wait)
    return None


def _count_refused(response: Response) -> Response:
    """After a wrong passphrase (403): it counts against the client and the household name typed."""
    if response.status_code != REFUSED:
        return response
    strategy = limiter().limiter
    for rule in RULES:
        key = rule.key() if rule.refused_only and rule.applies() else None
        if key is not None:
            try:
                for item in parse_many(str(current_app.config[rule.setting])):
                    strategy.hit(item, "scorekeeper", rule.name, key)
            except STORE_DOWN:
                current_app.logger.warning("the rate limits' store does not answer: a wrong passphrase uncounted")
    return response


def _init_hosted(app: Flask) -> None:
    for key, value in HOSTED_DEFAULTS.items():
        app.config.setdefault(key, (not app.testing and os.environ.get(key)) or value)
    app.config.setdefault(MAX_GAMES, int((not app.testing and os.environ.get(MAX_GAMES)) or MAX_GAMES_DEFAULT))
    for setting in (CLIENT_LIMIT, HOUSEHOLD_LIMIT, *HOSTED_DEFAULTS):  # a typo found at start, not on a request
        try:
            parse_many(str(app.config[setting]))
        except ValueError:
            raise ValueError(
                f"{setting}: {app.config[setting]!r} is not a limit; write it as Flask-Limiter does, "
                '"5 per minute; 20 per hour"'
            ) from None
    if not app.config.get("SCOREKEEPER_HOSTED"):
        return  # at home, the household password's limits only: as before
    # registered last, after the gates: the request's household is known by now
    app.before_request(_check_hosted)
    app.after_request(_count_refused)


def init_app(app: Flask) -> None:
    """Count wrong household passwords on the sign-in views (call once the blueprints are registered); in hosted
    mode, every limit of :data:`RULES`."""
    for key, value in DEFAULTS.items():
        app.config.setdefault(key, (not app.testing and os.environ.get(key)) or value)
    # a Redis that stops answering costs a request one second at most, not the operating system's minutes
    app.config.setdefault("RATELIMIT_STORAGE_OPTIONS", {"socket_connect_timeout": 1, "socket_timeout": 1})
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
    _init_hosted(app)
