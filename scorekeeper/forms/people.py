"""The people pages' forms: rename a person, merge them into another one, undo a merge."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import SelectField, StringField

from ..i18n import _l
from ..services.inputs import MAX_NAME


class RenameForm(FlaskForm):
    """The person's new name, for every game they sat in."""

    name = StringField(_l("New name"), render_kw={"maxlength": MAX_NAME, "autocomplete": "off"})


class MergeForm(FlaskForm):
    """The person this one is the same as: their games go to that person."""

    into = SelectField(_l("The same person as"), coerce=str, validate_choice=False)


class ConfirmForm(FlaskForm):
    """A bare confirmation with its CSRF token: doing the merge, undoing it."""
