"""One position, one move, the rule it meets: readable cases for every rule of every preset.

Seat 0 is to move, the engine is 12-12 on a double-12 set, unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    PRESETS,
    RULES,
    IllegalMove,
    Move,
    Position,
    PositionError,
    Round,
    Tile,
    apply_move,
    game_engines,
    resolve_options,
)

from .helpers import play, pos, pos_json, round_from, rule_of

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

    def test_marked_train_open_to_the_next_player(self) -> None:
        # seed 001 8: "Další hráč nyní může hrát na té značky": seat 0 plays right after seat 3
        p = pos("5-1", trains=["12-3", "", "", "12-5"], marked=[3], rules=self.R)
        assert rule_of(p, play("5-1", 3)) == "legal"

    def test_marked_train_closed_to_the_other_players(self) -> None:
        p = pos("5-1", trains=["12-3", "12-5", "", ""], marked=[1], rules=self.R)
        assert rule_of(p, play("5-1", 1)) == "marker-next-player-only"
        rules = house(self.R, marker_removed_by="anyone")
        assert rule_of(pos("5-1", trains=["12-3", "12-5", "", ""], marked=[1], rules=rules), play("5-1", 1)) == "legal"

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


# -- one tile a turn, and trains that exist (issue 15) ---------------------------------------


class TestTurnOver:
    """A turn lays one tile unless it is a double; once it is laid only the pass that hands over is left."""

    TWO = ("12-5 5-9", "12-3 3-4")

    def finished(self, **extra: object) -> Position:
        return pos("4-5 8-1", trains=self.TWO, laid=1, rules="czech", **extra)

    def test_second_ordinary_tile_in_a_finished_turn_is_refused(self) -> None:
        verdict = self.finished().check(play("4-5", 1))
        assert verdict.rule == "turn-over" and not verdict.legal
        assert verdict.reason == (
            "Your turn is over: a turn lays one tile unless it is a double, so 5-4 cannot be laid now. "
            "Pass to hand the turn to the next player."
        )
        assert verdict.anchor == "turns"

    def test_a_finished_turn_offers_only_the_pass(self) -> None:
        p = self.finished()
        assert p.legal_moves() == [Move.pass_()]
        assert p.check(Move.pass_()).legal
        assert "your turn is over" in p.check(Move.pass_()).reason
        draw = p.check(Move.draw())
        assert draw.rule == "turn-over" and "you do not draw" in draw.reason
        assert p.check(Move.draw()).rule == "turn-over"

    def test_a_finished_turn_is_refused_even_after_a_draw(self) -> None:
        p = self.finished(drawn=True)
        assert rule_of(p, play("4-5", 1)) == "turn-over" and p.legal_moves() == [Move.pass_()]

    def test_every_preset_refuses_the_second_tile(self) -> None:
        for rules in ("standard", "italian", "czech", "portuguese"):
            p = pos("5-1 1-2", trains=["12-5", "", "", ""], laid=1, rules=rules)
            assert rule_of(p, play("5-1", 0)) == "turn-over", rules

    def test_the_round_ends_the_turn_where_the_position_hands_over(self) -> None:
        fresh = pos("9-4 4-5 8-1", trains=self.TWO, boneyard=1, rules="czech")
        r = round_from(fresh, ["9-4 4-5 8-1", "6-6"], "2-2")
        r.play("9-4", 0)
        assert r.turn == 1 and r._core().laid == 0  # the round moved on at once
        # the same moment written as a position with the tile laid: the pass hands over, changing nothing else
        p = pos("4-5 8-1", trains=("12-5 5-9 9-4", "12-3 3-4"), laid=1, boneyard=1, rules="czech")
        r2 = round_from(p, ["4-5 8-1", "6-6"], "2-2")
        r2.pass_()
        assert r2.turn == 1 and r2._core().laid == 0 and r2._core().passes == 0
        assert not any(t.marker for t in r2.trains)  # a player who laid a tile is not marked

    def test_a_double_still_asks_for_another_tile(self) -> None:
        p = pos("5-1", trains=["12-5 5-5", "", "", ""], open_doubles=[0], laid=1, laid_double=True)
        assert rule_of(p, play("5-1", 0)) == "legal"

    def test_the_first_lap_goes_on_while_a_tile_fits(self) -> None:
        p = pos("5-1 1-4", trains=["12-5", "", "", ""], first_lap=True, laid=1, rules="czech")
        assert rule_of(p, play("5-1", 0)) == "legal"

    def test_the_portuguese_bonus_tile_does_not_use_up_the_turn(self) -> None:
        p = pos("12-3 5-1 9-9", trains=["12-5", "", "", ""], boneyard=1, rules="portuguese")
        r = round_from(p, ["12-3 5-1 9-9", "6-6", "6-1", "6-2"], "2-2")
        r.play("12-3", "mexican")
        assert r.turn == 0 and r._core().laid == 0  # the bonus tile is not counted
        assert r.can_play("5-1", 0)
        r.play("5-1", 0)
        assert r.turn == 1

    def test_passes_are_not_counted_in_a_turn_that_laid_a_tile(self) -> None:
        with pytest.raises(PositionError, match="passes: the player to move laid a tile"):
            pos("4-5", trains=self.TWO, laid=1, boneyard=0, passes=1)


class TestCzechFirstLapTurnEnds:
    """Seed 001: on the first lap each player lays as many tiles as they can. Read as the README does: the
    turn goes on while another tile fits your own train, and ends when none does. A player who has laid
    tiles does not draw for more (drawing is for a player who cannot lay a tile at all)."""

    def position(self) -> Position:
        return pos("9-8", trains=["12-3 3-4", ""], first_lap=True, laid=2, boneyard=10, rules="czech")

    def test_czech_first_lap_with_laid_tiles_and_nothing_fitting_hands_over(self) -> None:
        p = self.position()
        assert p.legal_moves() == [Move.pass_()]
        assert p.check(Move.pass_()).legal
        draw = p.check(Move.draw())
        assert draw.rule == "turn-over" and draw.reason.startswith("Your first-lap turn is over")
        assert rule_of(p, play("9-8", 0)) == "turn-over"

    def test_the_round_ends_such_a_turn_itself(self) -> None:
        p = pos("3-4 9-8", trains=["12-3", ""], first_lap=True, laid=1, boneyard=1, rules="czech")
        r = round_from(p, ["3-4 9-8", "6-6"], "2-2")
        r.play("3-4", 0)
        assert r.turn == 1 and r.boneyard_count == 1  # nothing more fitted: no draw, the turn passed on

    def test_a_player_who_laid_nothing_still_draws(self) -> None:
        p = pos("9-8", trains=["12-3 3-4", ""], first_lap=True, boneyard=10, rules="czech")
        assert p.legal_moves() == [Move.draw()]


class TestNoSuchTrain:
    """Trains are seats 0 to players - 1, or "mexican"; seat ``players`` is not the Mexican train."""

    def test_the_seat_after_the_last_is_no_train(self) -> None:
        p = pos("7-1", trains=["12-3", "12-5"], mexican="12-7")
        for train in (2, 3, 30, 31, 32):
            verdict = p.check(play("7-1", train))
            assert verdict.rule == "no-such-train", train
        assert p.check(play("7-1", 2)).reason == 'There is no train 2: trains are seats 0 to 1, or "mexican".'
        assert rule_of(p, play("7-1", "mexican")) == "legal"

    def test_json_moves_and_rounds_refuse_it_too(self) -> None:
        from scorekeeper.rules import read_position

        doc = pos_json("7-1", trains=["12-3", "12-5"], mexican="12-7", boneyard=1)
        assert read_position(doc).check_json({"action": "play", "tile": "7-1", "train": 2}).rule == "no-such-train"
        r = round_from(Position.from_json(doc), ["7-1", "6-6"], "2-2")
        with pytest.raises(IllegalMove) as caught:
            r.push(play("7-1", 2))
        assert caught.value.rule == "no-such-train"
        assert not r.can_play("7-1", 2) and r.can_play("7-1", "mexican")

    def test_every_preset_and_player_count(self) -> None:
        for rules in ("standard", "italian", "czech", "portuguese"):
            for players in (2, 3, 4):
                p = pos("7-1", trains=[""] * players, rules=rules)
                assert rule_of(p, play("7-1", players)) == "no-such-train", (rules, players)


# -- house rules: options off in every preset, on where a table asks ---------------------------------


def house(preset: str, **options: object) -> dict[str, object]:
    return {"preset": preset, **options}


WITH_MEXICAN = ("standard", "italian", "portuguese")


class TestDrawUntilPlayable:
    """Option draw_until_playable: draw until a tile fits (or the boneyard is empty), not just one tile."""

    @pytest.mark.parametrize("preset", sorted(PRESETS))
    def test_after_a_useless_draw_draw_again(self, preset: str) -> None:
        p = pos("9-8", trains=["12-3", "", "", ""], drawn=True, rules=house(preset, draw_until_playable=True))
        assert p.legal_moves() == [Move.draw()]
        verdict = p.check(Move.pass_())
        assert verdict.rule == "cannot-pass"
        assert verdict.reason == "You cannot pass yet: under these rules you draw until a tile fits, so draw again."
        assert pos("9-8", trains=["12-3", "", "", ""], drawn=True, rules=preset).legal_moves() == [Move.pass_()]

    @pytest.mark.parametrize("preset", sorted(PRESETS))
    def test_a_round_draws_until_a_tile_fits_then_lays_it(self, preset: str) -> None:
        p = pos(
            "9-8", trains=["12-3", "12-0", "12-1", "12-2"], boneyard=3, rules=house(preset, draw_until_playable=True)
        )
        r = round_from(p, ["9-8", "6-6", "6-5", "6-4"], "3-5 1-1 2-2")
        assert r.draw() == Tile(2, 2) and r.draw() == Tile(1, 1) and r.draw() == Tile(5, 3)
        assert r.legal_moves() == [Move.play("5-3", 0)]

    def test_an_empty_boneyard_still_ends_the_drawing(self) -> None:
        p = pos(
            "9-8",
            trains=["12-3", "", "", ""],
            drawn=True,
            boneyard=0,
            rules=house("standard", draw_until_playable=True),
        )
        assert p.legal_moves() == [Move.pass_()]


class TestOneDoublePerTurn:
    """Option one_double_per_turn: the tile after a double may not be another double. It matters where the
    follow-up may go elsewhere (Italian, Portuguese): elsewhere, a covering tile always carries a second number."""

    @pytest.mark.parametrize("preset", ["italian", "portuguese"])
    def test_the_follow_up_of_a_double_is_not_a_double(self, preset: str) -> None:
        laid = {"open_doubles": [0], "laid": 1, "laid_double": True}
        hand, trains = "5-1 7-7", ["12-5 5-5", "", "", ""]
        p = pos(hand, trains=trains, mexican="12-7", rules=house(preset, one_double_per_turn=True), **laid)
        verdict = p.check(play("7-7", "mexican"))
        assert verdict.rule == "one-double-a-turn" and verdict.anchor == "doubles"
        assert verdict.reason == (
            "7-7 cannot follow your double: under these rules a turn lays at most one double, "
            "so the tile after it must not be a double."
        )
        assert p.legal_moves() == [Move.play("5-1", 0)]
        assert (
            rule_of(pos(hand, trains=trains, mexican="12-7", rules=preset, **laid), play("7-7", "mexican")) == "legal"
        )

    def test_only_a_double_fits_so_draw(self) -> None:
        rules = house("italian", one_double_per_turn=True)
        p = pos(
            "7-7",
            trains=["12-5 5-5", "", "", ""],
            mexican="12-7",
            open_doubles=[0],
            laid=1,
            laid_double=True,
            rules=rules,
        )
        assert p.legal_moves() == [Move.draw()]

    def test_the_czech_first_lap_is_not_limited(self) -> None:
        rules = house("czech", one_double_per_turn=True)
        p = pos("5-5 5-1", trains=["12-5", "", "", ""], first_lap=True, laid=1, rules=rules)
        assert rule_of(p, play("5-5", 0)) == "legal"


class TestMexicanAfterAllStarted:
    """Option mexican_after_all_started: the Mexican train opens once every player has started a train."""

    @pytest.mark.parametrize("preset", WITH_MEXICAN)
    def test_closed_while_a_train_is_empty(self, preset: str) -> None:
        rules = house(preset, mexican_after_all_started=True)
        p = pos("12-6 5-1", trains=["12-5", "", "12-3", "12-4"], rules=rules)
        verdict = p.check(play("12-6", "mexican"))
        assert verdict.rule == "mexican-train-not-open" and verdict.anchor == "mexican-train"
        assert verdict.reason == (
            "12-6 cannot go on the Mexican train yet: "
            "under these rules it opens only once every player has started their own train."
        )
        assert Move.play("12-6", "mexican") not in p.legal_moves()

    @pytest.mark.parametrize("preset", WITH_MEXICAN)
    def test_open_once_every_train_is_started(self, preset: str) -> None:
        rules = house(preset, mexican_after_all_started=True)
        p = pos("12-6 5-1", trains=["12-5", "12-2", "12-3", "12-4"], rules=rules)
        assert rule_of(p, play("12-6", "mexican")) == "legal"


class TestMexicanAfterFirstLap:
    """Option mexican_after_first_lap: the Mexican train opens after the first lap, once every player has had one
    turn (the published rule sheets), started train or not; beside mexican_after_all_started, which waits for every
    train to be started."""

    @pytest.mark.parametrize("preset", WITH_MEXICAN)
    def test_closed_on_the_first_lap_even_with_your_own_train_started(self, preset: str) -> None:
        rules = house(preset, mexican_after_first_lap=True)
        p = pos("12-6 5-1", trains=["12-5", "", "12-3", "12-4"], first_lap=True, first_lap_turn=3, rules=rules)
        verdict = p.check(play("12-6", "mexican"))
        assert verdict.rule == "mexican-train-after-first-lap" and verdict.anchor == "mexican-train"
        assert verdict.reason == (
            "12-6 cannot go on the Mexican train yet: "
            "under these rules it opens after the first lap, once every player has had a turn."
        )
        assert Move.play("12-6", "mexican") not in p.legal_moves()

    @pytest.mark.parametrize("preset", WITH_MEXICAN)
    def test_open_after_the_first_lap_though_a_train_is_empty(self, preset: str) -> None:
        after_lap = pos(
            "12-6 5-1", trains=["12-5", "", "12-3", "12-4"], rules=house(preset, mexican_after_first_lap=True)
        )
        assert rule_of(after_lap, play("12-6", "mexican")) == "legal"
        all_started = pos(
            "12-6 5-1", trains=["12-5", "", "12-3", "12-4"], rules=house(preset, mexican_after_all_started=True)
        )
        assert rule_of(all_started, play("12-6", "mexican")) == "mexican-train-not-open"  # the other option waits on

    @staticmethod
    def mexican_offered(rules: object, seed: int) -> tuple[bool, bool]:
        """Whether a round's legal moves ever offer the Mexican train on the first lap, and after it."""
        r, offered = Round.deal(rules, 3, 12, seed=seed), [False, False]
        while not r.is_over:
            legal = r.legal_moves()
            offered[not r.first_lap] |= any(m.action == "play" and m.train == "mexican" for m in legal)
            r.push(legal[0])
        return offered[0], offered[1]

    def test_a_round_opens_it_once_every_player_has_had_a_turn(self) -> None:
        rules = house("standard", mexican_after_first_lap=True)
        assert all(self.mexican_offered(rules, seed)[0] is False for seed in range(12))
        assert any(self.mexican_offered(rules, seed)[1] for seed in range(12))
        assert any(self.mexican_offered("standard", seed)[0] for seed in range(12))  # open from the start without it


