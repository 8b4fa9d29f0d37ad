"""Chicken Foot: its options, the three presets (one per set), and how many tiles each player is dealt.

Chicken Foot is played in rounds from the set's highest double down to the double-blank. The round's
double goes in the centre, a ring of tiles is laid around it, and every later double grows a foot of
three toes before play goes on elsewhere. The presets follow the makers' printed rule sheets; the
options are the points tables argue about (see ``rules/README.md`` for the sources).

>>> CHICKEN_PRESETS["chicken-foot"].highest, CHICKEN_PRESETS["chicken-foot"].options.centre_tiles
(9, 6)
>>> chicken_deal_size(4, 9), chicken_max_players(12)
(11, 10)
>>> resolve({"preset": "chicken-foot", "centre_tiles": 4})[1].centre_tiles
4
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from ..errors import DealError
from ..i18n import N_, _
from ..presets import NamedRules, OptionReader, RulesReader, check_options, one_of

CHICKEN_FOOT_SETS: tuple[int, ...] = (6, 9, 12)
"""The sets Chicken Foot is dealt from, by their highest double (double-9 is the usual one)."""

DealTable = Mapping[int, int]
"""Players -> tiles dealt to each."""

CHICKEN_DEALS: Mapping[int, DealTable] = MappingProxyType(
    {
        # double-6 (28 tiles): five each, as the double-6 rule sheets deal; four players leave 8 to draw
        6: MappingProxyType({2: 5, 3: 5, 4: 5}),
        # double-9 (55 tiles): 20 for two and 6 for eight (the printed sheet's ends), between them the
        # "42 shared out" table of the club sheet; every count leaves 7 to 15 tiles in the chicken yard
        9: MappingProxyType({2: 20, 3: 14, 4: 11, 5: 8, 6: 7, 7: 6, 8: 6}),
        # double-12 (91 tiles): 15 for up to four (the count given for four), 7 for ten (the club sheet),
        # and between them as many as leave about twenty to draw
        12: MappingProxyType({2: 15, 3: 15, 4: 15, 5: 12, 6: 11, 7: 10, 8: 9, 9: 8, 10: 7}),
    }
)
"""Set (highest double) -> players -> tiles each; the largest player count of each table is the most it deals for."""

Draw = Literal["one", "until-playable"]


def chicken_max_players(highest: int = 9) -> int:
    """The most players a set's deal table deals for (double-6: 4, double-9: 8, double-12: 10)."""
    return max(CHICKEN_DEALS[highest])


def chicken_deal_size(players: int, highest: int = 9) -> int:
    """Tiles dealt to each player; :class:`~scorekeeper.rules.DealError` (for a player) when the set cannot deal.

    >>> chicken_deal_size(2, 6), chicken_deal_size(8, 9), chicken_deal_size(10, 12)
    (5, 6, 7)
    """
    table = CHICKEN_DEALS.get(highest)
    if table is None:
        raise DealError(
            _(
                "Chicken Foot is dealt from a double-{a}, double-{b} or double-{c} set",
                a=CHICKEN_FOOT_SETS[0],
                b=CHICKEN_FOOT_SETS[1],
                c=CHICKEN_FOOT_SETS[2],
            )
        )
    if players < 2:
        raise DealError(_("a game needs at least {fewest} players", fewest=2))
    if players not in table:
        bigger = [n for n in CHICKEN_FOOT_SETS if n > highest and players in CHICKEN_DEALS[n]]
        raise DealError.too_many(highest, max(table), bigger[0] if bigger else None)
    return table[players]


