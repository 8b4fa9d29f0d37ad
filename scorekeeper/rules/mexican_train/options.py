"""Mexican Train's rule options, the named presets that bundle them, and the deal tables they carry.

A :class:`Preset` is a name, a title, a description and an :class:`Options`.
Any option can be overridden on top of a preset:

>>> opts = resolve_options({"preset": "italian", "double_blank": 50})
>>> opts.double_blank, opts.engine_placement
(50, 'set-aside')
>>> sorted(PRESETS)
['czech', 'italian', 'portuguese', 'standard']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from ..errors import FormatError
from ..i18n import N_
from ..presets import NamedRules, OptionReader, RulesReader, one_of
from ..text import brief, number
from ..tiles import DOUBLE_BLANK_VALUES, SUPPORTED_SETS

EnginePlacement = Literal["set-aside", "holder"]
DoubleCover = Literal["anyone", "layer"]
MexicanStart = Literal["play", "bonus"]
MarkerRemoval = Literal["owner", "anyone", "next"]
CaughtLastTile = Literal["draw", "lose-turn"]
MissingEngine = Literal["draw", "each-draws", "highest-double", "next-double"]

MOST_PENALTY_TILES = 10
"""The most tiles ``last_tile_penalty`` may make a player draw."""

# -- how many tiles each player draws (deal.py reads these through the options) ------------

DealTable = Mapping[int, Mapping[int, int]]
"""set (highest double) -> players -> tiles each."""

STANDARD_DEALS: DealTable = {
    6: {2: 9, 3: 8, 4: 6},
    9: {2: 9, 3: 9, 4: 9, 5: 7, 6: 7, 7: 7, 8: 6},
    # the most widely published double-12 table
    12: {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10},
    15: {2: 15, 3: 15, 4: 15, 5: 15, 6: 15, 7: 13, 8: 13, 9: 11, 10: 11, 11: 11, 12: 11},
    # no published double-18 table; the double-15 one leaves a healthy boneyard
    18: {2: 15, 3: 15, 4: 15, 5: 15, 6: 15, 7: 13, 8: 13, 9: 11, 10: 11, 11: 11, 12: 11},
}

ITALIAN_DEALS: DealTable = {
    **STANDARD_DEALS,
    # seed 000 gives only a double-12 table; other sets use the standard one
    12: {2: 16, 3: 16, 4: 15, 5: 14, 6: 12, 7: 10, 8: 9},
}

CZECH_DEALS: DealTable = {
    **STANDARD_DEALS,
    # seed 001: up to 4 players 15, five or six 12, seven or eight 10
    12: {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10},
}

PORTUGUESE_DEALS: DealTable = {
    **STANDARD_DEALS,
    # seed 002 deals 15 to everyone; the engine holder lays it from hand, so
    # 15 each fits while at least one tile is left to draw
    12: dict.fromkeys(range(2, 7), 15),
    15: dict.fromkeys(range(2, 10), 15),
    18: dict.fromkeys(range(2, 13), 15),
}


def _freeze(table: DealTable) -> DealTable:
    # read-only all the way down, so a preset's table cannot be changed through its options
    return MappingProxyType(
        {int(k): MappingProxyType({int(p): int(n) for p, n in v.items()}) for k, v in table.items()}
    )


@dataclass(frozen=True, slots=True)
class Options:
    """Everything a table may decide differently. Immutable; derive variants with :meth:`replace`."""

    deals: DealTable = field(default_factory=lambda: STANDARD_DEALS, hash=False)
    """Tiles dealt to each player: set (highest double) -> players -> tiles."""
    engine_placement: EnginePlacement = "set-aside"
    """"set-aside": the engine double is taken out before the deal and the first seat plays first.
    "holder": whoever holds it lays it and plays first; if nobody holds it, players draw in turn
    from the first seat until someone draws it."""
    double_blank: int = 0
    """What a double-blank left in hand scores: 0, 25 or 50."""
    double_cover: DoubleCover = "anyone"
    """"anyone": an uncovered double must be covered before anyone plays elsewhere, and anyone may
    cover it, on whichever train it lies. "layer": only the player who laid it must follow it up,
    on their own turn; once their turn ends the double no longer binds anyone."""
    follow_up_elsewhere: bool = False
    """After laying a double, may the layer's extra tile go on another train instead of covering it?"""
    mexican_train: bool = True
    """Is there a Mexican (community) train at all?"""
    mexican_before_own: bool = True
    """May a player start or extend the Mexican train before their own train has a tile?"""
    mexican_start: MexicanStart = "play"
    """"play": starting the Mexican train is a turn's play like any other. "bonus": the tile that
    starts it is an extra tile that does not use up the turn."""
    multi_tile_first_lap: bool = False
    """On each player's first turn, lay as many tiles as you can on your own train."""
    end_on_double: bool = True
    """May a player go out by laying a double as their last tile?"""
    markers: bool = True
    """Does a player who cannot play mark their train?"""
    play_on_marked: bool = True
    """May the others play on a marked train?"""
    marker_removed_by: MarkerRemoval = "owner"
    """"owner": a marker comes off when its owner next plays on their train. "anyone": any tile laid
    on the marked train replaces the marker. "next": only the player right after the marker's owner may play on
    a marked train (with ``play_on_marked``), and their tile replaces the marker, as the owner's does; a tile
    anyone else lays there to cover a double leaves it on."""
    markers_per_player: int = 0
    """0: a player never runs out of markers (one taken off a train goes back to its owner). 1 to 4: each player has
    that many for the round and a marker taken off a train is spent, so a train opens that many times at most
    (seed 001 lists two per player and never says that a removed marker goes back)."""
    mark_unfollowed_double: bool = True
    """Does a player who lays a double and cannot follow it up (even after drawing) mark their train?"""
    # -- house rules: off (the behaviour above) in every preset ------------------------------
    draw_until_playable: bool = False
    """A player who cannot play draws until a tile fits or the boneyard is empty, not just one tile."""
    one_double_per_turn: bool = False
    """The tile that follows a double may not be another double, so a turn lays at most one double (the
    multi-tile first lap aside, which has its own limit: your own train)."""
    mexican_after_all_started: bool = False
    """The Mexican train opens only once every seat has started its own train (a tile on it), however many laps
    that takes."""
    mexican_after_first_lap: bool = False
    """The Mexican train opens after the first lap, once every player has had one turn, as the published rule sheets
    write it; on the first lap nobody plays on it, whether their own train is started or not."""
    missing_engine: MissingEngine = "draw"
    """With ``engine_placement`` "holder", when nobody holds the engine: "draw", players draw in turn from the
    first seat until someone draws it; "each-draws", every player draws one, a whole lap at a time from the first
    seat, until some hand holds it (seed 002), so the lap in which it turns up is drawn to its end;
    "highest-double", the holder of the highest double lays it as this round's engine; "next-double", the next
    double down (wrapping round to the top) that somebody holds is the engine. With no double in any hand, players
    draw for the engine as with "draw"."""
    highest_engine_every_round: bool = False
    """Every round of the game opens on the set's highest double (12-12 all evening with a double-12 set) instead
    of the next double in turn; the game still has as many rounds. Read by the score sheet's engine sequence
    (:func:`game_engines`), not by a round, which is dealt with whatever engine it is given."""
    announce_last_tile: bool = False
    """A player left with one tile must announce it (knock, tap it on the table). Until they do, any other player
    may catch them (the ``catch`` move), up to the end of the next player's turn; caught, they draw
    ``last_tile_penalty`` tiles."""
    last_tile_penalty: int = 2
    """With ``announce_last_tile``: tiles a player caught not announcing draws (fewer if the boneyard runs out)."""
    caught_last_tile: CaughtLastTile = "draw"
    """With ``announce_last_tile``, what a player caught not announcing pays: "draw", ``last_tile_penalty`` tiles at
    once; "lose-turn", their next turn (it passes them by: they neither lay, draw nor pass)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "deals", _freeze(self.deals))

    def replace(self, **changes: Any) -> Options:
        """A copy with some options changed, validated like JSON input."""
        return READER.read_options({**self.to_json(), **changes})

    def to_json(self) -> dict[str, Any]:
        """Every option as JSON; the deal tables with string keys, as JSON objects need."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "deals":
                value = {str(k): {str(p): n for p, n in v.items()} for k, v in value.items()}
            out[f.name] = value
        return out


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Options))


