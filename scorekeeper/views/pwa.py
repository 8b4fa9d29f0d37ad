"""Living on the phone: the web app manifest, the service worker, the offline page."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, url_for

bp = Blueprint("pwa", __name__)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """Let the phone add the app to its home screen and open it full-screen."""
    response = jsonify({
        "name": "Scorekeeper for Mexican Train",
        "short_name": "Scorekeeper",
        "start_url": url_for("games.index"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#f8faf9",
        "theme_color": "#14532d",
        "icons": [
            {"src": url_for("static", filename="icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": url_for("static", filename="icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": url_for("static", filename="icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    })
    response.mimetype = "application/manifest+json"
    return response
