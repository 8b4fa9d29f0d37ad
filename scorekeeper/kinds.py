"""The game kinds: what differs between Mexican Train and Super Domino, asked instead of branched on.

SKELETON written before the reshaping (issue 9); the games-side work fleshes it out. Services, views and
templates ask ``kind_of(game.kind)`` for titles, sets, player limits, presets, how a round is validated and
scored, and which templates and pages belong to the game. Adding a third game means one entry here, its own
rules room under ``scorekeeper/rules/`` and its own templates.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .i18n import _l


@dataclass(frozen=True)
class GameKind:
    """One game the score sheet and the checker know."""

    id: str
    """The stable id stored with a game and used in JSON (``"mexican-train"``)."""
    title: object
    """The game's name in the reader's language (a lazy string; ``str()`` it to show)."""
    reference_page: str
    """The endpoint of the game's rules page (``"reference.rules"``)."""
    checker_template: str
    """The template of the game's move checker."""


MEXICAN_TRAIN = GameKind(
    id="mexican-train",
    title=_l("Mexican Train"),
    reference_page="reference.rules",
    checker_template="checker/check.html",
)

SUPER_DOMINO = GameKind(
    id="super-domino",
    title=_l("Super Domino"),
    reference_page="reference.super_domino",
    checker_template="checker/super.html",
)

KINDS: Mapping[str, GameKind] = MappingProxyType({k.id: k for k in (MEXICAN_TRAIN, SUPER_DOMINO)})
"""Every game kind by id, in the order the new-game form offers them."""


def kind_of(kind_id: str) -> GameKind:
    """The kind with this id; KeyError for an id no game has (callers validate input before asking)."""
    return KINDS[kind_id]
