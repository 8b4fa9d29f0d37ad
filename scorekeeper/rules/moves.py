"""A move: lay a tile on a train, draw, or pass.

>>> Move.parse("12-5 on mexican")
Move.play('12-5', 'mexican')
>>> Move.from_json({"action": "play", "tile": "5-1", "train": 0}).to_json()
{'action': 'play', 'tile': '5-1', 'train': 0}
>>> str(Move.draw()), Move.pass_().to_json()
('draw', {'action': 'pass'})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .rulebook import MoveError
from .tiles import Tile, TileError

Action = Literal["play", "draw", "pass"]
TrainId = int | Literal["mexican"]
"""A seat number for a personal train, or ``"mexican"``."""
MEXICAN: Literal["mexican"] = "mexican"


@dataclass(frozen=True, slots=True)
class Move:
    """One action by the player to move. Build with :meth:`play`, :meth:`draw` or :meth:`pass_`."""

    action: Action
    tile: Tile | None = None
    """The tile laid; None for a draw or a pass."""
    train: TrainId | None = None
    """Where it is laid: a seat number or ``"mexican"``; None for a draw or a pass."""

    @classmethod
    def play(cls, tile: Tile | str, train: TrainId) -> Move:
        return cls("play", tile if isinstance(tile, Tile) else Tile.parse(tile), train)

    @classmethod
    def draw(cls) -> Move:
        return cls("draw")

    @classmethod
    def pass_(cls) -> Move:
        return cls("pass")

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``"draw"``, ``"pass"``, ``"5-1 on 0"`` or ``"5-1 on mexican"``."""
        words = text.strip().lower().split()
        if words == ["draw"]:
            return cls.draw()
        if words == ["pass"]:
            return cls.pass_()
        if len(words) == 3 and words[1] == "on":
            return cls.from_json({"action": "play", "tile": words[0], "train": _train_word(words[2])})
        raise MoveError("move", f"{text!r} is not a move; write draw, pass, or a tile and a train like 5-1 on 0")

    @classmethod
    def from_json(cls, data: object) -> Move:
        """Read ``{"action": "play", "tile": "5-1", "train": 0}``, ``{"action": "draw"}`` or ``{"action": "pass"}``.

        Raises :class:`MoveError` naming the field for anything else.
        """
        if not isinstance(data, Mapping):
            raise MoveError("move", "expected an object with an action")
        action = data.get("action")
        if action in ("draw", "pass"):
            extra = set(data) - {"action"}
            if extra:
                raise MoveError(sorted(map(str, extra))[0], f"a {action} takes no {', '.join(sorted(map(str, extra)))}")
            return cls.draw() if action == "draw" else cls.pass_()
        if action != "play":
            raise MoveError("action", f"expected play, draw or pass, not {action!r}")
        extra = set(data) - {"action", "tile", "train"}
        if extra:
            raise MoveError(sorted(map(str, extra))[0], "unknown field")
        if "tile" not in data:
            raise MoveError("tile", "a play needs a tile, like \"5-1\"")
        if "train" not in data:
            raise MoveError("train", "a play needs a train: a seat number or \"mexican\"")
        raw_tile, raw_train = data["tile"], data["train"]
        if not isinstance(raw_tile, str):
            raise MoveError("tile", f"expected a tile written like \"5-1\", not {raw_tile!r}")
        try:
            tile = Tile.parse(raw_tile)
        except TileError as e:
            raise MoveError("tile", str(e)) from None
        if raw_train == MEXICAN:
            return cls("play", tile, MEXICAN)
        if isinstance(raw_train, bool) or not isinstance(raw_train, int) or raw_train < 0:
            raise MoveError("train", f"expected a seat number (0, 1, ...) or \"mexican\", not {raw_train!r}")
        return cls("play", tile, raw_train)

    def to_json(self) -> dict[str, Any]:
        if self.action != "play":
            return {"action": self.action}
        return {"action": "play", "tile": str(self.tile), "train": self.train}

    def __str__(self) -> str:
        if self.action != "play":
            return self.action
        return f"{self.tile} on {self.train}"

    def __repr__(self) -> str:
        if self.action == "draw":
            return "Move.draw()"
        if self.action == "pass":
            return "Move.pass_()"
        return f"Move.play('{self.tile}', {self.train!r})"


def _train_word(word: str) -> TrainId:
    if word.isdigit():
        return int(word)
    if word == MEXICAN:
        return MEXICAN
    raise MoveError("train", f"expected a seat number (0, 1, ...) or \"mexican\", not {word!r}")
