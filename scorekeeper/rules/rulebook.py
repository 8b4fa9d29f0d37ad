"""Every rule a move can break, with a stable id, a title and a reference anchor.

The ids are public and stable: the web checker and the JSON API report them,
and the rules reference page links ``#<anchor>`` for each. Super Domino ids start
with ``sd-`` and their anchors with ``super-domino-``.

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

from .i18n import N_, translated

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
        LEGAL: (N_("A legal move"), "turns"),
        ROUND_OVER: (N_("The round is over"), "ending"),
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
    }
)
"""rule id -> (title, anchor of the rules reference section that explains it)."""

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
        "ending": N_("The end of a round"),
    }
)
"""anchor -> heading of the rules reference section, in reading order."""

# -- Super Domino ----------------------------------------------------------------------
# Its own ids (prefixed "sd-") so that every verdict links to a Super Domino section.

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

SUPER_DOMINO_RULES: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        SD_LEGAL: (N_("A legal move"), "super-domino-turns"),
        SD_HAND_OVER: (N_("The hand is over"), "super-domino-ending"),
        SD_TILE_NOT_IN_HAND: (N_("You can only lay a tile from your hand"), "super-domino-turns"),
        SD_SPINNER_FIRST: (N_("The first tile is a double, the fat spinner"), "super-domino-start"),
        SD_NO_SUCH_EDGE: (N_("Lay a tile against an open edge"), "super-domino-edges"),
        SD_TILE_DOES_NOT_MATCH: (N_("A tile must match the edge it is laid against"), "super-domino-edges"),
        SD_DOUBLE_DOES_NOT_MATCH: (N_("A double goes on its own number or on a 13"), "super-domino-doubles"),
        SD_SPELL: (N_("Under the spell, play on the 13"), "super-domino-spell"),
        SD_TURN_ENDS_AFTER_DRAW: (N_("Drawing for the spell ends your turn"), "super-domino-spell"),
        SD_MUST_PLAY_BEFORE_DRAWING: (N_("You may draw only when you cannot play"), "super-domino-stuck"),
        SD_NO_DRAWING: (N_("You do not draw now"), "super-domino-stuck"),
        SD_ALREADY_DREW: (N_("You draw once a turn"), "super-domino-stuck"),
        SD_BONEYARD_EMPTY: (N_("You cannot draw from an empty boneyard"), "super-domino-stuck"),
        SD_CANNOT_PASS: (N_("You may pass only when you cannot play"), "super-domino-stuck"),
    }
)
"""Super Domino rule id -> (title, anchor); every anchor starts with ``super-domino``."""

SUPER_DOMINO_ANCHORS: Mapping[str, str] = MappingProxyType(
    {
        "super-domino-start": N_("Super Domino: who starts, and the fat spinner"),
        "super-domino-turns": N_("Super Domino: turns and direction"),
        "super-domino-edges": N_("Super Domino: laying tiles on open edges"),
        "super-domino-doubles": N_("Super Domino: doubles and the wild 13"),
        "super-domino-specials": N_("Super Domino: the special tiles"),
        "super-domino-spell": N_("Super Domino: the spell"),
        "super-domino-stuck": N_("Super Domino: when you cannot play"),
        "super-domino-ending": N_("Super Domino: the end of a hand"),
    }
)
"""Super Domino anchor -> section heading, in reading order."""

MEXICAN_TRAIN_RULES: Mapping[str, tuple[str, str]] = RULES
"""The Mexican Train rule ids alone."""
MEXICAN_TRAIN_ANCHORS: Mapping[str, str] = ANCHORS

# One table for every game: the checker, the API and the rules reference look ids up here.
RULES = MappingProxyType({**MEXICAN_TRAIN_RULES, **SUPER_DOMINO_RULES})
ANCHORS = MappingProxyType({**MEXICAN_TRAIN_ANCHORS, **SUPER_DOMINO_ANCHORS})


def rule_title(rule: str) -> str:
    """The title of any rule id (Mexican Train or Super Domino) in the player's language."""
    return translated(RULES[rule][0])


def rule_anchor(rule: str) -> str:
    """The rules reference section (``#anchor``) that explains a rule id."""
    return RULES[rule][1]


def section_title(anchor: str) -> str:
    """The heading of a rules reference section in the player's language; an unknown anchor is returned as is."""
    heading = ANCHORS.get(anchor)
    return translated(heading) if heading is not None else anchor


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
        """The rule's title in the player's language."""
        return rule_title(self.rule)

    @property
    def anchor(self) -> str:
        return rule_anchor(self.rule)


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
