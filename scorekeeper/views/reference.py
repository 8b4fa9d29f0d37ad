"""The rules reference: one printable page with a stable anchor for every rule."""

from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("reference", __name__)


@bp.get("/rules")
def rules() -> str:
    """Show the complete rules."""
    return render_template("reference/rules.html")
