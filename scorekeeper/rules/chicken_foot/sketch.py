"""Chicken Foot positions from what a player taps in, and a text picture of the centre and its feet.

>>> pos = sketch_position(rules="chicken-foot", players=4, turn=1, centre=9,
...     ends=[4, 9, 2, 9, 7, 3, 5, 5], unfilled=[6, 7], hand=[Tile(5, 3), Tile(8, 1)])
>>> pos.boneyard  # nobody said how many are left to draw: a plausible count
20
>>> print(picture(pos))
centre [9|9], 6 around it
  end 1: 4
  end 2: 9
  end 3: 2
  end 4: 9
  end 5: 7
  end 6: 3
  end 7: 5  toe, waiting for a tile
  end 8: 5  toe, waiting for a tile
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import PositionError, SketchError
from ..tiles import Tile
from .options import CHICKEN_DEALS, preset_set, resolve
from .position import ChickenPosition

__all__ = ["SketchError", "picture", "sketch_position"]

GUESS_CAP = 20
"""The most tiles the sketch leaves in the chicken yard when nobody said it is empty."""
GUESS_PER_SEAT = 2
"""Tiles the sketch assumes each seat still holds besides what was tapped in."""


def sketch_position(
    *,
    rules: str,
    players: int,
    turn: int,
    ends: Sequence[int],
    hand: Sequence[Tile],
    highest: int | None = None,
    centre: int | None = None,
    unfilled: Sequence[int] = (),
    drawn: bool = False,
    boneyard_empty: bool = False,
    names: Sequence[str] | None = None,
) -> ChickenPosition:
    """A full :class:`ChickenPosition` matching the sketch; :class:`SketchError` names the field when it cannot
    exist (with the position's own English problem). ``ends`` are the numbers showing on the open ends (none
    before the round's double is down), ``unfilled`` indexes into them, ``hand`` holds every tile of the mover."""
    preset, options = resolve(rules, "rules", SketchError)
    highest = preset_set(preset) if highest is None else highest
    # legality reads only whether the chicken yard is empty: every open end shows a tile, the centre is one,
    # and each seat is taken to hold two more, so the guess never exceeds what is unseen
    tiles = (highest + 1) * (highest + 2) // 2 if highest in CHICKEN_DEALS else 0
    guess = tiles - len(ends) - len(hand) - 1 - players * GUESS_PER_SEAT
    try:
        return ChickenPosition(
            preset=preset,
            options=options,
            highest=highest,
            players=players,
            turn=turn,
            centre=highest if centre is None else centre,
            ends=tuple(ends),
            hand=tuple(hand),
            boneyard=0 if boneyard_empty else max(0, min(GUESS_CAP, guess)),
            unfilled=tuple(unfilled),
            drawn=drawn,
            names=tuple(names) if names is not None else None,
        )
    except PositionError as e:
        raise SketchError(e.field, e.problem) from e


def picture(position: ChickenPosition) -> str:
    """The centre double and every open end as lines of text (ends counted from 1, as a player counts them);
    the ends a double added are its toes, and the ends still waiting for a tile say so."""
    p = position
    if not p.ends:
        return f"centre empty: the round opens with [{p.centre}|{p.centre}]"
    ring = p.options.centre_tiles
    lines = [f"centre [{p.centre}|{p.centre}], {ring} around it"]
    for e, number in enumerate(p.ends):
        toe = e >= ring or (e in p.unfilled and len(p.ends) > ring)
        notes = [word for word, on in (("toe", toe), ("waiting for a tile", e in p.unfilled)) if on]
        lines.append(f"  end {e + 1}: {number}" + (f"  {', '.join(notes)}" if notes else ""))
    return "\n".join(lines)
