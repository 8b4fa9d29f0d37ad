"""What a phone's session keeps: whether it is past the household password, the games it started or opened, and
whose phone it is at a game. The pages (``views``) and the JSON API read and write it alike, so it sits beside
them rather than in one of their blueprints (:mod:`scorekeeper.views.household` asks for the password).

The browser's games are kept in Flask's session cookie, which is signed: a phone cannot add a game it was
never shown. Past the password, the session keeps a keyed digest of it (not the password), so changing the
password signs every phone out."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TYPE_CHECKING

from flask import current_app, g, session

from . import households
from .db import engine
from .rules.i18n import N_
from .services.history import BY_PHONE, by_player
from .services.households import phone_player
from .services.inputs import is_game_id

if TYPE_CHECKING:
    from .services.households import SignedIn

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
    every change to a person (pages and API alike) go by it.

    In hosted mode: None for a member of the request's household (a signed-in phone or an API token), the one game
    a guest opened by its link, nothing for anyone else."""
    if households.hosted():
        if g.get(MEMBER_KEY) is not None:
            return None
        game_id = g.get(GUEST_KEY)
        return [game_id] if isinstance(game_id, str) else []
    if password() is not None:
        return None
    ids = session.get(MY_GAMES)
    return [i for i in ids if is_game_id(i)] if isinstance(ids, list) else []


def remember(game_id: str) -> None:
    """Put the game first in this browser's list (kept to the MAX_GAMES most recent)."""
    if password() is not None or households.hosted():  # hosted: a member sees every game, a guest its one
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


def author(game_id: str, names: Sequence[str]) -> str:
    """Who changes the game from this phone, as its history keeps it ("by Zoë's phone"): the player this phone said
    it is at this game ("I am Zoë", ``names`` by seat), else the player a signed-in phone said it is (hosted mode),
    else a phone that did not say whose it is."""
    seat = this_phone(game_id)
    if seat is not None and 0 <= seat < len(names):
        return by_player(names[seat])
    phone_id = this_phone_id()
    player = phone_player(engine(), phone_id) if phone_id is not None else None
    return by_player(player) if player else BY_PHONE


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


# -- hosted mode (SCOREKEEPER_HOSTED): a phone signed in to a household, or the guest of one game ----------------

MEMBER = "phone"
"""Session key of a phone signed in to a household: ``{"household": id, "phone": id, "key": secret}``. The phone's
row keeps only the key's digest, so deleting the row (signed out, household deleted) ends the session at once."""
MEMBER_KEY = "member_phone"
"""``flask.g``: the id of the signed-in phone this request came from (0 for an API token); unset for anyone else."""
GUEST_KEY = "guest_game"
"""``flask.g``: the game a guest's request may see."""


def keep_member(signed: SignedIn) -> None:
    """This phone is signed in to a household (created, signed in or joined by invite) for months."""
    session[MEMBER] = {"household": signed.household_id, "phone": signed.phone_id, "key": signed.key}
    session.permanent = True


def member_session() -> tuple[int, object, object] | None:
    """The household, phone id and key this phone's session holds, unchecked; None when it holds none."""
    kept = session.get(MEMBER)
    if not isinstance(kept, dict):
        return None
    household = kept.get("household")
    if not isinstance(household, int) or isinstance(household, bool):
        return None
    return household, kept.get("phone"), kept.get("key")


def this_phone_id() -> int | None:
    """The id of the signed-in phone this request came from (hosted mode); None for a token, a guest or nobody."""
    found = g.get(MEMBER_KEY)
    return found if isinstance(found, int) and found > 0 else None


def forget_member() -> None:
    """This phone is signed out (or its household is gone): its session keeps no household."""
    session.pop(MEMBER, None)


def forget_who() -> None:
    """This request is neither a member's nor a guest's (yet)."""
    g.pop(MEMBER_KEY, None)
    g.pop(GUEST_KEY, None)


def as_member(phone_id: int) -> None:
    """This request comes from a member of the household entered (a phone's id, 0 for an API token)."""
    g.pop(GUEST_KEY, None)
    setattr(g, MEMBER_KEY, phone_id)


def as_guest(game_id: str) -> None:
    """This request comes from the guest of one game: a phone that is no member and opened it by its link, which
    is the key to it (as in home mode). It sees that game and nothing else of the household."""
    g.pop(MEMBER_KEY, None)
    setattr(g, GUEST_KEY, game_id)
