"""Who shuffles and deals each round, and who plays first: the seats written out by hand, not computed.

Seats count from 0 in playing order; the deal passes to the next seat each round. With the engine set aside
the player after the dealer plays first; where a preset lets the engine's holder (Mexican Train: czech,
portuguese) or the highest tile (Super Domino) begin, no seat is named, only the rule.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    ENGINE_HOLDER,
    HIGHEST_TILE,
    PRESETS,
    SUPER_PRESETS,
    Dealing,
    OptionsError,
    Round,
    SuperRound,
    Tile,
    dealer_seat,
    dealing,
    round_engines,
    starting_rule,
)
from scorekeeper.rules.i18n import get_translator, set_translator

# 13 rounds of a 5-player double-12 game, seat 0 dealing first
DEALERS_FROM_0 = [0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2]
LEADERS_FROM_0 = [1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3]
# the same game with seat 3 dealing first
DEALERS_FROM_3 = [3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0]
LEADERS_FROM_3 = [4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1]

# what each preset says about who plays first; a new preset must be added here, deciding it
STARTS: dict[str, str | None] = {
    "standard": None,  # the engine is set aside: the player after the dealer
    "italian": None,  # seed 000 sets the 12-12 aside and names no holder
    "czech": "engine-holder",  # seed 001: the holder of 12-12 begins
    "portuguese": "engine-holder",  # seed 002: whoever lays the engine is the first player
    "german": "highest-tile",  # seed 004: the highest tile goes first
    "pagat": "highest-tile",
}


def test_every_preset_says_who_plays_first() -> None:
    assert set(STARTS) == set(PRESETS) | set(SUPER_PRESETS)
    for name, starts in STARTS.items():
        preset = PRESETS.get(name) or SUPER_PRESETS[name]
        assert starting_rule(name) == starts, name
        assert starting_rule(preset) == starts, name
        assert starting_rule(preset.options) == starts, name


@pytest.mark.parametrize("preset", ["standard", "italian"])
def test_thirteen_rounds_of_five_players_with_the_engine_set_aside(preset: str) -> None:
    for first, dealers, leaders in ((0, DEALERS_FROM_0, LEADERS_FROM_0), (3, DEALERS_FROM_3, LEADERS_FROM_3)):
        rounds = [dealing(preset, 5, first, n) for n in range(1, 14)]
        assert [d.number for d in rounds] == list(range(1, 14))
        assert [d.dealer for d in rounds] == dealers
        assert [d.leader for d in rounds] == leaders
        assert all(d.starts is None and d.starts_text is None for d in rounds)


@pytest.mark.parametrize("preset", ["czech", "portuguese"])
def test_thirteen_rounds_of_five_players_where_the_engine_holder_starts(preset: str) -> None:
    engines = round_engines(12)
    rounds = [dealing(preset, 5, 3, n, engine=e) for n, e in zip(range(1, 14), engines)]
    assert [d.dealer for d in rounds] == DEALERS_FROM_3
    assert all(d.leader is None and d.starts == ENGINE_HOLDER for d in rounds)
    assert rounds[0].starts_text == "whoever holds double-12 starts"
    assert rounds[1].starts_text == "whoever holds double-11 starts"
    assert rounds[12].starts_text == "whoever holds double-0 starts"
    assert dealing(preset, 5, 3, 1).starts_text == "whoever holds the engine double starts"  # engine not known


@pytest.mark.parametrize("preset", ["german", "pagat"])
def test_super_domino_hands_rotate_the_deal_and_the_highest_tile_starts(preset: str) -> None:
    hands = [dealing(SUPER_PRESETS[preset], 5, 0, n) for n in range(1, 14)]
    assert [d.dealer for d in hands] == DEALERS_FROM_0
    assert all(d.leader is None and d.starts == HIGHEST_TILE for d in hands)
    assert hands[0].starts_text == "whoever holds the highest tile starts"
    # an evening goes on past any round count: hand 14 of 3 players is dealt by the second seat again
    assert dealing(preset, 3, 0, 14).dealer == 1


def test_an_option_changes_who_starts() -> None:
    assert dealing({"preset": "standard", "engine_placement": "holder"}, 4, 0, 1).starts == ENGINE_HOLDER
    czech_set_aside = dealing({"preset": "czech", "engine_placement": "set-aside"}, 4, 2, 1)
    assert (czech_set_aside.dealer, czech_set_aside.leader, czech_set_aside.starts) == (2, 3, None)


def test_a_super_domino_preset_with_house_rules_on_top_is_dealt_by_its_own_room() -> None:
    # the dealer once read every spec but a bare Super Domino preset as Mexican Train rules, and refused it
    spec = {"preset": "german", "double_skip": "never"}
    hand = dealing(spec, 3, 2, 2)
    assert (hand.dealer, hand.leader, hand.starts) == (0, None, HIGHEST_TILE)
    assert starting_rule(SUPER_PRESETS["pagat"].options) == HIGHEST_TILE


def test_two_players_take_turns() -> None:
    assert [(d.dealer, d.leader) for d in (dealing("standard", 2, 1, n) for n in (1, 2, 3))] == [(1, 0), (0, 1), (1, 0)]


def test_the_seat_after_the_dealer_is_where_the_engine_set_aside_round_begins() -> None:
    d = dealing("standard", 5, 4, 1)
    assert Round.deal("standard", players=5, seed=3, first=d.leader or 0).turn == 0 == d.leader


def test_the_engine_holder_is_who_the_engine_lets_begin() -> None:
    d = dealing("czech", 4, 1, 1, engine=12)
    assert d.leader is None
    r = Round.deal("czech", players=4, seed=1, first=(d.dealer + 1) % 4)
    # with this shuffle seat 1 was dealt the 12-12: it laid it from its hand of 15 and plays first
    assert r.turn == 1 and [len(r.hand(s)) for s in range(4)] == [15, 14, 15, 15]
    assert all(Tile.parse("12-12") not in hand for hand in r.hands)


def test_super_domino_the_highest_tile_moves_first() -> None:
    r = SuperRound.deal("german", players=4, seed=5)
    best = max((max(r.hand(s), key=lambda t: (t.pips(), t.is_double)), s) for s in range(4))
    assert r.turn == best[1]


def test_the_dealing_is_an_immutable_value() -> None:
    d = dealing("standard", 3, 0, 1)
    assert d == Dealing(1, 0, 1, None, None)
    with pytest.raises(AttributeError):
        d.dealer = 2  # type: ignore[misc]


@pytest.mark.parametrize(
    ("players", "first", "number", "message"),
    [
        (5, 5, 1, "first_dealer must be a seat from 0 to 4, not 5"),
        (5, -1, 1, "first_dealer must be a seat from 0 to 4, not -1"),
        (5, 0, 0, "rounds count from 1, not 0"),
        (0, 0, 1, "a table needs at least one seat, not 0"),
    ],
)
def test_a_seat_or_round_out_of_range_is_refused(players: int, first: int, number: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        dealer_seat(players, first, number)


def test_unknown_rules_are_refused() -> None:
    with pytest.raises(OptionsError):
        dealing("poker", 4, 0, 1)


def test_an_unknown_preset_is_refused_naming_every_games_presets() -> None:
    with pytest.raises(OptionsError) as refused:
        dealing({"preset": "poker"}, 4, 0, 1)
    assert refused.value.field == "rules.preset"
    assert all(name in refused.value.problem for name in (*PRESETS, *SUPER_PRESETS))


def test_the_rule_is_read_in_the_players_language() -> None:
    before = get_translator()
    catalog = {
        "whoever holds double-{engine} starts": "začíná, kdo má dublet {engine}",
        "whoever holds the highest tile starts": "začíná, kdo má nejvyšší kámen",
    }
    set_translator(lambda m: catalog.get(m, m))
    try:
        assert dealing("czech", 4, 0, 2, engine=11).starts_text == "začíná, kdo má dublet 11"
        assert dealing("german", 4, 0, 2).starts_text == "začíná, kdo má nejvyšší kámen"
    finally:
        set_translator(before)
