"""Helpers for the rules tests (no app, no database): positions written the short way.

``pos(hand="5-1 3-3", trains=["12-5 5-5", "", "", ""], marked=[1], mexican="12-7")`` builds a
double-12 position with the 12-12 engine, seat 0 to move, and 30 tiles in the boneyard unless told.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scorekeeper.rules import Move, Position, Round


def tiles(text: str) -> list[str]:
    return text.split()


def pos_json(
    hand: str = "",
    trains: Iterable[str] = ("", "", "", ""),
    marked: Iterable[int] = (),
    mexican: str = "",
    rules: Any = "standard",
    **extra: Any,
) -> dict[str, Any]:
    trains = list(trains)
    data: dict[str, Any] = {
        "rules": rules,
        "set": 12,
        "engine": 12,
        "players": len(trains),
        "turn": 0,
        "trains": [{"tiles": tiles(t), "marker": i in set(marked)} for i, t in enumerate(trains)],
        "mexican": tiles(mexican),
        "open_doubles": [],
        "hand": tiles(hand),
        "boneyard": 30,
        "drawn": False,
    }
    data.update(extra)
    return data


def pos(*args: Any, **kwargs: Any) -> Position:
    return Position.from_json(pos_json(*args, **kwargs))


def play(tile: str, train: int | str) -> Move:
    return Move.play(tile, train)  # type: ignore[arg-type]


def rule_of(position: Position, move: Move) -> str:
    return position.check(move).rule


def round_from(position: Position, hands: list[str], boneyard: str = "") -> Round:
    """A round from a position and every hand ("" for an empty one); the boneyard is drawn from its end.

    Tiles named nowhere are out of play, so examples stay small.
    """
    return Round.from_position(position, [tiles(h) for h in hands], tiles(boneyard), complete=False)
