"""How the rules library speaks a player's language without depending on any web library.

Every sentence a player can see (verdict reasons, deal, sketch and tile errors, rule titles,
section headings, preset titles and descriptions) is written in English as one whole message with
named ``{placeholders}``. An application installs a translator (Flask-Babel's ``gettext`` in the
web app) and each message is looked up through it *before* the placeholders are filled, so a
translation may put the placeholders in any order. With no translator installed the English text
is used.

>>> _("{tile} does not match", tile="5-1")
'5-1 does not match'

Two markers, both picked up by ``pybabel extract -k _ -k N_``, and one reader:

* :func:`_` translates now: use it where the sentence is built, at the moment a player asks.
* :func:`N_` translates nothing and returns its argument: use it for texts stored at import time
  (rule titles, section headings, preset titles and descriptions). It only marks them for
  extraction.
* :func:`translated` reads such a stored text in the player's language; whatever hands the text
  out (``Verdict.title``, ``rule_title``, ``Preset.display_title``...) calls it at read time.

>>> N_("A legal move")
'A legal move'
>>> translated(N_("A legal move"))
'A legal move'

Rules for messages (``tests/rules/test_i18n.py`` checks the first two):

* the first argument of ``_`` and ``N_`` is a literal string (no f-string, no variable), or the
  extractor cannot see it; a stored text is read back with :func:`translated`, never ``_(variable)``;
* ``{`` and ``}`` appear only as placeholders: a message with parameters goes through
  :meth:`str.format`, so a literal brace would break it;
* a whole sentence is one message; only separate names (a train's name, a seat's name, a set's
  name) are translated on their own and filled in.

If a translation breaks its placeholders (a misspelt or missing name), the English message is
used rather than failing the move check.
"""

from __future__ import annotations

from collections.abc import Callable

_translate: Callable[[str], str] = str


def set_translator(translate: Callable[[str], str]) -> None:
    """Install the function that turns an English message into the player's language.

    ``str`` (the default) keeps English; the web app installs Flask-Babel's ``gettext``.
    """
    global _translate
    _translate = translate


def get_translator() -> Callable[[str], str]:
    """The translator installed now (so a test can put it back)."""
    return _translate


def _(message: str, **params: object) -> str:
    """The message in the player's language with ``{name}`` placeholders filled in."""
    text = str(_translate(message))
    if not params:
        return text
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError, AttributeError):
        return message.format(**params)  # a broken translation: fall back to English


def N_(message: str) -> str:
    """Mark a text stored at import time for extraction; it is translated later, when read, by ``_(text)``."""
    return message


def translated(text: str) -> str:
    """A text stored at import time (marked with :func:`N_`) in the player's language; it has no placeholders."""
    return str(_translate(text))
