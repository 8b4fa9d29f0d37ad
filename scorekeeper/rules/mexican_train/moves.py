"""A Mexican Train move: lay a tile on a train, draw, or pass.

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
from typing import Literal

from ..errors import MoveError
from ..moves import BaseMove
from ..text import brief, number
from ..tiles import Tile

TrainId = int | Literal["mexican"]
"""A seat number for a personal train, or ``"mexican"``."""
MEXICAN: Literal["mexican"] = "mexican"


@dataclass(frozen=True, slots=True, repr=False)
class Move(BaseMove):
    """One action by the player to move. Build with :meth:`play`, :meth:`draw` or :meth:`pass_`."""

    train: TrainId | None = None
    """Where it is laid: a seat number or ``"mexican"``; None for a draw or a pass."""

    WHERE = "train"
    EXAMPLE = "5-1"
    WHERE_MISSING = 'a play needs a train: a seat number or "mexican"'
    UNKNOWN_FIELD = "unknown field"
    WRITE_AS = "write draw, pass, or a tile and a train like 5-1 on 0"

    @classmethod
    def play(cls, tile: Tile | str, train: TrainId) -> Move:
        """Lay ``tile`` on ``train`` (a seat number or ``"mexican"``)."""
        return cls("play", tile if isinstance(tile, Tile) else Tile.parse(tile), train)

    @classmethod
    def _parse_play(cls, words: list[str]) -> Move | None:
        """``5-1 on 0`` or ``5-1 on mexican``."""
        if len(words) == 3 and words[1] == "on":
            return cls.from_json({"action": "play", "tile": words[0], "train": _train_word(words[2])})
        return None

    @classmethod
    def _read_where(cls, data: Mapping[str, object]) -> TrainId:
        raw = data["train"]
        if raw == MEXICAN:
            return MEXICAN
        if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
            raise MoveError("train", f'expected a seat number (0, 1, ...) or "mexican", not {brief(raw)}')
        return raw

    def _play_text(self) -> str:
        return f"{self.tile} on {self.train}"

    def _play_repr(self) -> str:
        return f"play('{self.tile}', {self.train!r})"


def _train_word(word: str) -> TrainId:
    seat = number(word)
    if seat is not None:
        return seat
    if word == MEXICAN:
        return MEXICAN
    raise MoveError("train", f'expected a seat number (0, 1, ...) or "mexican", not {brief(word)}')
