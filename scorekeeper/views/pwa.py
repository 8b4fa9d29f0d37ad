"""Living on the phone: the web app manifest, the service worker, the offline page."""

from __future__ import annotations

import hashlib
import hmac

from flask import Blueprint, Response, current_app, g, jsonify, render_template, request, send_from_directory, url_for
from flask_babel import force_locale

from .. import households
from ..games import KINDS
from ..page_cache import may_give_again
from ..phones import password, signed_in

bp = Blueprint("pwa", __name__)


def _games() -> str:
    """The games the app keeps score of, in English as the manifest's name always was: "A, B and C"."""
    with force_locale("en"):
        titles = [str(kind.title) for kind in KINDS.values()]
    return " and ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 1 else titles)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """Let the phone add the app to its home screen and open it full-screen."""
    response = jsonify(
        {
            "name": f"Scorekeeper: {_games()}",
            "short_name": "Scorekeeper",
            "start_url": url_for("games.index"),
            "scope": url_for("games.index"),
            "display": "standalone",
            "background_color": "#f8faf9",
            "theme_color": "#14532d",
            "icons": [
                {
                    "src": url_for("static", filename="icons/icon-192.png"),
                    "sizes": "192x192",
                    "type": "image/png",
                    "purpose": "any",
                },
                {
                    "src": url_for("static", filename="icons/icon-512.png"),
                    "sizes": "512x512",
                    "type": "image/png",
                    "purpose": "any",
                },
                {
                    "src": url_for("static", filename="icons/icon-maskable-512.png"),
                    "sizes": "512x512",
                    "type": "image/png",
                    "purpose": "maskable",
                },
                {"src": url_for("static", filename="icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            ],
        }
    )
    response.mimetype = "application/manifest+json"
    # the same for every phone until the next deployment: kept by the phone for a day, checked by its ETag after
    # that, and given again without Flask (scorekeeper.fast_pages) when asked again the same way
    response.cache_control.public = True
    response.cache_control.max_age = MANIFEST_KEPT_FOR
    response.add_etag()
    response.make_conditional(request)
    may_give_again(response.get_data() if response.status_code == 200 else b"", lambda: True)
    return response


MANIFEST_KEPT_FOR = 24 * 3600
"""Seconds a phone uses its copy of the manifest without asking (a new icon or name reaches it within a day)."""


@bp.get("/sw.js")
def service_worker() -> Response:
    """Send the service worker from the root, so its scope covers every page of the app."""
    assert current_app.static_folder is not None
    response = send_from_directory(current_app.static_folder, "sw.js", mimetype="application/javascript", max_age=0)
    # the browser checks for a new worker on every visit instead of trusting a cached copy
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline() -> str:
    """What a score page shows when the phone cannot reach the app: kept by the service worker."""
    return render_template("pwa/offline.html")


HOUSEHOLD_HEADER = "Scorekeeper-Household"
"""Sent with every page: whose pages they are, as an opaque tag. The service worker keeps the score pages a phone
saw to open them again without a connection, and empties that copy as soon as a page comes with another tag (a
phone signed in to another household, or signed out), so it never shows one household's page to another."""


@bp.after_app_request
def household_tag(response: Response) -> Response:
    """Put the household tag on a page (the service worker reads it: static/sw.js)."""
    if response.mimetype == "text/html":
        response.headers[HOUSEHOLD_HEADER] = _whose_pages()
    return response


def _whose_pages() -> str:
    """The household a page belongs to (hosted mode: the one the request signed in to, kept in ``g`` by
    scorekeeper.households; home mode: the one household) and whether the phone is past the household password,
    keyed with the secret key so that the tag tells nothing about either."""
    household = f"{households.current()}|{g.get('guest_game') or ''}"  # a guest of one game sees less than a member
    gate = "" if password() is None else ("in" if signed_in() else "out")
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, f"{household}|{gate}".encode(), hashlib.sha256).hexdigest()[:20]
