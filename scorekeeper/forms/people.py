"""The people pages' forms: rename a person, merge them into another one, undo a merge; a game's file to import."""

from __future__ import annotations

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import SelectField, StringField

from ..i18n import _l
from .names import NAME_FIELD


class RenameForm(FlaskForm):
    """The person's new name, for every game they sat in."""

    name = StringField(_l("New name"), render_kw={**NAME_FIELD, "autocomplete": "off"})


class MergeForm(FlaskForm):
    """The person this one is the same as: their games go to that person."""

    into = SelectField(_l("The same person as"), coerce=str, validate_choice=False)


class ConfirmForm(FlaskForm):
    """A bare confirmation with its CSRF token: doing the merge, undoing it."""


class ImportForm(FlaskForm):
    """A game's JSON file, downloaded from another scorekeeper (the form is sent as multipart/form-data)."""

    file = FileField(_l("The game's file (JSON)"), render_kw={"accept": ".json,application/json"})
