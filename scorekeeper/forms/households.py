"""Hosted mode's household forms: create, sign in, join by invite, and the settings page's household section.

They only carry the fields and the CSRF token: what is wrong with a value is the service's to say
(scorekeeper.services.households), next to the field it belongs to."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import HiddenField, PasswordField, StringField

from ..i18n import _l
from .names import NAME_FIELD


class CreateForm(FlaskForm):
    """A new household: its name, its passphrase typed twice, and whose phone this is."""

    name = StringField(_l("Household name"))
    passphrase = PasswordField(_l("Passphrase (at least 10 characters)"))
    passphrase_again = PasswordField(_l("The same passphrase again"))
    player = StringField(_l("Your name (whose phone this is)"), render_kw=NAME_FIELD)


class SignInForm(FlaskForm):
    """A phone signing in to a household it belongs to."""

    name = StringField(_l("Household name"))
    passphrase = PasswordField(_l("Passphrase"))
    player = StringField(_l("Your name (whose phone this is)"), render_kw=NAME_FIELD)


class InviteForm(FlaskForm):
    """A phone joining by the household's invite link, asked once which player it is."""

    player = StringField(_l("Your name"), render_kw=NAME_FIELD)


class VersionedForm(FlaskForm):
    """A change to the household's settings: it names the version the page showed."""

    version = HiddenField()


class RenameForm(VersionedForm):
    name = StringField(_l("New name"))


class PassphraseForm(VersionedForm):
    current = PasswordField(_l("Current passphrase"))
    passphrase = PasswordField(_l("New passphrase (at least 10 characters)"))
    passphrase_again = PasswordField(_l("The same new passphrase again"))


class TokenForm(FlaskForm):
    label = StringField(_l("What will use it"))


class DeleteForm(VersionedForm):
    confirm = StringField(_l("Type the household's name to confirm"))
