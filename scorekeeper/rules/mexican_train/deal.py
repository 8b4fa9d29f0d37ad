"""How many tiles each player draws, by set and player count, and per preset; and each round's engine.

The tables themselves live with the options that carry them (:mod:`.options`); this module only
reads them, so the options never need it.
"""

from __future__ import annotations

from ..errors import DealError
from ..i18n import _
from ..scoresheet import round_engines
from ..tiles import DominoSet
from .options import DealTable, Options, Preset, resolve_options

__all__ = ["DealError", "boneyard_after_deal", "deal_size", "game_engines"]


def _table_for(table: DealTable | None, rules: str | Preset | Options) -> tuple[DealTable, bool]:
    """The deal table to use and whether the engine is set aside before the deal."""
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
    raise DealError.too_many(highest, most, bigger[0] if bigger else None)


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


def game_engines(
    rules: object = "standard", highest: int = 12, ascending: bool = False, limit: int | None = None
) -> tuple[int, ...]:
    """The engine of each round of a Mexican Train game played by ``rules``: a preset id, or a game's preset with
    its house rules on top (``{"preset": "czech", "highest_engine_every_round": true}``), read like any rules spec
    (an unknown preset or option raises :class:`~scorekeeper.rules.OptionsError`).

    >>> game_engines({"preset": "czech", "highest_engine_every_round": True}, 12, limit=3)
    (12, 12, 12)
    >>> game_engines("czech", 12, limit=3)
    (12, 11, 10)
    """
    always = resolve_options(rules).highest_engine_every_round
    return round_engines(highest, ascending, limit, always_highest=always)
