"""The game's history: every change to the scores also writes a line of it, in the words of the table at the time."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from .. import rules
from ..house_rules import shown_value
from ..i18n import _, ngettext
from ..models import Change, Game
from ..rules.i18n import N_
from .game_view import StoredGame, StoredScore
from .inputs import house_rules_of

# Who made a change, as a line of history keeps it (Change.author): a phone that said whose it is keeps that
# player's name (shown as the seat is called now, as the line's own player is), any other phone and the API a word
BY_API = "api"
"""Through the JSON API (a script, another app)."""
BY_PHONE = "phone"
"""From a phone that did not say whose it is."""
_PLAYER = "player:"


def by_player(name: str) -> str:
    """The author of a change made on the phone of the player called ``name`` ("I am Zoë")."""
    return _PLAYER + name


@dataclass(frozen=True)
class HistoryLine:
    """A line of the game's history as the history page shows it: a :class:`Change` with its player under the
    name the seat has now (a typo fixed mid-game shows fixed all the way back; the "renamed" line keeps both)."""

    action: str
    at: datetime
    round_number: int
    player: str | None
    old: str | None
    new: str | None
    by: str | None = None
    """Who made it: :data:`BY_API`, :data:`BY_PHONE`, "player" (``by_name`` says whose phone), or None: not kept."""
    by_name: str | None = None


def history(db: Session, game: Game) -> list[HistoryLine]:
    """Every change made to the game's scores and seats, oldest first."""
    changes = list(db.scalars(select(Change).where(Change.game_id == game.id).order_by(Change.id)))
    # walked from the newest: a line before "A renamed to B" that names A names whoever B is now
    now: dict[str, str] = {}
    lines: list[HistoryLine] = []
    for c in reversed(changes):
        player = None if c.player is None else now.get(c.player, c.player)
        by, by_name = c.author, None
        if by is not None and by.startswith(_PLAYER):
            by, by_name = "player", now.get(by[len(_PLAYER) :], by[len(_PLAYER) :])
        lines.append(HistoryLine(c.action, c.at, c.round_number, player, c.old, c.new, by, by_name))
        if c.action == "renamed" and c.old is not None and c.new is not None:
            now[c.old] = now.get(c.new, c.new)
    return lines[::-1]


def change_row(
    game_id: str,
    action: str,
    number: int,
    player: str | None,
    old: object,
    new: object,
    author: str | None = None,
) -> dict[str, object]:
    """A line of the game's history, as the values of its row; ``author`` as :func:`by_player` or :data:`BY_PHONE`,
    :data:`BY_API` make it."""
    return {
        "game_id": game_id,
        "action": action,
        "round_number": number,
        "player": player,
        "old": None if old is None else str(old),
        "new": None if new is None else str(new),
        "author": author,
    }


def log_change(
    db: Session,
    game: Game,
    action: str,
    number: int,
    player: str | None,
    old: object,
    new: object,
    author: str | None = None,
) -> None:
    db.add(Change(**change_row(game.id, action, number, player, old, new, author)))


def _hand(pips: int, tiles: int) -> str:
    # stored in the history as written at the time, so it stays in the language of the table
    return ngettext("%(num)d tile, %(pips)d pips", "%(num)d tiles, %(pips)d pips", tiles, pips=pips)


def shown_score(pips: int, tiles: int | None, points: int | None = None, why: Sequence[str] = ()) -> object:
    """A seat's result as the history shows it: the pips, or the tiles and pips of a game that records tiles;
    where a scoring house rule changed what the round counted, the pips, what they counted and why
    ("12 → 24 (ended on a double)")."""
    shown = pips if tiles is None else _hand(pips, tiles)
    if points is None or points == pips:
        return shown
    return f"{shown} → {shown_value(points).lstrip('+')} ({', '.join(why)})"


def why_counted(scoring: rules.ScoringRules, went_out: bool, ended_on_double: bool, marker: bool) -> list[str]:
    """The scoring house rules that changed a seat's round, in words written at the time (as the rest of the
    history line is)."""
    words = {
        "double_end": lambda: _("ended on a double"),
        "going_out": lambda: _("went out %(value)s", value=shown_value(scoring.going_out)),
        "marker_penalty": lambda: _("marker %(value)s", value=shown_value(scoring.marker_penalty)),
    }
    return [
        words[name]() for name in scoring.applied(went_out=went_out, ended_on_double=ended_on_double, marker=marker)
    ]


def counted(game: StoredGame, score: StoredScore, ended_on_double: bool) -> object:
    """A stored seat's result as the history shows it, with the house rules that changed it."""
    why = why_counted(house_rules_of(game).scoring, score.went_out, ended_on_double, score.marker)
    return shown_score(score.pips, score.tiles, score.points, why)


# States kept in the history in English and shown in the reader's language (history.html)
HISTORY_WORDS = (N_("went out"), N_("stayed in"), N_("blocked"), N_("not blocked"), N_("game over"))


def flag(went_out: bool, blocked: bool) -> str:
    return "went out" if went_out else ("blocked" if blocked else "")
