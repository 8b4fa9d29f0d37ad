"""The house rules a table may choose when it starts a game, on top of its preset: one list, read everywhere.

Each :class:`HouseRule` is one line of :data:`HOUSE_RULES`: an engine option the rules library already has
(``scorekeeper.rules.Options``, so the move checker opened from the game judges with it) or a scoring rule
(``scorekeeper.rules.ScoringRules``, which the round form applies). The new-game form draws its "House rules"
panel from the list, the services read and store the choices with it (:func:`read_house_rules`, as a JSON
object of the rules that differ from the preset) and the table screen names the rules in force from it.
Adding a house rule the engine or the score sheet already knows is one more line here.

Texts are message ids (marked with ``N_``), shown with ``_()``; a number's words take ``%(value)s``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Literal

from . import rules
from .rules.i18n import N_

Scope = Literal["engine", "scoring"]


@dataclass(frozen=True)
class HouseRule:
    """One house rule as the new-game form offers it and the table screen names it."""

    name: str
    """The option's or scoring rule's name: the key in ``game.house_rules`` and the API's ``house_rules``."""
    label: str
    """The form's label (a message id)."""
    shown: str
    """Its words on the table screen's line of house rules, ``%(value)s`` for a number (a message id)."""
    scope: Scope = "engine"
    """"engine": an option of the rules library (the move checker follows it); "scoring": the score sheet's."""
    choices: tuple[tuple[str, str], ...] = ()
    """For a choice: each value the rule may take besides the preset's, with its words (message ids)."""
    numbers: range | None = None
    """For a number: the values it may take; 0 is off."""
    values: Mapping[str, object] | None = None
    """For a choice whose option is not a word (``end_on_double`` is true or false): each choice's option value. The
    game stores the option value; a choice sent by its word or by that value reads the same."""
    needs: tuple[str, object] | None = None
    """An engine option and the value the preset must have for this rule to mean anything (``missing_engine``
    needs ``engine_placement`` "holder": an engine set aside before the deal is never missing); None: any preset."""

    along: tuple[str, object] | None = None
    """An engine option and the value the game (preset and house rules together) must give it for this rule to
    mean anything: what a player caught not announcing their last tile pays needs the announcing itself."""

    def applies(self, preset: str) -> bool:
        """Does this rule change anything under ``preset``? It is offered, and accepted, only where it does."""
        return self.needs is None or getattr(rules.resolve_options(preset), self.needs[0]) == self.needs[1]

    def presets(self) -> list[str]:
        """The Mexican Train presets this rule applies to."""
        return [name for name in rules.PRESETS if self.applies(name)]

    @property
    def input(self) -> Literal["flag", "number", "choice"]:
        """How the form asks for it: a checkbox, a number, or a list to pick from."""
        return "choice" if self.choices else "number" if self.numbers is not None else "flag"


def _flag(
    name: str, label: str, shown: str, scope: Scope = "engine", along: tuple[str, object] | None = None
) -> HouseRule:
    return HouseRule(name, label, shown, scope, along=along)


def _number(
    name: str, label: str, shown: str, numbers: range, scope: Scope = "scoring", along: tuple[str, object] | None = None
) -> HouseRule:
    return HouseRule(name, label, shown, scope, numbers=numbers, along=along)


def _choice(
    name: str,
    label: str,
    *choices: tuple[str, str],
    needs: tuple[str, object] | None = None,
    values: Mapping[str, object] | None = None,
    along: tuple[str, object] | None = None,
) -> HouseRule:
    return HouseRule(name, label, "", "engine", choices=choices, needs=needs, values=values, along=along)


ANNOUNCING = ("announce_last_tile", True)
"""What a forgotten last tile costs means something only where the last tile must be announced."""
MEXICAN = ("mexican_train", True)
"""When the Mexican train opens and what starting it costs mean something only where there is one (not the Czech
rules, unless the table adds it)."""

