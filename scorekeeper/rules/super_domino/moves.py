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

from dataclasses import dataclass

from ..moves import NumberedMove
from ..tiles import Tile


@dataclass(frozen=True, slots=True, repr=False)
class SuperMove(NumberedMove):
    """One action by the player to move. Build with :meth:`play`, :meth:`spinner`, :meth:`draw` or :meth:`pass_`."""

    edge: int | None = None
    """The open edge it is laid against (an index into the position's ``edges``); None for the fat
    spinner, a draw or a pass."""

    WHERE = "edge"
    EXAMPLE = "15-3"
    WHERE_MISSING = None  # no edge is the fat spinner
    UNKNOWN_FIELD = "unknown field; a play has tile and edge"
    WRITE_AS = "write draw, pass, a tile and an edge like 15-3 on 2, or a double alone for the spinner"
    PLACE = "an edge number"
    OPENING = "the fat spinner"
    OPENING_TEXT = "as the spinner"
    OPENING_MAKER = "spinner"

    @classmethod
    def spinner(cls, tile: Tile | str) -> SuperMove:
        """Lay the first double, the fat spinner."""
        return cls.play(tile, None)