@dataclass(frozen=True, slots=True)
class ChickenOptions:
    """What a Chicken Foot table may decide differently. Immutable; see :meth:`replace`."""

    centre_tiles: int = 6
    """Tiles laid around the centre double before play goes anywhere else: 6 (three on each side, the
    "double chicken foot" of the printed sheets), 4 (a cross) or 8 (a star)."""
    foot_first: bool = True
    """Must a double laid later get its three toes before anyone plays elsewhere? When no, the three
    toes are still open ends, but play may go on anywhere."""
    draw: Draw = "one"
    """A player who cannot lay a tile: "one" (draw one, lay it if it fits, else pass) or
    "until-playable" (draw until a tile fits or the chicken yard is empty)."""
    first_turn_multiple: bool = False
    """May the player who lays the round's double go on laying tiles around it in the same turn, as many
    as they like and can (ending the turn by passing)?"""
    double_blank: int = 50
    """What the double-blank counts when left in a hand: 50, or 0 by house rule."""

    def __post_init__(self) -> None:
        check_options(self, _READERS)

    def replace(self, **changes: Any) -> ChickenOptions:
        """A copy with some options changed, validated like JSON input."""
        return READER.read_options({**self.to_json(), **changes})

    def to_json(self) -> dict[str, Any]:
        """Every option as JSON."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


CHICKEN_OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(ChickenOptions))

_READERS: Mapping[str, OptionReader] = {
    "centre_tiles": one_of(6, 4, 8),
    "foot_first": one_of(True, False),
    "draw": one_of("one", "until-playable"),
    "first_turn_multiple": one_of(False, True),
    "double_blank": one_of(50, 0),
}


@dataclass(frozen=True, slots=True)
class ChickenPreset(NamedRules[ChickenOptions]):
    """A named set of Chicken Foot rules, shaped like :class:`~scorekeeper.rules.Preset`, with the set it is
    dealt from (a position or a round may still name another)."""

    highest: int = 9
    """The set, by its highest double."""

    def to_json(self) -> dict[str, Any]:
        """As any preset's, with ``set``."""
        return {**NamedRules.to_json(self), "set": self.highest}


_COMMON = N_(
    "Each round puts its double in the centre, from the set's highest double down to the double-blank; "
    "the player holding it lays it, and if nobody does, players draw one tile each in turn, from the "
    "first player, until someone draws it and lays it. Then play goes to the left, one tile a turn. "
    "A double laid later is a chicken foot: the next three tiles go on it, its toes, before anyone plays "
    "elsewhere. A player who cannot lay a tile draws one from the chicken yard, lays it if it fits, or "
    "passes. The round ends when a player lays their last tile, or when nobody can play and the chicken "
    "yard is empty. Each player scores the pips left in their hand; the double-blank counts 50."
)

_PRESETS = (
    ChickenPreset(
        "chicken-foot",
        N_("Chicken Foot (double-9)"),
        N_(
            "The usual game, with a double-9 set (ten rounds). Six tiles go around the centre double, three on "
            "each side, before anyone plays elsewhere. Deal: 20 each for two players, 14 for three, 11 for four, "
            "8 for five, 7 for six, 6 for seven or eight."
        ),
        ChickenOptions(),
        9,
    ),
    ChickenPreset(
        "chicken-foot-double-6",
        N_("Chicken Foot (double-6)"),
        N_(
            "For two to four players with a double-6 set (seven rounds), five tiles each. Four tiles go around "
            "the centre double, one on each side, before anyone plays elsewhere: a double-6 set has only six "
            "more tiles of each number."
        ),
        ChickenOptions(centre_tiles=4),
        6,
    ),
    ChickenPreset(
        "chicken-foot-double-12",
        N_("Chicken Foot (double-12)"),
        N_(
            "For larger tables with a double-12 set (thirteen rounds). Six tiles go around the centre double. "
            "Deal: 15 each for two to four players, 12 for five, 11 for six, 10 for seven, 9 for eight, 8 for "
            "nine, 7 for ten."
        ),
        ChickenOptions(),
        12,
    ),
)

CHICKEN_PRESETS: Mapping[str, ChickenPreset] = MappingProxyType({p.name: p for p in _PRESETS})
"""The Chicken Foot presets by id, ``chicken-foot`` (double-9) first."""

COMMON_RULES = _COMMON
"""What every preset shares, in English (show it with :func:`~scorekeeper.rules.i18n.translated`)."""

READER: RulesReader[ChickenOptions] = RulesReader(CHICKEN_PRESETS, _READERS, game="Chicken Foot ")
"""Reads a Chicken Foot rules spec (see :class:`~scorekeeper.rules.presets.RulesReader`)."""
resolve = READER.resolve
options_from_json = READER.read_options
rules_json = READER.rules_json


def preset_set(preset: str) -> int:
    """The set a preset is dealt from (the default ``set`` of its positions and rounds)."""
    return CHICKEN_PRESETS[preset].highest
