"""Hosted mode's front door (scorekeeper.households): a new phone creates a household, signs in to one, or joins
one by its invite link; it then stays signed in for months (its session holds a phone key: scorekeeper.phones).
The household section of the settings page is here too, shown in hosted mode only."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from .. import households
from ..db import session
from ..forms.households import CreateForm, InviteForm, SignInForm
from ..i18n import _
from ..phones import keep_member, this_phone_id
from ..redirects import same_site
from ..services import households as rows
from ..services.errors import Invalid, ServiceError

bp = Blueprint("households", __name__)

WRONG = 403
"""A wrong name or passphrase: the answer the sign-in limits count (scorekeeper.throttle)."""


def _hosted_only() -> None:
    if not households.hosted():
        abort(404)  # home mode has no households to make or join


def put_errors(form: Any, error: ServiceError) -> None:
    """Show each problem next to its field (the whole message under the form's first field when none fits)."""
    placed = False
    for field, message in error.errors.items():
        target = getattr(form, str(field), None)
        if target is not None:
            target.errors = [*target.errors, message]
            placed = True
    if not placed:
        form.form_errors.append(error.message)


def _welcome(create: CreateForm | None = None, sign_in: SignInForm | None = None, status: int = 200) -> tuple[str, int]:
    return (
        render_template(
            "households/welcome.html",
            create=create or CreateForm(prefix="create"),
            sign_in=sign_in or SignInForm(prefix="signin"),
            next=request.args.get("next", ""),
            min_length=rows.PASSPHRASE_MIN,
        ),
        status,
    )


def _onward() -> str:
    return same_site(request.args.get("next"), url_for("games.index"))


@bp.get("/welcome")
def welcome() -> ResponseReturnValue:
    """Create a household or sign in to yours (a phone already signed in goes on to its games)."""
    _hosted_only()
    if this_phone_id() is not None:
        return redirect(_onward())
    return _welcome()


@bp.post("/welcome/create")
def create() -> ResponseReturnValue:
    """Make a household with a name and a passphrase; this phone is its first, signed in."""
    _hosted_only()
    form = CreateForm(prefix="create")
    if not form.validate_on_submit():
        form.form_errors.append(_("This form had expired. Nothing was saved; please send it again."))
        return _welcome(create=form, status=400)
    try:
        signed = rows.create(
            session(),
            form.name.data or "",
            form.passphrase.data or "",
            form.passphrase_again.data or "",
            form.player.data,
        )
    except Invalid as e:
        put_errors(form, e)
        return _welcome(create=form, status=422)
    keep_member(signed)
    return redirect(url_for("games.index"))


@bp.post("/welcome/sign-in")
def sign_in() -> ResponseReturnValue:
    """Sign this phone in with the household's name and passphrase (403 when either is wrong)."""
    _hosted_only()
    form = SignInForm(prefix="signin")
    if not form.validate_on_submit():
        form.form_errors.append(_("This form had expired. Nothing was saved; please send it again."))
        return _welcome(sign_in=form, status=400)
    signed = rows.sign_in(session(), form.name.data or "", form.passphrase.data or "", form.player.data)
    if signed is None:
        form.passphrase.errors = [
            _("No household has that name and passphrase. Check both (capitals count in the passphrase).")
        ]
        return _welcome(sign_in=form, status=WRONG)
    keep_member(signed)
    return redirect(_onward())


@bp.route("/invite/<code>", methods=["GET", "POST"])
def invite(code: str) -> ResponseReturnValue:
    """Join the household by its invite link or QR code, saying once which player this phone is."""
    _hosted_only()
    try:
        household = rows.invited(session(), code)
    except ServiceError as e:
        return render_template("error.html", status=e.status, message=e.message), e.status
    form = InviteForm()
    status = 200
    if form.validate_on_submit():
        try:
            signed = rows.join(session(), code, form.player.data or "")
        except Invalid as e:
            put_errors(form, e)
            status = 422
        else:
            keep_member(signed)
            return redirect(url_for("games.index"))
    elif request.method == "POST":
        form.form_errors.append(_("This form had expired. Nothing was saved; please send it again."))
        status = 400
    return render_template("households/invite.html", form=form, household=household), status
