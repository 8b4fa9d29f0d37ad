"""Whose games a phone sees: without a household password, the games this browser started or opened; with
``SCOREKEEPER_PASSWORD`` set, the whole site (API included) is behind that one password and, once past it,
every phone sees every game. What the phone's session keeps is :mod:`scorekeeper.phones`'s; this blueprint asks
for the password and opens a game shared by another phone."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, Flask, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response

from .. import households
from ..db import engine
from ..db import session as db_session
from ..errors import error_response
from ..forms.household import LoginForm
from ..i18n import _
from ..phones import (
    WRONG_PASSWORD,
    as_guest,
    as_member,
    forget_member,
    forget_who,
    member_session,
    password,
    sign_in,
    signed_in,
)
from ..redirects import same_site
from ..services import households as household_rows
from ..services import join
from ..services.errors import ServiceError
from ..services.inputs import is_game_id
from ..services.join import ungrouped

bp = Blueprint("household", __name__)

# pages a phone needs before it is signed in: the login itself, styles and the app's shell
OPEN_ENDPOINTS = frozenset(
    {"household.login", "api.sign_in", "static", "choose_language", "pwa.manifest", "pwa.service_worker", "pwa.offline"}
    # a game's read-only link: its unguessable code can only read, and a screen on the wall has nobody to sign in
    | {"join.watch", "join.watch_live", "join.watch_refused"}
)


# hosted mode: pages a phone needs before it belongs to a household (welcome, create, sign in, join by invite), the
# app's shell, a game's read-only link, and the health check a load balancer asks
HOSTED_OPEN = frozenset(
    {"households.welcome", "households.create", "households.sign_in", "households.invite", "health.check"}
    # "Open a game" by its link or join code: the phone becomes that game's guest (or is told the code opens none)
    | {"household.open_game"}
    | {"household.login", "static", "choose_language", "pwa.manifest", "pwa.service_worker", "pwa.offline"}
    | {"join.watch", "join.watch_live", "join.watch_refused"}
)


@bp.route("/login", methods=["GET", "POST"])
def login() -> ResponseReturnValue:
    """Ask once for the household password; the phone then stays signed in for months."""
    if households.hosted():  # hosted mode has no site password: each household signs in on its own
        return redirect(url_for("households.welcome"))
    secret = password()
    target = same_site(request.args.get("next"), url_for("games.index"))
    if secret is None or signed_in():
        return redirect(target)
    form = LoginForm()
    status = 200
    if form.validate_on_submit():
        if sign_in(form.password.data):
            return redirect(target)
        form.password.errors = [_(WRONG_PASSWORD)]
        status = 403  # the answer the sign-in limits count (scorekeeper.throttle)
    return render_template("household/login.html", form=form), status


@bp.get("/open")
def open_game() -> Response:
    """Go to a game from its link or its join code (or the old code made of its id), as shared by another phone."""
    typed = request.args.get("game", "")
    watched = _watch_code(typed)
    if watched is not None:  # a read-only link sent on from the result: it opens the game as it opened there
        return redirect(url_for("join.watch", code=watched))
    try:
        game_id = join.opened_game(db_session(), typed, _game_id(typed))
    except ServiceError as e:
        flash(e.message)
        # back with what was typed still in the field: a code with one letter wrong is fixed, not typed anew
        return redirect(url_for("games.index", game=typed[:TYPED_KEPT]))  # the top: the message first
    return redirect(url_for("drafts.whose", game_id=game_id))  # asked whose phone it is, once


TYPED_KEPT = 300
"""How much of what was typed under "Open a game" comes back to the field when it opens no game: a whole link."""


def _watch_code(typed: str) -> str | None:
    """The code of a read-only link (…/watch/<code>) pasted whole, or None for anything else."""
    text = typed.strip()
    parts = [p for p in urlsplit(text).path.split("/") if p] if "/" in text else []
    if len(parts) >= 2 and parts[-2] == "watch" and is_game_id(parts[-1]):
        return parts[-1]
    return None


def _game_id(typed: str) -> str | None:
    """The game id in a link (…/games/<id>, /history and the like allowed after it) or a code, bare or in blocks
    as the join page shows it."""
    text = typed.strip()
    path = urlsplit(text).path if "/" in text else ungrouped(text)
    parts = [p for p in path.split("/") if p]
    if "games" in parts:
        after = parts[parts.index("games") + 1 :]
        parts = after[:1]
    candidate = parts[-1] if parts else ""
    return candidate if is_game_id(candidate) and candidate != "new" else None


def _resolve_hosted() -> ResponseReturnValue | None:
    """Enter the request's household, if it has one: an API token's, a signed-in phone's (its row must still be
    there with that key: signed out or deleted ends it at once, on every instance), or, for a phone that is
    neither, that of the game it opened by its link (a guest of that one game). A token that opens nothing is
    answered 401 at once: a client that sent one expects it to count."""
    # from nothing: an app context kept from an earlier request (a test client's `with`) must lend it no household
    households.enter(None)
    forget_who()
    auth = request.headers.get("Authorization", "")
    if auth[:7].lower() == "bearer ":
        found = household_rows.token_household(engine(), auth[7:].strip())
        if found is None:
            return error_response(
                401, _("This API token opens no household: it was revoked or mistyped. Make a new one in Settings.")
            )
        households.enter(found)
        as_member(0)
        return None
    kept = member_session()
    if kept is not None:
        household_id, phone_id, key = kept
        if isinstance(phone_id, int) and household_rows.phone_household(engine(), phone_id, key) == household_id:
            households.enter(household_id)
            as_member(phone_id)
            return None
        forget_member()  # signed out on another phone, or the household was deleted
    if request.endpoint == "household.open_game":  # a game's join code, typed on the welcome page
        opened = household_rows.code_game(engine(), request.args.get("game", ""))
        if opened is not None:
            households.enter(opened[0])
            as_guest(opened[1])
            return None
    game_id = (request.view_args or {}).get("game_id")
    if isinstance(game_id, str) and is_game_id(game_id):
        found = household_rows.game_household(engine(), game_id)
        if found is not None:
            households.enter(found)
            as_guest(game_id)
    return None


def _hosted_gate() -> ResponseReturnValue | None:
    refused = _resolve_hosted()
    if refused is not None:
        return refused
    if households.current() is not None or request.endpoint in HOSTED_OPEN or request.endpoint is None:
        return None
    if request.blueprint == "api":
        return error_response(
            401,
            _("Sign in first: send Authorization: Bearer with a token made in your household's Settings."),
        )
    return redirect(url_for("households.welcome", next=request.full_path.rstrip("?")))


def init_app(app: Flask) -> None:
    @app.before_request
    def household_only() -> ResponseReturnValue | None:
        if households.hosted():
            return _hosted_gate()
        if password() is None or request.endpoint in OPEN_ENDPOINTS or signed_in():
            return None
        if request.blueprint == "api":
            return error_response(401, _("This scorekeeper has a household password: sign in on its home page first."))
        return redirect(url_for("household.login", next=request.full_path.rstrip("?")))