class TestMissingEngine:
    """Option missing_engine, for the presets whose engine comes from a hand (Czech, Portuguese)."""

    @staticmethod
    def undealt(preset: str, **options: object) -> Round:
        """A two-player round in which nobody was dealt the 12-12 (found by seed, the same every run)."""
        for seed in range(100):
            plain = Round.deal(house(preset, missing_engine="draw"), 2, 12, seed=seed)
            if len(plain.hand(0)) + len(plain.hand(1)) > 29:  # 15 each dealt, one laid: someone drew for it
                return Round.deal(house(preset, **options), 2, 12, seed=seed)
        raise AssertionError("no seed without the engine dealt")

    @staticmethod
    def held_doubles(r: Round) -> set[int]:
        return {t.high for t in r.boneyard if t.is_double}

    @pytest.mark.parametrize("preset", ["czech", "portuguese"])
    def test_highest_double_becomes_the_engine(self, preset: str) -> None:
        r = self.undealt(preset, missing_engine="highest-double")
        assert r.engine < 12 and len(r.hand(0)) + len(r.hand(1)) == 29  # dealt 30, one laid, nobody drew
        assert set(range(r.engine + 1, 13)) <= self.held_doubles(r)  # every higher double is in the boneyard
        assert Tile(r.engine, r.engine) not in r.hand(r.turn)
        assert r.position().engine == r.engine

    @pytest.mark.parametrize("preset", ["czech", "portuguese"])
    def test_next_double_down_becomes_the_engine(self, preset: str) -> None:
        r = self.undealt(preset, missing_engine="next-double")
        assert r.engine < 12 and len(r.hand(0)) + len(r.hand(1)) == 29
        assert set(range(r.engine + 1, 13)) <= self.held_doubles(r)
        assert Tile(r.engine, r.engine) not in r.hand(r.turn)

    def test_next_double_down_wraps_round_to_the_top(self) -> None:
        for seed in range(200):
            r = Round.deal(house("czech", missing_engine="next-double"), 2, 12, engine=0, seed=seed)
            if r.engine != 0:  # nobody was dealt the 0-0: the next double down from it is the 12-12
                assert set(range(r.engine + 1, 13)) <= self.held_doubles(r)
                return
        raise AssertionError("no seed to show the wrap")

    @pytest.mark.parametrize("preset", ["czech", "portuguese"])
    def test_by_default_players_draw_for_it(self, preset: str) -> None:
        r = self.undealt(preset)
        assert r.engine == 12

    def test_in_the_portuguese_rules_each_player_draws_one_until_someone_has_it(self) -> None:
        """Seed 002, 1: "Se nenhum jogador tem a telha dupla-12, cada jogador tira uma telha. Repita conforme
        necessário até que alguém tenha a telha, e joga-lo": every player draws one, lap after lap, so the lap in
        which the 12-12 turns up is drawn to its end; its holder lays it and plays first."""
        assert PRESETS["portuguese"].options.missing_engine == "each-draws"
        seen = set()
        for seed in range(300):
            plain = Round.deal(house("portuguese", missing_engine="draw"), 3, 12, seed=seed)
            drawn_in_turn = sum(len(plain.hand(s)) for s in range(3)) + 1 - 45  # tiles drawn for the engine
            if drawn_in_turn <= 0:
                continue
            r = Round.deal("portuguese", 3, 12, seed=seed)
            sizes = [len(r.hand(s)) + (s == r.turn) for s in range(3)]  # the holder's engine back in hand
            if r.boneyard_count == 0:  # the 12-12 was the last tile: the lap ended with the boneyard
                assert max(sizes) - min(sizes) == 1, (seed, sizes)
                continue
            assert sizes[0] == sizes[1] == sizes[2] > 15, (seed, sizes)  # whole laps: everyone drew alike
            assert r.engine == 12 and Tile(12, 12) not in r.hand(r.turn)
            laps = sizes[0] - 15
            assert (laps - 1) * 3 < drawn_in_turn + 2  # the lap it turned up in was the last
            seen.add(laps)
            if len(seen) >= 2:
                return
        raise AssertionError(f"too few rounds without the engine dealt: {seen}")


