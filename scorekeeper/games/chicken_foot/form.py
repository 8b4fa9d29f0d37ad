"""The new-game form's Chicken Foot fields: the rules (each preset names its set), rounds, the double-blank."""

from __future__ import annotations

from typing import Any

from wtforms import SelectField, StringField
from wtforms.fields.choices import SelectChoice

from ...i18n import _l
from ...rules.chicken_foot import CHICKEN_PRESETS

DOUBLE_BLANK_VALUES = (50, 0)
"""What the double-blank may count: 50 as the rule sheets say, 0 as a house rule."""

PREFIX = "cf_"
"""The form's names for Chicken Foot's fields begin with it, so that they never clash with another game's."""


def fields() -> dict[str, Any]:
    """The unbound fields, by form name."""
    return {
        f"{PREFIX}rules": SelectField(
            _l("Rules and set"),
            choices=[SelectChoice(p.name, _l(p.title)) for p in CHICKEN_PRESETS.values()],
            default=next(iter(CHICKEN_PRESETS)),
        ),
        f"{PREFIX}rounds": StringField(_l("Rounds to play"), default=""),
        f"{PREFIX}double_blank": SelectField(
            _l("Double-blank counts"),
            choices=[SelectChoice(str(v), _l("%(pips)d pips", pips=v)) for v in DOUBLE_BLANK_VALUES],
            default=str(DOUBLE_BLANK_VALUES[0]),
        ),
    }
