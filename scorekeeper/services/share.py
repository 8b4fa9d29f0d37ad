"""Sharing a finished game's result with people who were not at the table: a few lines of text and a picture of
the podium and totals (:mod:`.result_image`), and the read-only watch link when it can be opened outside the house.

Never the game's own address: whoever holds it can change the scores, and on a home network it is an address no
one outside the house can open anyway. The watch link only reads, and is shared only when the site is reached
under a public name (a reverse proxy's ``SCOREKEEPER_PUBLIC_URL``, or the name the phone itself used).
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from babel.lists import format_list
from flask_babel import format_number
from sqlalchemy.orm import Session

from ..i18n import _, current_language, ngettext
from ..rules import Standing
from .errors import Conflict
from .game_view import GameView, view
from .join import address, base_address
from .live import watch_code
from .loading import read_game
from .result_image import Place, ResultCard, result_png

HOME_SUFFIXES = (".local", ".lan", ".home", ".internal", ".localhost", ".home.arpa")
"""Name endings that only a home or office network resolves."""


@dataclass(frozen=True)
class SharedResult:
    """What the end screen's Share sends: the result's text (with the watch link when it opens from anywhere)."""

    title: str
    text: str
    watch: str | None
    """The read-only link, when it opens outside the house; None otherwise."""


@dataclass(frozen=True)
class Picture:
    """The result drawn as a PNG, for the game at ``version``."""

    png: bytes
    version: int


def shared_result(
    db: Session, game_id: str, *, host_url: str, watch_path: Callable[[str], str], public_url: str | None
) -> SharedResult:
    """The text to share a finished game's result with, as :func:`share_text` words it; the watch link is made
    (when the game has none yet) only when it can be opened from anywhere (:func:`reachable_outside`).

    NotFound for no such game, Conflict for a game still being played."""
    game = view(read_game(db, game_id))
    card = result_card(game)
    base = base_address(host_url, public_url)
    watch = None
    if reachable_outside(base, public=bool(public_url)):
        watch = address(base, watch_path(watch_code(db, game_id)))
    return SharedResult(f"{card.title}: {_('Final result')}", share_text(card, watch), watch)


def picture(db: Session, game_id: str) -> Picture:
    """The result of a finished game drawn as a PNG (:mod:`.result_image`); NotFound, Conflict as above."""
    game = view(read_game(db, game_id))
    return Picture(result_png(result_card(game)), game.version)


def result_card(game: GameView) -> ResultCard:
    """The result of a finished game; Conflict for a game still being played."""
    if not game.finished:
        raise Conflict(_("The game is not over yet: its result can be shared once it ends."))
    places = tuple(Place(s.rank, s.player, place_words(game, s), _left(game, s)) for s in game.standings)
    on_podium = {s.player for s in game.podium}
    podium = tuple(p for p in places if p.player in on_podium)
    return ResultCard(str(game.kind.title), _headline(game), places, note=_ended(game), podium=podium)


def _ended(game: GameView) -> str:
    """ "ended after round 7 of 13" for a game the table ended early, as the end screen says it; else nothing."""
    if game.ended_after is None:
        return ""
    return _(game.kind.words.ended_after, number=game.ended_after, total=game.rounds_total)


def score_words(game: GameView, standing: Standing) -> str:
    """A player's score as the end screen words it: pips, or in a game won by hands, the hands won."""
    if game.kind.wins_hands:
        return ngettext("%(num)d hand won", "%(num)d hands won", standing.wins)
    return _("%(pips)s pips", pips=format_number(standing.total))


def _left(game: GameView, standing: Standing) -> str:
    """ "left after round 4" for a player who left, as the end screen marks them: else their few pips would read
    as a place earned; nothing for everyone else."""
    if standing.left_after is None:
        return ""
    return _(game.kind.words.left_after, number=standing.left_after)


def place_words(game: GameView, standing: Standing) -> str:
    """A player's score beside their place: in a game won by hands, the pips too, since they decide between
    players with as many hands won (Zoë second and Bob third, both with none, is Zoë's 5 pips against Bob's 12)."""
    if game.kind.wins_hands:
        return ngettext(
            "%(num)d hand won, %(pips)s pips",
            "%(num)d hands won, %(pips)s pips",
            standing.wins,
            pips=format_number(standing.total),
        )
    return score_words(game, standing)


def _headline(game: GameView) -> str:
    winners = game.winners
    if not winners:
        return _("No hands were played.")
    score = score_words(game, game.standings[0])
    if len(winners) == 1:
        return _plain("<strong>%(name)s</strong> wins with %(score)s", name=winners[0], score=score)
    names = str(format_list(winners, locale=current_language()))
    return _plain("Shared win: <strong>%(names)s</strong> with %(score)s each", names=names, score=score)


def _plain(message: str, **params: str) -> str:
    """A message the page shows with bold names, as plain text: the markup taken out of the translation, not out
    of the names put in it (a player may be called ``<b>``)."""
    return re.sub(r"</?strong>", "", _(message)) % params


def share_text(card: ResultCard, watch: str | None) -> str:
    """The text to send: the game, who won, every place with its score, and the watch link when there is one."""
    lines = [f"{card.title}: {_('Final result')}", card.headline]
    lines += [f"{'–' if p.mark else f'{p.rank}.'} {p.named}: {p.score}" for p in card.places]  # who left: no place
    if card.note:
        lines.append(card.note)
    if watch:
        lines += ["", _("Follow the game (this link cannot change it): %(address)s", address=watch)]
    return "\n".join(lines)


def reachable_outside(base: str, public: bool) -> bool:
    """Whether an address under ``base`` opens outside the house: a public base URL, or a public name or
    address; not a home network's (192.168.x.x, ``raspberrypi``, ``scores.local``) nor this computer's."""
    if public:
        return True
    host = (urlsplit(base).hostname or "").rstrip(".").lower()
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return "." in host and not host.endswith(HOME_SUFFIXES)
    return ip.is_global
