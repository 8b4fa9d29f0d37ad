"""Another phone at the table, or a screen on the wall: the join page with its QR codes, and the read-only
watch link (``/watch/<code>``), which shows one game and allows no change to it.

The watch code is a key that can only read: the household password does not guard it (a TV has nobody to type
it in), so nothing under /watch/ may write, nor show the game id, which is the key that can."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template, request, url_for
from flask.typing import ResponseReturnValue

from .. import polling
from ..db import engine, session
from ..errors import error_response
from ..i18n import _
from ..services import join

bp = Blueprint("join", __name__)

WRITES = ["POST", "PUT", "PATCH", "DELETE"]


@bp.get("/games/<game_id>/join")
def join_page(game_id: str) -> str:
    """Show the game's address as a QR code and a short code to type, and its read-only link."""
    links = join.join_links(
        session(),
        game_id,
        host_url=request.host_url,
        table_path=url_for("drafts.whose", game_id=game_id),  # a joining phone is asked whose it is
        watch_path=lambda code: url_for("join.watch", code=code),
        public_url=current_app.config.get("SCOREKEEPER_PUBLIC_URL") or None,
    )
    return render_template("games/join.html", links=links, game_id=game_id)


@bp.get("/watch/<code>")
def watch(code: str) -> str:
    """Show one game's standings, chart and rounds, kept up to date, without a way to change anything."""
    watched = join.watched(session(), engine(), code)
    return render_template("watch/game.html", game=watched.game, tag=watched.tag, code=code)


@bp.get("/watch/<code>/live")
def watch_live(code: str) -> ResponseReturnValue:
    """Answer the game's live tag, as JSON and as a strong ETag; 304 while it is the one the page already has."""
    tag = join.watched_tag(engine(), code)
    if tag is None:
        return error_response(404, _("This watch link opens no game."))
    return polling.answer(tag)


@bp.route("/watch/", methods=WRITES)
@bp.route("/watch/<path:rest>", methods=WRITES)
def watch_refused(rest: str = "") -> ResponseReturnValue:
    """Refuse any write under /watch/: the link only shows the game."""
    message = _("This link only shows the game: nothing can be changed from it.")
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    if request.is_json or best == "application/json":
        return error_response(403, message)
    return render_template("error.html", status=403, message=message), 403
