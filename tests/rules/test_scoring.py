"""Scoring house rules (issue 15): what a round counts for a seat, from its pips, going out, a round ended on a
double and a marker left on its train. Named examples, one per rule and per pair of rules."""

from __future__ import annotations

import pytest

from scorekeeper.rules import OptionsError, ScoringRules, read_scoring_rule, scoring_rules

NONE = ScoringRules()
BONUS = ScoringRules(going_out=-10)
DOUBLED = ScoringRules(double_end=True)
MARKERS = ScoringRules(marker_penalty=15)
ALL = ScoringRules(going_out=-10, double_end=True, marker_penalty=15)


def test_without_house_rules_a_round_counts_the_pips_whatever_happened() -> None:
    assert NONE.points(23) == 23
    assert NONE.points(0, went_out=True, ended_on_double=True) == 0
    assert NONE.points(23, ended_on_double=True, marker=True) == 23
    assert not NONE and NONE.to_json() == {}


def test_going_out_takes_the_bonus_off_the_player_who_went_out_only() -> None:
    assert BONUS.points(0, went_out=True) == -10
    assert BONUS.points(12) == 12


def test_ending_on_a_double_doubles_the_others_pips() -> None:
    assert DOUBLED.points(12, ended_on_double=True) == 24
    assert DOUBLED.points(0, went_out=True, ended_on_double=True) == 0
    assert DOUBLED.points(12) == 12  # an ordinary ending counts the pips once


def test_a_marker_left_on_a_train_adds_its_penalty_once() -> None:
    assert MARKERS.points(4, marker=True) == 19
    assert MARKERS.points(4) == 4


def test_the_double_counts_the_pips_not_the_marker_penalty() -> None:
    # 12 pips twice, then 15 for the open marker: 39, not (12 + 15) x 2
    assert ALL.points(12, ended_on_double=True, marker=True) == 39


def test_going_out_with_a_marker_still_on_your_own_train_gets_both() -> None:
    # gone out on the Mexican train while their own train was still marked
    assert ALL.points(0, went_out=True, ended_on_double=True, marker=True) == 5


def test_the_rules_applied_are_named_in_order_and_only_when_they_changed_something() -> None:
    assert ALL.applied(ended_on_double=True, marker=True) == ("double_end", "marker_penalty")
    assert ALL.applied(went_out=True, ended_on_double=True) == ("going_out",)
    assert NONE.applied(went_out=True, ended_on_double=True, marker=True) == ()


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("going_out", 10),
        ("going_out", -101),
        ("going_out", "-10"),
        ("going_out", True),
        ("marker_penalty", -1),
        ("marker_penalty", 101),
        ("double_end", 1),
        ("spinner_bonus", 5),
    ],
)
def test_values_a_table_cannot_choose_are_refused_naming_the_rule(name: str, value: object) -> None:
    with pytest.raises(OptionsError) as refused:
        read_scoring_rule(name, value, f"house_rules.{name}")
    assert refused.value.field == f"house_rules.{name}"


def test_scoring_rules_read_from_json_keep_what_is_on() -> None:
    chosen = scoring_rules({"going_out": -5, "double_end": False, "marker_penalty": 10})
    assert chosen == ScoringRules(going_out=-5, marker_penalty=10)
    assert chosen.to_json() == {"going_out": -5, "marker_penalty": 10}
