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
from typing import Any, Literal

from .rulebook import MoveError
from .tiles import Tile, TileError

Action = Literal["play", "draw", "pass"]


@dataclass(frozen=True, slots=True)
class SuperMove:
    """One action by the player to move. Build with :meth:`play`, :meth:`spinner`, :meth:`draw` or :meth:`pass_`."""

    action: Action
    tile: Tile | None = None
    """The tile laid; None for a draw or a pass."""
    edge: int | None = None
    """The open edge it is laid against (an index into the position's ``edges``); None for the fat
    spinner, a draw or a pass."""

    @classmethod
    def play(cls, tile: Tile | str, edge: int | None) -> SuperMove:
        return cls("play", tile if isinstance(tile, Tile) else Tile.parse(tile), edge)

    @classmethod
    def spinner(cls, tile: Tile | str) -> SuperMove:
        """Lay the first double, the fat spinner."""
        return cls.play(tile, None)

    @classmethod
    def draw(cls) -> SuperMove:
        return cls("draw")

    @classmethod
    def pass_(cls) -> SuperMove:
        return cls("pass")

    @classmethod
    def parse(cls, text: str) -> SuperMove:
        """Read ``"draw"``, ``"pass"``, ``"15-3 on 2"`` (edge 2) or ``"15-15"`` (the fat spinner)."""
        words = text.strip().lower().split()
        if words == ["draw"]:
            return cls.draw()
        if words == ["pass"]:
            return cls.pass_()
        if len(words) == 1:
            return cls.from_json({"action": "play", "tile": words[0], "edge": None})
        if len(words) == 3 and words[1] == "on" and words[2].isdigit():
            return cls.from_json({"action": "play", "tile": words[0], "edge": int(words[2])})
        raise MoveError("move", f"{text!r} is not a move; write draw, pass, a tile and an edge like 15-3 on 2, or a double alone for the spinner")

    @classmethod
    def from_json(cls, data: object) -> SuperMove:
        """Read ``{"action": "play", "tile": "15-3", "edge": 2}`` (``"edge": null`` or no edge for the
        fat spinner), ``{"action": "draw"}`` or ``{"action": "pass"}``; anything else raises :class:`MoveError`."""
        if not isinstance(data, Mapping):
            raise MoveError("move", "expected an object with an action")
        action = data.get("action")
        if action in ("draw", "pass"):
            extra = sorted(map(str, set(data) - {"action"}))
            if extra:
                raise MoveError(extra[0], f"a {action} takes no {', '.join(extra)}")
            return cls.draw() if action == "draw" else cls.pass_()
        if action != "play":
            raise MoveError("action", f"expected play, draw or pass, not {action!r}")
        extra = sorted(map(str, set(data) - {"action", "tile", "edge"}))
        if extra:
            raise MoveError(extra[0], "unknown field; a play has tile and edge")
        if "tile" not in data:
            raise MoveError("tile", "a play needs a tile, like \"15-3\"")
        raw_tile, raw_edge = data["tile"], data.get("edge")
        if not isinstance(raw_tile, str):
            raise MoveError("tile", f"expected a tile written like \"15-3\", not {raw_tile!r}")
        try:
            tile = Tile.parse(raw_tile)
        except TileError as e:
            raise MoveError("tile", str(e)) from None
        if raw_edge is None:
            return cls("play", tile, None)
        if isinstance(raw_edge, bool) or not isinstance(raw_edge, int) or raw_edge < 0:
            raise MoveError("edge", f"expected an edge number (0, 1, ...), or null for the fat spinner, not {raw_edge!r}")
        return cls("play", tile, raw_edge)

    def to_json(self) -> dict[str, Any]:
        if self.action != "play":
            return {"action": self.action}
        return {"action": "play", "tile": str(self.tile), "edge": self.edge}

    def __str__(self) -> str:
        if self.action != "play":
            return self.action
        if self.edge is None:
            return f"{self.tile} as the spinner"
        return f"{self.tile} on {self.edge}"

    def __repr__(self) -> str:
        if self.action == "draw":
            return "SuperMove.draw()"
        if self.action == "pass":
            return "SuperMove.pass_()"
        if self.edge is None:
            return f"SuperMove.spinner('{self.tile}')"
        return f"SuperMove.play('{self.tile}', {self.edge})"
