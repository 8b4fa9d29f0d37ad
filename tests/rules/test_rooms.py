"""The registry of rules rooms: one list of games, each room answering for its own rules."""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    ANCHORS,
    GAMES,
    PRESETS,
    ROOMS,
    RULES,
    SUPER_PRESETS,
    DealError,
    OptionsError,
    PositionError,
    Rulebook,
    Section,
    room,
    room_for_rules,
)
from scorekeeper.rules import rulebook as merged


def test_every_room_has_its_own_id_rules_and_sections() -> None:
    assert [r.id for r in ROOMS] == list(GAMES) == ["mexican-train", "super-domino", "chicken-foot"]
    assert sum(len(r.rulebook.rules) for r in ROOMS) == len(RULES)
    assert sum(len(r.rulebook.anchors) for r in ROOMS) == len(ANCHORS)
    for each in ROOMS:
        assert set(each.rulebook.rules.values()) <= {(t, a) for t, a in RULES.values()}
        assert {anchor for _, anchor in each.rulebook.rules.values()} <= set(each.rulebook.anchors)


def test_an_unknown_game_is_refused_naming_the_games_there_are() -> None:
    with pytest.raises(PositionError) as refused:
        room("chess")
    assert refused.value.field == "game"
    assert "mexican-train, super-domino, chicken-foot" in refused.value.problem
    with pytest.raises(PositionError):
        room(["mexican-train"])


def test_a_rules_spec_finds_its_room() -> None:
    assert room_for_rules("czech").id == "mexican-train"
    assert room_for_rules(SUPER_PRESETS["german"]).id == "super-domino"
    assert room_for_rules({"preset": "pagat", "cannot_play": "draw-two"}).id == "super-domino"
    assert room_for_rules(PRESETS["italian"].options).id == "mexican-train"
    assert room_for_rules({"double_blank": 50}).id == "mexican-train"  # bare options: the default room's


def test_a_room_deals_by_its_own_rules() -> None:
    mexican, super_domino = room("mexican-train"), room("super-domino")
    assert mexican.deal_size(5, 12, "italian") == 14
    assert mexican.deal_size(5, 12, {"preset": "standard"}) == 12
    assert super_domino.deal_size(4, 15, "german") == 9
    with pytest.raises(DealError):
        super_domino.deal_size(16, 15, "german")
    with pytest.raises(OptionsError):
        super_domino.deal_size(4, 15, "standard")  # another game's preset is not dealt for


def test_a_room_says_which_double_opens_each_round() -> None:
    assert room("mexican-train").round_doubles is not None
    assert room("mexican-train").round_doubles("standard", 6) == (6, 5, 4, 3, 2, 1, 0)
    assert room("super-domino").round_doubles is None


def test_a_rule_id_or_anchor_of_another_game_cannot_be_taken_again() -> None:
    book = Rulebook((Section("turns", "Turns again", {"sd-spell": "A spell"}),))
    with pytest.raises(ValueError, match="sd-spell, turns"):
        merged.add(book)
    assert RULES["sd-spell"][0] == "Under the spell, play on the 13"