class TestMarkerNextPlayerOnly:
    """Option marker_removed_by "next" (the Czech preset's reading of seed 001's "další hráč"): only the player right
    after a marked train's owner may play there, and that player's tile, like the owner's, takes the marker off."""

    TRAINS = ("12-3", "12-4", "", "12-6")  # seat 0 plays right after seat 3

    @pytest.mark.parametrize("preset", ["standard", "italian", "czech"])
    def test_only_the_next_player_may_play_on_a_marked_train(self, preset: str) -> None:
        p = pos("4-1 6-2", trains=self.TRAINS, marked=[1, 3], rules=house(preset, marker_removed_by="next"))
        verdict = p.check(play("4-1", 1))
        assert verdict.rule == "marker-next-player-only" and verdict.anchor == "markers"
        assert verdict.reason == (
            "4-1 cannot go on seat 1's train: under these rules only the player right after seat 1 may play on "
            "their marked train."
        )
        assert rule_of(p, play("6-2", 3)) == "legal"
        assert Move.play("6-2", 3) in p.legal_moves() and Move.play("4-1", 1) not in p.legal_moves()

    @pytest.mark.parametrize("preset", ["standard", "italian"])
    def test_by_default_anyone_may_play_there(self, preset: str) -> None:
        assert rule_of(pos("4-1 6-2", trains=self.TRAINS, marked=[1, 3], rules=preset), play("4-1", 1)) == "legal"

    @pytest.mark.parametrize("preset", ["standard", "italian", "czech"])
    def test_the_next_players_tile_takes_the_marker_off(self, preset: str) -> None:
        p = pos("4-1 6-2", trains=self.TRAINS, marked=[1, 3], boneyard=0, rules=house(preset, marker_removed_by="next"))
        r = round_from(p, ["4-1 6-2", "3-1", "3-2", "4-5"])
        r.push(play("6-2", 3))
        assert not r.trains[3].marker and r.trains[1].marker

    def test_two_markers_each_never_run_out_by_default(self) -> None:
        """Seed 001 lists "2 značkovače na hráče" (two markers per player) and puts down only "his marker" on his own
        train, which carries one at a time: by default (markers_per_player 0) a player never runs out, and a marker
        taken off is back in its owner's hand for the next time they are stuck."""
        p = pos("9-9 10-10", trains=["12-5", "12-8"], boneyard=0, rules="czech")
        r = round_from(p, ["9-9 10-10", "5-1 1-3 3-2 8-0"])
        for tile in ("5-1", "1-3", "3-2"):  # three times stuck, three times marked: more markers than two
            r.pass_()  # nothing fits and nothing to draw: seat 0 marks its train
            assert r.trains[0].marker and r.turn == 1
            r.play(tile, 0)  # the next player plays there, and takes the marker off
            assert not r.trains[0].marker

    def test_two_markers_each_read_literally_run_out(self) -> None:
        """markers_per_player 2, the seed's "2 značkovače na hráče" read literally: the next player "removes and
        replaces the marker with a tile" and nothing gives it back, so a train opens twice at most."""
        rules = house("czech", markers_per_player=2)
        p = pos("9-9 10-10", trains=["12-5", "12-8"], boneyard=0, rules=rules)
        r = round_from(p, ["9-9 10-10", "5-1 1-3 3-2 8-0"])
        for tile in ("5-1", "1-3"):
            r.pass_()
            assert r.trains[0].marker
            r.play(tile, 0)
        r.pass_()  # stuck a third time: no marker left, so the train stays shut
        assert not r.trains[0].marker and r.turn == 1
        assert r.check(play("3-2", 0)).rule == "train-not-open"
        doc = pos_json("9-9", trains=["12-5", "12-8"], rules=rules, boneyard=0, markers_used=[1, 0])
        after = apply_move(doc, {"action": "pass"})
        assert after["markers_used"] == [2, 0] and after["trains"][0]["marker"]
        spent = apply_move({**doc, "markers_used": [2, 0]}, {"action": "pass"})
        assert spent["markers_used"] == [2, 0] and not spent["trains"][0]["marker"]
        with pytest.raises(PositionError, match="markers_used: under these rules nobody runs out of markers"):
            Position.from_json(pos_json("9-9", trains=["12-5", "12-8"], rules="czech", markers_used=[1, 0]))

    def test_covering_a_double_there_leaves_the_marker_on(self) -> None:
        p = pos(
            "4-1 9-9",
            trains=["12-3", "12-4 4-4", "", ""],
            marked=[1],
            open_doubles=[1],
            boneyard=0,
            rules=house("standard", marker_removed_by="next"),
        )
        assert rule_of(p, play("4-1", 1)) == "legal"  # the double binds everyone
        r = round_from(p, ["4-1 9-9", "3-1", "3-2", "4-5"])
        r.push(play("4-1", 1))
        assert r.trains[1].marker and not r.is_over  # seat 0 is not the next player after seat 1

    def test_the_czech_preset_reads_the_seed_so(self) -> None:
        assert PRESETS["czech"].options.marker_removed_by == "next"
        assert {PRESETS[p].options.marker_removed_by for p in ("standard", "italian", "portuguese")} == {"owner"}


