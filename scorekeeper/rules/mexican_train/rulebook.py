"""Every Mexican Train rule a move can break: a stable id, a title and a reference anchor.

The ids are public and stable: the web checker and the JSON API report them, and the rules reference
page links ``#<anchor>`` for each. The titles and headings are English, marked with ``N_``.

>>> RULES["double-must-be-covered"]
('An open double must be covered first', 'doubles')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..i18n import N_

LEGAL = "legal"
ROUND_OVER = "round-over"
TURN_OVER = "turn-over"
NO_SUCH_TRAIN = "no-such-train"
TILE_NOT_IN_HAND = "tile-not-in-hand"
TILE_DOES_NOT_MATCH = "tile-does-not-match"
TRAIN_NOT_OPEN = "train-not-open"
MEXICAN_TRAIN_NOT_ALLOWED = "mexican-train-not-allowed"
OWN_TRAIN_FIRST = "own-train-first"
FIRST_LAP_OWN_TRAIN = "first-lap-own-train"
DOUBLE_MUST_BE_COVERED = "double-must-be-covered"
NO_ROUND_END_ON_DOUBLE = "no-round-end-on-double"
MUST_PLAY_BEFORE_DRAWING = "must-play-before-drawing"
ALREADY_DREW = "already-drew"
BONEYARD_EMPTY = "boneyard-empty"
CANNOT_PASS = "cannot-pass"
ONE_DOUBLE_A_TURN = "one-double-a-turn"
MEXICAN_TRAIN_NOT_OPEN = "mexican-train-not-open"
MEXICAN_TRAIN_AFTER_FIRST_LAP = "mexican-train-after-first-lap"
MARKER_NEXT_PLAYER_ONLY = "marker-next-player-only"
NO_ANNOUNCING = "no-announcing"
NOTHING_TO_ANNOUNCE = "nothing-to-announce"
CANNOT_CATCH = "cannot-catch"

RULES: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        LEGAL: (N_("A legal move"), "turns"),
        ROUND_OVER: (N_("The round is over"), "ending"),
        TURN_OVER: (N_("A turn lays one tile, unless it is a double"), "turns"),
        NO_SUCH_TRAIN: (N_("There is no such train"), "trains"),
        TILE_NOT_IN_HAND: (N_("You can only lay a tile from your hand"), "turns"),
        TILE_DOES_NOT_MATCH: (N_("A tile must match the open end of the train"), "trains"),
        TRAIN_NOT_OPEN: (N_("Another player's train is open only while it carries a marker"), "markers"),
        MEXICAN_TRAIN_NOT_ALLOWED: (N_("These rules have no Mexican train"), "mexican-train"),
        OWN_TRAIN_FIRST: (N_("Start your own train before the Mexican train"), "mexican-train"),
        FIRST_LAP_OWN_TRAIN: (N_("On the first lap you build only your own train"), "first-turn"),
        DOUBLE_MUST_BE_COVERED: (N_("An open double must be covered first"), "doubles"),
        NO_ROUND_END_ON_DOUBLE: (N_("A round may not end on a double"), "ending"),
        MUST_PLAY_BEFORE_DRAWING: (N_("You may draw only when you cannot play"), "drawing"),
        ALREADY_DREW: (N_("You draw at most one tile a turn"), "drawing"),
        BONEYARD_EMPTY: (N_("You cannot draw from an empty boneyard"), "drawing"),
        CANNOT_PASS: (N_("You may pass only when you can neither play nor draw"), "passing"),
        ONE_DOUBLE_A_TURN: (N_("A turn lays at most one double"), "doubles"),
        MEXICAN_TRAIN_NOT_OPEN: (N_("The Mexican train opens once every player has started a train"), "mexican-train"),
        MEXICAN_TRAIN_AFTER_FIRST_LAP: (N_("The Mexican train opens after the first lap"), "mexican-train"),
        MARKER_NEXT_PLAYER_ONLY: (N_("Only the next player may play on a marked train"), "markers"),
        NO_ANNOUNCING: (N_("Announcing the last tile is not in these rules"), "last-tile"),
        NOTHING_TO_ANNOUNCE: (N_("Only a player left with one tile announces it"), "last-tile"),
        CANNOT_CATCH: (N_("Catch a missed announcement before the next turn ends"), "last-tile"),
    }
)
"""Mexican Train rule id -> (title, anchor of the rules reference section that explains it)."""

ANCHORS: Mapping[str, str] = MappingProxyType(
    {
        "turns": N_("Turns"),
        "trains": N_("Trains and the engine"),
        "markers": N_("Markers"),
        "mexican-train": N_("The Mexican train"),
        "first-turn": N_("The first turn"),
        "doubles": N_("Doubles"),
        "drawing": N_("Drawing"),
        "passing": N_("Passing"),
        "last-tile": N_("Announcing your last tile"),
        "ending": N_("The end of a round"),
    }
)
"""Mexican Train anchor -> heading of the rules reference section, in reading order."""
