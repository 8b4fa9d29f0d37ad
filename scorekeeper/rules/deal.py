"""How many tiles each player draws, by set and player count."""

from __future__ import annotations

from collections.abc import Mapping

from .tiles import DominoSet

DealTable = Mapping[int, Mapping[int, int]]
"""set (highest double) -> players -> tiles each."""

STANDARD_DEALS: DealTable = {
    6: {2: 9, 3: 8, 4: 6},
    9: {2: 9, 3: 9, 4: 9, 5: 7, 6: 7, 7: 7, 8: 6},
    # the most widely published double-12 table
    12: {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10},
    15: {2: 15, 3: 15, 4: 15, 5: 15, 6: 15, 7: 13, 8: 13, 9: 11, 10: 11, 11: 11, 12: 11},
    # no published double-18 table; the double-15 one leaves a healthy boneyard
    18: {2: 15, 3: 15, 4: 15, 5: 15, 6: 15, 7: 13, 8: 13, 9: 11, 10: 11, 11: 11, 12: 11},
}


class DealError(ValueError):
    """A player count the set cannot deal for."""


def deal_size(players: int, highest: int, table: DealTable = STANDARD_DEALS) -> int:
    """Tiles each player draws with ``players`` seats and a double-``highest`` set.

    >>> deal_size(5, 12)
    12
    """
    DominoSet(highest)  # raises for an unknown set
    counts = table.get(highest, {})
    if players in counts:
        return counts[players]
    if not counts:
        raise DealError(f"there is no deal table for a double-{highest} set")
    fewest, most = min(counts), max(counts)
    if players < fewest:
        raise DealError(f"a game needs at least {fewest} players")
    bigger = [n for n, c in sorted(table.items()) if players in c]
    advice = f"; use a double-{bigger[0]} set" if bigger else ""
    raise DealError(f"a double-{highest} set deals for at most {most} players{advice}")


def boneyard_after_deal(players: int, highest: int, table: DealTable = STANDARD_DEALS) -> int:
    """Tiles left to draw once everyone has a hand and the engine is set aside."""
    return DominoSet(highest).tile_count - 1 - players * deal_size(players, highest, table)
