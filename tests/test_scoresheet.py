"""The score sheet's arithmetic: round sequence, totals, ranks, ties, winners."""

import pytest

from scorekeeper.rules import (
    DealError,
    DominoSet,
    boneyard_after_deal,
    deal_size,
    round_engines,
    running_totals,
    standings,
    winners,
)


def test_double_twelve_game_counts_down_thirteen_rounds() -> None:
    assert round_engines(12) == tuple(range(12, -1, -1))


def test_every_set_has_one_round_per_double() -> None:
    assert [len(round_engines(n)) for n in (6, 9, 12, 15, 18)] == [7, 10, 13, 16, 19]


def test_the_house_rule_opens_every_round_on_the_highest_double() -> None:
    """highest_engine_every_round reaches the score sheet: the Mexican Train kind shows "engine 12-12" every round
    for a game whose rules (preset and house rules, as game.house_rules holds them) say so."""
    from scorekeeper.games.mexican_train import KIND as MEXICAN_TRAIN
    from scorekeeper.games.super_domino import KIND as SUPER_DOMINO

    czech_evening = {"preset": "czech", "highest_engine_every_round": True}
    assert MEXICAN_TRAIN.engines(12, False, None, czech_evening) == (12,) * 13
    assert MEXICAN_TRAIN.engines(12, True, 5, czech_evening) == (12,) * 5  # counting up changes nothing then
    assert MEXICAN_TRAIN.engines(12, False, None, "czech") == tuple(range(12, -1, -1))
    assert MEXICAN_TRAIN.engines(12, False, 3) == (12, 11, 10)  # no rules given: the default ones
    assert round_engines(9, always_highest=True) == (9,) * 10
    assert SUPER_DOMINO.engines(15, False, None, czech_evening) == ()


def test_counting_up_and_short_games() -> None:
    assert round_engines(12, ascending=True)[:3] == (0, 1, 2)
    assert round_engines(12, limit=4) == (12, 11, 10, 9)
    with pytest.raises(ValueError, match="1 to 13 rounds"):
        round_engines(12, limit=14)


def test_lowest_total_ranks_first_and_gap_to_leader() -> None:
    table = standings(["Ana", "Ben", "Cleo"], [{"Ana": 10, "Ben": 0, "Cleo": 41}, {"Ana": 5, "Ben": 30, "Cleo": 0}])
    assert [(s.player, s.total, s.rank, s.behind) for s in table] == [
        ("Ana", 15, 1, 0),
        ("Ben", 30, 2, 15),
        ("Cleo", 41, 3, 26),
    ]


def test_equal_totals_share_a_rank_and_the_next_rank_is_skipped() -> None:
    table = standings(["Ana", "Ben", "Cleo", "Dan"], [{"Ana": 9, "Ben": 3, "Cleo": 3, "Dan": 9}])
    assert [(s.player, s.rank) for s in table] == [("Ben", 1), ("Cleo", 1), ("Ana", 3), ("Dan", 3)]
    assert winners(table) == ["Ben", "Cleo"]


def test_running_totals_follow_each_round() -> None:
    assert running_totals(["A", "B"], [{"A": 1, "B": 2}, {"A": 3, "B": 0}]) == {"A": [1, 4], "B": [2, 2]}


def test_deal_sizes_follow_the_common_double_twelve_table() -> None:
    assert [deal_size(n, 12) for n in range(2, 9)] == [15, 15, 15, 12, 12, 10, 10]
    assert boneyard_after_deal(4, 12) == 91 - 1 - 60


def test_too_many_players_for_a_set_names_a_bigger_set() -> None:
    with pytest.raises(DealError, match="at most 4 players; use a double-9 set"):
        deal_size(5, 6)


def test_a_hand_can_hold_every_pip_but_the_engine() -> None:
    assert DominoSet(12).most_pips_in_hand(12) == 1092 - 24
    assert DominoSet(12).most_pips_in_hand(12, double_blank=50) == 1092 - 24 + 50
    assert DominoSet(12).most_pips_in_hand(0, double_blank=50) == 1092


def test_players_who_left_rank_after_everyone_who_played_on_the_longest_stay_first() -> None:
    rounds = [{"Ana": 30, "Ben": 40, "Cleo": 0, "Dan": 5, "Eve": 40}]
    table = standings(["Ana", "Ben", "Cleo", "Dan", "Eve"], rounds, left={"Cleo": 4, "Dan": 9})
    assert [(s.player, s.rank, s.left_after) for s in table] == [
        ("Ana", 1, None),
        ("Ben", 2, None),
        ("Eve", 2, None),  # equal totals of those who played on still share a place
        ("Dan", 4, 9),  # left after round 9: ahead of Cleo, who left after round 4
        ("Cleo", 5, 4),
    ]
    assert winners(table) == ["Ana"]


def test_super_domino_leavers_rank_after_the_table_whatever_their_hands() -> None:
    from scorekeeper.rules import hand_standings

    hands = [(["Cleo"], {"Ana": 9, "Ben": 3, "Cleo": 0}), (["Cleo"], {"Ana": 4, "Ben": 8, "Cleo": 0})]
    table = hand_standings(["Ana", "Ben", "Cleo"], hands, left={"Cleo": 2})
    assert [(s.player, s.wins, s.rank, s.left_after) for s in table] == [
        ("Ben", 0, 1, None),  # no hand won each: Ben's 11 pips against Ana's 13
        ("Ana", 0, 2, None),
        ("Cleo", 2, 3, 2),
    ]
