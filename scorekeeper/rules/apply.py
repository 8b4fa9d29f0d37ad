"""The position after a move, for every game: what a client sends to the checker, moved on by one move.

>>> after = apply_move({"rules": "standard", "set": 12, "engine": 12, "players": 2, "turn": 0,
...     "trains": [{"tiles": []}, {"tiles": []}], "mexican": [], "hand": ["12-5", "5-5"], "boneyard": 60},
...     {"action": "play", "tile": "12-5", "train": 0}, hand=["3-1", "6-6"])
>>> after["turn"], after["trains"][0]["tiles"], after["hand"]
(1, ['12-5'], ['3-1', '6-6'])
"""

from __future__ import annotations

from typing import Any

from .games import read_position


def apply_move(position: object, move: object, *, hand: object = None, drawn: object = None) -> dict[str, Any]:
    """The position after ``move`` in ``position``, in the same JSON format (any game).

    ``position`` and ``move`` are what :func:`read_position` and the checker read. The move is applied
    exactly as a :class:`~scorekeeper.rules.Round` / :class:`~scorekeeper.rules.SuperRound` applies it:
    the next seat to move, the direction, a 15's draws for the other players (counted in ``boneyard`` and
    ``hand_sizes``), a 14's extra turn, a 13's spell, the skip after a double; markers, open doubles,
    ``laid``, ``laid_double``, ``first_lap``/``first_lap_turn`` and the count of passes in Mexican Train.

    A position shows one hand, and a move can bring tiles nobody at the table has seen yet:

    * ``drawn``: for a draw, the tiles drawn, in the order drawn (one, or in Super Domino after the
      spinner two, fewer when the boneyard runs out);
    * ``hand``: when the turn goes to another seat, that seat's tiles (after any tile a 15 gave them).

    Where one of them is needed but not given, the result is the position after the move with
    ``"hand": null``: every other field is right; fill the hand in before checking moves in it.
    Otherwise the result is a complete position, validated like any other.

    Raises :class:`~scorekeeper.rules.IllegalMove` for an illegal move, with the rule id and reason the
    checker's verdict gives (``e.rule``, ``e.reason``, ``e.anchor``); :class:`~scorekeeper.rules.PositionError`
    or :class:`~scorekeeper.rules.MoveError` (both ``FormatError``, naming the field: ``hand[1]``,
    ``drawn``) for input that is not a position, a move or tiles that can be there.
    """
    pos = read_position(position)
    # each room reads its own move type, and its position takes it back
    return pos.after_json(pos.read_move(move), hand=hand, drawn=drawn)


__all__ = ["apply_move"]
