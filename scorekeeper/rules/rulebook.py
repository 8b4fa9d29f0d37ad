"""Every rule a move can break, with a stable id, a title and a reference anchor.

The ids are public and stable: the web checker and the JSON API report them,
and the rules reference page links ``#<anchor>`` for each.

>>> RULES["double-must-be-covered"]
('An open double must be covered first', 'doubles')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

LEGAL = "legal"
ROUND_OVER = "round-over"
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

RULES: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        LEGAL: ("A legal move", "turns"),
        ROUND_OVER: ("The round is over", "ending"),
        NO_SUCH_TRAIN: ("There is no such train", "trains"),
        TILE_NOT_IN_HAND: ("You can only lay a tile from your hand", "turns"),
        TILE_DOES_NOT_MATCH: ("A tile must match the open end of the train", "trains"),
        TRAIN_NOT_OPEN: ("Another player's train is open only while it carries a marker", "markers"),
        MEXICAN_TRAIN_NOT_ALLOWED: ("These rules have no Mexican train", "mexican-train"),
        OWN_TRAIN_FIRST: ("Start your own train before the Mexican train", "mexican-train"),
        FIRST_LAP_OWN_TRAIN: ("On the first lap you build only your own train", "first-turn"),
        DOUBLE_MUST_BE_COVERED: ("An open double must be covered first", "doubles"),
        NO_ROUND_END_ON_DOUBLE: ("A round may not end on a double", "ending"),
        MUST_PLAY_BEFORE_DRAWING: ("You may draw only when you cannot play", "drawing"),
        ALREADY_DREW: ("You draw at most one tile a turn", "drawing"),
        BONEYARD_EMPTY: ("You cannot draw from an empty boneyard", "drawing"),
        CANNOT_PASS: ("You may pass only when you can neither play nor draw", "passing"),
    }
)
"""rule id -> (title, anchor of the rules reference section that explains it)."""

ANCHORS: Mapping[str, str] = MappingProxyType(
    {
        "turns": "Turns",
        "trains": "Trains and the engine",
        "markers": "Markers",
        "mexican-train": "The Mexican train",
        "first-turn": "The first turn",
        "doubles": "Doubles",
        "drawing": "Drawing",
        "passing": "Passing",
        "ending": "The end of a round",
    }
)
"""anchor -> heading of the rules reference section, in reading order."""


class IllegalMove(ValueError):
    """A move the rules forbid, with the rule it breaks and a reason a player can read.

    >>> e = IllegalMove("boneyard-empty", "The boneyard is empty; pass instead.")
    >>> e.rule, str(e)
    ('boneyard-empty', 'The boneyard is empty; pass instead.')
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(reason)
        self.rule = rule
        """A key of :data:`RULES`."""
        self.reason = reason
        """One plain sentence naming the tile, the train and the rule."""

    @property
    def title(self) -> str:
        return RULES[self.rule][0]

    @property
    def anchor(self) -> str:
        return RULES[self.rule][1]


class FormatError(ValueError):
    """JSON-ish input that is not a valid position or move; ``field`` is a path like ``trains[2].tiles[1]``."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


class PositionError(FormatError):
    """A position that cannot occur, or is written wrongly."""


class MoveError(FormatError):
    """A move written wrongly (an illegal but well-formed move is :class:`IllegalMove`)."""


class OptionsError(FormatError):
    """Rules or options that do not exist or take another kind of value."""