def _int(value: object, path: str, error: type[FormatError]) -> int:
    if isinstance(value, bool):
        raise error(path, f"expected a whole number, not {brief(value)}")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and number(value) is not None:
        return int(value)  # JSON object keys are always strings
    raise error(path, f"expected a whole number, not {brief(value)}")


def _deals(value: object, path: str, error: type[FormatError]) -> DealTable:
    if not isinstance(value, Mapping):
        raise error(path, "expected an object: set -> players -> tiles each")
    table: dict[int, dict[int, int]] = {}
    for key, row in value.items():
        here = f"{path}.{key}"
        highest = _int(key, here, error)
        if highest not in SUPPORTED_SETS:
            raise error(here, f"double-{highest} is not a supported set")
        if not isinstance(row, Mapping):
            raise error(here, "expected an object: players -> tiles each")
        counts: dict[int, int] = {}
        total = (highest + 1) * (highest + 2) // 2
        for p, n in row.items():
            at = f"{here}.{p}"
            players, size = _int(p, at, error), _int(n, at, error)
            if players < 2:
                raise error(at, "a game needs at least 2 players")
            if size < 1 or players * size >= total:
                raise error(at, f"{players} hands of {size} do not fit a {total}-tile set with a tile to spare")
            counts[players] = size
        table[highest] = counts
    return table


