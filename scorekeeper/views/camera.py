"""``GET /camera.json``: what the photo counter on the round page says, in the phone's language, and where its
stylesheet is. Asked by ``static/camera.js`` on the first photo only, so that none of it weighs on the round page
(tests/web/test_pwa.py); the photo itself goes to ``POST /api/v1/count`` (scorekeeper.api)."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, url_for

from ..i18n import _

bp = Blueprint("camera", __name__)


@bp.get("/camera.json")
def words() -> Response:
    """The counter's sentences (``{pips}`` and ``{tile}`` are filled in on the phone) and its stylesheet."""
    response = jsonify(
        camera=_("Count the tiles from a photo"),
        counting=_("Counting the pips…"),
        tap=_(
            "Tap a tile in the photo to put it right with a tile below, or × to take it away; "
            "tap a tile below to add one the photo missed."
        ),
        unreachable=_("The photo could not be sent. Check the connection and try again."),
        use=_("Use %(pips)s", pips="{pips}"),
        box=_("%(tile)s: tap to put it right", tile="{tile}"),
        remove=_("Take {tile} away"),
        keep=_("Keep the photo with the round"),
        keeping=_("Keeping the photo…"),
        notKept=_("The photo could not be kept. Check the connection and try again, or turn keeping it off."),
        css=url_for("static", filename="camera.css"),
    )
    response.headers["Cache-Control"] = "no-cache"  # in the language of whoever asks: asked again each time
    return response
