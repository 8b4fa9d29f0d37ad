"""Chicken Foot positions written the short way.

``cf_pos("9-4 5-3", ends=[9] * 6, unfilled=range(6))`` builds a double-9 position under the
``chicken-foot`` rules, 4 players, seat 0 to move, 10 tiles to draw unless told.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scorekeeper.rules.chicken_foot import ChickenPosition

RING = [9] * 6
"""The ring around a centre 9-9 just laid: six ends showing 9, all waiting for a tile."""
MID = [4, 9, 2, 9, 7, 3]
"""A ring that is full: ends showing what the tiles laid around the centre left open."""


def cf_json(
    hand: str = "", ends: Iterable[int] = MID, unfilled: Iterable[int] = (), rules: Any = "chicken-foot", **extra: Any
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "chicken-foot",
        "rules": rules,
        "players": 4,
        "turn": 0,
        "centre": 9,
        "ends": list(ends),
        "unfilled": list(unfilled),
        "hand": hand.split(),
        "boneyard": 10,
    }
    data.update(extra)
    return data


def cf_pos(*args: Any, **kwargs: Any) -> ChickenPosition:
    return ChickenPosition.from_json(cf_json(*args, **kwargs))
