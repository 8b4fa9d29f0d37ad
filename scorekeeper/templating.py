"""Template helpers: drawing tiles and the score chart."""

from __future__ import annotations

from collections.abc import Sequence

from babel.lists import format_list
from flask import Flask
from flask_babel import format_number, get_locale, gettext

from .chart import progression_chart
from .games import KINDS
from .models import MAX_NAME

HALF = 50
"""A tile is drawn 100 by 50; each half is a 50 by 50 square (macros.html)."""

Pips = tuple[float, tuple[tuple[float, float], ...]]
"""The dots' radius and their centres in a half."""

# where the pips sit on a 3x3 grid (0..8, row by row) for each number up to 9, as on a double-9 set
_SMALL: dict[int, tuple[int, ...]] = {
    0: (),
    1: (4,),
    2: (0, 8),
    3: (0, 4, 8),
    4: (0, 2, 6, 8),
    5: (0, 2, 4, 6, 8),
    6: (0, 2, 3, 5, 6, 8),
    7: (0, 2, 3, 4, 5, 6, 8),
    8: (0, 1, 2, 3, 5, 6, 7, 8),
    9: (0, 1, 2, 3, 4, 5, 6, 7, 8),
}


def pip_layout(n: int) -> Pips:
    """Where the dots of ``n`` sit in a half, for every number of the sets played here (0 to 18).

    Up to 9 on a 3x3 grid. Above, as double-12, -15 and -18 sets print them, so a player knows the face from
    their own box: three columns, the outer two full (4 rows up to 12, 5 up to 15, 6 up to 18) and the middle
    one holding the rest, centred. Dots shrink with the rows but stay apart and inside the half; a numeral
    instead (as before) made 10 to 12 look unlike every tile on the table.

    >>> radius, dots = pip_layout(11)
    >>> len(dots), radius
    (11, 3.8)
    """
    if not 0 <= n <= 18:
        raise ValueError(f"no tile half has {n} pips: sets here go up to double-18")
    if n <= 9:
        return 4.5, tuple((12 + (cell % 3) * 13, 12 + (cell // 3) * 13) for cell in _SMALL[n])
    rows = -(-n // 3)  # 4, 5 or 6
    gap = {4: 10.4, 5: 8.2, 6: 6.9}[rows]
    radius = {4: 3.8, 5: 3.2, 6: 2.7}[rows]
    dots: list[tuple[float, float]] = []
    for x, count in ((12, rows), (25, n - 2 * rows), (38, rows)):
        dots += [(x, round(HALF / 2 + (i - (count - 1) / 2) * gap, 2)) for i in range(count)]
    return radius, tuple(dots)


PIP_LAYOUT: dict[int, Pips] = {n: pip_layout(n) for n in range(19)}
"""Every half's dots, worked out once."""


PRESET_NAMES: dict[str, str] = {name: short for kind in KINDS.values() for name, short in kind.short_names.items()}
"""Short names for every game's rule sets, for table headings and tags where the full title does not fit."""


def preset_name(preset: str) -> str:
    return str(gettext(PRESET_NAMES[preset])) if preset in PRESET_NAMES else preset.capitalize()


def and_list(names: Sequence[str]) -> str:
    """ "Ana, Ben and Cleo" in the page's language."""
    return str(format_list(list(names), locale=get_locale() or "en")) if names else ""


def number(value: object) -> str:
    """A number as Flask-Babel's ``numberformat`` writes it in the page's language; a whole number from 0 to 999
    (most of a score sheet's) as it is, with no look at the language: below a thousand none of them groups
    digits, and all of them write Latin digits (a table screen shows a dozen such numbers)."""
    if type(value) is int and 0 <= value < 1000:
        return str(value)
    return str(format_number(value))


def init_app(app: Flask) -> None:
    # max_name: the one limit of a player's name, said under every field that takes one and set as its maxlength
    app.jinja_env.globals.update(pip_layout=PIP_LAYOUT, progression_chart=progression_chart, max_name=MAX_NAME)
    app.jinja_env.filters["and_list"] = and_list
    app.jinja_env.filters["preset_name"] = preset_name
    app.jinja_env.filters["numberformat"] = number
    app.jinja_env.policies["ext.i18n.trimmed"] = True  # {% trans %} blocks ignore line breaks
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
