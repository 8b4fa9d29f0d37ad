"""What every field that takes a player's name shares: one limit, the seat table's column (``MAX_NAME``), set as the
field's ``maxlength`` and said under it before typing (``name_hint`` in templates/macros.html); the services refuse a
longer name with a message, never cut it."""

from __future__ import annotations

from ..models import MAX_NAME

NAME_FIELD = {"maxlength": MAX_NAME}
"""The ``render_kw`` of a player's name field."""
