"""Tiles and sets: the physical pieces every domino game shares."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .i18n import _
from .text import brief, number

SUPPORTED_SETS: tuple[int, ...] = (6, 9, 12, 15, 18)
"""The sets the app knows, named by their highest double."""

DOUBLE_BLANK_VALUES: tuple[int, ...] = (0, 25, 50)
"""What a double-blank left in hand may count, by house rule."""


class TileError(ValueError):
    """A tile that cannot exist: bad text, or pips outside the set. The message is for a player, in their language."""


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One domino, stored with the higher end first so "5-12" and "12-5" are equal.

    >>> Tile.parse("5-12")
    Tile.parse('12-5')
    >>> str(Tile(3, 3)), Tile(3, 3).is_double
    ('3-3', True)
    """

    high: int
    """The larger end."""
    low: int
    """The smaller end (equal to ``high`` for a double)."""
    index: int = field(init=False, repr=False, compare=False)
    """Its number in every set, as the engine's tables count: 0-0 is 0, 1-0 is 1, 1-1 is 2, 2-0 is 3...
    Kept on the tile (which is immutable) because reading a position looks up dozens of them."""

    def __init__(self, a: int, b: int) -> None:
        if a < 0 or b < 0:
            raise TileError(_("{a}-{b}: an end cannot have fewer than 0 pips", a=a, b=b))
        high, low = max(a, b), min(a, b)
        object.__setattr__(self, "high", high)
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "index", high * (high + 1) // 2 + low)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read a tile written as "12-5" (either order, spaces allowed)."""
        if cls is Tile and type(text) is str:
            known = WRITTEN_TILES.get(text)
            if known is not None:  # a position lists dozens of tiles, nearly always written plainly
                return known
        parts = str(text).replace(" ", "").split("-")
        ends = [number(p) for p in parts]  # plain digits only: "²".isdigit() is true, but int("²") fails
        if len(ends) != 2 or ends[0] is None or ends[1] is None:
            raise TileError(_("{text} is not a tile; write it as two numbers like 12-5", text=brief(text)))
        return cls(ends[0], ends[1])

    @property
    def is_double(self) -> bool:
        """Both ends show the same number."""
        return self.high == self.low

    def pips(self, double_blank: int = 0) -> int:
        """Pips this tile counts in hand; the double-blank may carry a house value."""
        if self.high == 0:
            return double_blank
        return self.high + self.low

    def has(self, end: int) -> bool:
        """One of its ends shows ``end``."""
        return self.high == end or self.low == end

    def other_end(self, end: int) -> int:
        """The end left open after this tile is laid against ``end``."""
        if self.high == end:
            return self.low
        if self.low == end:
            return self.high
        raise TileError(_("{tile} has no {end} end", tile=self, end=end))

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile.parse('{self}')"


WRITTEN_TILES: dict[str, Tile] = {
    text: Tile(a, b) for a in range(max(SUPPORTED_SETS) + 1) for b in range(a + 1) for text in (f"{a}-{b}", f"{b}-{a}")
}
"""Every tile of the biggest set by its plain spellings ("12-5" and "5-12"): tiles are immutable, so reading
one needs no new object."""


@dataclass(frozen=True)
class DominoSet:
    """A complete double-N set: every pair of ends from 0 to N once.

    >>> s = DominoSet(12)
    >>> s.tile_count, s.pip_total, s.rounds
    (91, 1092, 13)
    """

    highest: int
    """The highest double, which names the set (double-12 has highest 12)."""

    def __post_init__(self) -> None:
        if self.highest not in SUPPORTED_SETS:
            names = ", ".join(_("double-{number}", number=n) for n in SUPPORTED_SETS)
            raise TileError(
                _("double-{highest} is not a set we know; choose one of {names}", highest=self.highest, names=names)
            )

    @cached_property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile of the set, by core index (0-0, 1-0, 1-1, 2-0...)."""
        return tuple(Tile(a, b) for a in range(self.highest + 1) for b in range(a + 1))

    @property
    def tile_count(self) -> int:
        """Tiles in the set."""
        return (self.highest + 1) * (self.highest + 2) // 2

    @property
    def pip_total(self) -> int:
        """Pips on all the tiles of the set together."""
        # each end value appears N+2 times across the set
        return (self.highest + 2) * self.highest * (self.highest + 1) // 2

    @property
    def rounds(self) -> int:
        """One round per double, from the highest down to double-blank."""
        return self.highest + 1

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and tile.high <= self.highest

    def most_pips_in_hand(self, engine: int | None, double_blank: int = 0) -> int:
        """The most pips a hand can hold in a round: every tile but the engine double (if there is one)."""
        total = self.pip_total + double_blank
        return total if engine is None else total - Tile(engine, engine).pips(double_blank)
