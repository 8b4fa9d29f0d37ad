"""One position, one move, the rule it meets: readable cases for every rule of every preset.

Seat 0 is to move, the engine is 12-12 on a double-12 set, unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import RULES, IllegalMove, Move

from .helpers import play, pos, rule_of

FOUR = ("", "", "", "")


# -- standard ---------------------------------------------------------------------------


class TestStandard:
    def test_legal_start_own_train(self) -> None:
        assert rule_of(pos("12-5 5-1"), play("12-5", 0)) == "legal"

    def test_legal_start_mexican_train_before_own(self) -> None:
        assert rule_of(pos("12-5 5-1"), play("5-12", "mexican")) == "legal"

    def test_tile_not_in_hand(self) -> None:
        assert rule_of(pos("12-5"), play("12-4", 0)) == "tile-not-in-hand"

    def test_tile_not_in_the_set_is_not_in_hand(self) -> None:
        verdict = pos("12-5").check(play("13-12", 0))
        assert verdict.rule == "tile-not-in-hand" and "not in a double-12 set" in verdict.reason

    def test_tile_does_not_match_the_engine(self) -> None:
        verdict = pos("5-1").check(play("5-1", 0))
        assert verdict.rule == "tile-does-not-match"
        assert verdict.reason == "5-1 does not match the engine: the first tile of your train must carry a 12."

    def test_tile_does_not_match_the_open_end(self) -> None:
        verdict = pos("6-1", trains=["12-5", "", "", ""]).check(play("6-1", 0))
        assert verdict.rule == "tile-does-not-match"
        assert verdict.reason == "6-1 does not match your train, which ends in a 5."

    def test_train_not_open_without_marker(self) -> None:
        verdict = pos("5-1", trains=["", "12-5", "", ""]).check(play("5-1", 1))
        assert verdict.rule == "train-not-open"
        assert "seat 1's train" in verdict.reason

    def test_marked_train_is_open_to_others(self) -> None:
        assert rule_of(pos("5-1", trains=["", "12-5", "", ""], marked=[1]), play("5-1", 1)) == "legal"

    def test_train_names_in_reasons(self) -> None:
        p = pos("5-1", trains=["", "12-5", "", ""], names=["Ana", "Ben", "Cy", "Di"])
        assert "Ben's train" in p.check(play("5-1", 1)).reason

    def test_double_must_be_covered_before_anyone_plays_elsewhere(self) -> None:
        p = pos(
            "12-6 5-1",
            trains=["", "12-5 5-5", "", ""],
            open_doubles=[1],
            names=["Di", "Ana", "Ben", "Cy"],
        )
        verdict = p.check(play("12-6", 0))
        assert verdict.rule == "double-must-be-covered"
        assert verdict.reason.startswith("5-5 on Ana's train must be covered before anyone plays elsewhere")

    def test_anyone_may_cover_a_double_on_an_unmarked_train(self) -> None:
        p = pos("12-6 5-1", trains=["", "12-5 5-5", "", ""], open_doubles=[1])
        assert rule_of(p, play("5-1", 1)) == "legal"
        assert p.legal_moves() == [Move.play("5-1", 1)]

    def test_doubles_are_covered_in_the_order_laid(self) -> None:
        p = pos("5-1 3-2", trains=["", "12-5 5-5", "", ""], mexican="12-3 3-3", open_doubles=[1, "mexican"])
        assert rule_of(p, play("3-2", "mexican")) == "double-must-be-covered"
        assert rule_of(p, play("5-1", 1)) == "legal"

    def test_layer_of_a_double_must_cover_it(self) -> None:
        p = pos("5-1 12-7", trains=["12-5 5-5", "", "", ""], open_doubles=[0], laid=1, laid_double=True)
        assert rule_of(p, play("12-7", "mexican")) == "double-must-be-covered"
        assert rule_of(p, play("5-1", 0)) == "legal"

    def test_layer_who_cannot_cover_must_draw_not_pass(self) -> None:
        p = pos("12-7", trains=["12-5 5-5", "", "", ""], open_doubles=[0], laid=1, laid_double=True)
        assert rule_of(p, Move.pass_()) == "cannot-pass"
        assert rule_of(p, Move.draw()) == "legal"

    def test_must_play_before_drawing(self) -> None:
        verdict = pos("12-5").check(Move.draw())
        assert verdict.rule == "must-play-before-drawing"
        assert verdict.reason == "You cannot draw while you can play: 12-5 on your train is legal."

    def test_already_drew(self) -> None:
        assert rule_of(pos("6-1", drawn=True), Move.draw()) == "already-drew"

    def test_boneyard_empty(self) -> None:
        assert rule_of(pos("6-1", boneyard=0), Move.draw()) == "boneyard-empty"

    def test_draw_when_nothing_fits(self) -> None:
        assert rule_of(pos("6-1"), Move.draw()) == "legal"

    def test_cannot_pass_while_you_can_play(self) -> None:
        assert rule_of(pos("12-5"), Move.pass_()) == "cannot-pass"

    def test_cannot_pass_while_you_can_draw(self) -> None:
        assert rule_of(pos("6-1"), Move.pass_()) == "cannot-pass"

    def test_pass_after_drawing_in_vain(self) -> None:
        assert rule_of(pos("6-1 4-2", drawn=True), Move.pass_()) == "legal"

    def test_pass_with_an_empty_boneyard(self) -> None:
        assert rule_of(pos("6-1", boneyard=0), Move.pass_()) == "legal"

    def test_own_train_first_is_not_a_standard_rule(self) -> None:
        assert rule_of(pos("12-5"), play("12-5", "mexican")) == "legal"

    def test_round_over_when_a_player_went_out(self) -> None:
        assert rule_of(pos("5-1", hand_sizes=[1, 0, 3, 3], boneyard=83), Move.draw()) == "round-over"

    def test_round_over_when_blocked(self) -> None:
        verdict = pos("6-1", boneyard=0, passes=4).check(Move.pass_())
        assert verdict.rule == "round-over" and "blocked" in verdict.reason

    def test_no_such_train(self) -> None:
        assert rule_of(pos("12-5"), play("12-5", 7)) == "no-such-train"

    def test_round_may_end_on_a_double(self) -> None:
        assert rule_of(pos("5-5", trains=["12-5", "", "", ""]), play("5-5", 0)) == "legal"

    def test_option_no_round_end_on_double(self) -> None:
        p = pos("5-5", trains=["12-5", "", "", ""], rules={"preset": "standard", "end_on_double": False})
        assert rule_of(p, play("5-5", 0)) == "no-round-end-on-double"
        assert p.legal_moves() == [Move.draw()]

    def test_option_no_playing_on_marked_trains(self) -> None:
        p = pos("5-1", trains=["", "12-5", "", ""], marked=[1], rules={"preset": "standard", "play_on_marked": False})
        assert rule_of(p, play("5-1", 1)) == "train-not-open"

    def test_option_mexican_train_not_before_own(self) -> None:
        p = pos("12-5", rules={"preset": "standard", "mexican_before_own": False})
        assert rule_of(p, play("12-5", "mexican")) == "own-train-first"


# -- Italian (seed 000) -----------------------------------------------------------------


class TestItalian:
    R = "italian"

    def test_first_player_may_start_the_mexican_train(self) -> None:
        assert rule_of(pos("12-5", rules=self.R), play("12-5", "mexican")) == "legal"

    def test_no_drawing_while_holding_a_playable_tile(self) -> None:
        p = pos("7-3 6-1", mexican="12-7", trains=["12-4", "", "", ""], rules=self.R)
        assert rule_of(p, Move.draw()) == "must-play-before-drawing"

    def test_layer_may_follow_a_double_on_another_train(self) -> None:
        p = pos("12-7 6-1", trains=["12-5 5-5", "", "", ""], open_doubles=[0], laid=1, laid_double=True, rules=self.R)
        assert rule_of(p, play("12-7", "mexican")) == "legal"

    def test_following_players_must_cover_the_double(self) -> None:
        p = pos("12-7 5-1", trains=["", "12-5 5-5", "", ""], open_doubles=[1], rules=self.R)
        assert rule_of(p, play("12-7", "mexican")) == "double-must-be-covered"
        assert rule_of(p, play("5-1", 1)) == "legal"

    def test_others_train_needs_a_marker(self) -> None:
        assert rule_of(pos("5-1", trains=["", "12-5", "", ""], rules=self.R), play("5-1", 1)) == "train-not-open"

    def test_option_follow_up_on_the_double_only(self) -> None:
        rules = {"preset": self.R, "follow_up_elsewhere": False}
        p = pos("12-7 6-1", trains=["12-5 5-5", "", "", ""], open_doubles=[0], laid=1, laid_double=True, rules=rules)
        assert rule_of(p, play("12-7", "mexican")) == "double-must-be-covered"


# -- Czech (seed 001) -------------------------------------------------------------------


class TestCzech:
    R = "czech"

    def test_first_lap_builds_own_train_only(self) -> None:
        p = pos("5-1", trains=["12-3", "12-5", "", ""], marked=[1], first_lap=True, rules=self.R)
        assert rule_of(p, play("5-1", 1)) == "first-lap-own-train"

    def test_first_lap_continues_after_a_tile(self) -> None:
        p = pos("5-1 1-4", trains=["12-5", "", "", ""], first_lap=True, laid=1, rules=self.R)
        assert rule_of(p, play("5-1", 0)) == "legal"

    def test_no_mexican_train(self) -> None:
        assert rule_of(pos("12-5", rules=self.R), play("12-5", "mexican")) == "mexican-train-not-allowed"

    def test_option_adds_the_mexican_train(self) -> None:
        assert rule_of(pos("12-5", rules={"preset": self.R, "mexican_train": True}), play("12-5", "mexican")) == "legal"

    def test_next_player_must_satisfy_the_double(self) -> None:
        p = pos("5-1 3-1", trains=["12-3", "12-5 5-5", "", ""], open_doubles=[1], rules=self.R)
        assert rule_of(p, play("3-1", 0)) == "double-must-be-covered"
        assert rule_of(p, play("5-1", 1)) == "legal"

    def test_marked_train_open_to_others(self) -> None:
        p = pos("5-1", trains=["12-3", "12-5", "", ""], marked=[1], rules=self.R)
        assert rule_of(p, play("5-1", 1)) == "legal"

    def test_unmarked_train_closed(self) -> None:
        assert rule_of(pos("5-1", trains=["12-3", "12-5", "", ""], rules=self.R), play("5-1", 1)) == "train-not-open"


# -- Portuguese (seed 002) --------------------------------------------------------------


class TestPortuguese:
    R = "portuguese"

    def test_start_own_train_first(self) -> None:
        verdict = pos("12-5 12-3", rules=self.R).check(play("12-5", "mexican"))
        assert verdict.rule == "own-train-first"
        assert verdict.reason == "12-5 cannot go on the Mexican train yet: start your own train first."

    def test_mexican_train_once_own_started(self) -> None:
        assert rule_of(pos("12-3", trains=["12-5", "", "", ""], rules=self.R), play("12-3", "mexican")) == "legal"

    def test_no_playing_on_other_trains(self) -> None:
        verdict = pos("5-1", trains=["12-3", "12-5", "", ""], rules=self.R).check(play("5-1", 1))
        assert verdict.rule == "train-not-open"
        assert "only on your own train and the Mexican train" in verdict.reason

    def test_no_markers_in_a_position(self) -> None:
        from scorekeeper.rules import PositionError

        with pytest.raises(PositionError, match=r"trains\[1\]\.marker: these rules have no markers"):
            pos("5-1", trains=["", "12-5", "", ""], marked=[1], rules=self.R)

    def test_follow_up_after_a_double_may_go_elsewhere(self) -> None:
        p = pos("12-3 4-1", trains=["12-5 5-5", "", "", ""], open_doubles=[0], laid=1, laid_double=True, rules=self.R)
        assert rule_of(p, play("12-3", "mexican")) == "legal"
        assert rule_of(p, Move.draw()) == "must-play-before-drawing"

    def test_a_double_binds_only_its_layer(self) -> None:
        from scorekeeper.rules import PositionError

        with pytest.raises(PositionError, match="open_doubles"):
            pos("5-1", trains=["", "12-5 5-5", "", ""], open_doubles=[1], rules=self.R)


def test_every_rule_id_has_a_title_and_anchor() -> None:
    for rule, (title, anchor) in RULES.items():
        assert rule == rule.lower() and " " not in rule
        assert title and anchor


def test_verify_raises_illegal_move_with_rule_and_reason() -> None:
    with pytest.raises(IllegalMove) as caught:
        pos("12-5").verify(Move.draw())
    assert caught.value.rule == "must-play-before-drawing"
    assert isinstance(caught.value, ValueError)
    assert caught.value.anchor == "drawing"


def test_every_listed_rule_is_exercised_somewhere() -> None:
    """Each Mexican Train rule id can actually be produced by some position in this file.

    (Super Domino ids, also in RULES, have the same test in test_super_domino_examples.py.)
    """
    import inspect
    import sys

    from scorekeeper.rules import MEXICAN_TRAIN_RULES

    source = inspect.getsource(sys.modules[__name__])
    for rule in MEXICAN_TRAIN_RULES:
        assert f'"{rule}"' in source.split("def test_every_listed_rule")[0], rule
