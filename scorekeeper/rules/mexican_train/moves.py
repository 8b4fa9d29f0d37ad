"""A Mexican Train move: lay a tile on a train, draw, or pass; or, under ``announce_last_tile``, a call about a
seat's last tile, which any player may make out of turn.

>>> Move.parse("12-5 on mexican")
Move.play('12-5', 'mexican')
>>> Move.from_json({"action": "play", "tile": "5-1", "train": 0}).to_json()
{'action': 'play', 'tile': '5-1', 'train': 0}
>>> str(Move.draw()), Move.pass_().to_json()
('draw', {'action': 'pass'})
>>> Move.parse("catch 2"), Move.announce(1).to_json()
(Move.catch(2), {'action': 'announce', 'seat': 1})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

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
    seat: int | None = None
    """The seat a call is about: the one announcing, or the one caught; None for any other move."""

    WHERE = "train"
    EXAMPLE = "5-1"
    WHERE_MISSING = 'a play needs a train: a seat number or "mexican"'
    UNKNOWN_FIELD = "unknown field"
    WRITE_AS = "write draw, pass, announce 2, catch 2, or a tile and a train like 5-1 on 0"
    CALLS = ("announce", "catch")

    @classmethod
    def announce(cls, seat: int) -> Move:
        """``seat``, left with one tile, announces it (knocks)."""
        return cls("announce", seat=seat)

    @classmethod
    def catch(cls, seat: int) -> Move:
        """Someone catches ``seat`` holding one tile they did not announce."""
        return cls("catch", seat=seat)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Also ``announce 2`` and ``catch 2``."""
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] in cls.CALLS:
            return cls.from_json({"action": words[0], "seat": _seat_word(words[1])})
        return super(Move, cls).parse(text)

    @classmethod
    def _read_call(cls, action: str, data: Mapping[str, object]) -> Move:
        extra = sorted(map(str, set(data) - {"action", "seat"}))
        if extra:
            raise MoveError(extra[0], f"{action} takes only a seat")
        if "seat" not in data:
            raise MoveError("seat", f"{action} needs a seat: the number of the player it is about")
        raw = data["seat"]
        if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
            raise MoveError("seat", f"expected a seat number (0, 1, ...), not {brief(raw)}")
        return cls(action, seat=raw)  # type: ignore[arg-type]  # action is one of CALLS

    def to_json(self) -> dict[str, Any]:
        """As for every game's move; a call is ``{"action": "catch", "seat": 2}``."""
        if self.seat is not None:
            return {"action": self.action, "seat": self.seat}
        return BaseMove.to_json(self)

    def __str__(self) -> str:
        return f"{self.action} {self.seat}" if self.seat is not None else BaseMove.__str__(self)

    def __repr__(self) -> str:
        return f"Move.{self.action}({self.seat})" if self.seat is not None else BaseMove.__repr__(self)

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


def _seat_word(word: str) -> int:
    seat = number(word)
    if seat is None:
        raise MoveError("seat", f"expected a seat number (0, 1, ...), not {brief(word)}")
    return seat


def _train_word(word: str) -> TrainId:
    seat = number(word)
    if seat is not None:
        return seat
    if word == MEXICAN:
        return MEXICAN
    raise MoveError("train", f'expected a seat number (0, 1, ...) or "mexican", not {brief(word)}')
