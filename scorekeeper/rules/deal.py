"""How many tiles each player draws, by set and player count, and per preset."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from .i18n import _
from .tiles import DominoSet

if TYPE_CHECKING:  # the presets import the tables below; resolve them lazily
    from .options import Options, Preset

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

ITALIAN_DEALS: DealTable = {
    **STANDARD_DEALS,
    # seed 000 gives only a double-12 table; other sets use the standard one
    12: {2: 16, 3: 16, 4: 15, 5: 14, 6: 12, 7: 10, 8: 9},
}

CZECH_DEALS: DealTable = {
    **STANDARD_DEALS,
    # seed 001: up to 4 players 15, five or six 12, seven or eight 10
    12: {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10},
}

PORTUGUESE_DEALS: DealTable = {
    **STANDARD_DEALS,
    # seed 002 deals 15 to everyone; the engine holder lays it from hand, so
    # 15 each fits while at least one tile is left to draw
    12: {n: 15 for n in range(2, 7)},
    15: {n: 15 for n in range(2, 10)},
    18: {n: 15 for n in range(2, 13)},
}


class DealError(ValueError):
    """A player count the set cannot deal for; the message is for a player, in their language
    (lower case, no full stop: "a double-12 set deals for at most 8 players; use a double-15 set")."""


def _table_for(table: DealTable | None, rules: str | Preset | Options) -> tuple[DealTable, bool]:
    """The deal table to use and whether the engine is set aside before the deal."""
    from .options import Options, Preset, resolve_options

    if isinstance(table, str | Preset | Options):  # deal_size(5, 12, "italian") reads as meant
        table, rules = None, table
    if table is not None:
        return table, True
    options = resolve_options(rules)
    return options.deals, options.engine_placement == "set-aside"


def deal_size(
    players: int,
    highest: int,
    table: DealTable | None = None,
    *,
    rules: str | Preset | Options = "standard",
) -> int:
    """Tiles each player draws with ``players`` seats and a double-``highest`` set.

    ``table`` wins over ``rules`` (a preset id, a :class:`Preset` or :class:`Options`).

    >>> deal_size(5, 12)
    12
    >>> deal_size(5, 12, rules="italian")
    14
    """
    DominoSet(highest)  # raises for an unknown set
    table = _table_for(table, rules)[0]
    counts = table.get(highest, {})
    if players in counts:
        return counts[players]
    if not counts:
        raise DealError(_("there is no deal table for a double-{highest} set", highest=highest))
    fewest, most = min(counts), max(counts)
    if players < fewest:
        raise DealError(_("a game needs at least {fewest} players", fewest=fewest))
    bigger = [n for n, c in sorted(table.items()) if n > highest and players in c]
    if bigger:
        raise DealError(
            _(
                "a double-{highest} set deals for at most {most} players; use a double-{bigger} set",
                highest=highest,
                most=most,
                bigger=bigger[0],
            )
        )
    raise DealError(_("a double-{highest} set deals for at most {most} players", highest=highest, most=most))


def boneyard_after_deal(
    players: int,
    highest: int,
    table: DealTable | None = None,
    *,
    rules: str | Preset | Options = "standard",
) -> int:
    """Tiles left to draw once everyone has a hand (and the engine is set aside, if the rules do that).

    >>> boneyard_after_deal(4, 12), boneyard_after_deal(4, 12, rules="czech")
    (30, 31)
    """
    size = deal_size(players, highest, table, rules=rules)
    set_aside = _table_for(table, rules)[1]
    return DominoSet(highest).tile_count - (1 if set_aside else 0) - players * size
