"""Reading JSON values for positions of either game; every problem names the field it is in."""

from __future__ import annotations

from .rulebook import PositionError
from .tiles import Tile, TileError


def read_int(value: object, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(path, f"expected a whole number, not {value!r}")
    return value


def read_bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise PositionError(path, f"expected true or false, not {value!r}")
    return value


def read_str(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise PositionError(path, f"expected text, not {value!r}")
    return value


def read_list(value: object, path: str) -> list[object]:
    if not isinstance(value, list | tuple):
        raise PositionError(path, f"expected a list, not {value!r}")
    return list(value)


def read_tiles(value: object, path: str, example: str = "12-5") -> tuple[Tile, ...]:
    """Tiles written like ``"12-5"``; ``example`` is the tile the error message shows."""
    out = []
    for i, raw in enumerate(read_list(value, path)):
        if not isinstance(raw, str):
            raise PositionError(f"{path}[{i}]", f"expected a tile written like \"{example}\", not {raw!r}")
        try:
            out.append(Tile.parse(raw))
        except TileError as e:
            raise PositionError(f"{path}[{i}]", str(e)) from None
    return tuple(out)
