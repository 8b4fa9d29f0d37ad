"""The checker's picture of a Chicken Foot table: the centre double, the feet around it, and the foot waiting for
its toes, as a plain shape the partial ``templates/checker/chicken_foot/_picture.html`` draws in SVG.

>>> p = table_picture(9, [4, 9, 2, 9, 7, 3, 5, 5], [6, 7], ring=6)
>>> [(f.end, f.number, f.waiting) for f in p.feet][:2]
[(1, 4, False), (2, 9, False)]
>>> p.foot.double, p.foot.laid, [t.end for t in p.foot.toes if t.waiting]
(5, 1, [7, 8])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SIZE = 320
"""The picture's width and height in SVG units (it scales to the phone's width)."""
CENTRE = SIZE / 2
REACH = 118
"""How far a foot reaches from the centre to its open end."""
TOES = 3
"""A later double's toes."""


@dataclass(frozen=True, slots=True)
class Line:
    """One foot of the centre double: where it runs, the end it leaves and the number showing there."""

    end: int
    """The open end's number as the checker counts it, from 1."""
    number: int | None
    """The pips showing on the end; None while the foot waits for its tile."""
    waiting: bool
    x: float
    y: float
    """Where the foot's open end is drawn."""


@dataclass(frozen=True, slots=True)
class Toe:
    """A toe of the foot on a later double: laid (end None once another tile covers it) or waiting."""

    end: int | None
    number: int
    waiting: bool


@dataclass(frozen=True, slots=True)
class Foot:
    """The later double that still waits for toes: its number and its three toes."""

    double: int
    toes: tuple[Toe, ...]

    @property
    def laid(self) -> int:
        """Toes already down."""
        return sum(not t.waiting for t in self.toes)


@dataclass(frozen=True, slots=True)
class Picture:
    """What the partial draws: the centre, its feet (4, 6 or 8 lines), the open foot if any, the other ends."""

    centre: int
    feet: tuple[Line, ...]
    foot: Foot | None
    others: tuple[tuple[int, int], ...]
    """(end, number) of every other open end: the toes of feet already finished."""
    size: int = SIZE


def table_picture(centre: int, ends: Sequence[int], unfilled: Sequence[int], ring: int) -> Picture:
    """The picture of a table described as the checker describes it: the centre double's number, the number
    showing on each open end (the first ``ring`` are the centre's feet, then the toes of later doubles) and the
    ends still waiting for a tile."""
    waiting = set(unfilled)
    feet = []
    for i in range(ring):
        angle = math.radians(-90 + 360 * i / ring + 180 / ring)  # no foot straight through the tile's ends
        number = ends[i] if i < len(ends) else None
        feet.append(
            Line(
                end=i + 1,
                number=number,
                waiting=i in waiting or number is None,
                x=round(CENTRE + REACH * math.cos(angle)),
                y=round(CENTRE + REACH * math.sin(angle)),
            )
        )
    toes_waiting = [e for e in unfilled if e >= ring or len(ends) > ring]
    foot = None
    if toes_waiting:
        double = ends[toes_waiting[0]]
        shown = [Toe(e + 1, double, True) for e in toes_waiting]
        foot = Foot(double, (*[Toe(None, double, False)] * (TOES - len(shown)), *shown))
    others = tuple((e + 1, n) for e, n in enumerate(ends) if e >= ring and e not in waiting)
    return Picture(centre, tuple(feet), foot, others)
