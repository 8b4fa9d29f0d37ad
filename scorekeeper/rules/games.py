"""The registry of rules rooms: the one list of games, and one door to read a JSON position of any of them.

Each game's rules live in its own room (``rules/<game>/``), which exports ``ROOM``, a
:class:`~scorekeeper.rules.room.GameRoom`. A new game is a new room and one line in :data:`ROOMS`;
nothing else here, or anywhere above, asks which game it is.

The web checker and the JSON API call :func:`read_position`; every position type then offers
``check(move) -> Verdict``, ``legal_moves()``, ``read_move(data)`` and ``to_json()``.

>>> read_position({"game": "super-domino", "rules": "german", "players": 2, "turn": 0,
...                "edges": [], "hand": ["4-4"], "boneyard": 118, "passes": 0}).legal_moves()
[SuperMove.spinner('4-4')]
>>> type(read_position({"rules": "standard", "set": 12, "engine": 12, "players": 2, "turn": 0,
...     "trains": [{"tiles": []}, {"tiles": []}], "mexican": [], "hand": ["12-1"], "boneyard": 60})).__name__
'Position'
>>> read_position({"game": "go"})
Traceback (most recent call last):
...
scorekeeper.rules.errors.PositionError: game: unknown game 'go'; choose one of mexican-train, super-domino, chicken-foot
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from . import chicken_foot, mexican_train, rulebook, super_domino
from ._json import is_mapping
from .errors import OptionsError, PositionError
from .room import GamePosition, GameRoom
from .text import brief

ROOMS: tuple[GameRoom, ...] = (mexican_train.ROOM, super_domino.ROOM, chicken_foot.ROOM)
"""Every game's rules room; the first is the default (a position without ``game``, bare options)."""

ROOM_OF: Mapping[str, GameRoom] = MappingProxyType({room.id: room for room in ROOMS})
"""game id (the JSON ``game`` field) -> its room."""

GAMES: Mapping[str, str] = MappingProxyType({room.id: room.name for room in ROOMS})
"""game id (the JSON ``game`` field) -> its name."""

MEXICAN_TRAIN = mexican_train.ROOM.id
SUPER_DOMINO = super_domino.ROOM.id

AnyPosition = GamePosition
"""A position of any game: what every room's position offers."""

for _room in ROOMS:  # the floor looks rule titles up without importing any room: hand it their tables once
    rulebook.add(_room.rulebook)


def room(game: object) -> GameRoom:
    """The room of a game id; anything else raises :class:`PositionError` naming the games there are."""
    found = ROOM_OF.get(game) if isinstance(game, str) else None
    if found is None:
        raise PositionError("game", f"unknown game {brief(game)}; choose one of {', '.join(ROOM_OF)}")
    return found


def room_for_rules(spec: object) -> GameRoom:
    """The room whose rules a rules spec names (a preset id, a preset, options, ``{"preset": id, ...}``).

    A mapping without a preset is the default room's (its default preset with those options on top); a spec no
    room reads raises :class:`OptionsError` naming every game's presets.
    """
    for each in ROOMS:
        if each.reads(spec):
            return each
    if isinstance(spec, Mapping) and "preset" not in spec:
        return ROOMS[0]
    if isinstance(spec, str) or (isinstance(spec, Mapping) and isinstance(spec.get("preset"), str)):
        name = spec if isinstance(spec, str) else spec["preset"]
        path = "rules" if isinstance(spec, str) else "rules.preset"
        choices = ", ".join(preset for each in ROOMS for preset in each.presets)
        raise OptionsError(path, f"unknown preset {brief(name)}; choose one of {choices}")
    return ROOMS[0]  # the default room says what is wrong with it


def read_position(data: object) -> AnyPosition:
    """A position of the game ``data["game"]`` names (``"mexican-train"`` when it names none).

    An unknown game, or anything wrong with the position, raises :class:`PositionError` naming the field.
    """
    if not is_mapping(data):
        raise PositionError("position", "expected an object")
    return room(data.get("game", ROOMS[0].id)).read_position(data)


__all__ = [
    "GAMES",
    "MEXICAN_TRAIN",
    "ROOMS",
    "ROOM_OF",
    "SUPER_DOMINO",
    "AnyPosition",
    "read_position",
    "room",
    "room_for_rules",
]
