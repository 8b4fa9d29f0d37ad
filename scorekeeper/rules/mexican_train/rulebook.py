"""Every Mexican Train rule a move can break: a stable id, a title and a reference anchor.

The ids are public and stable: the web checker and the JSON API report them, and the rules reference
page links ``#<anchor>`` for each. The titles and headings are English, marked with ``N_``.

>>> RULES["double-must-be-covered"]
('An open double must be covered first', 'doubles')
"""

from __future__ import annotations

from collections.abc import Mapping

from ..i18n import N_
from ..room import Rulebook, Section

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

RULEBOOK = Rulebook(
    (
        Section(
            "turns",
            N_("Turns"),
            {
                LEGAL: N_("A legal move"),
                TURN_OVER: N_("A turn lays one tile, unless it is a double"),
                TILE_NOT_IN_HAND: N_("You can only lay a tile from your hand"),
            },
        ),
        Section(
            "trains",
            N_("Trains and the engine"),
            {
                NO_SUCH_TRAIN: N_("There is no such train"),
                TILE_DOES_NOT_MATCH: N_("A tile must match the open end of the train"),
            },
        ),
        Section(
            "markers",
            N_("Markers"),
            {
                TRAIN_NOT_OPEN: N_("Another player's train is open only while it carries a marker"),
                MARKER_NEXT_PLAYER_ONLY: N_("Only the next player may play on a marked train"),
            },
        ),
        Section(
            "mexican-train",
            N_("The Mexican train"),
            {
                MEXICAN_TRAIN_NOT_ALLOWED: N_("These rules have no Mexican train"),
                OWN_TRAIN_FIRST: N_("Start your own train before the Mexican train"),
                MEXICAN_TRAIN_NOT_OPEN: N_("The Mexican train opens once every player has started a train"),
                MEXICAN_TRAIN_AFTER_FIRST_LAP: N_("The Mexican train opens after the first lap"),
            },
        ),
        Section(
            "first-turn",
            N_("The first turn"),
            {
                FIRST_LAP_OWN_TRAIN: N_("On the first lap you build only your own train"),
            },
        ),
        Section(
            "doubles",
            N_("Doubles"),
            {
                DOUBLE_MUST_BE_COVERED: N_("An open double must be covered first"),
                ONE_DOUBLE_A_TURN: N_("A turn lays at most one double"),
            },
        ),
        Section(
            "drawing",
            N_("Drawing"),
            {
                MUST_PLAY_BEFORE_DRAWING: N_("You may draw only when you cannot play"),
                ALREADY_DREW: N_("You draw at most one tile a turn"),
                BONEYARD_EMPTY: N_("You cannot draw from an empty boneyard"),
            },
        ),
        Section(
            "passing",
            N_("Passing"),
            {
                CANNOT_PASS: N_("You may pass only when you can neither play nor draw"),
            },
        ),
        Section(
            "last-tile",
            N_("Announcing your last tile"),
            {
                NO_ANNOUNCING: N_("Announcing the last tile is not in these rules"),
                NOTHING_TO_ANNOUNCE: N_("Only a player left with one tile announces it"),
                CANNOT_CATCH: N_("Catch a missed announcement before the next turn ends"),
            },
        ),
        Section(
            "ending",
            N_("The end of a round"),
            {
                ROUND_OVER: N_("The round is over"),
                NO_ROUND_END_ON_DOUBLE: N_("A round may not end on a double"),
            },
        ),
    )
)
"""Every rule id, by the section of the rules reference that explains it, in reading order."""

RULES: Mapping[str, tuple[str, str]] = RULEBOOK.rules
"""Rule id -> (title, anchor of the rules reference section that explains it)."""
ANCHORS: Mapping[str, str] = RULEBOOK.anchors
"""Anchor -> heading of the rules reference section, in reading order."""
