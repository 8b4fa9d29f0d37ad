"""The household password form."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import PasswordField

from ..i18n import _l


class LoginForm(FlaskForm):
    """The one household password, with the CSRF token."""

    password = PasswordField(_l("Household password"))
