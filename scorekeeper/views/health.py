"""``GET /healthz``: whether this instance can serve, for a load balancer or a process supervisor."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from ..db import engine
from ..services.health import database_trouble

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def check() -> tuple[Response, int]:
    """200 ``{"ok": true}`` while the database answers; 503 with the reason when it does not. Never kept anywhere:
    each check asks anew."""
    trouble = database_trouble(engine())
    response = jsonify(ok=True) if trouble is None else jsonify(ok=False, error=trouble)
    response.headers["Cache-Control"] = "no-store"
    return response, 200 if trouble is None else 503
