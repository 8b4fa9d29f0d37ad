"""Every Super Domino rule a move can break: a stable id, a title and a reference anchor.

Its own ids (prefixed ``sd-``) so that every verdict links to a Super Domino section (anchors
start with ``super-domino-``). The titles and headings are English, marked with ``N_``.

>>> RULES["sd-spell"]
('Under the spell, play on the 13', 'super-domino-spell')
"""

from __future__ import annotations

from collections.abc import Mapping

from ..i18n import N_
from ..room import Rulebook, Section

SD_LEGAL = "sd-legal"
SD_HAND_OVER = "sd-hand-over"
SD_TILE_NOT_IN_HAND = "sd-tile-not-in-hand"
SD_SPINNER_FIRST = "sd-spinner-first"
SD_NO_SUCH_EDGE = "sd-no-such-edge"
SD_TILE_DOES_NOT_MATCH = "sd-tile-does-not-match"
SD_DOUBLE_DOES_NOT_MATCH = "sd-double-does-not-match"
SD_SPELL = "sd-spell"
SD_TURN_ENDS_AFTER_DRAW = "sd-turn-ends-after-draw"
SD_MUST_PLAY_BEFORE_DRAWING = "sd-must-play-before-drawing"
SD_NO_DRAWING = "sd-no-drawing"
SD_ALREADY_DREW = "sd-already-drew"
SD_BONEYARD_EMPTY = "sd-boneyard-empty"
SD_CANNOT_PASS = "sd-cannot-pass"

RULEBOOK = Rulebook(
    (
        Section(
            "super-domino-start",
            N_("Super Domino: who starts, and the fat spinner"),
            {
                SD_SPINNER_FIRST: N_("The first tile is a double, the fat spinner"),
            },
        ),
        Section(
            "super-domino-turns",
            N_("Super Domino: turns and direction"),
            {
                SD_LEGAL: N_("A legal move"),
                SD_TILE_NOT_IN_HAND: N_("You can only lay a tile from your hand"),
            },
        ),
        Section(
            "super-domino-edges",
            N_("Super Domino: laying tiles on open edges"),
            {
                SD_NO_SUCH_EDGE: N_("Lay a tile against an open edge"),
                SD_TILE_DOES_NOT_MATCH: N_("A tile must match the edge it is laid against"),
            },
        ),
        Section(
            "super-domino-doubles",
            N_("Super Domino: doubles and the wild 13"),
            {
                SD_DOUBLE_DOES_NOT_MATCH: N_("A double goes on its own number or on a 13"),
            },
        ),
        Section("super-domino-specials", N_("Super Domino: the special tiles")),
        Section(
            "super-domino-spell",
            N_("Super Domino: the spell"),
            {
                SD_SPELL: N_("Under the spell, play on the 13"),
                SD_TURN_ENDS_AFTER_DRAW: N_("Drawing for the spell ends your turn"),
            },
        ),
        Section(
            "super-domino-stuck",
            N_("Super Domino: when you cannot play"),
            {
                SD_MUST_PLAY_BEFORE_DRAWING: N_("You may draw only when you cannot play"),
                SD_NO_DRAWING: N_("You do not draw now"),
                SD_ALREADY_DREW: N_("You draw once a turn"),
                SD_BONEYARD_EMPTY: N_("You cannot draw from an empty boneyard"),
                SD_CANNOT_PASS: N_("You may pass only when you cannot play"),
            },
        ),
        Section(
            "super-domino-ending",
            N_("Super Domino: the end of a hand"),
            {
                SD_HAND_OVER: N_("The hand is over"),
            },
        ),
    )
)
"""Every rule id, by the section of the rules reference that explains it, in reading order."""

RULES: Mapping[str, tuple[str, str]] = RULEBOOK.rules
"""Rule id -> (title, anchor of the rules reference section that explains it)."""
ANCHORS: Mapping[str, str] = RULEBOOK.anchors
"""Anchor -> heading of the rules reference section, in reading order."""
