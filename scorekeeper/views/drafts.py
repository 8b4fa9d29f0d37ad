"""Everyone enters their own pips: a phone says whose it is, and sends that player's value on its own.

The round form (views.games) shows what every phone has sent; each seat's Send button posts the form with
``seat`` set, which views.games hands to :func:`send_seat`; the page's script posts the same to
``.../rounds/<n>/mine`` and reads JSON. Without the script the form comes back with everything typed still
in it. The round is stored once every player has a value and it has its end.
"""

from __future__ import annotations

from flask import Blueprint, flash, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from .. import services
from ..db import session
from ..forms.games import RoundForm
from ..i18n import _
from ..models import Game
from ..phones import belong, remember
from ..phones import this_phone as current_phone
from .round_pages import moved_on, round_page

bp = Blueprint("drafts", __name__)


def _wants_json() -> bool:
    return request.accept_mimetypes.best == "application/json"


@bp.post("/games/<game_id>/me")
def this_phone(game_id: str) -> ResponseReturnValue:
    """Say whose phone this is at this game ("I am Ana"), or that it enters for everyone (no seat); then the round
    form, or the table screen when asked on joining (``then=table``)."""
    game = services.get_game(session(), game_id)
    raw = (request.form.get("seat") or "").strip()
    if RoundForm().validate_on_submit():
        seat = int(raw) if raw.isdecimal() and len(raw) < 3 else None  # a seat, never thousands of digits
        belong(game_id, seat if seat is not None and seat < len(game.seats) else None)
        remember(game_id)
    then = "games.table" if request.form.get("then") == "table" else "games.new_round"
    return redirect(url_for(then, game_id=game_id))


@bp.get("/games/<game_id>/whose")
def whose(game_id: str) -> ResponseReturnValue:
    """Where a phone joining the game lands (its QR code, link and code): "Which player are you?", asked once;
    a phone that said already, or a game that is over, goes on to the table screen."""
    game = services.view(services.read_game(session(), game_id))
    remember(game_id)
    if current_phone(game_id) is not None or game.next_round is None:
        return redirect(url_for("games.table", game_id=game_id))
    return render_template("games/whose.html", game=game, form=RoundForm())


@bp.post("/games/<game_id>/rounds/<int:number>/mine")
def send(game_id: str, number: int) -> ResponseReturnValue:
    """One seat's value (``seat`` = its position), the blocked mark (``seat`` = "blocked"), the ended-on-a-double
    mark (``seat`` = "double_end") or the double that started it (``seat`` = "engine") for round ``number``."""
    game = services.get_game(session(), game_id)
    current = services.view(game)
    form = RoundForm()
    form.seat(len(current.players))
    return send_seat(game, current, form, number)


def send_seat(game: Game, current: services.GameView, form: RoundForm, number: int) -> ResponseReturnValue:
    """Keep what one seat's Send button sent; JSON for the page's script, else the form again."""
    which = (request.form.get("seat") or "").strip()
    if not form.validate_on_submit():
        return _refused(form, game, services.BadRequest(_("This page is out of date. Reload it and send again.")))
    try:
        if which == "blocked":
            stored = services.mark_blocked(session(), game, number, bool(form.blocked.data))
        elif which == "double_end":
            stored = services.mark_double_end(session(), game, number, bool(form.ended_on_double.data))
        elif which == "engine":
            stored = services.mark_engine(session(), game, number, form.engine.data)
        elif which.isdecimal() and len(which) < 3:
            stored = services.send_mine(session(), game, number, form.sent_seat(int(which)))
        else:
            raise services.Invalid(_("Choose whose pips to send."))
    except (services.Invalid, services.Conflict) as e:
        return _refused(form, game, e)
    done = _(current.kind.words.stored, number=number) if stored else ""
    if _wants_json():
        return jsonify(stored=stored, tag=services.view(game).live, message=done)
    if stored:
        flash(done)
        return redirect(url_for("games.table", game_id=game.id))
    return round_page(services.view(game), form, services.draft_of(game))


def _refused(form: RoundForm, game: Game, e: services.ServiceError) -> ResponseReturnValue:
    """A refusal: JSON with each problem by its field, or the form with the problems next to the fields."""
    if _wants_json():
        return jsonify(error=e.message, errors={str(f): m for f, m in e.errors.items()}), e.status
    if isinstance(e, services.Conflict):
        return moved_on(form, e.game or game, e.message)
    current = services.view(game)
    if current.next_round is None:  # the game is over: no round form is left to show the mistake on
        flash(_("All rounds are scored. Correct a round from the list below if needed."))
        return redirect(url_for("games.table", game_id=game.id))
    if isinstance(e, services.Invalid):
        form.show(e)
    else:
        flash(e.message)
    return round_page(current, form, services.draft_of(game), e.status)
