"""How the rules library speaks a player's language without depending on any web library.

Reasons are written in English with named ``{placeholders}``; an application
installs a translator (Flask-Babel's ``gettext`` in the web app) and every
reason is looked up through it before the placeholders are filled. With no
translator installed the English text is used.

>>> _("{tile} does not match", tile="5-1")
'5-1 does not match'
"""

from __future__ import annotations

from collections.abc import Callable

_translate: Callable[[str], str] = str


def set_translator(translate: Callable[[str], str]) -> None:
    """Install the function that turns an English message into the player's language."""
    global _translate
    _translate = translate


def _(message: str, **params: object) -> str:
    """The message in the player's language with ``{name}`` placeholders filled in."""
    text = _translate(message)
    return text.format(**params) if params else text
