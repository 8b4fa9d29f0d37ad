"""Small helpers for an answer's headers that every page's answer goes through."""

from __future__ import annotations

from werkzeug.wrappers import Response


def vary(response: Response, *names: str) -> None:
    """Add ``names`` to the answer's ``Vary`` header (each once), as ``response.vary.update`` does, without
    werkzeug's header set: it parses the header and writes it back on every change, which cost a twentieth of a
    page given again through Flask."""
    there = response.headers.get("Vary", "")
    known = {name.strip().lower() for name in there.split(",")} if there else set()
    added = [name for name in names if name.lower() not in known]
    if added and there:
        response.headers["Vary"] = ", ".join([there, *added])
    elif added:  # the first: appended, without looking through every header for one to replace
        response.headers.add("Vary", ", ".join(added))