def _double_blank(value: object, path: str, error: type[FormatError]) -> int:
    number = _int(value, path, error)
    if number not in DOUBLE_BLANK_VALUES:
        raise error(path, f"a double-blank counts 0, 25 or 50, not {number}")
    return number


def _penalty(value: object, path: str, error: type[FormatError]) -> int:
    tiles = _int(value, path, error)
    if not 1 <= tiles <= MOST_PENALTY_TILES:
        raise error(path, f"a penalty draws 1 to {MOST_PENALTY_TILES} tiles, not {tiles}")
    return tiles


MOST_MARKERS = 4
"""The most markers ``markers_per_player`` may give each player."""


def _markers_each(value: object, path: str, error: type[FormatError]) -> int:
    count = _int(value, path, error)
    if not 0 <= count <= MOST_MARKERS:
        raise error(path, f"each player has 0 (never runs out) to {MOST_MARKERS} markers, not {count}")
    return count


def _flag(value: object, path: str, error: type[FormatError]) -> bool:
    if not isinstance(value, bool):
        raise error(path, f"expected true or false, not {brief(value)}")
    return value


_READERS: Mapping[str, OptionReader] = {
    "deals": _deals,
    "engine_placement": one_of("set-aside", "holder", show=repr),
    "double_blank": _double_blank,
    "double_cover": one_of("anyone", "layer", show=repr),
    "follow_up_elsewhere": _flag,
    "mexican_train": _flag,
    "mexican_before_own": _flag,
    "mexican_start": one_of("play", "bonus", show=repr),
    "multi_tile_first_lap": _flag,
    "end_on_double": _flag,
    "markers": _flag,
    "play_on_marked": _flag,
    "marker_removed_by": one_of("owner", "anyone", "next", show=repr),
    "markers_per_player": _markers_each,
    "mark_unfollowed_double": _flag,
    "draw_until_playable": _flag,
    "one_double_per_turn": _flag,
    "mexican_after_all_started": _flag,
    "mexican_after_first_lap": _flag,
    "missing_engine": one_of("draw", "each-draws", "highest-double", "next-double", show=repr),
    "highest_engine_every_round": _flag,
    "announce_last_tile": _flag,
    "last_tile_penalty": _penalty,
    "caught_last_tile": one_of("draw", "lose-turn", show=repr),
}


@dataclass(frozen=True, slots=True)
class Preset(NamedRules[Options]):
    """A named set of Mexican Train rules a player recognises."""


