"""What a phone's session keeps: whether it is past the household password, the games it started or opened, and
whose phone it is at a game. The pages (``views``) and the JSON API read and write it alike, so it sits beside
them rather than in one of their blueprints (:mod:`scorekeeper.views.household` asks for the password).

The browser's games are kept in Flask's session cookie, which is signed: a phone cannot add a game it was
never shown. Past the password, the session keeps a keyed digest of it (not the password), so changing the
password signs every phone out."""

from __future__ import annotations

import hashlib
import hmac

from flask import current_app, session

from .rules.i18n import N_
from .services.inputs import is_game_id

MY_GAMES = "games"
"""The session key of this browser's game ids, most recently opened first."""
MAX_GAMES = 200
SIGNED_IN = "household"


def password() -> str | None:
    """The household password, or None when the site has none."""
    value = current_app.config.get("SCOREKEEPER_PASSWORD")
    return str(value) if value else None


def _digest(secret: str) -> str:
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, secret.encode(), hashlib.sha256).hexdigest()


def signed_in() -> bool:
    """Whether this phone is past the household password (always, when there is none)."""
    secret = password()
    if secret is None:
        return True
    stored = session.get(SIGNED_IN)
    return isinstance(stored, str) and hmac.compare_digest(stored, _digest(secret))


def my_games() -> list[str] | None:
    """The ids of the games this browser started or opened, newest first; None when it may see every game (past
    the household password). The one scope of a request: the games list, the people, their records and stats, and
    every change to a person (pages and API alike) go by it."""
    if password() is not None:
        return None
    ids = session.get(MY_GAMES)
    return [i for i in ids if is_game_id(i)] if isinstance(ids, list) else []


def remember(game_id: str) -> None:
    """Put the game first in this browser's list (kept to the MAX_GAMES most recent)."""
    if password() is not None:
        return
    ids = my_games() or []
    if ids[:1] == [game_id]:
        return
    session[MY_GAMES] = [game_id, *(i for i in ids if i != game_id)][:MAX_GAMES]
    session.permanent = True


THIS_PHONE = "me"
"""Session key: which seat this phone belongs to, per game ({game id: seat})."""
THIS_PHONE_GAMES = 20
"""How many games' "I am" a phone keeps: the session cookie must stay small."""


def this_phone(game_id: str) -> int | None:
    """The seat this phone said it belongs to at this game ("I am Ana"); None when it did not say."""
    mine = session.get(THIS_PHONE)
    seat = mine.get(game_id) if isinstance(mine, dict) else None
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def belong(game_id: str, seat: int | None) -> None:
    """Remember (or forget, with None) whose phone this is at this game, for the latest few games."""
    mine = session.get(THIS_PHONE)
    kept = {k: v for k, v in mine.items() if k != game_id} if isinstance(mine, dict) else {}
    if seat is not None:
        kept[game_id] = seat
    session[THIS_PHONE] = dict(list(kept.items())[-THIS_PHONE_GAMES:])
    session.permanent = True


WRONG_PASSWORD = N_("That is not the household password.")


def sign_in(typed: object) -> bool:
    """Sign this phone in if ``typed`` is the household password, exactly (true at once when there is none)."""
    secret = password()
    if secret is None:
        return True
    if not isinstance(typed, str) or not hmac.compare_digest(typed.encode(), secret.encode()):
        return False
    session[SIGNED_IN] = _digest(secret)
    session.permanent = True
    return True
