"""Flask-WTF forms. They carry CSRF and shape the input; services.py judges it."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice

from .i18n import _l
from .rules import DOUBLE_BLANK_VALUES, PRESETS, SUPPORTED_SETS, DominoSet
from .services import GAMES, MAX_PLAYERS, SUPER_DOMINO, max_players


MOST_SEATS = max(MAX_PLAYERS, max_players(SUPER_DOMINO))


class NewGameForm(FlaskForm):
    game = RadioField(
        _l("Game"),
        choices=[SelectChoice(key, title) for key, title in GAMES.items()],
        default="mexican-train",
    )
    players = FieldList(StringField(_l("Player")), min_entries=MOST_SEATS, max_entries=MOST_SEATS)
    set = SelectField(
        _l("Set"),
        choices=[SelectChoice(str(n), _l("Double-%(set)d (%(count)d tiles)", set=n, count=DominoSet(n).tile_count))
                 for n in SUPPORTED_SETS],
        default="12",
    )
    order = RadioField(
        _l("Engines"),
        choices=[SelectChoice("down", _l("Count down (12, 11 … 0)")), SelectChoice("up", _l("Count up (0, 1 … 12)"))],
        default="down",
    )
    rounds = StringField(_l("Rounds to play"), default="")
    hands = StringField(_l("Hands to play"), default="")
    rules = SelectField(
        _l("Rules"),
        choices=[SelectChoice(p.name, _l(p.title)) for p in PRESETS.values()],
        default="standard",
    )
    double_blank = SelectField(
        _l("Double-blank counts"),
        choices=[SelectChoice(str(v), _l("%(pips)d pips", pips=v)) for v in DOUBLE_BLANK_VALUES],
        default="0",
    )


class RoundForm(FlaskForm):
    pips = FieldList(StringField(_l("Pips")), min_entries=0, max_entries=MOST_SEATS)
    tiles = FieldList(StringField(_l("Tiles")), min_entries=0, max_entries=MOST_SEATS)
    went_out = StringField()  # rendered by hand as one radio group across the players
    blocked = BooleanField(_l("Blocked round: nobody went out"))


class ConfirmForm(FlaskForm):
    """A bare form for POST-only actions (undo, delete): CSRF and nothing else."""
