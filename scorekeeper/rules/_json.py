"""Reading positions of either game from JSON; every problem raises :class:`PositionError` naming the field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, TypeGuard, cast

from .errors import PositionError
from .text import brief
from .tiles import WRITTEN_TILES, Tile, TileError


def read_object(
    data: object, fields: tuple[str, ...], required: tuple[str, ...], game: str = ""
) -> Mapping[str, object]:
    """``data`` as a position object with no unknown and no missing field; ``game`` names it in the message."""
    if not is_mapping(data):
        raise PositionError("position", "expected an object")
    known, needed = _field_sets(fields, required)
    if not known.issuperset(data) or not needed.issubset(data):  # set operations in C; the loops name the field
        for key in data:
            if key not in fields:
                raise PositionError(str(key), f"unknown field; the {game}fields are {', '.join(fields)}")
        for key in required:
            if key not in data:
                raise PositionError(key, "missing")
    return data


@cache
def _field_sets(fields: tuple[str, ...], required: tuple[str, ...]) -> tuple[frozenset[str], frozenset[str]]:
    return frozenset(fields), frozenset(required)


def is_mapping(value: object) -> TypeGuard[Mapping[Any, object]]:
    """A JSON object (or any mapping); a dict is answered without asking the ABC, whose check is a Python call."""
    return type(value) is dict or isinstance(value, Mapping)


def read_int(value: object, path: str) -> int:
    """A whole number (not a bool)."""
    if type(value) is int:  # the usual answer in one check (a bool is an int, but not of type int)
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(path, f"expected a whole number, not {brief(value)}")
    return value


def read_bool(value: object, path: str) -> bool:
    """true or false."""
    if value is False or value is True:  # the usual answer without a call (bool has no subclasses)
        return value
    if not isinstance(value, bool):
        raise PositionError(path, f"expected true or false, not {brief(value)}")
    return value


def read_str(value: object, path: str) -> str:
    """Text."""
    if not isinstance(value, str):
        raise PositionError(path, f"expected text, not {brief(value)}")
    return value


def read_list(value: object, path: str) -> list[object]:
    """A list (a tuple is taken as one too)."""
    if not isinstance(value, (list, tuple)):  # a tuple of types: quicker to test than a union
        raise PositionError(path, f"expected a list, not {brief(value)}")
    return list(value)


def read_ints(value: object, path: str) -> tuple[int, ...]:
    """A list of whole numbers."""
    if type(value) is list or type(value) is tuple:
        for v in value:
            if type(v) is not int:
                break
        else:  # the usual case, every one a plain int: no copy, no field path
            return tuple(value)
    values = read_list(value, path)
    for i, v in enumerate(values):
        if type(v) is not int:  # only then build the field's path, for read_int to say what is wrong
            read_int(v, f"{path}[{i}]")
    return tuple(cast("list[int]", values))  # each checked above


def read_hand_sizes(value: object) -> tuple[int, ...] | None:
    """Tiles in each hand, or None where the field is absent (null): the counts are then unknown."""
    return None if value is None else read_ints(value, "hand_sizes")


def read_turn_state(data: Mapping[str, object]) -> dict[str, Any]:
    """The fields of a position that every game reads alike, as keyword arguments for its class: ``drawn``
    (false), ``passes`` (0), ``hand_sizes`` and ``names`` (unknown unless given)."""
    return {
        "drawn": read_bool(data.get("drawn", False), "drawn"),
        "passes": read_int(data.get("passes", 0), "passes"),
        "hand_sizes": read_hand_sizes(data.get("hand_sizes")),
        "names": read_names(data.get("names")),
    }


def write_seats(
    out: dict[str, Any], hand_sizes: tuple[int, ...] | None, names: tuple[str, ...] | None
) -> dict[str, Any]:
    """``out`` (a position's JSON) with what it knows of the seats, each only when known: ``hand_sizes`` and
    ``names`` mean the same in every game."""
    if hand_sizes is not None:
        out["hand_sizes"] = list(hand_sizes)
    if names is not None:
        out["names"] = list(names)
    return out


def read_names(value: object, path: str = "names") -> tuple[str, ...] | None:
    """Seat names, or None where the field is absent (null)."""
    if value is None:
        return None
    return tuple(read_str(v, f"{path}[{i}]") for i, v in enumerate(read_list(value, path)))


def read_tiles(value: object, path: str, example: str = "12-5") -> tuple[Tile, ...]:
    """Tiles written like ``"12-5"``; ``example`` is the tile the error message shows."""
    if type(value) is list:
        try:  # nearly always every tile is written plainly: one look-up each, and no message to prepare
            return tuple(map(WRITTEN_TILES.__getitem__, value))
        except (KeyError, TypeError):  # something else (or a list, which cannot be looked up): read one by one
            pass
    out = []
    for i, raw in enumerate(read_list(value, path)):
        if not isinstance(raw, str):
            raise PositionError(f"{path}[{i}]", f'expected a tile written like "{example}", not {brief(raw)}')
        try:
            out.append(Tile.parse(raw))
        except TileError as e:
            raise PositionError(f"{path}[{i}]", str(e)) from None
    return tuple(out)


def hidden_tiles(sizes: Sequence[int], players: int, turn: int, hand: int) -> int:
    """Tiles in the other hands, from ``hand_sizes``, once each count is checked against the mover's ``hand``."""
    if len(sizes) != players:
        raise PositionError("hand_sizes", f"expected one count per player ({players}), not {len(sizes)}")
    if min(sizes, default=0) < 0:  # one test in the usual case; the loop names the count
        for s, size in enumerate(sizes):
            if size < 0:
                raise PositionError(f"hand_sizes[{s}]", f"cannot be negative ({size})")
    if sizes[turn] != hand:
        raise PositionError(f"hand_sizes[{turn}]", f"the hand holds {hand} tiles, not {sizes[turn]}")
    return sum(sizes) - hand
