"""Chicken Foot rules, one example each: every refusal with its rule id and its reason, and the legal moves."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.rules import IllegalMove
from scorekeeper.rules.chicken_foot import RULES, ChickenMove, ChickenRound
from scorekeeper.rules.chicken_foot import rulebook as R
from scorekeeper.rules.tiles import Tile

from .helpers import MID, RING, cf_pos

M = ChickenMove


def rule(pos_or_round: object, move: ChickenMove) -> str:
    return pos_or_round.check(move).rule  # type: ignore[attr-defined, no-any-return]


# -- the round's double and who starts -------------------------------------------------------


def test_the_holder_of_the_rounds_double_lays_it_in_the_centre_first() -> None:
    pos = cf_pos("9-9 9-4", ends=[])
    assert pos.legal_moves() == [M.centre("9-9")]
    verdict = pos.check(M.play("9-4", 0))
    assert (verdict.rule, verdict.reason) == (
        R.CF_CENTRE_FIRST,
        "Nothing is on the table yet: this round opens with 9-9 in the centre, not 9-4.",
    )
    assert pos.check(M.play("9-9", 2)).reason == (
        "Nothing is on the table yet, so there is no end 3: lay 9-9 alone, in the centre."
    )
    assert pos.check(M.draw()).reason == "You cannot draw while you can play: lay 9-9 in the centre."
    assert pos.check(M.pass_()).rule == R.CF_CANNOT_PASS


def test_the_rounds_double_is_whichever_round_it_is() -> None:
    pos = cf_pos("5-5 9-9", ends=[], centre=5)
    assert pos.legal_moves() == [M.centre("5-5")]


def test_nobody_holds_the_rounds_double_so_players_draw_one_each_in_turn() -> None:
    pos = cf_pos("9-4 8-1", ends=[])
    assert pos.legal_moves() == [M.draw()]
    assert pos.check(M.draw()).reason == "You may draw: nobody has laid the round's double yet and you do not hold it."
    drew = cf_pos("9-4 8-1 7-7", ends=[], drawn=True)
    assert drew.legal_moves() == [M.pass_()]
    assert drew.check(M.draw()).reason == (
        "You have already drawn this turn: lay 9-9 in the centre if you drew it, or pass."
    )
    until = cf_pos("9-4 8-1 7-7", ends=[], drawn=True, rules={"preset": "chicken-foot", "draw": "until-playable"})
    assert rule(until, M.draw()) == R.CF_ALREADY_DREW  # one tile a turn, even under draw until playable
    lucky = cf_pos("9-4 8-1 9-9", ends=[], drawn=True)
    assert lucky.legal_moves() == [M.centre("9-9")]


def test_a_round_where_nobody_holds_the_double_starts_with_the_first_player_drawing() -> None:
    for seed in range(200):
        r = ChickenRound.deal("chicken-foot", players=2, seed=seed, first=1)
        if not any(t.high == t.low == 9 for h in r.hands for t in h):
            break
    else:
        pytest.fail("every deal gave someone the 9-9")
    assert r.turn == 1 and r.legal_moves() == [M.draw()]
    while r.ends == ():
        r.push(r.legal_moves()[0])  # draw, then lay it or pass, until someone lays the 9-9
    assert r.layout[0].tile.high == 9 and r.layout[0].end is None


def test_the_holder_of_the_double_starts_whoever_the_first_player_is() -> None:
    r = ChickenRound.deal("chicken-foot", players=4, seed=3, first=2)
    holder = next(s for s, h in enumerate(r.hands) if any(t.high == t.low == 9 for t in h))
    assert r.turn == holder and r.legal_moves() == [M.centre("9-9")]


# -- around the centre, then feet ---------------------------------------------------------------


def test_tiles_go_around_the_centre_before_anywhere_else() -> None:
    pos = cf_pos("9-4 4-2", ends=[9, 9, 4, 9, 9, 9], unfilled=[0, 1, 3, 4, 5])
    assert [m.end for m in pos.legal_moves()] == [0, 1, 3, 4, 5]
    verdict = pos.check(M.play("4-2", 2))
    assert (verdict.rule, verdict.reason) == (
        R.CF_CENTRE_NOT_FULL,
        "6 tiles go around the centre double before play goes elsewhere: lay 4-2 on one of ends 1, 2, 4, 5, 6, "
        "which still wait for a tile.",
    )
    assert verdict.title == "The centre double is surrounded before play goes elsewhere"
    assert verdict.anchor == "chicken-foot-centre"


@pytest.mark.parametrize("ring", [4, 8])
def test_a_table_may_put_four_or_eight_around_the_centre(ring: int) -> None:
    r = ChickenRound.deal({"preset": "chicken-foot", "centre_tiles": ring}, players=4, seed=3)
    r.push(r.legal_moves()[0])
    assert r.ends == (9,) * ring and r.unfilled == tuple(range(ring))


def test_a_double_takes_its_three_toes_before_play_goes_elsewhere() -> None:
    pos = cf_pos("5-3 4-0", ends=[4, 9, 2, 9, 7, 5, 5, 5], unfilled=[5, 6, 7])
    assert [str(m) for m in pos.legal_moves()] == ["5-3 on 5", "5-3 on 6", "5-3 on 7"]
    verdict = pos.check(M.play("4-0", 0))
    assert (verdict.rule, verdict.reason) == (
        R.CF_FOOT_NOT_FINISHED,
        "The double 5-5 needs its three toes before play goes elsewhere: lay a 5 on one of ends 6, 7, 8.",
    )


def test_laying_a_double_opens_its_foot_in_a_round() -> None:
    r = ChickenRound.from_position(
        cf_pos("7-7 1-0", ends=MID, hand_sizes=[2, 1, 1, 1]),
        hands=[["7-7", "1-0"], ["7-2"], ["7-3"], ["6-6"]],
        boneyard=[
            f"{a}-{b}" for a, b in [(8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 6), (6, 0), (6, 1), (6, 2)]
        ],
    )
    r.play("7-7", 4)
    assert r.ends == (4, 9, 2, 9, 7, 3, 7, 7) and r.unfilled == (4, 6, 7)
    assert r.check(M.play("6-6", 0)).rule == R.CF_TILE_NOT_IN_HAND  # seat 1 holds 7-2 only
    r.play("7-2", 6)
    assert list(r.unfilled) == [4, 7] and r.position().ends[6] == 2


def test_without_feet_first_a_double_opens_toes_but_play_goes_on_anywhere() -> None:
    pos = cf_pos("7-7 4-0", ends=MID, rules={"preset": "chicken-foot", "foot_first": False})
    r = ChickenRound.from_position(
        pos, hands=[["7-7", "4-0"], ["2-1"], ["3-1"], ["5-1"]], boneyard=[f"8-{b}" for b in range(9)] + ["6-0"]
    )
    r.play("7-7", 4)
    assert r.unfilled == () and len(r.ends) == 8
    assert (
        rule(
            cf_pos(
                "5-3", ends=[4, 9, 2, 9, 7, 7, 7, 7], rules={"preset": "chicken-foot", "foot_first": False}, unfilled=[]
            ),
            M.play("5-3", 5),
        )
        == R.CF_TILE_DOES_NOT_MATCH
    )


def test_a_tile_must_match_its_end() -> None:
    verdict = cf_pos("5-3", ends=MID).check(M.play("5-3", 0))
    assert (verdict.rule, verdict.reason) == (
        R.CF_TILE_DOES_NOT_MATCH,
        "5-3 does not match end 1 (showing 4): a tile goes on an end showing one of its numbers.",
    )
    assert cf_pos("5-3", ends=MID).check(M.play("5-3", 5)).legal


def test_a_play_names_an_end_that_exists() -> None:
    pos = cf_pos("4-1", ends=MID)
    assert pos.check(M.play("4-1", 6)).reason == "There is no end 7: the open ends are 1 to 6."
    assert pos.check(M.centre("4-1")).reason == (
        "The centre double is already down: say which open end (1 to 6) 4-1 goes on."
    )
    assert rule(pos, M.play("4-1", 6)) == R.CF_NO_SUCH_END


def test_only_a_tile_from_the_hand() -> None:
    pos = cf_pos("4-1", ends=MID)
    assert pos.check(M.play("4-2", 0)).reason == "4-2 is not in your hand."
    assert pos.check(M.play("12-4", 0)).reason == "12-4 is not in a double-9 set, so it cannot be in your hand."
    assert rule(pos, M.play("4-2", 0)) == R.CF_TILE_NOT_IN_HAND


# -- drawing and passing --------------------------------------------------------------------------


def test_draw_only_when_you_cannot_play() -> None:
    pos = cf_pos("4-1", ends=MID)
    verdict = pos.check(M.draw())
    assert (verdict.rule, verdict.reason) == (
        R.CF_MUST_PLAY_BEFORE_DRAWING,
        "You cannot draw while you can play: 4-1 on end 1 (showing 4) is legal.",
    )
    assert pos.check(M.pass_()).reason == "You cannot pass while you can play: 4-1 on end 1 (showing 4) is legal."


def test_draw_one_then_lay_it_or_pass() -> None:
    stuck = cf_pos("8-8", ends=MID)
    assert stuck.legal_moves() == [M.draw()]
    assert stuck.check(M.pass_()).reason == "You cannot pass yet: you cannot play, so draw a tile first."
    drew = cf_pos("8-8 8-1", ends=MID, drawn=True)
    assert drew.legal_moves() == [M.pass_()]
    verdict = drew.check(M.draw())
    assert (verdict.rule, verdict.reason) == (
        R.CF_ALREADY_DREW,
        "You have already drawn this turn: lay the tile if it fits, or pass.",
    )
    fits = cf_pos("8-8 4-1", ends=MID, drawn=True)
    assert fits.legal_moves() == [M.play("4-1", 0)]  # a drawn tile that fits is laid


def test_draw_until_playable_is_a_house_rule() -> None:
    rules = {"preset": "chicken-foot", "draw": "until-playable"}
    assert cf_pos("8-8 8-1", ends=MID, drawn=True, rules=rules).legal_moves() == [M.draw()]


def test_an_empty_chicken_yard_means_pass() -> None:
    pos = cf_pos("8-8", ends=MID, boneyard=0)
    assert pos.legal_moves() == [M.pass_()]
    verdict = pos.check(M.draw())
    assert (verdict.rule, verdict.reason) == (
        R.CF_BONEYARD_EMPTY,
        "The chicken yard is empty: pass instead of drawing.",
    )
    assert pos.check(M.pass_()).reason == "You may pass: you cannot play and the chicken yard is empty."


# -- the first player's turn ----------------------------------------------------------------------


def test_one_tile_a_turn_the_centre_double_included() -> None:
    r = ChickenRound.deal("chicken-foot", players=4, seed=3)
    first = r.turn
    r.push(r.legal_moves()[0])
    assert r.turn == (first + 1) % 4


def test_with_first_turn_multiple_the_first_player_goes_on_around_the_centre() -> None:
    rules = {"preset": "chicken-foot", "first_turn_multiple": True}
    pos = cf_pos("9-4 9-1 8-8", ends=RING, unfilled=range(6), laid=1, rules=rules)
    assert M.pass_() in pos.legal_moves() and M.play("9-4", 0) in pos.legal_moves()
    assert pos.check(M.pass_()).reason == "You may end your turn here."
    verdict = pos.check(M.draw())
    assert (verdict.rule, verdict.reason) == (
        R.CF_NO_DRAW_AFTER_LAYING,
        "You have laid tiles this turn, so you do not draw: lay another around the centre, or pass.",
    )
    r = ChickenRound.deal(rules, players=4, seed=3)
    first = r.turn
    r.push(r.legal_moves()[0])
    assert r.turn == first  # the centre is down and the same player goes on


# -- the end of a round ---------------------------------------------------------------------------


def test_nobody_moves_once_the_round_is_over() -> None:
    blocked = cf_pos("8-8", ends=MID, boneyard=0, passes=4)
    verdict = blocked.check(M.pass_())
    assert (verdict.rule, verdict.reason) == (
        R.CF_ROUND_OVER,
        "The round is over: nobody can play, so nobody may move.",
    )
    assert blocked.legal_moves() == []
    out = cf_pos("8-8", ends=MID, hand_sizes=[1, 0, 3, 3], names=["Ana", "Ben", "Cleo", "Dev"])
    assert out.check(M.draw()).reason == "The round is over: Ben laid their last tile, so nobody may move."


def test_going_out_ends_the_round_and_scores_the_pips_left() -> None:
    pos = cf_pos("4-1", ends=MID, hand_sizes=[1, 2, 1, 1], turn=0)
    r = ChickenRound.from_position(
        pos, hands=[["4-1"], ["0-0", "6-5"], ["8-8"], ["3-0"]], boneyard=[f"8-{b}" for b in range(8)] + ["6-0", "6-1"]
    )
    r.play("4-1", 0)
    out = r.outcome()
    assert out is not None and out.to_json() == {"went_out": 0, "blocked": False, "scores": [0, 61, 16, 3]}


def test_the_double_blank_may_count_nothing_by_house_rule() -> None:
    rules = {"preset": "chicken-foot", "double_blank": 0}
    pos = cf_pos("4-1", ends=MID, hand_sizes=[1, 2, 1, 1], rules=rules)
    r = ChickenRound.from_position(
        pos, hands=[["4-1"], ["0-0", "6-5"], ["8-8"], ["3-0"]], boneyard=[f"8-{b}" for b in range(8)] + ["6-0", "6-1"]
    )
    r.play("4-1", 0)
    assert r.outcome().scores == (0, 11, 16, 3)  # type: ignore[union-attr]


def test_a_blocked_round_ends_when_every_player_has_passed() -> None:
    pos = cf_pos("8-8", ends=MID, boneyard=0, passes=3, hand_sizes=[1, 1, 1, 1])
    r = ChickenRound.from_position(pos, hands=[["8-8"], ["8-0"], ["8-1"], ["8-2"]], boneyard=[])
    r.pass_()
    out = r.outcome()
    assert out is not None and (out.blocked, out.went_out, out.scores) == (True, None, (16, 8, 9, 10))


# -- every rule has a title, an anchor and at least one example above ---------------------------


def test_every_rule_id_has_a_title_and_a_chicken_foot_anchor() -> None:
    assert all(anchor.startswith("chicken-foot-") for _, anchor in RULES.values())
    assert all(rule.startswith("cf-") for rule in RULES)


def test_an_illegal_push_raises_illegal_move_with_its_title() -> None:
    r = ChickenRound.deal("chicken-foot", players=4, seed=3)
    with pytest.raises(IllegalMove) as caught:
        r.push(M.play("9-4", 0))
    assert caught.value.rule in RULES and caught.value.title and caught.value.anchor.startswith("chicken-foot-")


def test_a_round_draws_one_tile_and_hands_it_back() -> None:
    pos = cf_pos("8-8", ends=MID, hand_sizes=[1, 1, 1, 1], boneyard=2)
    r = ChickenRound.from_position(pos, hands=[["8-8"], ["8-0"], ["8-1"], ["8-2"]], boneyard=["6-5", "4-3"])
    assert r.draw() == Tile(4, 3)  # the chicken yard is drawn from its end
    assert r.legal_moves() == [M.play("4-3", 0), M.play("4-3", 5)]
    r.play("4-3", 5)
    assert r.turn == 1 and r.ends[5] == 4 and r.hand(0) == (Tile(8, 8),)


def test_every_rule_has_an_example_in_this_file() -> None:
    """A rule added to the rulebook without an example of its reason above fails here."""
    source = Path(__file__).read_text()
    names = {name for name in dir(R) if name.startswith("CF_") and name != "CF_LEGAL"}
    assert {getattr(R, name) for name in names} == set(RULES) - {R.CF_LEGAL}
    assert [name for name in sorted(names) if f"R.{name}" not in source] == []
