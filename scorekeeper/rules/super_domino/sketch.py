"""A Super Domino position from the few facts a player can tap in at the table.

The checker asks only what decides a verdict: the numbers showing on the open edges, which of them
carry the spell, the direction of play, and the mover's hand. The layout behind the edges and the
other hands stay hidden, as they do in any checker position; only the boneyard needs a count, and
this module guesses a plausible one.

>>> from scorekeeper.rules import SuperMove
>>> pos = sketch_position(rules="german", highest=15, players=4, turn=0, direction="left",
...     edges=[15, 7, 13, 15], spell=[2], hand=[Tile(13, 4), Tile(7, 1)])
>>> pos.check(SuperMove.play("7-1", 1)).rule
'sd-spell'
>>> pos.boneyard  # no count was tapped in: a plausible mid-hand boneyard
20
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import PositionError, SketchError
from ..text import brief
from ..tiles import DominoSet, Tile
from .options import SUPER_DOMINO_SETS, resolve
from .position import SuperPosition

__all__ = ["SketchError", "sketch_position"]

GUESS_CAP = 20
"""The most tiles the sketch leaves in the boneyard when nobody said it is empty."""
GUESS_PER_SEAT = 2
"""Tiles the sketch assumes each seat (the mover included) still holds besides what was tapped in."""


def sketch_position(
    *,
    rules: str,
    highest: int,
    players: int,
    turn: int,
    direction: str,
    edges: Sequence[int],
    spell: Sequence[int],
    hand: Sequence[Tile],
    drawn: bool = False,
    boneyard_empty: bool = False,
    names: Sequence[str] | None = None,
) -> SuperPosition:
    """A full :class:`SuperPosition` matching the sketch; :class:`SketchError` names the field when it cannot exist.

    ``edges`` are the numbers showing on the open edges in order (none before the fat spinner is down),
    ``spell`` indexes into ``edges``, and ``hand`` holds every tile of the mover, the one to lay included.
    """
    # The problems are the position's own sentences (English, like a PositionError's), the ones the
    # checker showed when it built JSON: a sentence of the sketch's own would need its translations first.
    preset, options = resolve(rules, "rules", SketchError)
    if direction not in ("left", "right"):
        raise SketchError("direction", f'expected "left" or "right", not {brief(direction)}')
    # The checker needs only a plausible boneyard: legality reads just whether it is empty. Every
    # open edge shows at least one tile on the table and each seat is assumed to hold at least two
    # more tiles, so the guess never exceeds what is unseen; the cap keeps it a mid-hand count.
    shown = len(edges) + len(hand)
    guess = DominoSet(highest).tile_count - shown - players * GUESS_PER_SEAT if highest in SUPER_DOMINO_SETS else 0
    try:
        return SuperPosition(
            preset=preset,
            options=options,
            highest=highest,
            players=players,
            turn=turn,
            direction="left" if direction == "left" else "right",
            edges=tuple(edges),
            spell=tuple(spell),
            hand=tuple(hand),
            boneyard=0 if boneyard_empty else max(0, min(GUESS_CAP, guess)),
            drawn=drawn,
            names=tuple(names) if names is not None else None,
        )
    except PositionError as e:
        raise SketchError(e.field, e.problem) from e