class TestHighestEngineEveryRound:
    """Option highest_engine_every_round: the score sheet opens every round on the set's highest double."""

    @pytest.mark.parametrize("preset", sorted(PRESETS))
    def test_every_round_opens_on_the_highest_double(self, preset: str) -> None:
        assert game_engines(house(preset, highest_engine_every_round=True), 12) == (12,) * 13
        assert game_engines(preset, 12) == tuple(range(12, -1, -1))

    def test_the_czech_evening_of_thirteen_games_on_the_12_12(self) -> None:
        assert game_engines({"preset": "czech", "highest_engine_every_round": True}, 12) == (12,) * 13
        assert game_engines("czech", 12)[:2] == (12, 11)  # the preset counts down, as seed 001's 13 games suggest

    def test_counting_up_and_a_shorter_game(self) -> None:
        rules = house("standard", highest_engine_every_round=True)
        assert game_engines(rules, 9, ascending=True, limit=4) == (9, 9, 9, 9)
        with pytest.raises(ValueError):
            game_engines(rules, 12, limit=14)


def announcing(preset: str, **options: object) -> dict[str, object]:
    return house(preset, announce_last_tile=True, **options)


class TestAnnounceLastTile:
    """Option announce_last_tile: a player left with one tile announces it; until they do, anyone may catch them,
    up to the end of the next player's turn, and then they draw last_tile_penalty tiles (default 2)."""

    HANDS = ["5-1 9-9", "8-2 4-4"]
    BONEYARD = "6-6 7-7 10-10"  # drawn from the end: 10-10 first

    def dealt(self, preset: str, **options: object) -> Round:
        """Two players; seat 0 lays 5-1 and is left with the 9-9, unannounced; seat 1 is to move."""
        p = pos(self.HANDS[0], trains=["12-5", "12-8"], boneyard=3, rules=announcing(preset, **options))
        r = round_from(p, self.HANDS, self.BONEYARD)
        r.play("5-1", 0)
        return r

    @pytest.mark.parametrize("preset", sorted(PRESETS))
    def test_caught_before_the_next_turn_ends_draw_two(self, preset: str) -> None:
        r = self.dealt(preset)
        assert r.turn == 1 and r.unannounced == (0,)
        assert Move.catch(0) in r.legal_moves() and Move.announce(0) in r.legal_moves()
        verdict = r.check(Move.catch(0))
        assert verdict.legal and verdict.reason == (
            "Seat 0 did not announce their last tile: caught before the next player's turn ends, "
            "they draw 2 from the boneyard as a penalty."
        )
        assert set(r.catch(0)) == {Tile(10, 10), Tile(7, 7)}  # the boneyard's last two, drawn as a penalty
        assert len(r.hand(0)) == 3 and r.boneyard_count == 1 and r.turn == 1
        assert r.check(Move.catch(0)).rule == "cannot-catch"  # caught once

    @pytest.mark.parametrize("preset", sorted(PRESETS))
    def test_announced_in_time_nobody_can_catch_you(self, preset: str) -> None:
        r = self.dealt(preset)
        r.announce(0)
        verdict = r.check(Move.catch(0))
        assert verdict.rule == "cannot-catch" and verdict.anchor == "last-tile"
        assert verdict.reason == (
            "Seat 0 cannot be caught: they announced their last tile, were caught already, "
            "or the next player's turn has ended since they were left with it."
        )
        assert r.check(Move.announce(0)).rule == "nothing-to-announce"

    @pytest.mark.parametrize("preset", sorted(PRESETS))
    def test_too_late_once_the_next_players_turn_is_over(self, preset: str) -> None:
        r = self.dealt(preset)
        r.play("8-2", 1)  # seat 1's turn ends: seat 0 is safe, and seat 1 is now down to one tile
        assert r.turn == 0 and r.unannounced == (1,)
        assert r.check(Move.catch(0)).rule == "cannot-catch"
        assert r.is_legal(Move.catch(1))

    @pytest.mark.parametrize("preset", sorted(PRESETS))
    def test_off_by_default(self, preset: str) -> None:
        p = pos(self.HANDS[0], trains=["12-5", "12-8"], boneyard=3, rules=preset)
        r = round_from(p, self.HANDS, self.BONEYARD)
        r.play("5-1", 0)
        verdict = r.check(Move.catch(0))
        assert verdict.rule == "no-announcing" and verdict.anchor == "last-tile"
        assert verdict.reason == (
            "These rules do not ask anyone to announce their last tile, so there is nothing to announce or catch."
        )
        assert r.legal_moves() == [Move.play("8-2", 1)]

    def test_the_penalty_is_configurable_and_stops_at_the_boneyard(self) -> None:
        r = self.dealt("standard", last_tile_penalty=3)
        assert len(r.catch(0)) == 3 and len(r.hand(0)) == 4 and r.boneyard_count == 0
        r = self.dealt("standard", last_tile_penalty=5)
        assert r.check(Move.catch(0)).reason.endswith("they draw 3 from the boneyard as a penalty.")
        with pytest.raises(ValueError, match="last_tile_penalty: a penalty draws 1 to 10 tiles, not 0"):
            resolve_options(announcing("standard", last_tile_penalty=0))

    @pytest.mark.parametrize("preset", sorted(PRESETS))
    def test_caught_you_may_lose_your_next_turn_instead(self, preset: str) -> None:
        """Option caught_last_tile "lose-turn": caught, a player draws nothing and their next turn passes them by."""
        r = self.dealt(preset, caught_last_tile="lose-turn")
        verdict = r.check(Move.catch(0))
        assert verdict.legal and verdict.reason == (
            "Seat 0 did not announce their last tile: caught, they lose their next turn."
        )
        assert not r.catch(0) and len(r.hand(0)) == 1 and r.boneyard_count == 3
        r.play("8-2", 1)  # seat 1's turn ends; seat 0's turn is lost, so seat 1 moves again
        assert r.turn == 1 and list(r.hand(0)) == [Tile(9, 9)]

    def test_a_position_says_who_loses_a_turn(self) -> None:
        rules = announcing("standard", caught_last_tile="lose-turn")
        doc = pos_json("8-2 4-4", trains=["12-5 5-1", "12-8"], rules=rules, turn=1, unannounced=[0])
        after = apply_move(doc, {"action": "catch", "seat": 0})
        assert after["losing_turn"] == [0] and "unannounced" not in after and after["turn"] == 1
        assert Position.from_json(after).losing_turn == (0,)
        again = apply_move(after, {"action": "play", "tile": "8-2", "train": 1}, hand=["4-4"])
        assert again["turn"] == 1 and "losing_turn" not in again  # seat 0's turn passed them by

    def test_a_player_caught_in_their_own_turn_loses_the_next_one(self) -> None:
        rules = announcing("standard", caught_last_tile="lose-turn", double_cover="layer")
        p = pos("5-5 9-9", trains=["12-5", "12-8"], boneyard=3, rules=rules)
        r = round_from(p, ["5-5 9-9", "8-2 4-4"], self.BONEYARD)
        r.play("5-5", 0)  # one tile left, and the double still to follow up
        assert r.turn == 0 and r.unannounced == (0,)
        r.catch(0)
        assert r.turn == 0  # this turn goes on: the lost turn is the next one
        r.draw()
        r.pass_()
        r.play("8-2", 1)
        assert r.turn == 1  # seat 0's next turn passed them by

    def test_losing_a_turn_needs_the_rule(self) -> None:
        doc = pos_json("9-9", trains=["12-5", "12-8"], rules=announcing("standard"), losing_turn=[1])
        with pytest.raises(PositionError, match="losing_turn: under these rules nobody loses a turn"):
            Position.from_json(doc)

    def test_refusals_name_the_seat(self) -> None:
        r = self.dealt("standard")
        verdict = r.check(Move.announce(1))
        assert verdict.rule == "nothing-to-announce"
        assert verdict.reason == (
            "Seat 1 holds 2 tiles, so there is nothing to announce: a player announces when they are down to one."
        )
        verdict = r.check(Move.catch(2))
        assert verdict.rule == "cannot-catch" and verdict.reason == "There is no seat 2: seats are 0 to 1."
        with pytest.raises(IllegalMove) as caught:
            r.verify_catch(1)
        assert caught.value.rule == "cannot-catch" and not r.can_catch(1) and r.can_announce(0)

    def test_drawing_to_two_tiles_leaves_nothing_to_announce(self) -> None:
        p = pos("5-5 9-9", trains=["12-5", "12-8"], boneyard=1, rules=announcing("standard"))
        r = round_from(p, ["5-5 9-9", "8-2"], "3-1")
        r.play("5-5", 0)  # one tile left, and the double to follow up
        assert r.unannounced == (0,) and r.can_announce(0)
        r.push(Move.draw())
        assert r.unannounced == () and r.check(Move.announce(0)).rule == "nothing-to-announce"

    def test_the_position_and_apply_move(self) -> None:
        rules = announcing("czech")
        doc = pos_json("8-2 4-4", trains=["12-5 5-1", "12-8"], boneyard=3, unannounced=[0], rules=rules, turn=1)
        doc["hand_sizes"] = [1, 2]
        doc["boneyard"] = 91 - 1 - 3 - 3
        p = Position.from_json(doc)
        assert p.legal_moves()[-2:] == [Move.announce(0), Move.catch(0)]
        assert p.to_json()["unannounced"] == [0]
        after = apply_move(doc, Move.catch(0).to_json())
        assert after["hand_sizes"] == [3, 2] and after["boneyard"] == doc["boneyard"] - 2 and "unannounced" not in after
        assert after["turn"] == 1 and after["hand"] == ["4-4", "8-2"]
        after = apply_move(doc, {"action": "announce", "seat": 0})
        assert "unannounced" not in after and after["boneyard"] == doc["boneyard"]

    def test_impossible_unannounced_seats_are_refused(self) -> None:
        base = {"trains": ["12-5", "12-8", ""], "boneyard": 3}
        with pytest.raises(PositionError, match="unannounced: these rules do not ask"):
            pos("4-4", unannounced=[0], **base)
        with pytest.raises(PositionError, match=r"unannounced\[0\]: seat 1 cannot owe an announcement"):
            pos("4-4", unannounced=[1], rules=announcing("standard"), **base)
        with pytest.raises(PositionError, match=r"unannounced\[0\]: seat 0 holds 2 tiles"):
            pos("4-4 3-3", unannounced=[0], rules=announcing("standard"), **base)
        assert pos("4-4", unannounced=[2, 0], rules=announcing("standard"), **base).unannounced == (2, 0)


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
