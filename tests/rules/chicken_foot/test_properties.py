"""Chicken Foot invariants over random rounds (hypothesis): every preset, every option, every set and table size."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import FormatError, MoveError
from scorekeeper.rules.chicken_foot import (
    CHICKEN_DEALS,
    CHICKEN_PRESETS,
    ChickenMove,
    ChickenPosition,
    ChickenRound,
    check_chicken,
)
from scorekeeper.rules.tiles import DominoSet, Tile

from .helpers import MID, cf_json

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def dealt_rounds(draw: st.DrawFn) -> ChickenRound:
    preset = draw(st.sampled_from(sorted(CHICKEN_PRESETS)))
    highest = draw(st.sampled_from(sorted(CHICKEN_DEALS)))
    players = draw(st.sampled_from(sorted(CHICKEN_DEALS[highest])))
    tweaks: dict[str, Any] = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "centre_tiles": st.sampled_from([4, 6, 8]),
                "foot_first": st.booleans(),
                "draw": st.sampled_from(["one", "until-playable"]),
                "first_turn_multiple": st.booleans(),
                "double_blank": st.sampled_from([50, 0]),
            },
        )
    )
    rules: Any = {"preset": preset, **tweaks} if tweaks else preset
    centre = draw(st.integers(0, highest))
    return ChickenRound.deal(rules, players, highest, centre, seed=draw(st.integers(0, 2**32)))


def candidates(r: ChickenRound) -> list[ChickenMove]:
    """Every hand tile on every end and in the centre, the round's double, a missing end, draw and pass."""
    ends: list[int | None] = [None, *range(len(r.ends) + 1)]
    hand = [*(r.hand(r.turn) if not r.is_over else ()), Tile(r.centre, r.centre), Tile(r.highest, 0)]
    return [*(ChickenMove.play(t, e) for t in hand for e in ends), ChickenMove.draw(), ChickenMove.pass_()]


def conserved(r: ChickenRound) -> None:
    everything = [t for h in r.hands for t in h] + [p.tile for p in r.layout] + list(r.boneyard)
    assert sorted(everything) == sorted(DominoSet(r.highest).tiles)
    assert r.boneyard_count == len(r.boneyard)
    assert r.position().hand_sizes == tuple(len(h) for h in r.hands)


def advance(r: ChickenRound, rnd: random.Random, steps: int) -> None:
    for _ in range(steps):
        if r.is_over:
            return
        r.push(rnd.choice(r.legal_moves()))


@SETTINGS
@given(dealt_rounds(), st.randoms(use_true_random=False))
def test_random_rounds_end_conserve_tiles_and_score_the_pips_left(r: ChickenRound, rnd: random.Random) -> None:
    steps = 0
    while not r.is_over:
        moves = r.legal_moves()
        assert moves, "a round that is not over always has a move"
        r.push(rnd.choice(moves))
        steps += 1
        assert steps < 2000
        if steps % 5 == 0:
            conserved(r)
    conserved(r)
    out = r.outcome()
    assert out is not None and out.blocked == (out.went_out is None)
    blank = r.options.double_blank
    assert out.scores == tuple(sum(t.pips(blank) for t in h) for h in r.hands)
    if out.went_out is not None:
        assert out.scores[out.went_out] == 0 and r.hand(out.went_out) == ()
    else:
        assert r.boneyard_count == 0  # nobody is blocked while a tile is left to draw


@SETTINGS
@given(dealt_rounds(), st.randoms(use_true_random=False), st.integers(0, 80))
def test_the_rounds_verdicts_match_its_legal_moves_and_the_players_view(
    r: ChickenRound, rnd: random.Random, steps: int
) -> None:
    advance(r, rnd, steps)
    pos = r.position()
    legal = r.legal_moves()
    assert pos.legal_moves() == legal and len(set(legal)) == len(legal)
    for move in candidates(r):
        verdict = r.check(move)
        assert verdict.legal == (move in legal) == r.is_legal(move), move
        assert pos.check(move) == verdict, move
        assert verdict.reason and verdict.title and verdict.anchor.startswith("chicken-foot-")


@SETTINGS
@given(dealt_rounds(), st.randoms(use_true_random=False), st.integers(0, 80))
def test_a_ring_or_foot_waiting_for_tiles_takes_every_play(r: ChickenRound, rnd: random.Random, steps: int) -> None:
    advance(r, rnd, steps)
    for move in r.legal_moves():
        if move.action == "play" and r.unfilled:
            assert move.end in r.unfilled
    assert all(r.ends[e] == r.ends[r.unfilled[0]] for e in r.unfilled)


@SETTINGS
@given(dealt_rounds(), st.randoms(use_true_random=False), st.integers(0, 80))
def test_positions_round_trip_and_the_position_after_a_move_is_the_rounds(
    r: ChickenRound, rnd: random.Random, steps: int
) -> None:
    advance(r, rnd, steps)
    pos = r.position()
    again = ChickenPosition.from_json(json.loads(json.dumps(pos.to_json())))
    assert again == pos and again.to_json() == pos.to_json()
    if r.is_over:
        return
    move = rnd.choice(r.legal_moves())
    mover = r.turn
    before = r.hand(mover)
    r.push(move)
    drawn = [str(t) for t in r.hand(mover) if t not in before] if move.action == "draw" else None
    hand = [str(t) for t in r.hand(r.turn)] if r.turn != mover else None
    assert pos.after_json(move, hand=hand, drawn=drawn) == r.position().to_json()


@SETTINGS
@given(dealt_rounds(), st.randoms(use_true_random=False), st.integers(1, 40))
def test_pop_undoes_push(r: ChickenRound, rnd: random.Random, steps: int) -> None:
    for _ in range(steps):
        if r.is_over:
            break
        before = r.position()
        move = rnd.choice(r.legal_moves())
        r.push(move)
        after = r.position()
        assert r.pop() == move and r.position() == before
        r.push(move)
        assert r.position() == after


_ANY = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.sampled_from(["9-4", "9", "x", ""]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["a", "end"]), inner, max_size=2),
    max_leaves=5,
)
_FIELDS = ["rules", "set", "players", "turn", "centre", "ends", "unfilled", "hand", "boneyard", "drawn", "laid",
           "passes", "hand_sizes", "names", "game", "extra"]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(_FIELDS), _ANY, st.sampled_from(["9-4", "4-9", "9-9", "13-1", "x"]), st.integers(-2, 8) | _ANY)
def test_mangled_positions_and_moves_raise_format_errors_only(field: str, value: Any, tile: str, end: Any) -> None:
    """Any one field of a position set to anything, and a play with any end: a verdict or a named FormatError."""
    doc = cf_json("4-1 9-4", ends=MID)
    doc[field] = value
    move = {"action": "play", "tile": tile, "end": end}
    try:
        verdict = check_chicken(doc, move)
    except MoveError as e:
        event("move refused")
        assert e.field in ("tile", "end")
    except FormatError as e:
        event("position refused")
        assert e.field.split("[")[0].split(".")[0] in (*_FIELDS, "position")
    else:
        event("checked")
        assert verdict.rule.startswith("cf-") and verdict.reason
