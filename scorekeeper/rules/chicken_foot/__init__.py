"""Chicken Foot: the rules room for the game of rounds from the highest double down, with feet on every double.

Import the public names from here. :data:`ROOM` is what the registry of rooms
(:mod:`scorekeeper.rules.games`) and the shared floor ask of this game.

>>> from scorekeeper.rules.chicken_foot import ChickenRound, CHICKEN_PRESETS, chicken_deal_size
>>> chicken_deal_size(4, 9), list(CHICKEN_PRESETS)
(11, ['chicken-foot', 'chicken-foot-double-6', 'chicken-foot-double-12'])
>>> ROOM.id, ROOM.deal_size(4, 12, "chicken-foot"), ROOM.round_doubles("chicken-foot-double-6", 6)
('chicken-foot', 15, (6, 5, 4, 3, 2, 1, 0))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..room import GameRoom, Rulebook, Section
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
from .rulebook import ANCHORS, RULES, SECTIONS, ChickenIllegalMove, ChickenVerdict
from .sketch import picture, sketch_position

ENGINE_HOLDER = "engine-holder"
"""The shared dealer's rule id for "whoever holds the round's double starts" (``seats.ENGINE_HOLDER``)."""


def read_position(data: Mapping[str, Any]) -> ChickenPosition:
    """A position from its JSON object; raises ``PositionError`` naming the field."""
    return ChickenPosition.from_json(data)


def deal_size(players: int, highest: int, rules: object = "chicken-foot") -> int:
    """Tiles each player is dealt under a Chicken Foot rules spec (another game's spec raises ``OptionsError``)."""
    resolve(rules)
    return chicken_deal_size(players, highest)


def starting_rule(options: ChickenOptions) -> str | None:
    """Every preset: whoever holds the round's double lays it (if nobody does, players draw in turn from the
    player after the dealer until someone draws it)."""
    return ENGINE_HOLDER


def game_round_doubles(rules: object, highest: int) -> tuple[int, ...]:
    """The double each round opens on, in play order: the set's highest down to the double-blank, in every preset."""
    resolve(rules)
    return round_doubles(highest)


ROOM = GameRoom(
    id=GAME,
    name="Chicken Foot",
    read_position=read_position,
    rulebook=Rulebook(tuple(Section(*section) for section in SECTIONS)),
    reader=READER,
    deal_size=deal_size,
    starting_rule=starting_rule,
    round_doubles=game_round_doubles,
)
"""The Chicken Foot room: a game of rounds, each opened on its own double."""

__all__ = [
    "ANCHORS",
    "CHICKEN_DEALS",
    "CHICKEN_FOOT_SETS",
    "CHICKEN_OPTION_NAMES",
    "CHICKEN_PRESETS",
    "COMMON_RULES",
    "ENGINE_HOLDER",
    "GAME",
    "ROOM",
    "RULES",
    "SECTIONS",
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
    "check_chicken",
    "chicken_deal_size",
    "chicken_max_players",
    "deal_size",
    "game_round_doubles",
    "picture",
    "preset_set",
    "read_position",
    "resolve",
    "round_doubles",
    "rules_json",
    "sketch_position",
    "starting_rule",
]
