"""Tiles as small ints, for both games' core tables. Internal.

Tiles are indices ``a * (a + 1) // 2 + b`` for the tile a-b with a >= b, the same in every set, so
``DominoSet(n).tiles[i]`` is tile ``i``. A hand is a bitmask over those indices. The lists below are
looked up by index in the move loops, which is why they are plain lists built once at import.
A move is an int in each game's own encoding; :data:`DRAW` and :data:`PASS` are the same in both.
"""

from __future__ import annotations

from operator import attrgetter
from typing import ClassVar

from .tiles import DominoSet, Tile

MAX_HIGHEST = 18
"""The biggest set any game plays with."""
DRAW = -1
PASS = -2


def tile_index(a: int, b: int) -> int:
    """The index of the tile a-b (either order)."""
    if a < b:
        a, b = b, a
    return a * (a + 1) // 2 + b


HIGH: list[int] = []
LOW: list[int] = []
for _a in range(MAX_HIGHEST + 1):
    for _b in range(_a + 1):
        HIGH.append(_a)
        LOW.append(_b)
SUM: list[int] = [h + lo for h, lo in zip(HIGH, LOW)]
DOUBLE: list[bool] = [h == lo for h, lo in zip(HIGH, LOW)]
ENDMASK: list[int] = [0] * (MAX_HIGHEST + 1)
"""For each number of pips, the mask of every tile that carries it."""
for _i, (_h, _l) in enumerate(zip(HIGH, LOW)):
    ENDMASK[_h] |= 1 << _i
    ENDMASK[_l] |= 1 << _i
DOUBLES_MASK = sum(1 << i for i, d in enumerate(DOUBLE) if d)
FOLLOW: list[list[int]] = [[-1] * (MAX_HIGHEST + 2) for _ in HIGH]
"""``FOLLOW[i][end]``: the end tile ``i`` leaves open when laid against ``end``, or -1 when it has no such end.
``FOLLOW[i][-1]`` is -1 too, so a train that stops connecting stays broken to its last tile."""
for _i, (_h, _l) in enumerate(zip(HIGH, LOW)):
    FOLLOW[_i][_h] = _l
    FOLLOW[_i][_l] = _h
INDEX = attrgetter("index")
"""A tile's index, as a function: ``map(INDEX, tiles)`` reads a position's dozens of tiles in C."""

TILES: tuple[Tile, ...] = DominoSet(MAX_HIGHEST).tiles
"""Tile objects by index (the same index in every set)."""


def tile_of(index: int) -> Tile:
    """The tile with core index ``index``."""
    return TILES[index]


def set_size(highest: int) -> int:
    """Tiles in a double-``highest`` set."""
    return (highest + 1) * (highest + 2) // 2


def bits(mask: int) -> list[int]:
    """The tile indices in a hand mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def pips(mask: int, double_blank: int) -> int:
    """Pips in a hand mask, the double-blank counted at ``double_blank``."""
    total = 0
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        total += SUM[i] if i else double_blank
        mask ^= low
    return total


class NumberedRules:
    """The rule of any move code at the core table of a game whose plays go on numbered places, coded
    ``tile << PLACE_BITS | place + 1`` (place -1: the opening double; see ``legality.NumberedPlays``)."""

    __slots__ = ()

    PLACE_BITS: ClassVar[int]

    def draw_rule(self) -> str:
        raise NotImplementedError

    def pass_rule(self) -> str:
        raise NotImplementedError

    def play_rule(self, tile: int, place: int) -> str:
        raise NotImplementedError

    def rule(self, code: int) -> str:
        """The rule any move code breaks, or the game's id for a legal move."""
        if code == DRAW:
            return self.draw_rule()
        if code == PASS:
            return self.pass_rule()
        return self.play_rule(code >> self.PLACE_BITS, (code & ((1 << self.PLACE_BITS) - 1)) - 1)
