"""Hosted mode's front door (scorekeeper.households): a new phone creates a household, signs in to one, or joins
one by its invite link; it then stays signed in for months (its session holds a phone key: scorekeeper.phones).
The household section of the settings page is here too, shown in hosted mode only."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup
from werkzeug.wrappers import Response

from .. import households
from ..db import session
from ..forms.households import (
    CreateForm,
    DeleteForm,
    InviteForm,
    PassphraseForm,
    RenameForm,
    SignInForm,
    TokenForm,
    VersionedForm,
)
from ..i18n import _
from ..phones import forget_member, keep_member, this_phone_id
from ..redirects import same_site
from ..services import households as rows
from ..services import join
from ..services.errors import Invalid, ServiceError
from ..services.households import Stale

bp = Blueprint("households", __name__)

WRONG = 403
"""A wrong name or passphrase: the answer the sign-in limits count (scorekeeper.throttle)."""


def _hosted_only() -> None:
    if not households.hosted():
        abort(404)  # home mode has no households to make or join


def put_errors(form: Any, error: ServiceError) -> None:
    """Show each problem next to its field (the whole message under the form's first field when none fits)."""
    placed = False
    for problem, message in error.errors.items():
        target = getattr(form, str(problem), None)
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


def _keep(signed: rows.SignedIn) -> None:
    """This phone now belongs to ``signed``'s household; the row of the household it was in, if any, goes (one phone,
    one household: it would otherwise stay listed there, signed in, with a key nobody holds)."""
    before, phone_id = households.current(), this_phone_id()
    if before is not None and phone_id is not None:
        rows.leave(session(), before, phone_id)
    keep_member(signed)


@bp.get("/welcome")
def welcome() -> ResponseReturnValue:
    """Create a household or sign in to yours (a phone already signed in goes on to its games)."""
    _hosted_only()
    if this_phone_id() is not None:
        return redirect(same_site(request.args.get("next"), url_for("games.index")))  # the page asked for
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
    _keep(signed)
    return redirect(url_for("games.index"))


@bp.post("/welcome/sign-in")
def sign_in() -> ResponseReturnValue:
    """Sign this phone in with the household's name and passphrase (403 when either is wrong)."""
    _hosted_only()
    form = SignInForm(prefix="signin")
    if not form.validate_on_submit():
        form.form_errors.append(_("This form had expired. Nothing was saved; please send it again."))
        return _welcome(sign_in=form, status=400)
    try:
        signed = rows.sign_in(session(), form.name.data or "", form.passphrase.data or "", form.player.data)
    except Invalid as e:
        put_errors(form, e)
        return _welcome(sign_in=form, status=e.status)
    if signed is None:
        form.passphrase.errors = [
            _("No household has that name and passphrase. Check both (capitals count in the passphrase).")
        ]
        return _welcome(sign_in=form, status=WRONG)
    _keep(signed)
    return redirect(same_site(request.args.get("next"), url_for("games.index")))  # the page asked for


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
            _keep(signed)
            return redirect(url_for("games.index"))
    elif request.method == "POST":
        form.form_errors.append(_("This form had expired. Nothing was saved; please send it again."))
        status = 400
    return render_template("households/invite.html", form=form, household=household), status


# -- the household section of the settings page (hosted mode) ---------------------------------------------------


@dataclass
class SettingsForms:
    """The household section's forms: a failed one comes back as it was sent, with what is wrong."""

    rename: RenameForm = field(default_factory=lambda: RenameForm(prefix="rename", formdata=None))
    passphrase: PassphraseForm = field(default_factory=lambda: PassphraseForm(prefix="passphrase", formdata=None))
    token: TokenForm = field(default_factory=lambda: TokenForm(prefix="token", formdata=None))
    delete: DeleteForm = field(default_factory=lambda: DeleteForm(prefix="delete", formdata=None))
    versioned: VersionedForm = field(default_factory=lambda: VersionedForm(formdata=None))
    """The phones', invite's and tokens' buttons: only the version and the CSRF token."""
    new_token: str | None = None
    """A token just made: shown this once."""
    problem: str | None = None
    """A message for the whole section (another phone changed the settings meanwhile)."""


def _household_id() -> int:
    found = households.current()
    if not households.hosted() or found is None:
        abort(404)
    return found


def settings_section(forms: SettingsForms | None = None) -> dict[str, Any]:
    """What the settings page shows of the household: its name, phones (this one marked), invite link and QR code,
    API tokens, and the forms that change them, each naming the version shown."""
    forms = forms or SettingsForms()
    db, household_id = session(), _household_id()
    household = rows.household(db, household_id)
    for form in (forms.rename, forms.passphrase, forms.delete, forms.versioned):
        form.version.data = str(household.version)  # the version shown is the one a write will name
    if forms.rename.name.data is None:
        forms.rename.name.data = household.name  # to change a letter, not type it all anew
    base = join.base_address(request.host_url, current_app.config.get("SCOREKEEPER_PUBLIC_URL") or None, lambda: None)
    invite = join.address(base, url_for("households.invite", code=household.invite_code or "-"))
    return {
        "household": household,
        "phones": rows.phones(db, household_id),
        "this_phone": this_phone_id(),
        "tokens": rows.tokens(db, household_id),
        "invite": invite,
        "invite_qr": Markup(join.qr_svg(invite)),  # noqa: S704  # segno's SVG, its text escaped by segno
        "forms": forms,
        "hosted": True,
    }


def _settings(forms: SettingsForms | None = None, status: int = 200) -> tuple[str, int]:
    return render_template("settings/index.html", **settings_section(forms)), status


def _seen(form: VersionedForm) -> int:
    # a version that is no number names none the household ever had: refused as stale, never as a 500
    raw = form.version.data
    return int(raw) if isinstance(raw, str) and raw.isdigit() and len(raw) < 10 else 0


def _write(form: Any, forms: SettingsForms, action: Callable[[], object], done: str) -> ResponseReturnValue:
    """Make one change to the household's settings and go back to them; a form gone stale or a wrong value
    comes back on the page with what was typed."""
    if not form.validate_on_submit():
        forms.problem = _("This form had expired. Nothing was saved; please send it again.")
        return _settings(forms, 400)
    try:
        action()
    except Stale as e:
        forms.problem = e.message
        return _settings(forms, e.status)
    except ServiceError as e:
        put_errors(form, e)
        if not e.errors:
            forms.problem = e.message
        return _settings(forms, e.status)
    flash(done)
    return redirect(url_for("settings.index", _anchor="household"))


@bp.post("/settings/household/name")
def rename() -> ResponseReturnValue:
    """Give the household another name."""
    forms = SettingsForms(rename=RenameForm(prefix="rename"))
    form = forms.rename
    return _write(
        form,
        forms,
        lambda: rows.rename(session(), _household_id(), _seen(form), form.name.data or ""),
        _("The household's name is changed."),
    )


@bp.post("/settings/household/passphrase")
def passphrase() -> ResponseReturnValue:
    """Change the passphrase (the current one required); the phones signed in stay signed in."""
    forms = SettingsForms(passphrase=PassphraseForm(prefix="passphrase"))
    form = forms.passphrase
    return _write(
        form,
        forms,
        lambda: rows.change_passphrase(
            session(),
            _household_id(),
            _seen(form),
            form.current.data or "",
            form.passphrase.data or "",
            form.passphrase_again.data or "",
        ),
        _("The passphrase is changed. Phones already signed in stay signed in; new phones need the new one."),
    )


@bp.post("/settings/household/invite")
def renew_invite() -> ResponseReturnValue:
    """A new invite link: the old one joins nobody from now on."""
    forms = SettingsForms(versioned=VersionedForm())
    form = forms.versioned
    return _write(
        form,
        forms,
        lambda: rows.renew_invite(session(), _household_id(), _seen(form)),
        _("A new invite link is made: the old one joins nobody now."),
    )


@bp.post("/settings/household/phones/<int:phone_id>/sign-out")
def sign_out_phone(phone_id: int) -> ResponseReturnValue:
    """Sign one of the household's phones out: its next page is the welcome page."""
    forms = SettingsForms(versioned=VersionedForm())
    form = forms.versioned
    return _write(
        form,
        forms,
        lambda: rows.sign_out(session(), _household_id(), _seen(form), phone_id),
        _("That phone is signed out."),
    )


@bp.post("/settings/household/tokens")
def make_token() -> ResponseReturnValue:
    """Make an API token; it is shown this once (only its digest is kept)."""
    forms = SettingsForms(token=TokenForm(prefix="token"), versioned=VersionedForm())
    form = forms.token
    if not forms.versioned.validate_on_submit():
        forms.problem = _("This form had expired. Nothing was saved; please send it again.")
        return _settings(forms, 400)
    try:
        forms.new_token = rows.make_token(session(), _household_id(), _seen(forms.versioned), form.label.data or "")
    except Stale as e:
        forms.problem = e.message
        return _settings(forms, e.status)
    except ServiceError as e:
        put_errors(form, e)
        return _settings(forms, e.status)
    forms.token = TokenForm(prefix="token", formdata=None)
    page, status = _settings(forms, 201)
    return page, status, {"Cache-Control": "no-store"}  # the token is on this page alone


@bp.post("/settings/household/tokens/<int:token_id>/revoke")
def revoke_token(token_id: int) -> ResponseReturnValue:
    """Revoke an API token: a client using it is answered 401 from now on."""
    forms = SettingsForms(versioned=VersionedForm())
    form = forms.versioned
    return _write(
        form,
        forms,
        lambda: rows.revoke_token(session(), _household_id(), _seen(form), token_id),
        _("The token is revoked."),
    )


@bp.post("/settings/household/delete")
def delete() -> ResponseReturnValue:
    """Delete the household with all its games, people and phones, once its name is typed."""
    forms = SettingsForms(delete=DeleteForm(prefix="delete"))
    form = forms.delete
    response = _write(
        form,
        forms,
        lambda: rows.delete_household(session(), _household_id(), _seen(form), form.confirm.data or ""),
        _("The household and everything it kept are deleted."),
    )
    if isinstance(response, Response) and response.status_code == 302:
        forget_member()
        return redirect(url_for("households.welcome"))
    return response


@bp.post("/settings/household/leave")
def leave() -> ResponseReturnValue:
    """Sign this phone out of the household."""
    form = VersionedForm()
    if form.validate_on_submit():
        phone_id = this_phone_id()
        if phone_id is not None:
            rows.leave(session(), _household_id(), phone_id)
        forget_member()
        flash(_("This phone is signed out."))
        return redirect(url_for("households.welcome"))
    forms = SettingsForms(problem=_("This form had expired. Nothing was saved; please send it again."))
    return _settings(forms, 400)
