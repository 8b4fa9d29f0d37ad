"""A disputed sequence followed move by move: a position and a move in, the position after it out.

The rules engine moves the position on (:func:`scorekeeper.rules.apply_move`): the next seat, the direction,
draws owed after a 15, the extra turn after a 14, the spell after a 13, the skip after a double, markers and
open doubles. A move the rules forbid is answered as the checker answers it, with the same rule and reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import rules
from .checker import read_position_json, reference_link
from .errors import Invalid


@dataclass(frozen=True)
class Played:
    """What a move did: the position after it, or (``position`` None) the checker's verdict refusing it."""

    position: dict[str, Any] | None
    verdict: dict[str, object] | None = None


def play_json(position: object, move: object, *, hand: object = None, drawn: object = None) -> Played:
    """The position after ``move``; ``hand`` and ``drawn`` bring the tiles nobody at the table had seen (the next
    seat's hand, the tiles a draw took). Invalid names what is wrong with the position, the move or the tiles."""
    pos: Any = read_position_json(position)  # any game's position; Invalid names what is wrong with it
    try:
        return Played(pos.after_json(pos.read_move(move), hand=hand, drawn=drawn))
    except rules.IllegalMove as e:
        verdict = {"legal": False, "rule": e.rule, "reason": e.reason, "reference": reference_link(e.anchor)}
        return Played(None, verdict)
    except rules.FormatError as e:
        raise Invalid(str(e)) from e
    except rules.DealError as e:
        raise Invalid(f"position: {e}") from e
