"""Chicken Foot's house rules: the engine options a table may change on top of its preset, in the new-game form's
order. The double-blank's count is the form's own field (it is the score sheet's, not the checker's)."""

from __future__ import annotations

from ...house_rules import HouseRule, choice, flag
from ...rules.i18n import N_

HOUSE_RULES: tuple[HouseRule, ...] = (
    choice(
        "centre_tiles",
        N_("Tiles around the centre double before play goes elsewhere"),
        ("6", N_("six tiles around the centre double"), 6),
        ("4", N_("four tiles around the centre double"), 4),
        ("8", N_("eight tiles around the centre double"), 8),
    ),
    choice(
        "foot_first",
        N_("A double laid later"),
        ("first", N_("a later double gets its three toes first"), True),
        ("anywhere", N_("after a later double, play may go on anywhere"), False),
    ),
    choice(
        "draw",
        N_("A player who cannot lay a tile"),
        ("one", N_("draw one tile, then lay it or pass")),
        ("until-playable", N_("draw until a tile fits")),
    ),
    flag(
        "first_turn_multiple",
        N_("Whoever lays the centre double may go on laying tiles around it"),
        N_("the first turn may lay several tiles"),
    ),
)
"""Every house rule the new-game form offers for Chicken Foot, in its order; all are the checker's too."""
