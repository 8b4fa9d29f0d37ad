"""Template helpers: drawing tiles and the score chart."""

from __future__ import annotations

from collections.abc import Sequence

from babel.lists import format_list
from flask import Flask
from flask_babel import format_number, get_locale, gettext

from .chart import progression_chart
from .games import KINDS
from .models import MAX_NAME

# where the pips sit on a 3x3 grid (0..8, row by row) for each number up to 9;
# 10..18 draw as a numeral since dot patterns stop being readable at phone size
PIP_LAYOUT: dict[int, tuple[int, ...]] = {
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