HOUSE_RULES: tuple[HouseRule, ...] = (
    _flag("draw_until_playable", N_("Draw until you can play, not just one tile"), N_("draw until you can play")),
    _flag("one_double_per_turn", N_("Only one double per turn"), N_("one double per turn")),
    _flag(
        "mexican_after_all_started",
        N_("The Mexican train opens once everyone has started their own train"),
        N_("Mexican train after everyone has started"),
        along=MEXICAN,
    ),
    _flag(
        "mexican_after_first_lap",
        N_("The Mexican train opens after the first lap, once everyone has had a turn"),
        N_("Mexican train after the first lap"),
        along=MEXICAN,
    ),
    _choice(
        "missing_engine",
        N_("When nobody holds the engine double"),
        ("draw", N_("draw in turn until someone draws it")),
        ("each-draws", N_("everyone draws one, lap after lap, until someone has it")),
        ("highest-double", N_("the highest double in hand starts")),
        ("next-double", N_("skip to the next double somebody holds")),
        needs=("engine_placement", "holder"),
    ),
    _flag(
        "mexican_train",
        N_("Add a Mexican train (for rules without one, like the Czech)"),
        N_("with a Mexican train"),
    ),
    _choice(
        "mexican_start",
        N_("Starting the Mexican train"),
        ("play", N_("starting the Mexican train is your one tile for the turn")),
        ("bonus", N_("starting the Mexican train is a free extra tile")),
        along=MEXICAN,
    ),
    _choice(
        "end_on_double",
        N_("Going out on a double"),
        ("forbidden", N_("a round may not end on a double")),
        ("allowed", N_("a round may end on a double")),
        values={"forbidden": False, "allowed": True},
    ),
    _choice(
        "marker_removed_by",
        N_("Who takes a marker off a train"),
        ("owner", N_("a marker comes off only when its owner plays on their train")),
        ("anyone", N_("any tile laid on a marked train takes its marker off")),
        ("next", N_("only the next player may play on a marked train")),
    ),
    _flag(
        "highest_engine_every_round",
        N_("Every round opens on the highest double (12-12 all evening)"),
        N_("the highest double opens every round"),
    ),
    _flag(
        "announce_last_tile",
        N_("Announce your last tile; caught without it, draw a penalty"),
        N_("announce the last tile"),
    ),
    _choice(
        "caught_last_tile",
        N_("Caught not announcing the last tile"),
        ("lose-turn", N_("a player caught loses their next turn instead of drawing")),
        along=ANNOUNCING,
    ),
    _number(
        "last_tile_penalty",
        N_("Tiles drawn for a last tile not announced (empty: 2)"),
        N_("%(value)s tiles for a last tile not announced"),
        range(0, 11),
        "engine",
        along=ANNOUNCING,
    ),
    _number(
        "going_out",
        N_("Points for going out (a bonus is negative, like −10)"),
        N_("going out %(value)s"),
        rules.GOING_OUT_RANGE,
    ),
    _flag(
        "double_end",
        N_("Ending the round on a double doubles the others' pips"),
        N_("ending on a double doubles the others"),
        "scoring",
    ),
    _number(
        "marker_penalty",
        N_("Pips for each marker still on a train at the end"),
        N_("%(value)s per open marker"),
        rules.MARKER_PENALTY_RANGE,
    ),
)
"""Every house rule the new-game form offers, in its order. The engine options among them apply to the game's
kind's presets (Mexican Train); a game kind without house rules offers none."""

BY_NAME: Mapping[str, HouseRule] = MappingProxyType({r.name: r for r in HOUSE_RULES})


class HouseRuleError(ValueError):
    """A house rule that cannot be chosen: ``name`` is the rule (or ``""`` for the whole object)."""

    def __init__(self, name: str, problem: str) -> None:
        super().__init__(f"{name}: {problem}" if name else problem)
        self.name = name
        self.problem = problem


class HouseRuleNotHere(HouseRuleError):
    """A house rule that changes nothing under the chosen preset (see :attr:`HouseRule.needs`)."""


class HouseRuleAlone(HouseRuleError):
    """A house rule chosen without the one it depends on (see :attr:`HouseRule.along`)."""

    def __init__(self, name: str, problem: str, along: str) -> None:
        super().__init__(name, problem)
        self.along = along


@dataclass(frozen=True)
class HouseRules:
    """The house rules of one game: the engine options changed from its preset, and its scoring rules."""

    engine: Mapping[str, object] = field(default_factory=dict)
    """Engine options that differ from the preset, by name (JSON values)."""
    scoring: rules.ScoringRules = field(default_factory=rules.ScoringRules)

    def __bool__(self) -> bool:
        return bool(self.engine) or bool(self.scoring)

    def to_json(self) -> dict[str, Any]:
        """Every rule chosen, by name, in the list's order: what ``game.house_rules`` stores."""
        chosen = {**self.engine, **self.scoring.to_json()}
        return {r.name: chosen[r.name] for r in HOUSE_RULES if r.name in chosen}

    def stored(self) -> str | None:
        """The text ``game.house_rules`` holds: None for no house rules."""
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=False) if self else None

    def rules_spec(self, preset: str) -> str | dict[str, object]:
        """The engine's rules spec for the game: the preset's id, or the preset with the engine options changed."""
        return {"preset": preset, **self.engine} if self.engine else preset

    def value(self, rule: HouseRule) -> object:
        """The value chosen for ``rule``; None when the preset's stands."""
        return self.to_json().get(rule.name)


