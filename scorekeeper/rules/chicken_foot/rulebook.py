"""Every Chicken Foot rule a move can break: a stable id, a title and a reference anchor.

Its own ids (prefixed ``cf-``) so that every verdict links to a Chicken Foot section (anchors start
with ``chicken-foot-``). The titles and headings are English, marked with ``N_``.

>>> RULES["cf-foot-not-finished"]
('A double takes its three toes before play goes elsewhere', 'chicken-foot-feet')

Until the shared :mod:`scorekeeper.rules.rulebook` merges this table, this room's verdicts and illegal
moves look their titles up here (:class:`CitesChickenRule`), so ``Verdict.to_json()`` works already.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..errors import IllegalMove
from ..i18n import N_, translated
from ..verdicts import Verdict

CF_LEGAL = "cf-legal"
CF_ROUND_OVER = "cf-round-over"
CF_TILE_NOT_IN_HAND = "cf-tile-not-in-hand"
CF_CENTRE_FIRST = "cf-centre-first"
CF_NO_SUCH_END = "cf-no-such-end"
CF_CENTRE_NOT_FULL = "cf-centre-not-full"
CF_FOOT_NOT_FINISHED = "cf-foot-not-finished"
CF_TILE_DOES_NOT_MATCH = "cf-tile-does-not-match"
CF_MUST_PLAY_BEFORE_DRAWING = "cf-must-play-before-drawing"
CF_ALREADY_DREW = "cf-already-drew"
CF_NO_DRAW_AFTER_LAYING = "cf-no-draw-after-laying"
CF_BONEYARD_EMPTY = "cf-boneyard-empty"
CF_CANNOT_PASS = "cf-cannot-pass"

RULES: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        CF_LEGAL: (N_("A legal move"), "chicken-foot-turns"),
        CF_ROUND_OVER: (N_("The round is over"), "chicken-foot-ending"),
        CF_TILE_NOT_IN_HAND: (N_("You can only lay a tile from your hand"), "chicken-foot-turns"),
        CF_CENTRE_FIRST: (N_("The round opens with its double in the centre"), "chicken-foot-start"),
        CF_NO_SUCH_END: (N_("Lay a tile on an open end"), "chicken-foot-ends"),
        CF_CENTRE_NOT_FULL: (N_("The centre double is surrounded before play goes elsewhere"), "chicken-foot-centre"),
        CF_FOOT_NOT_FINISHED: (N_("A double takes its three toes before play goes elsewhere"), "chicken-foot-feet"),
        CF_TILE_DOES_NOT_MATCH: (N_("A tile must match the end it is laid on"), "chicken-foot-ends"),
        CF_MUST_PLAY_BEFORE_DRAWING: (N_("You may draw only when you cannot play"), "chicken-foot-drawing"),
        CF_ALREADY_DREW: (N_("You draw one tile a turn"), "chicken-foot-drawing"),
        CF_NO_DRAW_AFTER_LAYING: (N_("A player who has laid a tile does not draw"), "chicken-foot-drawing"),
        CF_BONEYARD_EMPTY: (N_("You cannot draw from an empty chicken yard"), "chicken-foot-drawing"),
        CF_CANNOT_PASS: (N_("You may pass only when you can neither play nor draw"), "chicken-foot-drawing"),
    }
)
"""Chicken Foot rule id -> (title, anchor); every anchor starts with ``chicken-foot``."""

ANCHORS: Mapping[str, str] = MappingProxyType(
    {
        "chicken-foot-deal": N_("Chicken Foot: sets and the deal"),
        "chicken-foot-start": N_("Chicken Foot: the round's double and who starts"),
        "chicken-foot-turns": N_("Chicken Foot: turns"),
        "chicken-foot-centre": N_("Chicken Foot: around the centre double"),
        "chicken-foot-ends": N_("Chicken Foot: laying tiles on open ends"),
        "chicken-foot-feet": N_("Chicken Foot: doubles and their feet"),
        "chicken-foot-drawing": N_("Chicken Foot: drawing and passing"),
        "chicken-foot-ending": N_("Chicken Foot: the end of a round and the score"),
    }
)
"""Chicken Foot anchor -> section heading, in reading order."""

SECTIONS: tuple[tuple[str, str, Mapping[str, str]], ...] = tuple(
    (anchor, heading, MappingProxyType({rule: title for rule, (title, at) in RULES.items() if at == anchor}))
    for anchor, heading in ANCHORS.items()
)
"""The rulebook by section: (anchor, heading, rule id -> title), in reading order; the fields of the shared
floor's ``Section``, so the registry builds ``Rulebook(tuple(Section(*s) for s in SECTIONS))``."""


class CitesChickenRule:
    """Title and anchor of a Chicken Foot rule id, read from this room's table (put first among the bases)."""

    __slots__ = ()
    rule: str

    @property
    def title(self) -> str:
        """The rule's title in the player's language (translated when read)."""
        return translated(RULES[self.rule][0])

    @property
    def anchor(self) -> str:
        """The rules reference section that explains the rule."""
        return RULES[self.rule][1]


class ChickenVerdict(CitesChickenRule, Verdict):
    """A :class:`~scorekeeper.rules.Verdict` on a Chicken Foot move."""

    __slots__ = ()


class ChickenIllegalMove(CitesChickenRule, IllegalMove):
    """An :class:`~scorekeeper.rules.IllegalMove` in Chicken Foot (catch it as ``IllegalMove``)."""