_PRESETS = (
    Preset(
        "standard",
        N_("Mexican Train (standard)"),
        N_(
            "The most widely published rules. Deal: up to 4 players 15 tiles, 5-6 players 12, 7-8 players 10 "
            "(double-12). The engine double is set aside before the deal and the first seat plays first. "
            "One tile a turn, on your own train, the Mexican train, or a marked train; the Mexican train may be "
            "started at any time. A player who cannot play draws one, then lays it or marks their train; the "
            "marker comes off when they next play on their own train. A double must be followed by another tile "
            "from the same player, and must be covered before anyone plays elsewhere; anyone may cover it, "
            "several in the order laid. A player who lays a double and cannot cover it, even after drawing, marks "
            "their train. A round may end on a double. The double-blank scores 0."
        ),
        Options(),
    ),
    Preset(
        "italian",
        N_("Italian rules (treno messicano)"),
        N_(
            "From the Italian double-12 instructions. The 12-12 is set aside as the engine before the deal. "
            "Deal: 2 or 3 players 16, 4 players 15, 5 players 14, 6 players 12, 7 players 10, 8 players 9 "
            "(other sets use the standard table). The first player may start their own train or the Mexican "
            "train. You may draw only when you hold no playable tile. If the drawn tile cannot be laid, mark "
            "your train; the marker comes off when you next play on your own train. After laying a double you "
            "lay another tile on the double or on another train (option follow_up_elsewhere); if you cannot "
            "even after drawing, your turn ends (no marker for that: option mark_unfollowed_double). Following "
            "players must cover the double before playing elsewhere, several in the order laid. The document "
            "does not say whether a round may end on a double: this preset allows it."
        ),
        Options(deals=ITALIAN_DEALS, follow_up_elsewhere=True, mark_unfollowed_double=False),
    ),
    Preset(
        "czech",
        N_("Czech rules (Vlak)"),
        N_(
            "From the Czech double-12 instructions. Deal: up to 4 players 15, 5 or 6 players 12, 7 or 8 "
            "players 10. The holder of 12-12 lays it and plays first; if nobody holds it, players draw in turn "
            "until someone draws it. On the first lap each player lays as many tiles as they can on their own "
            "train. Later, one tile a turn; after a double you must lay a second tile, and if you cannot, the "
            "next player must satisfy the double, and so on around the table. A player who cannot play draws "
            "one and lays it if possible, otherwise marks their train; then only the next player may play "
            "there, and their tile replaces the marker (option marker_removed_by). The "
            "document describes no Mexican train, so this preset has none (option mexican_train adds one). A "
            "round may end on a double."
        ),
        Options(
            deals=CZECH_DEALS,
            engine_placement="holder",
            multi_tile_first_lap=True,
            mexican_train=False,
            marker_removed_by="next",
        ),
    ),
    Preset(
        "portuguese",
        N_("Portuguese rules (comboio mexicano)"),
        N_(
            "From the Portuguese instructions. Deal 15 tiles each. The holder of the engine double lays it and "
            "plays first; if nobody holds it, every player draws one, lap after lap, until someone has it (option "
            "missing_engine). You must start your "
            "own train before anything else; later you extend your own train or the Mexican train. After a "
            "double you must lay another tile at once; the document does not say where, so this preset lets it "
            "go on any train you may play on (option follow_up_elsewhere), and nobody else has to cover the "
            "double (option double_cover). If you cannot play, draw one; if you still cannot, your turn passes. "
            "There are no markers and no playing on other players' trains. The Mexican train is single and "
            "started by laying an extra engine-matching tile off the engine, which does not use up your turn "
            "(option mexican_start); then anyone may play on it."
        ),
        Options(
            deals=PORTUGUESE_DEALS,
            engine_placement="holder",
            double_cover="layer",
            follow_up_elsewhere=True,
            mexican_before_own=False,
            mexican_start="bonus",
            markers=False,
            play_on_marked=False,
            missing_engine="each-draws",
        ),
    ),
)

PRESETS: Mapping[str, Preset] = MappingProxyType({p.name: p for p in _PRESETS})
"""The selectable presets by id, ``standard`` first."""

RulesSpec = str | Preset | Options | Mapping[str, Any]
"""A preset id, a preset, options, or ``{"preset": id, option: value, ...}``."""

READER: RulesReader[Options] = RulesReader(PRESETS, _READERS)
"""Reads a Mexican Train rules spec (see :class:`~scorekeeper.rules.presets.RulesReader`)."""
resolve = READER.resolve
options_from_json = READER.read_options
rules_json = READER.rules_json


def resolve_options(spec: object) -> Options:
    """The options a rules spec stands for."""
    return resolve(spec)[1]
