"""Helpers for the Super Domino tests: positions written the short way.

``sd_pos("13-4 5-5", edges=[15, 7, 13, 15], spell=[2])`` builds a double-15 position under the German
rules, 4 players, seat 0 to move, 60 tiles in the boneyard unless told.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scorekeeper.rules import SuperMove, SuperPosition, SuperRound


def tiles(text: str) -> list[str]:
    return text.split()


def sd_json(
    hand: str = "",
    edges: Iterable[int] = (15, 15, 15, 15),
    rules: Any = "german",
    players: int = 4,
    **extra: Any,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "super-domino",
        "rules": rules,
        "set": 15,
        "players": players,
        "turn": 0,
        "edges": list(edges),
        "hand": tiles(hand),
        "boneyard": 60,
    }
    data.update(extra)
    return data


def sd_pos(*args: Any, **kwargs: Any) -> SuperPosition:
    return SuperPosition.from_json(sd_json(*args, **kwargs))


def on(tile: str, edge: int | None) -> SuperMove:
    return SuperMove.play(tile, edge)


def rule_of(position: SuperPosition, move: SuperMove) -> str:
    return position.check(move).rule


def hand_from(position: SuperPosition, hands: list[str], boneyard: str = "") -> SuperRound:
    """A hand from a position and every player's tiles ("" for an empty hand); the boneyard is drawn from its end."""
    return SuperRound.from_position(position, [tiles(h) for h in hands], tiles(boneyard))
