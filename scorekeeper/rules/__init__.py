"""The rules of the games, as a library: standard library only, no web, no database."""

from .deal import STANDARD_DEALS, DealError, boneyard_after_deal, deal_size
from .scoresheet import Standing, round_engines, running_totals, standings, winners
from .tiles import DOUBLE_BLANK_VALUES, SUPPORTED_SETS, DominoSet, Tile, TileError

__all__ = [
    "DOUBLE_BLANK_VALUES",
    "STANDARD_DEALS",
    "SUPPORTED_SETS",
    "DealError",
    "DominoSet",
    "Standing",
    "Tile",
    "TileError",
    "boneyard_after_deal",
    "deal_size",
    "round_engines",
    "running_totals",
    "standings",
    "winners",
]
