"""Super Domino: one position, one move, the rule it meets. A readable case for every rule id.

Double-15 set, German rules, 4 players, seat 0 to move, the fat spinner's four edges showing 15,
unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import SUPER_DOMINO_ANCHORS, SUPER_DOMINO_RULES, SuperMove, SuperPosition

from .helpers import on, rule_of, sd_pos

DRAW, PASS = SuperMove.draw(), SuperMove.pass_()


class TestLaying:
    def test_legal_lay_against_a_matching_edge(self) -> None:
        verdict = sd_pos("15-3 7-1").check(on("3-15", 0))
        assert verdict.legal and verdict.rule == "sd-legal"
        assert verdict.reason == "You may lay 15-3 on edge 1 (showing 15)."
        assert verdict.anchor == "super-domino-turns"

    def test_tile_not_in_hand(self) -> None:
        assert rule_of(sd_pos("15-3"), on("15-4", 0)) == "sd-tile-not-in-hand"

    def test_a_tile_outside_the_set_is_not_in_hand(self) -> None:
        verdict = sd_pos("15-3").check(on("16-15", 0))
        assert verdict.rule == "sd-tile-not-in-hand" and "not in a double-15 set" in verdict.reason

    def test_no_such_edge(self) -> None:
        verdict = sd_pos("15-3").check(on("15-3", 4))
        assert verdict.rule == "sd-no-such-edge"
        assert verdict.reason == "There is no edge 5: the open edges are 1 to 4."  # reasons count edges from 1

    def test_after_the_spinner_a_play_names_an_edge(self) -> None:
        assert rule_of(sd_pos("15-3"), SuperMove.spinner("15-3")) == "sd-no-such-edge"

    def test_tile_does_not_match_the_edge(self) -> None:
        verdict = sd_pos("7-1", edges=[15, 7, 2, 15]).check(on("7-1", 2))
        assert verdict.rule == "sd-tile-does-not-match"
        assert verdict.reason.startswith("7-1 does not match edge 3 (showing 2)")

    def test_a_13_edge_is_wild_only_for_doubles(self) -> None:
        p = sd_pos("5-4 5-5", edges=[15, 7, 13, 15])
        assert rule_of(p, on("5-4", 2)) == "sd-tile-does-not-match"
        assert rule_of(p, on("5-5", 2)) == "sd-legal"


class TestSpinnerAndDoubles:
    def test_the_hand_opens_with_a_double_laid_on_no_edge(self) -> None:
        p = sd_pos("15-3 9-9", edges=[])
        assert p.legal_moves() == [SuperMove.spinner("9-9")]
        assert p.check(SuperMove.spinner("9-9")).reason == "You may lay 9-9 as the fat spinner."

    def test_spinner_first_not_a_double(self) -> None:
        verdict = sd_pos("15-3 9-9", edges=[]).check(SuperMove.spinner("15-3"))
        assert verdict.rule == "sd-spinner-first" and verdict.anchor == "super-domino-start"
        assert verdict.reason == "15-3 is not a double: the hand opens with a double, the fat spinner."

    def test_spinner_first_no_edges_yet(self) -> None:
        assert rule_of(sd_pos("9-9", edges=[]), on("9-9", 0)) == "sd-spinner-first"

    def test_double_on_its_own_number(self) -> None:
        assert rule_of(sd_pos("7-7", edges=[15, 7, 2, 15]), on("7-7", 1)) == "sd-legal"

    def test_double_does_not_match(self) -> None:
        verdict = sd_pos("5-5", edges=[15, 7, 2, 15]).check(on("5-5", 1))
        assert verdict.rule == "sd-double-does-not-match" and verdict.anchor == "super-domino-doubles"
        assert verdict.reason == "5-5 cannot go on edge 2 (showing 7): a double goes on its own number (5) or on a 13."


class TestSpell:
    SPELL = {"edges": [15, 7, 13, 15], "spell": [2]}

    def test_under_the_spell_play_on_the_13(self) -> None:
        verdict = sd_pos("13-4 7-1", **self.SPELL).check(on("7-1", 1))
        assert verdict.rule == "sd-spell" and verdict.anchor == "super-domino-spell"
        assert (
            verdict.reason == "The spell is on: you must play on the 13 showing on edge 3, so 7-1 cannot go on edge 2."
        )

    def test_a_13_breaks_the_spell(self) -> None:
        assert rule_of(sd_pos("13-4 7-1", **self.SPELL), on("13-4", 2)) == "sd-legal"

    def test_any_double_breaks_the_spell(self) -> None:
        assert sd_pos("4-4 7-1", **self.SPELL).legal_moves() == [on("4-4", 2)]

    def test_stuck_under_the_spell_draws_even_under_german_rules(self) -> None:
        p = sd_pos("7-1", **self.SPELL)
        assert p.legal_moves() == [DRAW]
        assert p.check(PASS).reason == "You cannot pass yet: you cannot break the spell, so draw two tiles first."

    def test_turn_ends_after_drawing_for_the_spell(self) -> None:
        p = sd_pos("7-1 13-2 9-8", drawn=True, **self.SPELL)
        verdict = p.check(on("13-2", 2))
        assert verdict.rule == "sd-turn-ends-after-draw"
        assert p.legal_moves() == [PASS]

    def test_published_rules_may_lay_a_drawn_tile_that_breaks_the_spell(self) -> None:
        p = sd_pos("7-1 13-2 9-8", rules="pagat", edges=[15, 7, 13, 15, 15, 15], spell=[2], drawn=True)
        assert p.legal_moves() == [on("13-2", 2), PASS]

    def test_the_caster_is_exempt_under_the_published_rules(self) -> None:
        p = sd_pos("7-1", rules="pagat", edges=[15, 7, 13, 15, 15, 15], spell=[2], spell_caster=0)
        assert rule_of(p, on("7-1", 1)) == "sd-legal"
        german = sd_pos("7-1", edges=[15, 7, 13, 15], spell=[2], spell_caster=0)
        assert rule_of(german, on("7-1", 1)) == "sd-spell"

    def test_a_spell_on_the_13_13_spinner_is_broken_on_any_of_its_edges(self) -> None:
        p = sd_pos("13-1 5-4", edges=[13, 13, 13, 13], spell=[0, 1, 2, 3])
        assert [m.edge for m in p.legal_moves()] == [0, 1, 2, 3]


class TestStuck:
    def test_must_play_before_drawing(self) -> None:
        verdict = sd_pos("15-3", rules="pagat", edges=[15] * 6).check(DRAW)
        assert verdict.rule == "sd-must-play-before-drawing"
        assert verdict.reason == "You cannot draw while you can play: 15-3 on edge 1 (showing 15) is legal."

    def test_german_rules_pass_instead_of_drawing(self) -> None:
        p = sd_pos("7-1")
        assert rule_of(p, DRAW) == "sd-no-drawing"
        assert p.legal_moves() == [PASS]

    def test_published_rules_draw_two_when_stuck(self) -> None:
        p = sd_pos("7-1", rules="pagat", edges=[15] * 6)
        assert p.legal_moves() == [DRAW]
        assert rule_of(p, PASS) == "sd-cannot-pass"

    def test_after_drawing_you_may_lay_or_keep_the_tile(self) -> None:
        p = sd_pos("7-1 15-2", rules="pagat", edges=[15] * 6, drawn=True)
        assert p.legal_moves() == [
            on("15-2", 0),
            on("15-2", 1),
            on("15-2", 2),
            on("15-2", 3),
            on("15-2", 4),
            on("15-2", 5),
            PASS,
        ]

    def test_already_drew(self) -> None:
        verdict = sd_pos("7-1 8-2 9-3", rules="pagat", edges=[15] * 6, drawn=True).check(DRAW)
        assert verdict.rule == "sd-already-drew"

    def test_boneyard_empty(self) -> None:
        p = sd_pos("7-1", rules="pagat", edges=[15] * 6, boneyard=0)
        assert rule_of(p, DRAW) == "sd-boneyard-empty"
        assert p.legal_moves() == [PASS]

    def test_cannot_pass_while_you_can_play(self) -> None:
        verdict = sd_pos("15-3").check(PASS)
        assert verdict.rule == "sd-cannot-pass" and verdict.anchor == "super-domino-stuck"

    def test_a_player_without_a_double_is_skipped_at_the_start(self) -> None:
        p = sd_pos("15-3 7-1", edges=[])
        assert p.legal_moves() == [PASS]
        assert rule_of(p, DRAW) == "sd-no-drawing"

    def test_once_everyone_is_skipped_they_draw_one_each(self) -> None:
        p = sd_pos("15-3 7-1", edges=[], passes=4)
        assert p.legal_moves() == [DRAW]
        assert rule_of(p, PASS) == "sd-cannot-pass"

    def test_holding_a_double_at_the_start_you_cannot_pass(self) -> None:
        assert rule_of(sd_pos("15-3 2-2", edges=[]), PASS) == "sd-cannot-pass"


class TestEnd:
    def test_hand_over_when_someone_went_out(self) -> None:
        p = sd_pos("", hand_sizes=[0, 3, 4, 2], boneyard=10)
        verdict = p.check(PASS)
        assert verdict.rule == "sd-hand-over" and verdict.anchor == "super-domino-ending"
        assert p.legal_moves() == []

    def test_hand_over_when_blocked(self) -> None:
        p = sd_pos("7-1", passes=4)
        assert p.is_over and p.check(on("7-1", 0)).reason == "The hand is over: nobody can play, so nobody may move."


def test_every_super_domino_rule_has_an_example_here() -> None:
    import inspect
    import sys

    source = inspect.getsource(sys.modules[__name__])
    for rule in SUPER_DOMINO_RULES:
        assert f'"{rule}"' in source, rule


def test_every_super_domino_anchor_starts_with_super_domino() -> None:
    for title, anchor in SUPER_DOMINO_RULES.values():
        assert anchor.startswith("super-domino-") and anchor in SUPER_DOMINO_ANCHORS and title


@pytest.mark.parametrize("preset", ["german", "pagat"])
def test_a_verdict_links_to_a_super_domino_section(preset: str) -> None:
    p = sd_pos("7-1", rules=preset, edges=[15] * (4 if preset == "german" else 6))
    for move in (DRAW, PASS, on("7-1", 0), on("7-1", 9)):
        assert p.check(move).anchor.startswith("super-domino-")


def test_position_type() -> None:
    assert isinstance(sd_pos("15-3"), SuperPosition)
