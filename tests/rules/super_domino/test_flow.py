"""Super Domino hands played move by move: each special tile, each spinner, the spell, passing, the end.

Tables are set up from a position plus every hand and the boneyard (drawn from its end). German rules
and 4 players unless a test says otherwise; seats are numbered to the left.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import IllegalMove, SuperMove, SuperRound, Tile

from .helpers import hand_from, on, sd_pos, tiles

DRAW, PASS = SuperMove.draw(), SuperMove.pass_()
EDGES = [2, 7, 9, 6]  # the four arms of a spinner, grown a little
PAGAT_EDGES = [2, 7, 9, 6, 1, 1]


def table(
    hands: list[str], edges: list[int], boneyard: str = "", rules: Any = "german", turn: int = 0, **extra: Any
) -> SuperRound:
    pos = sd_pos(
        hands[turn], edges=edges, rules=rules, players=len(hands), turn=turn, boneyard=len(tiles(boneyard)), **extra
    )
    return hand_from(pos, hands, boneyard)


def held(text: str) -> tuple[Tile, ...]:
    return tuple(sorted(Tile.parse(t) for t in tiles(text)))


class TestSpecialTiles:
    def test_a_15_makes_every_other_player_draw_one(self) -> None:
        r = table(["15-2 1-0", "4-0", "5-0", "6-0"], EDGES, boneyard="8-1 8-2 8-3 8-4")
        r.play("15-2", 0)
        assert r.edges[0] == 15
        assert r.hand(1) == held("8-4 4-0") and r.hand(2) == held("8-3 5-0") and r.hand(3) == held("8-2 6-0")
        assert r.hand(0) == held("1-0") and r.boneyard_count == 1 and r.turn == 1

    def test_the_15_draws_stop_when_the_boneyard_runs_out(self) -> None:
        r = table(["15-2 1-0", "4-0", "5-0", "6-0"], EDGES, boneyard="8-1")
        r.play("15-2", 0)
        assert [len(h) for h in r.hands] == [1, 2, 1, 1]

    def test_only_the_number_left_showing_counts(self) -> None:
        r = table(["15-2 1-0", "4-0", "5-0", "6-0"], [15, 7, 9, 6], boneyard="8-1 8-2 8-3")
        r.play("15-2", 0)  # shows 2: nobody draws
        assert r.boneyard_count == 3 and r.edges[0] == 2

    def test_a_14_gives_the_same_player_another_turn(self) -> None:
        r = table(["14-7 9-1 0-0", "4-0", "5-0", "6-0"], EDGES)
        r.play("14-7", 1)
        assert r.turn == 0 and r.edges[1] == 14
        r.play("9-1", 2)
        assert r.turn == 1

    def test_a_3_reverses_the_direction(self) -> None:
        r = table(["3-9 1-0", "4-0", "5-0", "6-0"], EDGES)
        r.play("3-9", 2)
        assert r.direction == "right" and r.turn == 3
        assert r.position().to_json()["direction"] == "right"

    def test_a_turn_ending_with_a_double_skips_the_next_player(self) -> None:
        r = table(["9-9 1-0", "4-0", "5-0", "6-0"], EDGES)
        r.play("9-9", 2)
        assert r.turn == 2

    def test_a_double_after_a_14_ends_the_turn_and_skips(self) -> None:
        r = table(["14-7 9-9 1-0", "4-0", "5-0", "6-0"], EDGES)
        r.play("14-7", 1)
        r.play("9-9", 2)
        assert r.turn == 2

    def test_14_14_gives_another_turn_instead_of_a_skip(self) -> None:
        r = table(["14-7 14-14 6-1 1-0", "4-0", "5-0", "6-0"], EDGES)
        r.play("14-7", 1)
        r.play("14-14", 1)
        assert r.turn == 0 and r.edges[1] == 14
        r.play("6-1", 3)
        assert r.turn == 1

    def test_a_double_laid_on_a_13_shows_its_own_number(self) -> None:
        r = table(["5-5 1-0", "4-0", "5-0", "6-0"], [13, 7, 9, 6])
        r.play("5-5", 0)
        assert r.edges[0] == 5

    def test_published_rules_a_later_double_skips_too(self) -> None:
        r = table(["9-9 1-0", "4-0", "5-0", "6-0"], PAGAT_EDGES, rules="pagat")
        r.play("9-9", 2)
        assert r.turn == 2

    def test_option_never_skip(self) -> None:
        r = table(["9-9 1-0", "4-0", "5-0", "6-0"], EDGES, rules={"preset": "german", "double_skip": "never"})
        r.play("9-9", 2)
        assert r.turn == 1

    def test_option_either_half(self) -> None:
        hands = ["15-3 1-0", "4-0", "5-0", "6-0"]
        open_end = table(hands, [15, 7, 9, 6], boneyard="8-1 8-2 8-3")
        open_end.play("15-3", 0)  # shows 3: reverse only
        assert open_end.boneyard_count == 3 and open_end.direction == "right"
        either = table(
            hands, [15, 7, 9, 6], boneyard="8-1 8-2 8-3", rules={"preset": "german", "effects": "either-half"}
        )
        either.play("15-3", 0)  # a 15 and a 3: the others draw, and the direction reverses
        assert either.boneyard_count == 0 and either.direction == "right" and either.turn == 3

    def test_option_doubles_branch(self) -> None:
        r = table(["9-9 1-0", "4-0", "5-0", "6-0"], [9, 7, 2, 6], rules={"preset": "german", "double_edges": 3})
        r.play("9-9", 0)
        assert r.edges == (9, 7, 2, 6, 9, 9)


class TestSpinner:
    @staticmethod
    def opening(spinner: str, rules: str = "german", boneyard: str = "8-1 8-2 8-3") -> SuperRound:
        return table([f"{spinner} 1-0", "4-0", "5-0", "6-0"], [], boneyard=boneyard, rules=rules)

    def test_15_15_every_other_player_draws_one(self) -> None:
        r = self.opening("15-15")
        r.push(SuperMove.spinner("15-15"))
        assert r.edges == (15, 15, 15, 15) and r.spinner == Tile(15, 15)
        assert [len(h) for h in r.hands] == [1, 2, 2, 2]
        assert r.turn == 2  # German: the spinner is a double too, so seat 1 loses the turn

    def test_15_15_published_six_edges_and_no_skip(self) -> None:
        r = self.opening("15-15", "pagat")
        r.push(SuperMove.spinner("15-15"))
        assert r.edges == (15,) * 6 and r.turn == 1 and r.boneyard_count == 0

    def test_14_14_another_turn(self) -> None:
        r = self.opening("14-14")
        r.push(SuperMove.spinner("14-14"))
        assert r.turn == 0

    def test_13_13_everybody_under_the_spell(self) -> None:
        r = self.opening("13-13")
        r.push(SuperMove.spinner("13-13"))
        assert r.spell == (0, 1, 2, 3) and r.turn == 2  # German: seat 1 skipped, seat 2 spellbound
        assert r.legal_moves() == [DRAW]
        published = self.opening("13-13", "pagat")
        published.push(SuperMove.spinner("13-13"))
        assert published.spell == (0, 1, 2, 3, 4, 5) and published.turn == 1

    def test_3_3_reverses(self) -> None:
        r = self.opening("3-3")
        r.push(SuperMove.spinner("3-3"))
        assert r.direction == "right" and r.turn == 2  # to the right, skipping seat 3
        published = self.opening("3-3", "pagat")
        published.push(SuperMove.spinner("3-3"))
        assert published.direction == "right" and published.turn == 3

    def test_the_holder_of_the_highest_tile_starts(self) -> None:
        for seed in range(20):
            r = SuperRound.deal("german", players=5, seed=seed)
            best = max((t.pips(), t.is_double, t.high) for h in r.hands for t in h)
            assert best in {(t.pips(), t.is_double, t.high) for t in r.hand(r.turn)}

    def test_without_a_double_you_are_skipped_then_everyone_draws_one(self) -> None:
        r = table(["15-3", "14-2", "12-1"], [], boneyard="11-0 5-5")
        for _ in range(3):
            assert r.legal_moves() == [PASS]
            r.pass_()
        assert r.turn == 0 and r.legal_moves() == [DRAW]
        assert r.draw() == (Tile(5, 5),)
        assert r.legal_moves() == [SuperMove.spinner("5-5")]
        r.push(SuperMove.spinner("5-5"))
        assert r.edges == (5, 5, 5, 5)

    def test_nobody_holds_a_double_and_the_boneyard_is_empty(self) -> None:
        r = table(["15-3", "14-2", "12-1"], [], boneyard="11-0")
        r.pass_()
        r.pass_()
        r.pass_()  # noqa: E702
        r.draw()
        r.pass_()
        assert r.is_over and r.outcome() is not None and r.outcome().blocked  # type: ignore[union-attr]


class TestSpell:
    def test_the_spell_passes_on_until_broken(self) -> None:
        r = table(["13-9 1-0", "4-0 8-1", "13-5 2-1", "6-0"], EDGES, boneyard="11-1 11-2 11-3 11-4")
        r.play("13-9", 2)
        doc = r.position().to_json()
        assert doc["spell"] == [2] and doc["spell_caster"] == 0 and r.turn == 1
        assert r.legal_moves() == [DRAW]
        assert r.draw() == held("11-4 11-3")
        assert r.legal_moves() == [PASS]  # German: drawing for the spell ends the turn
        r.pass_()
        assert r.turn == 2 and r.legal_moves() == [on("13-5", 2)]  # 2-1 fits edge 0, but the spell binds
        r.play("13-5", 2)
        assert r.spell == () and r.edges[2] == 5 and r.turn == 3

    def test_13_13_breaks_a_spell_and_casts_a_new_one(self) -> None:
        r = table(["13-13 1-0", "4-0", "5-0", "6-0"], [2, 7, 13, 6], spell=[2], spell_caster=3)
        r.play("13-13", 2)
        assert r.spell == (2,) and r.turn == 2
        published = table(["13-13 1-0", "4-0", "5-0", "6-0"], [2, 7, 13, 6, 1, 1], rules="pagat", spell=[2])
        published.play("13-13", 2)
        assert published.spell == (2,) and published.turn == 1

    def test_published_rules_the_caster_is_free_of_their_own_spell(self) -> None:
        r = table(["13-9 7-1 0-0", "4-0"], PAGAT_EDGES, boneyard="11-1 11-2", rules="pagat")
        r.play("13-9", 2)
        r.draw()
        assert r.legal_moves() == [PASS]
        r.pass_()
        assert r.turn == 0 and on("7-1", 1) in r.legal_moves()
        r.play("7-1", 1)
        assert r.spell == (2,) and r.turn == 1 and r.legal_moves() == [PASS]

    def test_german_rules_the_caster_is_bound_too(self) -> None:
        r = table(["13-9 7-1 0-0", "4-0"], EDGES, boneyard="11-1 11-2")
        r.play("13-9", 2)
        r.draw()
        r.pass_()
        assert r.turn == 0 and r.legal_moves() == [on("0-0", 2)]  # any double breaks it; 7-1 may not go elsewhere
        assert r.check(on("7-1", 1)).rule == "sd-spell"

    def test_a_spell_nobody_can_break_blocks_the_hand(self) -> None:
        r = table(["13-9 7-1", "4-0", "5-0"], EDGES)
        r.play("13-9", 2)
        for _ in range(3):
            r.pass_()
        out = r.outcome()
        assert out is not None and out.blocked and out.winners == (1,)  # one tile, 4 pips


class TestPassing:
    def test_german_a_stuck_player_passes_and_draws_nothing(self) -> None:
        r = table(["7-1 0-0", "4-0", "5-0", "6-1"], [15, 15, 15, 15], boneyard="8-1 8-2")
        assert r.legal_moves() == [PASS]
        r.pass_()
        assert r.boneyard_count == 2 and r.position().passes == 1

    def test_published_draw_two_then_lay_one(self) -> None:
        r = table(["7-1", "4-0", "5-0", "6-0"], [15] * 6, boneyard="8-8 15-2", rules="pagat")
        assert r.legal_moves() == [DRAW]
        assert r.draw() == held("15-2 8-8")
        assert PASS in r.legal_moves() and on("15-2", 0) in r.legal_moves()
        r.play("15-2", 0)
        assert r.turn == 1 and r.hand(0) == held("7-1 8-8")

    def test_published_draw_two_then_keep_them(self) -> None:
        r = table(["7-1", "4-0", "5-0", "6-0"], [15] * 6, boneyard="8-8 15-2", rules="pagat")
        r.draw()
        r.pass_()
        assert r.turn == 1 and len(r.hand(0)) == 3 and r.position().passes == 0

    def test_published_an_empty_boneyard_means_pass(self) -> None:
        r = table(["7-1", "4-0", "5-0", "6-0"], [15] * 6, rules="pagat")
        assert r.legal_moves() == [PASS]

    def test_a_3_with_two_players(self) -> None:
        german = table(["3-9 1-0", "4-0"], EDGES)
        german.play("3-9", 2)
        assert german.direction == "right" and german.turn == 1
        published = table(["3-9 1-0", "4-0"], PAGAT_EDGES, rules="pagat")
        published.play("3-9", 2)
        assert published.direction == "left" and published.turn == 1


class TestEnd:
    def test_first_player_out_wins_and_the_15_is_not_paid(self) -> None:
        r = table(["15-2", "4-0", "5-0", "6-0"], EDGES, boneyard="8-1 8-2 8-3")
        r.play("15-2", 0)
        out = r.outcome()
        assert out is not None and out.winners == (0,) and out.went_out == 0 and not out.blocked
        assert out.tiles == (0, 1, 1, 1) and r.boneyard_count == 3
        assert r.legal_moves() == [] and r.check(PASS).rule == "sd-hand-over"

    def test_blocked_fewest_tiles_wins(self) -> None:
        r = table(["7-1 9-8", "8-1", "6-0 4-0"], [2, 2, 2, 2])
        for _ in range(3):
            r.pass_()
        out = r.outcome()
        assert out is not None and out.blocked and out.winners == (1,) and out.winner == 1
        assert out.tiles == (2, 1, 2) and out.pips == (25, 9, 10)

    def test_blocked_equal_tiles_lowest_pips_wins(self) -> None:
        r = table(["8-1", "6-0", "9-4"], [2, 2, 2, 2])
        for _ in range(3):
            r.pass_()
        out = r.outcome()
        assert out is not None and out.winners == (1,)

    def test_blocked_a_full_tie_shares_the_hand(self) -> None:
        r = table(["8-1", "5-4", "9-4"], [2, 2, 2, 2])
        for _ in range(3):
            r.pass_()
        out = r.outcome()
        assert out is not None and out.winners == (0, 1) and out.winner is None
        assert out.to_json()["winners"] == [0, 1]

    def test_one_play_resets_the_count_of_passes(self) -> None:
        r = table(["7-1 0-0", "2-1 8-1", "6-0"], [2, 2, 2, 2])
        r.pass_()
        r.play("2-1", 0)
        assert r.position().passes == 0 and not r.is_over


class TestRoundObject:
    def test_push_refuses_an_illegal_move_and_changes_nothing(self) -> None:
        r = table(["7-1 0-0", "4-0", "5-0", "6-0"], EDGES)
        before = r.position()
        with pytest.raises(IllegalMove) as e:
            r.play("7-1", 0)
        assert e.value.rule == "sd-tile-does-not-match" and r.position() == before

    def test_pop_takes_back_a_move_with_its_effects(self) -> None:
        r = table(["15-2 1-0", "4-0", "5-0", "6-0"], EDGES, boneyard="8-1 8-2 8-3")
        before = r.position().to_json()
        r.play("15-2", 0)
        assert r.pop() == on("15-2", 0)
        assert r.position().to_json() == before

    def test_layout_records_where_each_tile_went(self) -> None:
        r = SuperRound.deal("german", players=3, seed=11)
        while not r.is_over and len(r.layout) < 6:
            r.push(r.legal_moves()[0])
        assert r.layout[0].edge is None and r.layout[0].tile == r.spinner
        assert all(p.edge is not None for p in r.layout[1:])

    def test_deal_checks_its_arguments(self) -> None:
        with pytest.raises(ValueError):
            SuperRound.deal("german", players=16)
        with pytest.raises(ValueError):
            SuperRound.deal("german", players=4, highest=12)
        assert len(SuperRound.deal("german", players=15, seed=1).boneyard) == 1
