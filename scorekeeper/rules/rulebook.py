"""Every rule a move can break, in both games, with a stable id, a title and a reference anchor.

Each game keeps its own table in its room (``mexican_train.rulebook``, ``super_domino.rulebook``);
this module merges them, so the checker, the API and the rules reference look any id up in one place.
Super Domino ids start with ``sd-`` and their anchors with ``super-domino-``.

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

from .i18n import translated
from .mexican_train import rulebook as mexican_train
from .super_domino import rulebook as super_domino

MEXICAN_TRAIN_RULES: Mapping[str, tuple[str, str]] = mexican_train.RULES
"""The Mexican Train rule ids alone: id -> (title, anchor)."""
MEXICAN_TRAIN_ANCHORS: Mapping[str, str] = mexican_train.ANCHORS
"""The Mexican Train sections alone: anchor -> heading, in reading order."""
SUPER_DOMINO_RULES: Mapping[str, tuple[str, str]] = super_domino.RULES
"""The Super Domino rule ids alone: id -> (title, anchor)."""
SUPER_DOMINO_ANCHORS: Mapping[str, str] = super_domino.ANCHORS
"""The Super Domino sections alone: anchor -> heading, in reading order."""

RULES: Mapping[str, tuple[str, str]] = MappingProxyType({**MEXICAN_TRAIN_RULES, **SUPER_DOMINO_RULES})
"""Every rule id of every game -> (title, anchor), Mexican Train first."""
ANCHORS: Mapping[str, str] = MappingProxyType({**MEXICAN_TRAIN_ANCHORS, **SUPER_DOMINO_ANCHORS})
"""Every reference section of every game -> its heading, in reading order."""


def rule_title(rule: str) -> str:
    """The title of any rule id (Mexican Train or Super Domino) in the player's language."""
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
