"""Reading numbers out of text, and quoting a bad value in a message without echoing all of it back.

>>> brief("x" * 30)
"'xxxxxxxxxxxxxxxxxxxx…'"
>>> brief([1, [2, [3, [4]]]])
'[1, [2, [...]]]'
>>> number("12"), number("²"), number("1" * 5000)
(12, None, None)
"""

from __future__ import annotations

import reprlib

SHORT = 20
"""The most characters of a bad value a message quotes."""

_repr = reprlib.Repr()  # Python 3.11's takes no arguments
_repr.maxlevel = 2
_repr.maxtuple = _repr.maxlist = _repr.maxdict = _repr.maxset = 4
_repr.maxstring = _repr.maxother = _repr.maxlong = SHORT


def brief(value: object, limit: int = SHORT) -> str:
    """``repr(value)`` for a message, cut to about ``limit`` characters and "…": never a whole megabyte."""
    if isinstance(value, str):
        return repr(value if len(value) <= limit else value[:limit] + "…")
    try:
        text = _repr.repr(value)
    except (ValueError, RecursionError):  # an int past Python's 4300 digits has no repr
        return "…"
    return text if len(text) <= limit + 2 else text[:limit] + "…"


def number(text: str, digits: int = 4) -> int | None:
    """Plain ASCII digits (no sign), at most ``digits`` of them, as an int; None for anything else.

    ``str.isdigit`` says yes to "²" and to thousands of digits, which ``int`` then refuses.
    """
    text = text.strip()
    if text.isascii() and text.isdigit() and len(text) <= digits:
        return int(text)
    return None


def cut(text: object, limit: int = SHORT) -> str:
    """Text as a message shows it, unquoted: at most ``limit`` characters and "…"."""
    text = str(text)
    return text if len(text) <= limit else text[:limit] + "…"
