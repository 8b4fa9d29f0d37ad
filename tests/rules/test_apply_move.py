"""apply_move: the position after a move, as JSON, for both games; it reproduces what a full round does.

A random round is followed move by move from its dealt position: each step sends the round's position
(as a client would) and the move the round makes to ``apply_move``, with the tiles nobody could know
from that position (the next mover's hand, the tiles drawn), and the answer must be exactly the round's
next position, field for field.
"""

from __future__ import annotations

import doctest
import json
import random
from typing import Any

import pytest

from scorekeeper.rules import (
    PRESETS,
    SUPER_PRESETS,
    IllegalMove,
    MoveError,
    PositionError,
    Round,
    SuperRound,
    apply_move,
    read_position,
)
from scorekeeper.rules import apply as apply_module

from .mexican_train.helpers import pos_json
from .super_domino.helpers import sd_json


def follow(r: Round | SuperRound, rng: random.Random) -> int:
    """Play ``r`` out at random, checking apply_move at every step; the number of moves."""
    steps = 0
    while not r.is_over:
        before = json.loads(json.dumps(r.position().to_json()))
        mover = r.turn
        held = set(r.hand(mover))
        move = rng.choice(r.legal_moves())
        r.push(move)
        after = r.position().to_json()
        extra: dict[str, Any] = {}
        if move.action == "draw" or (move.action == "catch" and move.seat == mover):
            drawn = [str(t) for t in sorted(set(r.hand(mover)) - held)]
            if drawn:  # a catch with an empty boneyard draws nothing
                extra["drawn"] = drawn
        if r.turn != mover:
            extra["hand"] = [str(t) for t in r.hand(r.turn)]
        assert apply_move(before, move.to_json(), **extra) == after, (before, move)
        if extra:  # without the hidden tiles: every field but the hand
            partial = apply_move(before, move.to_json())
            assert partial["hand"] is None
            assert {k: v for k, v in partial.items() if k != "hand"} == {k: v for k, v in after.items() if k != "hand"}
        steps += 1
    return steps


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_apply_move_follows_mexican_train_rounds(preset: str) -> None:
    rng = random.Random(f"apply-{preset}")
    deals = PRESETS[preset].options.deals
    for _ in range(12):
        highest = rng.choice(sorted(deals))
        players = rng.choice(sorted(deals[highest]))
        r = Round.deal(preset, players, highest, engine=rng.randrange(highest + 1), seed=rng.randrange(2**32))
        assert follow(r, rng) > 0


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_apply_move_follows_rounds_under_house_rules(preset: str) -> None:
    rng = random.Random(f"apply-house-{preset}")
    for _ in range(4):
        rules = {
            "preset": preset,
            "draw_until_playable": rng.random() < 0.5,
            "one_double_per_turn": rng.random() < 0.5,
            "mexican_after_all_started": rng.random() < 0.5,
            "mexican_after_first_lap": rng.random() < 0.5,
            "missing_engine": rng.choice(["draw", "each-draws", "highest-double", "next-double"]),
            "marker_removed_by": rng.choice(["owner", "anyone", "next"]),
            "announce_last_tile": rng.random() < 0.5,
            "last_tile_penalty": rng.choice([1, 2, 3]),
            "caught_last_tile": rng.choice(["draw", "lose-turn"]),
            "markers_per_player": rng.choice([0, 1, 2]),
        }
        assert follow(Round.deal(rules, rng.choice([2, 3, 4]), 12, seed=rng.randrange(2**32)), rng) > 0


@pytest.mark.parametrize("preset", sorted(SUPER_PRESETS))
def test_apply_move_follows_super_domino_hands(preset: str) -> None:
    rng = random.Random(f"apply-{preset}")
    for _ in range(12):
        r = SuperRound.deal(preset, rng.randint(2, 8), rng.choice([15, 18]), seed=rng.randrange(2**32))
        assert follow(r, rng) > 0


def test_a_refused_move_raises_the_checkers_verdict() -> None:
    doc = pos_json("4-5 8-1", trains=["12-5 5-9", "12-3 3-4"], laid=1, rules="czech")
    move = {"action": "play", "tile": "4-5", "train": 1}
    verdict = read_position(doc).check_json(move)
    with pytest.raises(IllegalMove) as caught:
        apply_move(doc, move)
    assert (
        (caught.value.rule, caught.value.reason) == (verdict.rule, verdict.reason) == (verdict.rule, str(caught.value))
    )
    assert caught.value.rule == "turn-over"


def test_mexican_train_examples() -> None:
    doc = pos_json("5-5 5-1 9-9", trains=["12-5", "", "", ""])
    after = apply_move(doc, {"action": "play", "tile": "5-5", "train": 0})
    assert after["turn"] == 0 and after["open_doubles"] == [0] and after["laid"] == 1 and after["laid_double"]
    assert after["hand"] == ["5-1", "9-9"]
    after = apply_move(after, {"action": "play", "tile": "5-1", "train": 0}, hand=["6-6"])
    assert after["turn"] == 1 and after["open_doubles"] == [] and "laid" not in after and after["hand"] == ["6-6"]
    # a pass after a draw marks the train; the next player's hand is unknown
    doc = pos_json("9-9", trains=["12-5", "", "", ""], drawn=True)
    after = apply_move(doc, {"action": "pass"})
    assert after["trains"][0]["marker"] and after["turn"] == 1 and after["hand"] is None
    # a turn whose tile is laid: the pass hands over and changes nothing else
    doc = pos_json("4-5 8-1", trains=["12-5 5-9", "12-3 3-4"], laid=1, boneyard=0, rules="czech")
    after = apply_move(doc, {"action": "pass"}, hand=["6-6"])
    assert after["turn"] == 1 and "laid" not in after and "passes" not in after
    assert not any(t["marker"] for t in after["trains"])
    # a draw takes the drawn tile into the hand
    after = apply_move(pos_json("9-9"), {"action": "draw"}, drawn=["12-3"])
    assert after["hand"] == ["9-9", "12-3"] and after["drawn"] and after["boneyard"] == 29


