"""A Chicken Foot move: lay a tile on an open end (or the round's double in the centre), draw, or pass.

Ends are named by their index in the position's ``ends`` list; the centre double is laid on no end
(``end`` None, ``null`` in JSON, or left out).

>>> ChickenMove.parse("9-4 on 2")
ChickenMove.play('9-4', 2)
>>> ChickenMove.from_json({"action": "play", "tile": "9-9"}).to_json()
{'action': 'play', 'tile': '9-9', 'end': None}
>>> str(ChickenMove.centre("9-9")), str(ChickenMove.play("9-4", 0))
('9-9 in the centre', '9-4 on 0')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..errors import MoveError
from ..moves import BaseMove
from ..text import brief, number
from ..tiles import Tile


@dataclass(frozen=True, slots=True, repr=False)
class ChickenMove(BaseMove):
    """One action by the player to move. Build with :meth:`play`, :meth:`centre`, :meth:`draw` or :meth:`pass_`."""

    end: int | None = None
    """The open end it is laid on (an index into the position's ``ends``); None for the centre double."""

    WHERE = "end"
    EXAMPLE = "9-4"
    WHERE_MISSING = None  # no end: the round's double, laid in the centre
    UNKNOWN_FIELD = "unknown field; a play has tile and end"
    WRITE_AS = "write draw, pass, a tile and an end like 9-4 on 2, or the round's double alone for the centre"

    @classmethod
    def play(cls, tile: Tile | str, end: int | None) -> ChickenMove:
        """Lay ``tile`` on open end ``end``, or in the centre when ``end`` is None."""
        return cls("play", tile if isinstance(tile, Tile) else Tile.parse(tile), end)

    @classmethod
    def centre(cls, tile: Tile | str) -> ChickenMove:
        """Lay the round's double in the centre."""
        return cls.play(tile, None)

    @classmethod
    def _parse_play(cls, words: list[str]) -> ChickenMove | None:
        if len(words) == 1:
            return cls.from_json({"action": "play", "tile": words[0]})
        if len(words) == 3 and words[1] == "on" and number(words[2]) is not None:
            return cls.from_json({"action": "play", "tile": words[0], "end": number(words[2])})
        return None

    @classmethod
    def _read_where(cls, data: Mapping[str, object]) -> int | None:
        raw = data.get("end")
        if raw is None or (type(raw) is int and raw >= 0):
            return raw
        raise MoveError("end", f"expected an open end's number (0, 1, ...), or null for the centre, not {brief(raw)}")

    def _play_text(self) -> str:
        return f"{self.tile} in the centre" if self.end is None else f"{self.tile} on {self.end}"

    def _play_repr(self) -> str:
        return f"centre('{self.tile}')" if self.end is None else f"play('{self.tile}', {self.end})"
