"""Super Domino: its options, the two presets, and how many can play.

Super Domino is a block game for a double-15 set: 9 tiles each, a fat spinner in the middle, and
tiles that do something (15: the others draw, 14: play again, 13: the spell, 3: reverse, a double:
the next player loses a turn). The ``german`` preset follows the German how-to (seed 004); ``pagat``
follows the published rules (David Galt's game for Cardinal's double-15 set, as pagat.com gives it).

>>> SUPER_PRESETS["german"].options.cannot_play, SUPER_PRESETS["pagat"].options.cannot_play
('pass', 'draw-two')
>>> super_domino_max_players(15), super_domino_max_players(18)
(15, 21)
>>> resolve({"preset": "german", "spinner_edges": 6})[1].spinner_edges
6
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
from ..tiles import DominoSet

SUPER_DOMINO_SETS: tuple[int, ...] = (15, 18)
"""Sets Super Domino can be played with: they must carry the 13, 14 and 15 suits."""

SUPER_DOMINO_HAND = 9
"""Tiles dealt to each player."""

Effects = Literal["open-end", "either-half"]
CannotPlay = Literal["pass", "draw-two"]
DoubleSkip = Literal["every-double", "not-spinner-or-13-13", "never"]


def super_domino_max_players(highest: int = 15, hand: int = SUPER_DOMINO_HAND) -> int:
    """The most players a set can deal ``hand`` tiles each to with at least one tile left to draw.

    Double-15 (136 tiles) takes 15 players (135 in hands, 1 in the boneyard); double-18 takes 21.
    """
    return (DominoSet(highest).tile_count - 1) // hand


def super_deal_size(players: int, highest: int = 15) -> int:
    """Tiles each player draws: always :data:`SUPER_DOMINO_HAND`, if the set can deal for that many.

    Raises :class:`~scorekeeper.rules.DealError`, saying why and what to use instead.

    >>> super_deal_size(4), super_deal_size(16, 18)
    (9, 9)
    """
    if highest not in SUPER_DOMINO_SETS:
        raise DealError(
            _(
                "Super Domino needs a double-{low} or a double-{high} set",
                low=SUPER_DOMINO_SETS[0],
                high=SUPER_DOMINO_SETS[-1],
            )
        )
    if players < 2:
        raise DealError(_("a game needs at least {fewest} players", fewest=2))
    most = super_domino_max_players(highest)
    if players > most:
        bigger = [n for n in SUPER_DOMINO_SETS if n > highest and players <= super_domino_max_players(n)]
        raise DealError.too_many(highest, most, bigger[0] if bigger else None)
    return SUPER_DOMINO_HAND


@dataclass(frozen=True, slots=True)
class SuperOptions:
    """What a Super Domino table may decide differently. Immutable; see :meth:`replace`."""

    spinner_edges: int = 4
    """Open edges of the fat spinner: 4 (both long sides and both ends) or 6 (both long sides and the
    four corners, as the published rules have it)."""
    double_edges: int = 1
    """New open edges a later double makes: 1 (laid crosswise, the line goes on from its far side) or 3
    (it branches like a small spinner: its far side and both ends)."""
    effects: Effects = "open-end"
    """Which number makes a tile special: "open-end", the number left showing on the table after it is
    laid (a double shows its own number), or "either-half", any number on the tile."""
    cannot_play: CannotPlay = "pass"
    """A player who cannot lay a tile: "pass" (the document), or "draw-two" (draw two from the
    boneyard, then lay one if you can and want to, or pass). Under the spell a stuck player always
    draws two; with "pass" that ends their turn."""
    double_skip: DoubleSkip = "every-double"
    """Who loses a turn after a turn that ends with a double: "every-double" (the next player, after any
    double, the fat spinner and 13-13 included), "not-spinner-or-13-13" (the published rule), or "never"."""
    reverse_with_two: bool = True
    """Does a 3 reverse the direction with only two players? Either way the other player moves next;
    this only decides which way the app's arrow points afterwards."""
    caster_exempt: bool = False
    """Is the player who cast a spell free of it when it comes back round to them (they play anywhere,
    and the spell stays on for the others)?"""

    def __post_init__(self) -> None:
        check_options(self, _READERS)

    def replace(self, **changes: Any) -> SuperOptions:
        """A copy with some options changed, validated like JSON input."""
        return READER.read_options({**self.to_json(), **changes})

    def to_json(self) -> dict[str, Any]:
        """Every option as JSON."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


SUPER_OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(SuperOptions))

_READERS: Mapping[str, OptionReader] = {
    "spinner_edges": one_of(4, 6),
    "double_edges": one_of(1, 3),
    "effects": one_of("open-end", "either-half"),
    "cannot_play": one_of("pass", "draw-two"),
    "double_skip": one_of("every-double", "not-spinner-or-13-13", "never"),
    "reverse_with_two": one_of(True, False),
    "caster_exempt": one_of(True, False),
}


@dataclass(frozen=True, slots=True)
class SuperPreset(NamedRules[SuperOptions]):
    """A named set of Super Domino rules, shaped like :class:`~scorekeeper.rules.Preset`."""


_PRESETS = (
    SuperPreset(
        "german",
        N_("Super Domino (the German how-to)"),
        N_(
            "From the German instructions for a double-15 set. Deal 9 tiles each. The player holding the highest "
            "tile (most pips; 14-14 counts above 15-13) starts and lays a double, the fat spinner; a player without a "
            "double is skipped, and once every player has been skipped they draw one tile each in turn until "
            "someone draws a double (the document does not say; this is how tables do it). Play goes to the left. "
            "The spinner is open on all four sides (option spinner_edges); a later double is laid across the line "
            "and the line goes on from its far side (option double_edges). Lay a tile against an open edge showing "
            "one of its numbers; a double may also go on an edge showing 13. A tile is special by the number it "
            "leaves showing (option effects): 15, the others draw one each; 14, you play again; 13, the spell: the "
            "next player must play on that tile, and if they cannot they draw two and the spell passes on until "
            "someone breaks it; 3, play changes direction. A turn that ends with a double, the spinner and 13-13 "
            "included, makes the next player lose their turn (option double_skip). A player who cannot play passes "
            "and draws nothing (option cannot_play). The first player out wins; if nobody can play, fewest tiles "
            "wins, then fewest pips."
        ),
        SuperOptions(),
    ),
    SuperPreset(
        "pagat",
        N_("Super Domino (published rules)"),
        N_(
            "The published rules of David Galt's game for Cardinal's double-15 set. As the German preset, except: "
            "the fat spinner has six open edges, its long sides and its four corners; a player who cannot play "
            "draws two tiles and may then lay one, or pass; a double skips the next player unless it is the fat "
            "spinner or 13-13 (which casts a spell on the next player instead); a 3 does not reverse with two "
            "players; and the player who cast a spell is free of it when it comes back round to them."
        ),
        SuperOptions(
            spinner_edges=6,
            cannot_play="draw-two",
            double_skip="not-spinner-or-13-13",
            reverse_with_two=False,
            caster_exempt=True,
        ),
    ),
)

SUPER_PRESETS: Mapping[str, SuperPreset] = MappingProxyType({p.name: p for p in _PRESETS})
"""The Super Domino presets by id, ``german`` (the document) first."""


READER: RulesReader[SuperOptions] = RulesReader(SUPER_PRESETS, _READERS, game="Super Domino ")
"""Reads a Super Domino rules spec (see :class:`~scorekeeper.rules.presets.RulesReader`)."""
resolve = READER.resolve
options_from_json = READER.read_options
rules_json = READER.rules_json
