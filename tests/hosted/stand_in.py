"""The household pages' endpoints as the limits know them by name (``households.sign_in``, ``households.create``,
``households.invite``), standing in until the household pages themselves are part of the app: a wrong
passphrase answers 403, as theirs do; and the request's household, which their sign-in keeps in the session,
named by a header, known before the limits look (as the household gate's is)."""

from __future__ import annotations

from flask import Blueprint, Flask, request
from flask.typing import ResponseReturnValue

from scorekeeper.app import csrf
from scorekeeper.households import enter

PASSPHRASES = {"rossi": "sette e mezzo", "novák": "kostky a domino"}
HOUSEHOLD_HEADER = "X-Test-Household"


def add_stand_ins(app: Flask) -> Flask:
    """``app`` with the stand-in household pages (when it has none of its own)."""
    if "households" in app.blueprints:
        return app
    bp = Blueprint("households", __name__)

    @bp.post("/welcome/sign-in")
    def sign_in() -> ResponseReturnValue:
        name = " ".join(request.form.get("name", "").split()).casefold()
        if PASSPHRASES.get(name) == request.form.get("passphrase"):
            return "signed in", 200
        return "That is not the passphrase of a household of that name.", 403

    @bp.post("/welcome/create")
    def create() -> ResponseReturnValue:
        return "made", 201

    @bp.route("/invite/<code>", methods=["GET", "POST"])
    def invite(code: str) -> ResponseReturnValue:
        return "no such invitation", 404

    csrf.exempt(bp)
    app.register_blueprint(bp)

    def household_from_header() -> None:
        named = request.headers.get(HOUSEHOLD_HEADER)
        if named:
            enter(int(named))

    app.before_request_funcs.setdefault(None, []).insert(0, household_from_header)
    return app
