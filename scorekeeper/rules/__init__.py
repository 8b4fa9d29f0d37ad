"""The rules of the games, as a library: standard library only, no web, no database.

One shared floor (tiles, verdicts, errors, presets, the legality and round bases, what a room offers) and
one room per game (``mexican_train``, ``super_domino``), listed once in the registry (``games.py``).
Import every public name from here; only ``scorekeeper.rules.i18n`` is also imported by its own path.

>>> from scorekeeper.rules import Round, Move
>>> r = Round.deal("italian", players=3, seed=1)
>>> r.is_legal(Move.draw()) == (r.legal_moves() == [Move.draw()])
True
"""

from .apply import apply_move
from .dealer import ENGINE_HOLDER, HIGHEST_TILE, Dealing, dealer_seat, dealing, starting_rule
from .errors import DealError, FormatError, IllegalMove, MoveError, OptionsError, PositionError, SketchError
from .games import GAMES, MEXICAN_TRAIN, ROOMS, SUPER_DOMINO, AnyPosition, read_position, room, room_for_rules
from .mexican_train import ROOM as _MEXICAN_TRAIN_ROOM
from .mexican_train.deal import boneyard_after_deal, deal_size, game_engines
from .mexican_train.moves import MEXICAN, Move, TrainId
from .mexican_train.options import (
    CZECH_DEALS,
    ITALIAN_DEALS,
    OPTION_NAMES,
    PORTUGUESE_DEALS,
    PRESETS,
    STANDARD_DEALS,
    DealTable,
    Options,
    Preset,
    resolve_options,
)
from .mexican_train.position import Position, Train, check
from .mexican_train.round import Outcome, Round
from .mexican_train.sketch import TrainSketch, sketch_position
from .presets import NamedRules
from .room import GamePosition, GameRoom, Rulebook, Section
from .rulebook import ANCHORS, RULES, rule_anchor, rule_title, section_title
from .scoresheet import (
    Standing,
    hand_standings,
    hand_winners,
    round_engines,
    running_totals,
    running_wins,
    standings,
    winners,
)
from .scoring import (
    GOING_OUT_RANGE,
    MARKER_PENALTY_RANGE,
    SCORING_RULE_NAMES,
    ScoringRules,
    read_scoring_rule,
    scoring_rules,
)
from .super_domino import ROOM as _SUPER_DOMINO_ROOM
from .super_domino.moves import SuperMove
from .super_domino.options import (
    SUPER_DOMINO_HAND,
    SUPER_DOMINO_SETS,
    SUPER_OPTION_NAMES,
    SUPER_PRESETS,
    SuperOptions,
    SuperPreset,
    super_deal_size,
    super_domino_max_players,
)
from .super_domino.options import resolve as resolve_super
from .super_domino.position import SuperPosition, check_super
from .super_domino.round import Placement, SuperOutcome, SuperRound
from .super_domino.sketch import sketch_position as sketch_super_position
from .tiles import DOUBLE_BLANK_VALUES, SUPPORTED_SETS, DominoSet, Tile, TileError
from .verdicts import Verdict

MEXICAN_TRAIN_RULES = _MEXICAN_TRAIN_ROOM.rulebook.rules
"""The Mexican Train rule ids alone: id -> (title, anchor)."""
MEXICAN_TRAIN_ANCHORS = _MEXICAN_TRAIN_ROOM.rulebook.anchors
"""The Mexican Train sections alone: anchor -> heading, in reading order."""
SUPER_DOMINO_RULES = _SUPER_DOMINO_ROOM.rulebook.rules
"""The Super Domino rule ids alone: id -> (title, anchor)."""
SUPER_DOMINO_ANCHORS = _SUPER_DOMINO_ROOM.rulebook.anchors
"""The Super Domino sections alone: anchor -> heading, in reading order."""

__all__ = [
    # every game
    "ANCHORS",
    "DOUBLE_BLANK_VALUES",
    "GAMES",
    "MEXICAN_TRAIN",
    "ROOMS",
    "RULES",
    "SUPER_DOMINO",
    "SUPPORTED_SETS",
    "ENGINE_HOLDER",
    "HIGHEST_TILE",
    "AnyPosition",
    "Dealing",
    "DominoSet",
    "GamePosition",
    "GameRoom",
    "Rulebook",
    "Section",
    "FormatError",
    "IllegalMove",
    "MoveError",
    "NamedRules",
    "OptionsError",
    "PositionError",
    "SketchError",
    "Standing",
    "Tile",
    "TileError",
    "Verdict",
    "apply_move",
    "read_position",
    "room",
    "room_for_rules",
    "rule_anchor",
    "rule_title",
    "section_title",
    "dealer_seat",
    "dealing",
    "starting_rule",
    "hand_standings",
    "hand_winners",
    "game_engines",
    "round_engines",
    "running_totals",
    "running_wins",
    "standings",
    "GOING_OUT_RANGE",
    "MARKER_PENALTY_RANGE",
    "SCORING_RULE_NAMES",
    "ScoringRules",
    "read_scoring_rule",
    "scoring_rules",
    "winners",
    # Mexican Train
    "CZECH_DEALS",
    "ITALIAN_DEALS",
    "MEXICAN",
    "MEXICAN_TRAIN_ANCHORS",
    "MEXICAN_TRAIN_RULES",
    "OPTION_NAMES",
    "PORTUGUESE_DEALS",
    "PRESETS",
    "STANDARD_DEALS",
    "DealError",
    "DealTable",
    "Move",
    "Options",
    "Outcome",
    "Position",
    "Preset",
    "Round",
    "Train",
    "TrainId",
    "TrainSketch",
    "boneyard_after_deal",
    "check",
    "deal_size",
    "resolve_options",
    "sketch_position",
    # Super Domino
    "SUPER_DOMINO_ANCHORS",
    "SUPER_DOMINO_HAND",
    "SUPER_DOMINO_RULES",
    "SUPER_DOMINO_SETS",
    "SUPER_OPTION_NAMES",
    "SUPER_PRESETS",
    "Placement",
    "SuperMove",
    "SuperOptions",
    "SuperOutcome",
    "SuperPosition",
    "SuperPreset",
    "SuperRound",
    "check_super",
    "resolve_super",
    "sketch_super_position",
    "super_deal_size",
    "super_domino_max_players",
]
