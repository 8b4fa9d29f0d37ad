"""What a move is in every game: lay a tile somewhere, draw, or pass; read from and written to JSON and text.

Each game's move (:class:`~scorekeeper.rules.Move`, :class:`~scorekeeper.rules.SuperMove`) adds the one
field that says where a tile goes (a train, an edge) and how to read it; the rest is here, once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self

from .errors import MoveError
from .text import brief, number
from .tiles import Tile, TileError

Action = Literal["play", "draw", "pass", "announce", "catch"]
"""``announce`` and ``catch`` are calls about a last tile, which only Mexican Train has (``CALLS``)."""


@dataclass(frozen=True, slots=True, repr=False)
class BaseMove:
    """One action by the player to move, in any game; a game's move adds where a tile goes."""

    action: Action
    tile: Tile | None = None
    """The tile laid; None for a draw or a pass."""

    WHERE: ClassVar[str]
    """The JSON field that says where a tile goes (``"train"``, ``"edge"``)."""
    EXAMPLE: ClassVar[str]
    """A tile of the game's usual set, for messages (``"5-1"``)."""
    WHERE_MISSING: ClassVar[str | None]
    """What is wrong with a play without ``WHERE``, or None when it may be left out."""
    UNKNOWN_FIELD: ClassVar[str]
    """What is wrong with a field a play does not have."""
    WRITE_AS: ClassVar[str]
    """How to write a move as text, for the message about text that is not one."""
    CALLS: ClassVar[tuple[str, ...]] = ()
    """Actions besides play, draw and pass, each naming a seat (Mexican Train: ``announce``, ``catch``)."""

    @classmethod
    def play(cls, tile: Tile | str, where: Any) -> Self:
        """Lay ``tile`` where the game says (a train, an open edge)."""
        raise NotImplementedError

    @classmethod
    def draw(cls) -> Self:
        """Draw from the boneyard."""
        return cls("draw")

    @classmethod
    def pass_(cls) -> Self:
        """Pass the turn."""
        return cls("pass")

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read ``"draw"``, ``"pass"`` or a play as the game writes it (``"5-1 on 0"``, ``"15-3 on 2"``)."""
        words = text.strip().lower().split()
        if words == ["draw"]:
            return cls.draw()
        if words == ["pass"]:
            return cls.pass_()
        move = cls._parse_play(words)
        if move is None:
            raise MoveError("move", f"{brief(text)} is not a move; {cls.WRITE_AS}")
        return move

    @classmethod
    def from_json(cls, data: object) -> Self:
        """Read ``{"action": "play", "tile": ..., <where>: ...}``, ``{"action": "draw"}`` or ``{"action": "pass"}``.

        Raises :class:`MoveError` naming the field for anything else.
        """
        if not isinstance(data, Mapping):
            raise MoveError("move", "expected an object with an action")
        action = data.get("action")
        if action in cls.CALLS:
            return cls._read_call(action, data)
        if action in ("draw", "pass"):
            extra = sorted(map(str, set(data) - {"action"}))
            if extra:
                raise MoveError(extra[0], f"a {action} takes no {', '.join(extra)}")
            return cls.draw() if action == "draw" else cls.pass_()
        if action != "play":
            expected = ", ".join(("play", "draw", "pass", *cls.CALLS)).rsplit(", ", 1)
            raise MoveError("action", f"expected {' or '.join(expected)}, not {brief(action)}")
        extra = sorted(map(str, set(data) - {"action", "tile", cls.WHERE}))
        if extra:
            raise MoveError(extra[0], cls.UNKNOWN_FIELD)
        if "tile" not in data:
            raise MoveError("tile", f'a play needs a tile, like "{cls.EXAMPLE}"')
        if cls.WHERE_MISSING is not None and cls.WHERE not in data:
            raise MoveError(cls.WHERE, cls.WHERE_MISSING)
        raw_tile = data["tile"]
        if not isinstance(raw_tile, str):
            raise MoveError("tile", f'expected a tile written like "{cls.EXAMPLE}", not {brief(raw_tile)}')
        try:
            tile = Tile.parse(raw_tile)
        except TileError as e:
            raise MoveError("tile", str(e)) from None
        return cls.play(tile, cls._read_where(data))

    def to_json(self) -> dict[str, Any]:
        """``{"action": "draw"}``, ``{"action": "pass"}`` or a play with its tile and where it goes."""
        if self.action != "play":
            return {"action": self.action}
        return {"action": "play", "tile": str(self.tile), self.WHERE: getattr(self, self.WHERE)}

    def __str__(self) -> str:
        return self.action if self.action != "play" else self._play_text()

    def __repr__(self) -> str:
        play = self._play_repr() if self.action == "play" else "pass_()" if self.action == "pass" else "draw()"
        return f"{type(self).__name__}.{play}"

    # -- what each game's move says for itself ------------------------------------------

    @classmethod
    def _parse_play(cls, words: list[str]) -> Self | None:
        """A play from its words, or None when they are not one."""
        raise NotImplementedError

    @classmethod
    def _read_call(cls, action: str, data: Mapping[str, object]) -> Self:
        """A call (an action of :attr:`CALLS`) from its JSON (raises :class:`MoveError`)."""
        raise NotImplementedError

    @classmethod
    def _read_where(cls, data: Mapping[str, object]) -> Any:
        """Where a play's tile goes, from its JSON (raises :class:`MoveError`)."""
        raise NotImplementedError

    def _play_text(self) -> str:
        raise NotImplementedError

    def _play_repr(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True, slots=True, repr=False)
