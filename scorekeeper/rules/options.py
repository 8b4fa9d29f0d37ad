"""Rule options and the named presets that bundle them.

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

from .deal import CZECH_DEALS, ITALIAN_DEALS, PORTUGUESE_DEALS, STANDARD_DEALS, DealTable
from .i18n import N_, translated
from .rulebook import FormatError, OptionsError
from .tiles import DOUBLE_BLANK_VALUES, SUPPORTED_SETS

EnginePlacement = Literal["set-aside", "holder"]
DoubleCover = Literal["anyone", "layer"]
MexicanStart = Literal["play", "bonus"]
MarkerRemoval = Literal["owner", "anyone"]


def _freeze(table: DealTable) -> DealTable:
    return MappingProxyType({int(k): MappingProxyType({int(p): int(n) for p, n in v.items()}) for k, v in table.items()})


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
    on the marked train replaces the marker."""
    mark_unfollowed_double: bool = True
    """Does a player who lays a double and cannot follow it up (even after drawing) mark their train?"""

    def __post_init__(self) -> None:
        object.__setattr__(self, "deals", _freeze(self.deals))

    def replace(self, **changes: Any) -> Options:
        """A copy with some options changed, validated like JSON input."""
        return options_from_json({**self.to_json(), **changes})

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "deals":
                value = {str(k): {str(p): n for p, n in v.items()} for k, v in value.items()}
            out[f.name] = value
        return out


_CHOICES: Mapping[str, tuple[object, ...]] = {
    "engine_placement": ("set-aside", "holder"),
    "double_blank": DOUBLE_BLANK_VALUES,
    "double_cover": ("anyone", "layer"),
    "mexican_start": ("play", "bonus"),
    "marker_removed_by": ("owner", "anyone"),
}
OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Options))


def _int(value: object, path: str, error: type[FormatError]) -> int:
    if isinstance(value, bool):
        raise error(path, f"expected a whole number, not {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)  # JSON object keys are always strings
    raise error(path, f"expected a whole number, not {value!r}")


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


def options_from_json(
    value: object, path: str = "rules", error: type[FormatError] = OptionsError, base: Options | None = None
) -> Options:
    """Options from a mapping of option names to JSON values, on top of ``base`` (the defaults)."""
    if not isinstance(value, Mapping):
        raise error(path, "expected an object of options")
    changes: dict[str, Any] = {}
    for name, raw in value.items():
        here = f"{path}.{name}"
        if name not in OPTION_NAMES:
            raise error(here, f"unknown option; the options are {', '.join(OPTION_NAMES)}")
        if name == "deals":
            changes[name] = _deals(raw, here, error)
        elif name == "double_blank":
            number = _int(raw, here, error)
            if number not in DOUBLE_BLANK_VALUES:
                raise error(here, f"a double-blank counts 0, 25 or 50, not {number}")
            changes[name] = number
        elif name in _CHOICES:
            if raw not in _CHOICES[name]:
                raise error(here, f"expected one of {', '.join(map(repr, _CHOICES[name]))}, not {raw!r}")
            changes[name] = raw
        else:
            if not isinstance(raw, bool):
                raise error(here, f"expected true or false, not {raw!r}")
            changes[name] = raw
    return dataclasses.replace(base or Options(), **changes)


class NamedRules:
    """What every named rule set shows the same way, whichever game it is for."""

    __slots__ = ()
    name: str
    title: str
    description: str
    options: Any

    @property
    def display_title(self) -> str:
        """The title in the player's language (translated when read)."""
        return translated(self.title)

    @property
    def display_description(self) -> str:
        """The description in the player's language (translated when read)."""
        return translated(self.description)

    def to_json(self) -> dict[str, Any]:
        """``title`` and ``description`` in the player's language, like a verdict's ``reason``; ``name`` is the stable id."""
        return {
            "name": self.name,
            "title": self.display_title,
            "description": self.display_description,
            "options": self.options.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Preset(NamedRules):
    """A named set of rules a player recognises."""

    name: str
    """The stable id used in JSON (``"standard"``)."""
    title: str
    """The English title, as written in the source (the message id); show :attr:`display_title`."""
    description: str
    """The rules in brief, and every choice made where the source is unclear: English, as written in the
    source (the message id); show :attr:`display_description`."""
    options: Options


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
            "one and lays it if possible, otherwise marks their train; others may then play there, and the tile "
            "they lay replaces the marker (option marker_removed_by). The document describes no Mexican train, "
            "so this preset has none (option mexican_train adds one). A round may end on a double."
        ),
        Options(
            deals=CZECH_DEALS,
            engine_placement="holder",
            multi_tile_first_lap=True,
            mexican_train=False,
            marker_removed_by="anyone",
        ),
    ),
    Preset(
        "portuguese",
        N_("Portuguese rules (comboio mexicano)"),
        N_(
            "From the Portuguese instructions. Deal 15 tiles each. The holder of the engine double lays it and "
            "plays first; if nobody holds it, each player draws in turn until someone does. You must start your "
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
        ),
    ),
)

PRESETS: Mapping[str, Preset] = MappingProxyType({p.name: p for p in _PRESETS})
"""The selectable presets by id, ``standard`` first."""

RulesSpec = str | Preset | Options | Mapping[str, Any]
"""A preset id, a preset, options, or ``{"preset": id, option: value, ...}``."""


def resolve(spec: object, path: str = "rules", error: type[FormatError] = OptionsError) -> tuple[str, Options]:
    """The preset id (``"standard"`` for bare options) and the options a rules spec stands for."""
    if isinstance(spec, Options):
        return "standard", spec
    if isinstance(spec, Preset):
        return spec.name, spec.options
    if isinstance(spec, str):
        if spec not in PRESETS:
            raise error(path, f"unknown preset {spec!r}; choose one of {', '.join(PRESETS)}")
        return spec, PRESETS[spec].options
    if isinstance(spec, Mapping):
        name = spec.get("preset", "standard")
        name, base = resolve(name, f"{path}.preset", error)
        rest = {k: v for k, v in spec.items() if k != "preset"}
        return name, options_from_json(rest, path, error, base)
    raise error(path, "expected a preset name or an object like {\"preset\": \"standard\", ...}")


def resolve_options(spec: object) -> Options:
    """The options a rules spec stands for."""
    return resolve(spec)[1]