def test_super_domino_examples() -> None:
    # a 15 left showing: every other player draws one (hand sizes grow, the boneyard shrinks)
    doc = sd_json("15-2 9-1 4-4", edges=[2, 7, 9, 9], hand_sizes=[3, 5, 5, 5], boneyard=20)
    after = apply_move(
        doc, {"action": "play", "tile": "15-2", "edge": 0}, hand=["1-1", "2-3", "4-5", "6-7", "8-9", "10-11"]
    )
    assert after["edges"][0] == 15 and after["boneyard"] == 17 and after["hand_sizes"] == [2, 6, 6, 6]
    assert after["turn"] == 1
    # a 14: the same player again
    after = apply_move(sd_json("14-9 9-1", edges=[9, 7, 9, 9]), {"action": "play", "tile": "14-9", "edge": 0})
    assert after["turn"] == 0 and after["hand"] == ["9-1"]
    # a 3 reverses; a double skips the next player
    after = apply_move(sd_json("3-9 9-1", edges=[9, 7, 9, 9]), {"action": "play", "tile": "3-9", "edge": 0})
    assert after["direction"] == "right" and after["turn"] == 3 and after["hand"] is None
    after = apply_move(sd_json("9-9 9-1", edges=[9, 7, 9, 9]), {"action": "play", "tile": "9-9", "edge": 0})
    assert after["turn"] == 2
    # a 13: the spell binds the next player
    after = apply_move(sd_json("13-9 9-1", edges=[9, 7, 9, 9]), {"action": "play", "tile": "13-9", "edge": 0})
    assert after["spell"] == [0] and after["spell_caster"] == 0 and after["turn"] == 1


def test_hidden_tiles_are_checked() -> None:
    with pytest.raises(MoveError, match="drawn: this draw takes 1 tile from the boneyard, not 2$"):
        apply_move(pos_json("9-9"), {"action": "draw"}, drawn=["12-3", "4-4"])
    with pytest.raises(MoveError, match=r"drawn\[0\]: 9-9 is already in the hand"):
        apply_move(pos_json("9-9"), {"action": "draw"}, drawn=["9-9"])
    with pytest.raises(MoveError, match="only a draw"):
        apply_move(pos_json("12-5 1-1"), {"action": "play", "tile": "12-5", "train": 0}, drawn=["3-3"])
    with pytest.raises(PositionError, match=r"hand\[0\]: 1-1 is in the hand of the player who just moved"):
        apply_move(pos_json("12-5 1-1"), {"action": "play", "tile": "12-5", "train": 0}, hand=["1-1"])
    with pytest.raises(PositionError, match="hand: seat 1 holds 4 tiles, not 1"):
        doc = pos_json("12-5 1-1", hand_sizes=[2, 4, 4, 4], boneyard=76)
        apply_move(doc, {"action": "play", "tile": "12-5", "train": 0}, hand=["2-2"])
    with pytest.raises(PositionError, match="appears twice"):
        apply_move(pos_json("12-5 1-1"), {"action": "play", "tile": "12-5", "train": 0}, hand=["12-5"])


CAUGHT_MOVER = {"preset": "czech", "announce_last_tile": True, "last_tile_penalty": 2}


def test_a_catch_draws_what_the_boneyard_has_left() -> None:
    """The mover caught with one tile draws the penalty into the hand shown; fewer, or none, from a thin boneyard."""
    catch = {"action": "catch", "seat": 0}
    empty = pos_json("4-4", trains=["12-8", ""], rules=CAUGHT_MOVER, boneyard=0, unannounced=[0])
    for drawn in ([], None):  # nothing to draw: an empty list, or nothing at all
        after = apply_move(empty, catch, drawn=drawn)
        assert after["hand"] == ["4-4"] and after["boneyard"] == 0 and "unannounced" not in after
    with pytest.raises(MoveError, match="drawn: the boneyard is empty, so this catch takes no tile from it"):
        apply_move(empty, catch, drawn=["3-3"])
    thin = {**empty, "boneyard": 1}
    assert apply_move(thin, catch, drawn=["3-3"])["hand"] == ["3-3", "4-4"]
    with pytest.raises(MoveError, match="drawn: this catch takes 1 tile from the boneyard, not 2$"):
        apply_move(thin, catch, drawn=["3-3", "5-5"])
    with pytest.raises(MoveError, match="drawn: this catch takes 2 tiles from the boneyard, not 1$"):
        apply_move({**empty, "boneyard": 9}, catch, drawn=["3-3"])


def test_the_module_example_runs() -> None:
    assert doctest.testmod(apply_module).failed == 0
