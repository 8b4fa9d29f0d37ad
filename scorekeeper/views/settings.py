"""Settings: for now, the backup a person can download and keep."""

from __future__ import annotations

from datetime import date

from flask import Blueprint, jsonify, render_template
from werkzeug.wrappers import Response

from .. import households
from ..db import session
from ..phones import my_games, password
from ..services.backup import backup_document
from .households import settings_section

bp = Blueprint("settings", __name__)


@bp.get("/settings")
def index() -> str:
    """The settings page: a link to download the games this phone may see as one backup file; in hosted mode the
    household's phones, name, passphrase, invite link, API tokens, and deleting it."""
    if households.hosted():
        return render_template("settings/index.html", **settings_section())
    return render_template("settings/index.html", household=password() is not None)


@bp.get("/settings/backup.json")
def backup() -> Response:
    """This phone's games (every game, past the household password) with their history, as a JSON file.

    ``scorekeeper restore FILE`` reads it back. Without a password a stranger on the Wi-Fi must not be able
    to download the household's games, so the download holds only the games this browser started or opened;
    ``scorekeeper backup`` on the server always holds every game."""
    response = jsonify(backup_document(session(), among=my_games()))
    filename = f"scorekeeper-backup-{date.today().isoformat()}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"  # always today's games, never a stale copy
    return response
