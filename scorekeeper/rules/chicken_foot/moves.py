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

from dataclasses import dataclass

from ..moves import NumberedMove
from ..tiles import Tile


@dataclass(frozen=True, slots=True, repr=False)
class ChickenMove(NumberedMove):
    """One action by the player to move. Build with :meth:`play`, :meth:`centre`, :meth:`draw` or :meth:`pass_`."""

    end: int | None = None
    """The open end it is laid on (an index into the position's ``ends``); None for the centre double."""

    WHERE = "end"
    EXAMPLE = "9-4"
    WHERE_MISSING = None  # no end: the round's double, laid in the centre
    UNKNOWN_FIELD = "unknown field; a play has tile and end"
    WRITE_AS = "write draw, pass, a tile and an end like 9-4 on 2, or the round's double alone for the centre"
    PLACE = "an open end's number"
    OPENING = "the centre"
    OPENING_TEXT = "in the centre"
    OPENING_MAKER = "centre"

    @classmethod
    def centre(cls, tile: Tile | str) -> ChickenMove:
        """Lay the round's double in the centre."""
        return cls.play(tile, None)
