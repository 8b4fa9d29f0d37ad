"""Every rule a move can break, in every game, with a stable id, a title and a reference anchor.

Each game keeps its own :class:`~scorekeeper.rules.room.Rulebook` in its room; the registry of rooms
(:mod:`scorekeeper.rules.games`) adds each of them here once, when the library is imported, so that the
checker, the API and the rules reference look any id up in one place. The floor never imports a room: it
is handed the rooms' tables instead (a verdict or an illegal move only needs a title when it is shown).

>>> RULES["double-must-be-covered"]
('An open double must be covered first', 'doubles')
>>> RULES["sd-spell"]
('Under the spell, play on the 13', 'super-domino-spell')

The tables hold the English titles and headings (marked with ``N_`` for extraction, see
``i18n.py``); :func:`rule_title` and :func:`section_title` hand them out in the player's language:

>>> rule_title("double-must-be-covered"), section_title("doubles")
('An open double must be covered first', 'Doubles')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Protocol

from .i18n import translated


class Book(Protocol):
    """One game's tables, as :class:`~scorekeeper.rules.room.Rulebook` holds them."""

    @property
    def rules(self) -> Mapping[str, tuple[str, str]]: ...

    @property
    def anchors(self) -> Mapping[str, str]: ...


_rules: dict[str, tuple[str, str]] = {}
_anchors: dict[str, str] = {}

RULES: Mapping[str, tuple[str, str]] = MappingProxyType(_rules)
"""Every rule id of every game -> (title, anchor), in the order the registry lists the rooms."""
ANCHORS: Mapping[str, str] = MappingProxyType(_anchors)
"""Every reference section of every game -> its heading, in reading order."""


def add(book: Book) -> None:
    """Add one game's rules and sections; an id or anchor another game already uses is refused (the rule
    ids and anchors are public, and a verdict must link to exactly one section)."""
    taken = (book.rules.keys() & _rules.keys()) | (book.anchors.keys() & _anchors.keys())
    if taken:
        raise ValueError(f"rule ids or anchors already used by another game: {', '.join(sorted(taken))}")
    _rules.update(book.rules)
    _anchors.update(book.anchors)


def rule_title(rule: str) -> str:
    """The title of any rule id (of any game) in the player's language."""
    return translated(RULES[rule][0])


def rule_anchor(rule: str) -> str:
    """The rules reference section (``#anchor``) that explains a rule id."""
    return RULES[rule][1]


class CitesRule:
    """Something that names a rule id in ``rule`` (a verdict, an illegal move): its title and reference anchor."""

    __slots__ = ()
    rule: str

    @property
    def title(self) -> str:
        """The rule's title in the player's language (translated when read)."""
        return rule_title(self.rule)

    @property
    def anchor(self) -> str:
        """The rules reference section that explains the rule."""
        return rule_anchor(self.rule)


def section_title(anchor: str) -> str:
    """The heading of a rules reference section in the player's language; an unknown anchor is returned as is."""
    heading = ANCHORS.get(anchor)
    return translated(heading) if heading is not None else anchor
