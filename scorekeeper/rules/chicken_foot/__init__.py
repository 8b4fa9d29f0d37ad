"""Chicken Foot: the rules room for the game of rounds from the highest double down, with feet on every double.

Import the public names from here (the lead registers :data:`ROOM` with the shared floor):

>>> from scorekeeper.rules.chicken_foot import ChickenRound, CHICKEN_PRESETS, chicken_deal_size
>>> chicken_deal_size(4, 9), list(CHICKEN_PRESETS)
(11, ['chicken-foot', 'chicken-foot-double-6', 'chicken-foot-double-12'])
>>> ROOM.game, ROOM.position.__name__
('chicken-foot', 'ChickenPosition')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .core import ChickenTable
from .moves import ChickenMove
from .options import (
    CHICKEN_DEALS,
    CHICKEN_FOOT_SETS,
    CHICKEN_OPTION_NAMES,
    CHICKEN_PRESETS,
    COMMON_RULES,
    READER,
    ChickenOptions,
    ChickenPreset,
    chicken_deal_size,
    chicken_max_players,
    preset_set,
    resolve,
    rules_json,
)
from .position import GAME, ChickenPosition, check_chicken
from .round import ChickenOutcome, ChickenRound, Placement, round_doubles
from .rulebook import ANCHORS, RULES, ChickenIllegalMove, ChickenVerdict
from .sketch import picture, sketch_position


@dataclass(frozen=True, slots=True)
class Room:
    """What the shared floor needs to know of one game's rules room, in one value."""

    game: str
    """The JSON ``game`` field of its positions."""
    name: str
    """Its English name."""
    read_position: Callable[[object], ChickenPosition]
    position: type[ChickenPosition]
    round: type[ChickenRound]
    move: type[ChickenMove]
    presets: Mapping[str, ChickenPreset]
    reader: object
    """Its :class:`~scorekeeper.rules.presets.RulesReader`."""
    sets: tuple[int, ...]
    deal_size: Callable[[int, int], int]
    """``deal_size(players, highest)``: tiles each, or ``DealError``."""
    max_players: Callable[[int], int]
    rules: Mapping[str, tuple[str, str]]
    """Its rule id -> (title, anchor)."""
    anchors: Mapping[str, str]
    """Its reference anchor -> heading."""


ROOM = Room(
    game=GAME,
    name="Chicken Foot",
    read_position=ChickenPosition.from_json,
    position=ChickenPosition,
    round=ChickenRound,
    move=ChickenMove,
    presets=CHICKEN_PRESETS,
    reader=READER,
    sets=CHICKEN_FOOT_SETS,
    deal_size=chicken_deal_size,
    max_players=chicken_max_players,
    rules=RULES,
    anchors=ANCHORS,
)
"""The Chicken Foot room, for the registry of rule rooms."""

__all__ = [
    "ANCHORS",
    "CHICKEN_DEALS",
    "CHICKEN_FOOT_SETS",
    "CHICKEN_OPTION_NAMES",
    "CHICKEN_PRESETS",
    "COMMON_RULES",
    "GAME",
    "ROOM",
    "RULES",
    "ChickenIllegalMove",
    "ChickenMove",
    "ChickenOptions",
    "ChickenOutcome",
    "ChickenPosition",
    "ChickenPreset",
    "ChickenRound",
    "ChickenTable",
    "ChickenVerdict",
    "Placement",
    "Room",
    "check_chicken",
    "chicken_deal_size",
    "chicken_max_players",
    "picture",
    "preset_set",
    "resolve",
    "round_doubles",
    "rules_json",
    "sketch_position",
]
