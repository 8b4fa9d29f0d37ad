"""A Super Domino move: lay a tile against an open edge (or as the fat spinner), draw, or pass.

Edges are named by their index in the position's ``edges`` list; the fat spinner is laid on no edge
(``edge`` None, ``null`` in JSON).

>>> SuperMove.parse("15-3 on 2")
SuperMove.play('15-3', 2)
>>> SuperMove.from_json({"action": "play", "tile": "15-15", "edge": None}).to_json()
{'action': 'play', 'tile': '15-15', 'edge': None}
>>> str(SuperMove.spinner("9-9")), SuperMove.draw().to_json()
('9-9 as the spinner', {'action': 'draw'})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..errors import MoveError
from ..moves import BaseMove
from ..text import brief, number
from ..tiles import Tile


@dataclass(frozen=True, slots=True, repr=False)
class SuperMove(BaseMove):
    """One action by the player to move. Build with :meth:`play`, :meth:`spinner`, :meth:`draw` or :meth:`pass_`."""

    edge: int | None = None
    """The open edge it is laid against (an index into the position's ``edges``); None for the fat
    spinner, a draw or a pass."""

    WHERE = "edge"
    EXAMPLE = "15-3"
    WHERE_MISSING = None  # no edge is the fat spinner
    UNKNOWN_FIELD = "unknown field; a play has tile and edge"
    WRITE_AS = "write draw, pass, a tile and an edge like 15-3 on 2, or a double alone for the spinner"

    @classmethod
    def play(cls, tile: Tile | str, edge: int | None) -> SuperMove:
        """Lay ``tile`` against open edge ``edge``, or as the fat spinner when ``edge`` is None."""
        return cls("play", tile if isinstance(tile, Tile) else Tile.parse(tile), edge)

    @classmethod
    def spinner(cls, tile: Tile | str) -> SuperMove:
        """Lay the first double, the fat spinner."""
        return cls.play(tile, None)

    @classmethod
    def _parse_play(cls, words: list[str]) -> SuperMove | None:
        """``15-3 on 2`` (edge 2) or ``15-15`` alone (the fat spinner)."""
        if len(words) == 1:
            return cls.from_json({"action": "play", "tile": words[0], "edge": None})
        if len(words) == 3 and words[1] == "on" and number(words[2]) is not None:
            return cls.from_json({"action": "play", "tile": words[0], "edge": number(words[2])})
        return None

    @classmethod
    def _read_where(cls, data: Mapping[str, object]) -> int | None:
        raw = data.get("edge")
        if raw is None:
            return None
        if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
            raise MoveError(
                "edge", f"expected an edge number (0, 1, ...), or null for the fat spinner, not {brief(raw)}"
            )
        return raw

    def _play_text(self) -> str:
        return f"{self.tile} as the spinner" if self.edge is None else f"{self.tile} on {self.edge}"

    def _play_repr(self) -> str:
        return f"spinner('{self.tile}')" if self.edge is None else f"play('{self.tile}', {self.edge})"
