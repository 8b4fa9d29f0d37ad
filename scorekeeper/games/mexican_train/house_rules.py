"""Mexican Train's house rules: the choices a table may make on top of its preset, in the new-game form's order."""

from __future__ import annotations

from ... import rules
from ...house_rules import HouseRule, choice, flag, number
from ...rules.i18n import N_

ANNOUNCING = ("announce_last_tile", True)
"""What a forgotten last tile costs means something only where the last tile must be announced."""
MEXICAN = ("mexican_train", True)
"""When the Mexican train opens and what starting it costs mean something only where there is one (not the Czech
rules, unless the table adds it)."""

HOUSE_RULES: tuple[HouseRule, ...] = (
    flag("draw_until_playable", N_("Draw until you can play, not just one tile"), N_("draw until you can play")),
    flag("one_double_per_turn", N_("Only one double per turn"), N_("one double per turn")),
    flag(
        "mexican_after_all_started",
        N_("The Mexican train opens once everyone has started their own train"),
        N_("Mexican train after everyone has started"),
        along=MEXICAN,
    ),
    flag(
        "mexican_after_first_lap",
        N_("The Mexican train opens after the first lap, once everyone has had a turn"),
        N_("Mexican train after the first lap"),
        along=MEXICAN,
    ),
    choice(
        "missing_engine",
        N_("When nobody holds the engine double"),
        ("draw", N_("draw in turn until someone draws it")),
        ("each-draws", N_("everyone draws one, lap after lap, until someone has it")),
        ("highest-double", N_("the highest double in hand starts")),
        ("next-double", N_("skip to the next double somebody holds")),
        needs=("engine_placement", "holder"),
    ),
    flag(
        "mexican_train",
        N_("Add a Mexican train (for rules without one, like the Czech)"),
        N_("with a Mexican train"),
    ),
    choice(
        "mexican_start",
        N_("Starting the Mexican train"),
        ("play", N_("starting the Mexican train is your one tile for the turn")),
        ("bonus", N_("starting the Mexican train is a free extra tile")),
        along=MEXICAN,
    ),
    choice(
        "end_on_double",
        N_("Going out on a double"),
        ("forbidden", N_("a round may not end on a double"), False),
        ("allowed", N_("a round may end on a double"), True),
    ),
    choice(
        "marker_removed_by",
        N_("Who takes a marker off a train"),
        ("owner", N_("a marker comes off only when its owner plays on their train")),
        ("anyone", N_("any tile laid on a marked train takes its marker off")),
        ("next", N_("only the next player may play on a marked train")),
    ),
    flag(
        "highest_engine_every_round",
        N_("Every round opens on the highest double (12-12 all evening)"),
        N_("the highest double opens every round"),
    ),
    flag(
        "announce_last_tile",
        N_("Announce your last tile; caught without it, draw a penalty"),
        N_("announce the last tile"),
    ),
    choice(
        "caught_last_tile",
        N_("Caught not announcing the last tile"),
        ("lose-turn", N_("a player caught loses their next turn instead of drawing")),
        along=ANNOUNCING,
    ),
    number(
        "last_tile_penalty",
        N_("Tiles drawn for a last tile not announced (empty: 2)"),
        N_("%(value)s tiles for a last tile not announced"),
        range(0, 11),
        "engine",
        along=ANNOUNCING,
    ),
    number(
        "going_out",
        N_("Points for going out (a bonus is negative, like −10)"),
        N_("going out %(value)s"),
        rules.GOING_OUT_RANGE,
    ),
    flag(
        "double_end",
        N_("Ending the round on a double doubles the others' pips"),
        N_("ending on a double doubles the others"),
        "scoring",
    ),
    number(
        "marker_penalty",
        N_("Pips for each marker still on a train at the end"),
        N_("%(value)s per open marker"),
        rules.MARKER_PENALTY_RANGE,
    ),
)
"""Every house rule the new-game form offers for the game, in its order; the engine options among them apply to
its presets."""
