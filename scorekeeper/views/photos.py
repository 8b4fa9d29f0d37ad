"""Photos kept with a round (services.round_photos): ``static/camera.js`` keeps one when the player taps "Use 47" with
"Keep the photo with the round" on; the table screen's rounds link each to its page."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import RequestEntityTooLarge

from .. import services
from ..db import session
from ..phones import remember
from ..services.photos import too_large

bp = Blueprint("photos", __name__)


@bp.post("/games/<game_id>/photos")
def keep(game_id: str) -> ResponseReturnValue:
    """Keep the photo (``photo``) of a seat's hand (``seat``) with the tiles used (``tiles``, JSON) until the round is
    saved; answers ``{"token": ...}`` for the round form, or ``{"error": ...}`` in the phone's language. The form's
    CSRF token comes with it, as with every write of the game's pages."""
    try:
        photo, seat, tiles = request.files.get("photo"), request.form.get("seat"), request.form.get("tiles")
    except RequestEntityTooLarge:  # over the photo routes' own limit (scorekeeper.uploads)
        raise too_large() from None
    token = services.keep_photo(session(), game_id, seat, tiles, None if photo is None else photo.stream)
    return jsonify(token=token, url=url_for("photos.page", game_id=game_id, token=token)), 201


@bp.get("/games/<game_id>/photos/<token>")
def page(game_id: str, token: str) -> str:
    """A kept photo of a hand: the round, whose hand, the photo and the tiles the player used."""
    kept = services.kept_photo(session(), game_id, token)
    remember(game_id)
    game = services.view(services.get_game(session(), game_id))
    return render_template("games/photo.html", game=game, photo=kept)


@bp.get("/games/<game_id>/photos/<token>.jpg")
def image(game_id: str, token: str) -> Response:
    """The kept photo itself, a JPEG; the same token is always the same picture, so the phone may keep it."""
    kept = services.kept_photo(session(), game_id, token)
    response = Response(kept.image, mimetype="image/jpeg")
    # private: it is a household's; never changed under its token (undoing the round deletes it, it is never redone)
    response.headers["Cache-Control"] = "private, max-age=31536000, immutable"
    response.set_etag(kept.token)
    response.make_conditional(request)
    return response