class NumberedMove(BaseMove):
    """A move of a game whose tiles go on an open place named by its number (Chicken Foot's ends, Super Domino's
    edges), or on none for the double that opens the layout: such a play reads, writes and parses alike in each
    of them; the game's move adds the field :attr:`WHERE` names (an ``int | None``) and the words below."""

    PLACE: ClassVar[str]
    """A place's number in the message about a bad one (``"an open end's number"``)."""
    OPENING: ClassVar[str]
    """The opening double's place in that message (``"the centre"``)."""
    OPENING_TEXT: ClassVar[str]
    """The opening double's place as a move's text says it, after the tile (``"in the centre"``)."""
    OPENING_MAKER: ClassVar[str]
    """The class method that builds a play of the opening double, for ``repr`` (``"centre"``)."""

    @classmethod
    def play(cls, tile: Tile | str, where: int | None) -> Self:
        """Lay ``tile`` on open place ``where`` (an end, an edge), or as the opening double when ``where`` is None."""
        laid = tile if isinstance(tile, Tile) else Tile.parse(tile)
        return cls("play", laid, where)  # type: ignore[call-arg]  # the game's move adds the field, third

    @classmethod
    def _parse_play(cls, words: list[str]) -> Self | None:
        """``9-4 on 2`` (place 2) or a tile alone (the opening double)."""
        if len(words) == 1:
            return cls.from_json({"action": "play", "tile": words[0], cls.WHERE: None})
        if len(words) == 3 and words[1] == "on" and number(words[2]) is not None:
            return cls.from_json({"action": "play", "tile": words[0], cls.WHERE: number(words[2])})
        return None

    @classmethod
    def _read_where(cls, data: Mapping[str, object]) -> int | None:
        raw = data.get(cls.WHERE)
        if raw is None or (type(raw) is int and raw >= 0):  # a bool is an int, but not of type int
            return raw
        raise MoveError(cls.WHERE, f"expected {cls.PLACE} (0, 1, ...), or null for {cls.OPENING}, not {brief(raw)}")

    def _play_text(self) -> str:
        where = getattr(self, self.WHERE)
        return f"{self.tile} {self.OPENING_TEXT}" if where is None else f"{self.tile} on {where}"

    def _play_repr(self) -> str:
        where = getattr(self, self.WHERE)
        return f"{self.OPENING_MAKER}('{self.tile}')" if where is None else f"play('{self.tile}', {where})"
