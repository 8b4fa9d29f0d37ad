"""Where a page may send the player back to: the one check every ``next``-style target goes through."""

from __future__ import annotations

import unicodedata
from urllib.parse import urlsplit

HOME = "/"


def same_site(target: object, fallback: str = HOME) -> str:
    """``target`` if it is a path on this site, else ``fallback``: never another host, never a header that breaks.

    Browsers drop tabs and newlines from an address and read a backslash as a slash, so "/", a tab and
    "/evil.example" lead to evil.example: a target with any control or invisible formatting character, or a
    backslash, is refused whole rather than cleaned. What is left must be a path: it starts with one "/" and names
    neither a scheme nor a host.

    >>> same_site("/games/abc?lang=de")
    '/games/abc?lang=de'
    >>> [same_site(t) for t in ("//evil.example", "/\\t/evil.example", "/\\\\evil.example", "https://evil.example")]
    ['/', '/', '/', '/']
    """
    if not isinstance(target, str) or not target.startswith("/") or target.startswith("//"):
        return fallback
    if "\\" in target or any(unicodedata.category(c).startswith("C") for c in target):
        return fallback
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return fallback
    return target
