"""The rules of the games, as a library: standard library only, no web, no database.

>>> from scorekeeper.rules import Round, Move
>>> r = Round.deal("italian", players=3, seed=1)
>>> r.is_legal(Move.draw()) == (r.legal_moves() == [Move.draw()])
True
"""

from .deal import (
    CZECH_DEALS,
    ITALIAN_DEALS,
    PORTUGUESE_DEALS,
    STANDARD_DEALS,
    DealError,
    DealTable,
    boneyard_after_deal,
    deal_size,
)
from .legality import Verdict
from .moves import MEXICAN, Move, TrainId
from .options import OPTION_NAMES, PRESETS, Options, Preset, resolve_options
from .position import Position, Train, check
from .rounds import Outcome, Round
from .rulebook import (
    ANCHORS,
    RULES,
    FormatError,
    IllegalMove,
    MoveError,
    OptionsError,
    PositionError,
    rule_anchor,
    rule_title,
    section_title,
)
from .sketch import SketchError, TrainSketch, sketch_position
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
from .tiles import DOUBLE_BLANK_VALUES, SUPPORTED_SETS, DominoSet, Tile, TileError
from .super_moves import SuperMove
from .super_options import (
    SUPER_DOMINO_HAND,
    SUPER_DOMINO_SETS,
    SUPER_OPTION_NAMES,
    SUPER_PRESETS,
    SuperOptions,
    SuperPreset,
    resolve_super,
    super_domino_max_players,
)
from .super_position import SuperPosition, check_super
from .super_round import Placement, SuperOutcome, SuperRound
from .games import GAMES, MEXICAN_TRAIN, SUPER_DOMINO, AnyPosition, read_position

__all__ = [
    "GAMES",
    "MEXICAN_TRAIN",
    "SUPER_DOMINO",
    "SUPER_DOMINO_HAND",
    "SUPER_DOMINO_SETS",
    "SUPER_OPTION_NAMES",
    "SUPER_PRESETS",
    "AnyPosition",
    "Placement",
    "SuperMove",
    "SuperOptions",
    "SuperOutcome",
    "SuperPosition",
    "SuperPreset",
    "SuperRound",
    "check_super",
    "read_position",
    "resolve_super",
    "super_domino_max_players",
    "ANCHORS",
    "CZECH_DEALS",
    "DOUBLE_BLANK_VALUES",
    "ITALIAN_DEALS",
    "MEXICAN",
    "OPTION_NAMES",
    "PORTUGUESE_DEALS",
    "PRESETS",
    "RULES",
    "STANDARD_DEALS",
    "SUPPORTED_SETS",
    "DealError",
    "DealTable",
    "DominoSet",
    "FormatError",
    "IllegalMove",
    "Move",
    "MoveError",
    "Options",
    "OptionsError",
    "Outcome",
    "Position",
    "PositionError",
    "Preset",
    "Round",
    "SketchError",
    "Standing",
    "Tile",
    "TileError",
    "Train",
    "TrainSketch",
    "TrainId",
    "Verdict",
    "boneyard_after_deal",
    "check",
    "deal_size",
    "resolve_options",
    "rule_anchor",
    "rule_title",
    "section_title",
    "hand_standings",
    "hand_winners",
    "round_engines",
    "running_wins",
    "sketch_position",
    "running_totals",
    "standings",
    "winners",
]
