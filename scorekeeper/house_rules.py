"""The house rules a table may choose when it starts a game, on top of its preset: what one is, and how a game's
list of them is read.

Each :class:`HouseRule` is one line of a game's list (its kind's ``house_rules``, declared in the game's package):
an engine option the rules library already has
(``scorekeeper.rules.Options``, so the move checker opened from the game judges with it) or a scoring rule
(``scorekeeper.rules.ScoringRules``, which the round form applies). The new-game form draws its "House rules"
panel from the list, the services read and store the choices with it (:func:`read_house_rules`, as a JSON
object of the rules that differ from the preset) and the table screen names the rules in force from it.
Adding a house rule the engine or the score sheet already knows is one more line in the game's list.

Texts are message ids (marked with ``N_``), shown with ``_()``; a number's words take ``%(value)s``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Literal

from . import rules

Scope = Literal["engine", "scoring"]


@dataclass(frozen=True, eq=False)  # one object per rule: a game's list of them keys the cache below
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
        return self.needs is None or getattr(_options(preset), self.needs[0]) == self.needs[1]

    def word(self, value: object) -> str | None:
        """The choice whose option value is ``value`` (true is not 1: the type must match too); None for none."""
        return next((w for w, v in (self.values or {}).items() if v == value and type(v) is type(value)), None)

    def presets(self) -> list[str]:
        """The rules library's presets this rule applies to."""
        return [name for name in rules.PRESETS if self.applies(name)]

    @property
    def input(self) -> Literal["flag", "number", "choice"]:
        """How the form asks for it: a checkbox, a number, or a list to pick from."""
        return "choice" if self.choices else "number" if self.numbers is not None else "flag"


def flag(
    name: str, label: str, shown: str, scope: Scope = "engine", along: tuple[str, object] | None = None
) -> HouseRule:
    return HouseRule(name, label, shown, scope, along=along)


def number(
    name: str, label: str, shown: str, numbers: range, scope: Scope = "scoring", along: tuple[str, object] | None = None
) -> HouseRule:
    return HouseRule(name, label, shown, scope, numbers=numbers, along=along)


def choice(
    name: str,
    label: str,
    *choices: tuple[str, str] | tuple[str, str, object],
    needs: tuple[str, object] | None = None,
    along: tuple[str, object] | None = None,
) -> HouseRule:
    """A house rule chosen among ``choices``: (value sent, words shown), with a third item where the engine
    option it sets is not the value sent (``("first", N_("..."), True)``); give it to all or none of them."""
    values = {c[0]: c[2] for c in choices if len(c) == 3} or None
    shown = tuple((c[0], c[1]) for c in choices)
    return HouseRule(name, label, "", "engine", choices=shown, needs=needs, values=values, along=along)


def _options(spec: str | Mapping[str, object]) -> Any:
    """The engine options a game's rules spec stands for, read by the room of whichever game the preset is."""
    return rules.room_for_rules(spec).options(spec)


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
    order: tuple[str, ...] = field(default=(), compare=False)
    """The names of the game's house rules in its list's order, the order they are stored and named in."""

    def __bool__(self) -> bool:
        return bool(self.engine) or bool(self.scoring)

    def to_json(self) -> dict[str, Any]:
        """Every rule chosen, by name, in the list's order: what ``game.house_rules`` stores."""
        chosen = {**self.engine, **self.scoring.to_json()}
        return {name: chosen[name] for name in (*self.order, *chosen) if name in chosen}

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
    preset: str, given: Mapping[str, object], offered: Sequence[HouseRule], *, strict: bool = True
) -> HouseRules:
    """The house rules asked for on top of ``preset`` (the form's or the API's values, by rule name), keeping only
    those that change something. ``offered``: the game's house rules (none for a game without). HouseRuleError names the
    first rule at fault; ``strict=False`` (a game stored before a rule was refused under its preset) leaves out a
    rule that does not apply to the preset instead of refusing it.

    >>> chosen = {"going_out": -10, "draw_until_playable": True, "one_double_per_turn": False}
    >>> from scorekeeper.games import DEFAULT_KIND
    >>> read_house_rules("standard", chosen, DEFAULT_KIND.house_rules).to_json()
    {'draw_until_playable': True, 'going_out': -10}
    """
    if not isinstance(given, Mapping):
        raise HouseRuleError("", 'expected an object of house rules, like {"going_out": -10}')
    by_name = {rule.name: rule for rule in offered}
    engine: dict[str, object] = {}
    scoring: dict[str, object] = {}
    for name, value in given.items():
        rule = by_name.get(name) if isinstance(name, str) else None
        if rule is None:
            known = ", ".join(by_name) or "none in this game"
            raise HouseRuleError(str(name)[:40], f"unknown house rule; the house rules are {known}")
        if _off(rule, value):
            continue
        base = _options(preset)
        if rule.values is not None:  # its word, or the option value the game stored
            word = value if isinstance(value, str) else rule.word(value)
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
                read = getattr(_options({"preset": preset, name: value}), name)
                if read != getattr(base, name):
                    engine[name] = read
        except rules.FormatError as e:
            raise HouseRuleError(name, e.problem) from None
    _check_along(preset, engine, by_name, strict)
    return HouseRules(MappingProxyType(engine), rules.scoring_rules(scoring), tuple(by_name))


def _check_along(preset: str, engine: dict[str, object], by_name: Mapping[str, HouseRule], strict: bool) -> None:
    """Refuse (or, not ``strict``, leave out) a rule chosen without the one it depends on: a table that picks
    "lose a turn" without "announce your last tile" would see a rule on the table screen that never applies."""
    if not engine:
        return
    game = _options({"preset": preset, **engine})
    for name in list(engine):
        along = by_name[name].along
        if along is not None and getattr(game, along[0]) != along[1]:
            if not strict:
                del engine[name]
                continue
            raise HouseRuleAlone(name, f"only together with {along[0]}", along[0])


@lru_cache(maxsize=256)
def stored_house_rules(preset: str, text: str | None, offered: tuple[HouseRule, ...]) -> HouseRules:
    """A game's house rules from ``game.house_rules`` (None or a JSON object), ``offered`` its kind's list;
    HouseRuleError for a broken one."""
    if not text:
        return NO_HOUSE_RULES
    try:
        value = json.loads(text)
    except ValueError:
        raise HouseRuleError("", "not a JSON object") from None
    return read_house_rules(preset, value, offered, strict=False)
