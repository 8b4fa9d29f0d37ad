"""Scoring house rules: what a round counts for a seat, from the pips left in its hand.

Without house rules a round counts the pips left, as every rule set says. A table may add to that:

>>> table = ScoringRules(going_out=-10, double_end=True, marker_penalty=10)
>>> table.points(0, went_out=True, ended_on_double=True)
-10
>>> table.points(12, ended_on_double=True)
24
>>> table.points(12, ended_on_double=True, marker=True)
34
>>> ScoringRules().points(12, ended_on_double=True, marker=True)
12
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import FormatError, OptionsError
from .text import brief

GOING_OUT_RANGE = range(-100, 1)
"""What going out may count: from a 100-pip bonus to none (a bonus lowers the total, as the lowest total wins)."""
MARKER_PENALTY_RANGE = range(0, 101)
"""Pips a marker still on a train may add: none to 100."""


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """The scoring house rules of a game. Immutable; the defaults are the rules as published (all off)."""

    going_out: int = 0
    """Added to the round of the player who goes out: -10 takes ten off their total; 0 for none."""
    double_end: bool = False
    """A round ended by laying a double as the last tile counts every other player's pips twice."""
    marker_penalty: int = 0
    """Added to a player's round for a marker still on their train when the round ends; 0 for none."""

    def points(self, pips: int, *, went_out: bool = False, ended_on_double: bool = False, marker: bool = False) -> int:
        """What a round counts for a seat left with ``pips``: the pips (twice, after a round ended on a double),
        then the bonus for going out and the penalty for an open marker.

        The player who went out holds no pips, so doubling "the others" is doubling every hand:

        >>> ScoringRules(double_end=True).points(0, went_out=True, ended_on_double=True)
        0
        >>> ScoringRules(going_out=-5).points(7)
        7
        """
        counted = pips * 2 if self.double_end and ended_on_double else pips
        if went_out:
            counted += self.going_out
        if marker:
            counted += self.marker_penalty
        return counted

    def applied(
        self, *, went_out: bool = False, ended_on_double: bool = False, marker: bool = False
    ) -> tuple[str, ...]:
        """The names of the rules that changed a seat's round, in the order :meth:`points` applies them.

        >>> ScoringRules(going_out=-10, marker_penalty=5).applied(went_out=True, marker=True)
        ('going_out', 'marker_penalty')
        >>> ScoringRules(double_end=True).applied(went_out=True, ended_on_double=True)
        ()
        """
        used: list[str] = []
        if self.double_end and ended_on_double and not went_out:
            used.append("double_end")
        if went_out and self.going_out:
            used.append("going_out")
        if marker and self.marker_penalty:
            used.append("marker_penalty")
        return tuple(used)

    def __bool__(self) -> bool:
        """Whether any rule is on."""
        return self != ScoringRules()

    def to_json(self) -> dict[str, Any]:
        """The rules that are on, by name (``{}`` for none)."""
        off = ScoringRules()
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(off, f.name)
        }


SCORING_RULE_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(ScoringRules))


def _number(value: object, path: str, error: type[FormatError], allowed: range) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise error(path, f"expected a whole number, not {brief(value)}")
    if value not in allowed:
        raise error(path, f"expected {allowed.start} to {allowed.stop - 1}, not {value}")
    return value


def read_scoring_rule(name: str, value: object, path: str = "", error: type[FormatError] = OptionsError) -> object:
    """One scoring rule's value read from JSON; ``error`` names the path for an unknown name or a bad value.

    >>> read_scoring_rule("going_out", -10)
    -10
    >>> read_scoring_rule("going_out", 10)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.OptionsError: going_out: expected -100 to 0, not 10
    """
    here = path or name
    if name == "going_out":
        return _number(value, here, error, GOING_OUT_RANGE)
    if name == "marker_penalty":
        return _number(value, here, error, MARKER_PENALTY_RANGE)
    if name == "double_end":
        if not isinstance(value, bool):
            raise error(here, f"expected true or false, not {brief(value)}")
        return value
    raise error(here, f"unknown scoring rule; the scoring rules are {', '.join(SCORING_RULE_NAMES)}")


def scoring_rules(values: Mapping[str, object], path: str = "house_rules") -> ScoringRules:
    """Scoring rules from a mapping of rule names to JSON values; OptionsError names the first mistake.

    >>> scoring_rules({"double_end": True}).to_json()
    {'double_end': True}
    """
    read = {name: read_scoring_rule(name, value, f"{path}.{name}") for name, value in values.items()}
    return ScoringRules(**read)  # type: ignore[arg-type]  # each value was read for its own field
