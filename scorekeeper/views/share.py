"""Sharing a finished game's result: its text and watch link for the end screen's Share button, and the picture
of its podium and totals. Never the game's own address, which can change the scores (see services/share.py)."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request, url_for
from werkzeug.wrappers import Response

from ..db import session
from ..i18n import current_language
from ..services import share

bp = Blueprint("share", __name__)


@bp.get("/games/<game_id>/share")
def shared(game_id: str) -> Response:
    """Answer what Share sends, as JSON: the title, the text (with the watch link when it opens from anywhere),
    and where the picture is."""
    result = share.shared_result(
        session(),
        game_id,
        host_url=request.host_url,
        watch_path=lambda code: url_for("join.watch", code=code),
        public_url=current_app.config.get("SCOREKEEPER_PUBLIC_URL") or None,
    )
    picture = url_for("share.picture", game_id=game_id)
    return jsonify(title=result.title, text=result.text, watch=result.watch, image=picture, filename=_filename())


@bp.get("/games/<game_id>/result.png")
def picture(game_id: str) -> Response:
    """Draw the result's podium and totals as a PNG, in the reader's language."""
    drawn = share.picture(session(), game_id)
    response = Response(drawn.png, mimetype="image/png")
    response.set_etag(f"{drawn.version}-{current_language()}")
    response.headers["Content-Disposition"] = f'inline; filename="{_filename()}"'
    response.cache_control.private = True
    response.cache_control.no_cache = True  # kept, but asked again: an undo reopens the game
    return response.make_conditional(request)


def _filename() -> str:
    return "scorekeeper-result.png"
