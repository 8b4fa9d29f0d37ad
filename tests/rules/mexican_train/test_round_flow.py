"""What happens when moves are pushed: turns, markers, doubles, the first lap, the end, the score."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import DominoSet, IllegalMove, Move, Round, Tile

from .helpers import play, pos, round_from

E = Tile(12, 12)


# -- setting up a round ----------------------------------------------------------------


def test_standard_deal_sets_the_engine_aside() -> None:
    r = Round.deal("standard", players=4, highest=12, seed=1)
    assert [len(h) for h in r.hands] == [15, 15, 15, 15]
    assert r.boneyard_count == 30 and r.turn == 0
    assert all(E not in h for h in r.hands) and E not in r.boneyard


def test_the_same_seed_deals_the_same_round() -> None:
    assert Round.deal(seed=42).hands == Round.deal(seed=42).hands
    assert Round.deal(seed=42).hands != Round.deal(seed=43).hands


def test_italian_deal_sizes() -> None:
    for players, size in {2: 16, 3: 16, 4: 15, 5: 14, 6: 12, 7: 10, 8: 9}.items():
        r = Round.deal("italian", players=players, seed=0)
        assert {len(h) for h in r.hands} == {size}
        assert r.boneyard_count == 90 - players * size


def _seed_where(rules: Any, holds: bool) -> int:
    for seed in range(500):
        r = Round.deal(rules, players=4, seed=seed)
        if (r.boneyard_count == 31) == holds:
            return seed
    raise AssertionError("no such seed")


@pytest.mark.parametrize("rules", ["czech", "portuguese"])
def test_holder_lays_the_engine_and_plays_first(rules: str) -> None:
    r = Round.deal(rules, players=4, seed=_seed_where(rules, holds=True))
    assert sorted(len(h) for h in r.hands) == [14, 15, 15, 15]
    assert len(r.hand(r.turn)) == 14  # the engine came out of that hand
    assert all(E not in h for h in r.hands) and E not in r.boneyard


@pytest.mark.parametrize("rules", ["czech", {"preset": "portuguese", "missing_engine": "draw"}])
def test_nobody_holds_the_engine_so_players_draw_in_turn(rules: Any) -> None:
    r = Round.deal(rules, players=4, seed=_seed_where(rules, holds=False), first=2)
    drawn = 31 - r.boneyard_count
    assert drawn >= 1
    # seats 2, 3, 0, 1, 2, ... drew one each until the engine appeared; the one who drew it plays first
    assert r.turn == (2 + drawn - 1) % 4
    expected = [15] * 4
    for k in range(drawn):
        expected[(2 + k) % 4] += 1
    expected[r.turn] -= 1
    assert [len(h) for h in r.hands] == expected
    assert all(E not in h for h in r.hands) and E not in r.boneyard


def test_later_rounds_use_a_lower_engine() -> None:
    r = Round.deal("standard", seed=3, engine=5)
    assert r.engine == 5 and all(Tile(5, 5) not in h for h in r.hands)
    assert r.position().to_json()["engine"] == 5


def test_deal_size_takes_a_preset_id_in_the_table_place() -> None:
    from scorekeeper.rules import PRESETS, deal_size

    assert deal_size(5, 12, "italian") == deal_size(5, 12, PRESETS["italian"]) == 14  # type: ignore[arg-type]


def test_too_many_players() -> None:
    with pytest.raises(ValueError, match="at most 6 players; use a double-15 set"):
        Round.deal("portuguese", players=7)


# -- turns and markers ------------------------------------------------------------------


def test_one_tile_then_the_next_seat() -> None:
    r = round_from(pos("12-5 5-1", boneyard=2), ["12-5 5-1", "3-1", "3-2", "4-1"], "6-2 6-1")
    r.push(play("12-5", 0))
    assert r.turn == 1 and r.trains[0].tiles == (Tile(12, 5),)


def test_draw_then_mark_then_marker_comes_off_on_own_train() -> None:
    r = round_from(pos("6-1", boneyard=2), ["6-1", "12-5", "3-2", "4-1"], "6-2 6-3")
    r.push(Move.draw())
    assert r.hand(0) == (Tile(6, 1), Tile(6, 3))
    with pytest.raises(IllegalMove) as caught:
        r.push(Move.draw())
    assert caught.value.rule == "already-drew"
    r.push(Move.pass_())
    assert r.trains[0].marker and r.turn == 1
    # the marker lets seat 1 play there... but seat 1 holds 12-5, which fits the empty train 0
    assert Move.play("12-5", 0) in r.legal_moves()


def test_owner_playing_on_own_train_removes_the_marker() -> None:
    p = pos("12-5 6-6", trains=["", "", "", ""], marked=[0], boneyard=0)
    r = round_from(p, ["12-5 6-6", "3-1", "3-2", "4-1"])
    r.push(play("12-5", 0))
    assert not r.trains[0].marker


def test_standard_others_playing_on_a_marked_train_leave_the_marker() -> None:
    p = pos("12-5 1-1", trains=["", "", "", ""], marked=[1], boneyard=0)
    r = round_from(p, ["12-5 1-1", "3-1", "3-2", "4-1"])
    r.push(play("12-5", 1))
    assert r.trains[1].marker


def test_czech_the_next_players_tile_on_a_marked_train_replaces_the_marker() -> None:
    # seat 0 plays right after seat 3 (marker_removed_by "next")
    p = pos("12-5 1-1", trains=["12-3", "", "", ""], marked=[3], boneyard=0, rules="czech")
    r = round_from(p, ["12-5 1-1", "3-1", "3-2", "4-1"])
    r.push(play("12-5", 3))
    assert not r.trains[3].marker


def test_portuguese_no_marker_after_a_failed_draw() -> None:
    p = pos("6-1", trains=["12-3", "", "", ""], boneyard=1, rules="portuguese")
    r = round_from(p, ["6-1", "3-1", "3-2", "4-1"], "6-2")
    r.push(Move.draw())
    r.push(Move.pass_())
    assert not any(t.marker for t in r.trains) and r.turn == 1


# -- doubles ----------------------------------------------------------------------------


def test_layer_of_a_double_plays_again() -> None:
    r = round_from(pos("5-5 4-5 5-1", trains=["12-4", "", "", ""], boneyard=0), ["5-5 4-5 5-1", "3-1", "3-2", "4-1"])
    r.push(play("4-5", 0))
    assert r.turn == 1
    r2 = round_from(pos("5-5 5-1 6-2", trains=["12-5", "", "", ""], boneyard=0), ["5-5 5-1 6-2", "3-1", "3-2", "4-1"])
    r2.push(play("5-5", 0))
    assert r2.turn == 0 and r2.laid_double and r2.open_doubles == (0,)
    r2.push(play("5-1", 0))
    assert r2.turn == 1 and len(r2.open_doubles) == 0


def test_standard_uncovered_double_marks_the_layer_and_binds_the_next_player() -> None:
    p = pos("5-5 6-2", trains=["12-5", "", "", ""], boneyard=1)
    r = round_from(p, ["5-5 6-2", "5-1 12-7", "3-2", "4-1"], "6-3")
    r.push(play("5-5", 0))
    r.push(Move.draw())  # 6-3 does not cover 5-5
    r.push(Move.pass_())
    assert r.trains[0].marker and r.open_doubles == (0,) and r.turn == 1
    assert r.legal_moves() == [Move.play("5-1", 0)]


def test_italian_layer_who_cannot_follow_up_is_not_marked() -> None:
    p = pos("5-5 6-2", trains=["12-5", "", "", ""], boneyard=1, rules="italian")
    r = round_from(p, ["5-5 6-2", "5-1 12-7", "3-2", "4-1"], "6-3")
    r.push(play("5-5", 0))
    r.push(Move.draw())
    r.push(Move.pass_())
    assert not r.trains[0].marker and r.open_doubles == (0,)
    assert r.legal_moves() == [Move.play("5-1", 0)]


def test_portuguese_double_stops_binding_when_its_layers_turn_ends() -> None:
    p = pos("5-5 6-2", trains=["12-5", "12-3", "", ""], boneyard=1, rules="portuguese")
    r = round_from(p, ["5-5 6-2", "3-1 5-1", "3-2", "4-1"], "6-3")
    r.push(play("5-5", 0))
    r.push(Move.draw())
    r.push(Move.pass_())
    assert r.open_doubles == () and r.turn == 1
    assert r.legal_moves() == [Move.play("3-1", 1)]


# -- the first lap and the Mexican train ------------------------------------------------------


def test_czech_first_lap_lays_as_many_tiles_as_you_can() -> None:
    p = pos("12-5 5-1 1-4 9-9", first_lap=True, boneyard=0, rules="czech")
    r = round_from(p, ["12-5 5-1 1-4 9-9", "3-1", "3-2", "7-2"])
    r.push(play("12-5", 0))
    assert r.turn == 0
    r.push(play("5-1", 0))
    assert r.turn == 0
    with pytest.raises(IllegalMove) as caught:
        r.push(Move.pass_())
    assert caught.value.rule == "cannot-pass"
    r.push(play("1-4", 0))
    assert r.turn == 1  # nothing else fits: the turn ends by itself


def test_after_the_first_lap_one_tile_a_turn() -> None:
    p = pos("12-5 5-1", boneyard=0, rules="czech")
    r = round_from(p, ["12-5 5-1", "3-1", "3-2", "4-1"])
    r.push(play("12-5", 0))
    assert r.turn == 1


def test_portuguese_starting_the_mexican_train_is_an_extra_tile() -> None:
    p = pos("12-3 5-1 6-6", trains=["12-5", "", "", ""], boneyard=0, rules="portuguese")
    r = round_from(p, ["12-3 5-1 6-6", "3-1", "3-2", "4-1"])
    r.push(play("12-3", "mexican"))
    assert r.turn == 0
    r.push(play("5-1", 0))
    assert r.turn == 1


def test_standard_starting_the_mexican_train_is_the_turns_tile() -> None:
    r = round_from(pos("12-3 5-1 6-6", trains=["12-5", "", "", ""], boneyard=0), ["12-3 5-1 6-6", "3-1", "3-2", "4-1"])
    r.push(play("12-3", "mexican"))
    assert r.turn == 1


# -- the end of a round --------------------------------------------------------------------


def test_going_out_ends_the_round_and_scores_the_hands() -> None:
    r = round_from(pos("5-1", trains=["12-5", "", "", ""], boneyard=0), ["5-1", "3-1 0-0", "3-2", "6-6"])
    r.push(play("5-1", 0))
    out = r.outcome()
    assert out is not None and out.winner == 0 and not out.blocked
    assert out.scores == (0, 4, 5, 12)
    with pytest.raises(IllegalMove) as caught:
        r.push(Move.pass_())
    assert caught.value.rule == "round-over"
    assert r.legal_moves() == []


def test_double_blank_value_counts_in_the_score() -> None:
    p = pos("5-1", trains=["12-5", "", "", ""], boneyard=0, rules={"preset": "standard", "double_blank": 50})
    r = round_from(p, ["5-1", "3-1 0-0", "3-2", "6-6"])
    r.push(play("5-1", 0))
    assert r.outcome() is not None and r.outcome().scores == (0, 54, 5, 12)  # type: ignore[union-attr]


def test_blocked_when_nobody_can_play_and_the_boneyard_is_empty() -> None:
    p = pos("6-1", trains=["12-5", "12-4", "12-3", "12-2"], marked=[0, 1, 2, 3], boneyard=0)
    r = round_from(p, ["6-1", "7-1", "8-1", "9-1"])
    for _ in range(3):
        r.push(Move.pass_())
        assert r.outcome() is None
    r.push(Move.pass_())
    out = r.outcome()
    assert out is not None and out.blocked and out.winner is None
    assert out.scores == (7, 8, 9, 10)


def test_a_new_marker_is_not_yet_a_block() -> None:
    # seat 0 passes and marks; seat 1 can then play on it
    p = pos("8-1", trains=["12-5", "12-4", "12-3", "12-9"], marked=[1, 2, 3], boneyard=0)
    r = round_from(p, ["8-1", "5-7", "8-2", "8-4"])
    r.push(Move.pass_())
    assert r.trains[0].marker
    assert r.legal_moves() == [Move.play("5-7", 0)]


def test_pop_takes_back_moves() -> None:
    r = Round.deal(seed=5)
    before = r.position()
    moves = r.legal_moves()
    r.push(moves[0])
    r.push(r.legal_moves()[0])
    r.pop()
    assert r.pop() == moves[0]
    assert r.position() == before


def test_full_set_accounting() -> None:
    r = Round.deal("czech", players=5, seed=9)
    on_table = sum(len(t.tiles) for t in r.trains) + len(r.mexican) + 1
    assert sum(len(h) for h in r.hands) + len(r.boneyard) + on_table == DominoSet(12).tile_count
