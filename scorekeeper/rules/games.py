"""One door for every game: read a JSON position of either game.

The web checker and the JSON API call :func:`read_position`; both position types then offer
``check(move) -> Verdict``, ``legal_moves()``, ``read_move(data)`` and ``to_json()``.

>>> read_position({"game": "super-domino", "rules": "german", "players": 2, "turn": 0,
...                "edges": [], "hand": ["4-4"], "boneyard": 118, "passes": 0}).legal_moves()
[SuperMove.spinner('4-4')]
>>> type(read_position({"rules": "standard", "set": 12, "engine": 12, "players": 2, "turn": 0,
...     "trains": [{"tiles": []}, {"tiles": []}], "mexican": [], "hand": ["12-1"], "boneyard": 60})).__name__
'Position'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ._json import is_mapping
from .errors import PositionError
from .mexican_train.position import GAME as MEXICAN_TRAIN
from .mexican_train.position import Position
from .super_domino.position import GAME as SUPER_DOMINO
from .super_domino.position import SuperPosition
from .text import brief

GAMES: Mapping[str, str] = MappingProxyType({MEXICAN_TRAIN: "Mexican Train", SUPER_DOMINO: "Super Domino"})
"""game id (the JSON ``game`` field) -> its name."""

AnyPosition = Position | SuperPosition


def read_position(data: object) -> AnyPosition:
    """A Mexican Train :class:`Position` or a :class:`SuperPosition`, by ``data["game"]``.

    ``game`` defaults to ``"mexican-train"``; an unknown game, or anything wrong with the position,
    raises :class:`PositionError` naming the field.
    """
    if not is_mapping(data):
        raise PositionError("position", "expected an object")
    game = data.get("game", MEXICAN_TRAIN)
    if game == MEXICAN_TRAIN:
        return Position.from_json(data)
    if game == SUPER_DOMINO:
        return SuperPosition.from_json(data)
    raise PositionError("game", f"unknown game {brief(game)}; choose one of {', '.join(GAMES)}")


__all__ = ["GAMES", "MEXICAN_TRAIN", "SUPER_DOMINO", "AnyPosition", "read_position"]