NO_HOUSE_RULES = HouseRules()


def shown_value(value: object) -> str:
    """A number as the table screen's line shows it, with its sign: "−10", "+5"."""
    return (
        f"{value:+d}".replace("-", "\u2212") if isinstance(value, int) and not isinstance(value, bool) else str(value)
    )


def _off(rule: HouseRule, value: object) -> bool:
    """A value that chooses nothing: an unticked box, a blank or zero number, no choice."""
    if rule.values is not None:  # false is one of its choices
        return value is None or value == ""
    return value is None or value == "" or value is False or (rule.input == "number" and value == 0)


def read_house_rules(
    preset: str, given: Mapping[str, object], offered: bool = True, *, strict: bool = True
) -> HouseRules:
    """The house rules asked for on top of ``preset`` (the form's or the API's values, by rule name), keeping only
    those that change something. ``offered``: whether the game has house rules at all. HouseRuleError names the
    first rule at fault; ``strict=False`` (a game stored before a rule was refused under its preset) leaves out a
    rule that does not apply to the preset instead of refusing it.

    >>> chosen = {"going_out": -10, "draw_until_playable": True, "one_double_per_turn": False}
    >>> read_house_rules("standard", chosen).to_json()
    {'draw_until_playable': True, 'going_out': -10}
    """
    if not isinstance(given, Mapping):
        raise HouseRuleError("", 'expected an object of house rules, like {"going_out": -10}')
    engine: dict[str, object] = {}
    scoring: dict[str, object] = {}
    for name, value in given.items():
        rule = BY_NAME.get(name) if isinstance(name, str) else None
        if rule is None or not offered:
            known = ", ".join(BY_NAME) if offered else "none in this game"
            raise HouseRuleError(str(name)[:40], f"unknown house rule; the house rules are {known}")
        if _off(rule, value):
            continue
        base = rules.resolve_options(preset)
        if rule.values is not None:  # its word, or the option value the game stored
            word = value if isinstance(value, str) else next((w for w, v in rule.values.items() if v is value), None)
            value = rule.values.get(word, value) if word is not None else None
        if rule.input == "choice" and (
            value is None
            or (rule.values is None and not isinstance(value, str))
            or (rule.values is None and value not in [v for v, _words in rule.choices] + [getattr(base, name)])
        ):
            raise HouseRuleError(name, f"expected one of {', '.join(v for v, _words in rule.choices)}")
        if not rule.applies(preset) and value != getattr(base, name):
            if not strict:
                continue
            raise HouseRuleNotHere(name, f"changes nothing under {preset}; it is a house rule of {rule.presets()}")
        try:
            if rule.scope == "scoring":
                scoring[name] = rules.read_scoring_rule(name, value, name)
            else:
                read = getattr(rules.resolve_options({"preset": preset, name: value}), name)
                if read != getattr(base, name):
                    engine[name] = read
        except rules.FormatError as e:
            raise HouseRuleError(name, e.problem) from None
    _check_along(preset, engine, strict)
    return HouseRules(MappingProxyType(engine), rules.scoring_rules(scoring))


def _check_along(preset: str, engine: dict[str, object], strict: bool) -> None:
    """Refuse (or, not ``strict``, leave out) a rule chosen without the one it depends on: a table that picks
    "lose a turn" without "announce your last tile" would see a rule on the table screen that never applies."""
    if not engine:
        return
    game = rules.resolve_options({"preset": preset, **engine})
    for name in list(engine):
        along = BY_NAME[name].along
        if along is not None and getattr(game, along[0]) != along[1]:
            if not strict:
                del engine[name]
                continue
            raise HouseRuleAlone(name, f"only together with {along[0]}", along[0])


@lru_cache(maxsize=256)
def stored_house_rules(preset: str, text: str | None) -> HouseRules:
    """A game's house rules from ``game.house_rules`` (None or a JSON object); HouseRuleError for a broken one."""
    if not text:
        return NO_HOUSE_RULES
    try:
        value = json.loads(text)
    except ValueError:
        raise HouseRuleError("", "not a JSON object") from None
    return read_house_rules(preset, value, strict=False)
