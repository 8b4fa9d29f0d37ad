"""Living on the phone: the web app manifest, the service worker, the offline page."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, render_template, send_from_directory, url_for
from flask_babel import force_locale

from ..games import KINDS

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
    return response


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
