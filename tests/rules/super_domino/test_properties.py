"""Super Domino invariants over random hands (hypothesis): both presets, option tweaks, 2 to 15 players."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import DominoSet, MoveError, SuperMove, SuperPosition, SuperRound, Tile, check_super

from ..mexican_train.test_properties import move_documents
from .test_json import SPEC_EXAMPLE

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def dealt_hands(draw: st.DrawFn) -> SuperRound:
    preset = draw(st.sampled_from(["german", "pagat"]))
    highest = draw(st.sampled_from([15, 15, 15, 18]))
    players = draw(st.integers(2, 15))
    tweaks: dict[str, Any] = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "spinner_edges": st.sampled_from([4, 6]),
                "double_edges": st.sampled_from([1, 3]),
                "effects": st.sampled_from(["open-end", "either-half"]),
                "cannot_play": st.sampled_from(["pass", "draw-two"]),
                "double_skip": st.sampled_from(["every-double", "not-spinner-or-13-13", "never"]),
                "caster_exempt": st.booleans(),
            },
        )
    )
    rules: Any = {"preset": preset, **tweaks} if tweaks else preset
    return SuperRound.deal(rules, players, highest, seed=draw(st.integers(0, 2**32)))


def candidates(r: SuperRound) -> list[SuperMove]:
    """Every hand tile on every edge and as the spinner, a tile nobody holds, a missing edge, draw and pass."""
    edges: list[int | None] = [None, *range(len(r.edges) + 1)]
    hand = list(r.hand(r.turn)) if not r.is_over else []
    hand.append(Tile(r.highest, 0) if Tile(r.highest, 0) not in hand else Tile(1, 0))
    moves = [SuperMove.play(t, e) for t in hand for e in edges]
    return [*moves, SuperMove.draw(), SuperMove.pass_()]


def conserved(r: SuperRound) -> None:
    held = [t for h in r.hands for t in h]
    laid = [p.tile for p in r.layout]
    everything = held + laid + list(r.boneyard)
    assert sorted(everything) == sorted(DominoSet(r.highest).tiles)
    assert r.boneyard_count == len(r.boneyard)
    assert r.position().hand_sizes == tuple(len(h) for h in r.hands)


@SETTINGS
@given(dealt_hands(), st.randoms(use_true_random=False))
def test_random_hands_end_and_conserve_tiles(r: SuperRound, rnd: random.Random) -> None:
    steps = 0
    while not r.is_over:
        moves = r.legal_moves()
        assert moves, "a hand that is not over always has a move"
        r.push(rnd.choice(moves))
        steps += 1
        assert steps < 3000
        if steps % 7 == 0:
            conserved(r)
    conserved(r)
    out = r.outcome()
    assert out is not None and out.winners
    if out.blocked:
        best = min(zip(out.tiles, out.pips))
        assert all((out.tiles[s], out.pips[s]) == best for s in out.winners)
    else:
        assert out.went_out is not None and out.tiles[out.went_out] == 0 and out.winners == (out.went_out,)


@SETTINGS
@given(dealt_hands(), st.randoms(use_true_random=False), st.integers(0, 120))
def test_legal_moves_agree_with_is_legal_and_with_the_players_view(
    r: SuperRound, rnd: random.Random, steps: int
) -> None:
    for _ in range(steps):
        if r.is_over:
            break
        r.push(rnd.choice(r.legal_moves()))
    pos = r.position()
    legal = r.legal_moves()
    assert pos.legal_moves() == legal
    assert len(set(legal)) == len(legal)
    for move in candidates(r):
        verdict = r.check(move)
        assert verdict.legal == (move in legal) == r.is_legal(move), move
        assert pos.check(move).rule == verdict.rule, move
        assert verdict.reason and verdict.anchor.startswith("super-domino-")


@SETTINGS
@given(dealt_hands(), st.randoms(use_true_random=False), st.integers(0, 120))
def test_positions_round_trip_through_json(r: SuperRound, rnd: random.Random, steps: int) -> None:
    for _ in range(steps):
        if r.is_over:
            break
        r.push(rnd.choice(r.legal_moves()))
    pos = r.position()
    again = SuperPosition.from_json(json.loads(json.dumps(pos.to_json())))
    assert again == pos and again.to_json() == pos.to_json()
    for move in r.legal_moves():
        assert SuperMove.from_json(json.loads(json.dumps(move.to_json()))) == move


@SETTINGS
@given(dealt_hands(), st.randoms(use_true_random=False), st.integers(1, 60))
def test_pop_undoes_push(r: SuperRound, rnd: random.Random, steps: int) -> None:
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


SD_MOVE_DOCS = move_documents(
    "edge",
    st.integers(-1, 6) | st.none() | st.sampled_from(["0", 1.0, True, "spinner"]),
    st.sampled_from(["15-3", "3-15", "13-4", "5-5", "7-1", "13-13", "16-1", "19-1", "5", "x-y"]),
)


@settings(max_examples=200, deadline=None)
@given(move=SD_MOVE_DOCS)
def test_mangled_moves_raise_move_error_only(move: Any) -> None:
    """Move JSON, mostly well formed: anything not a move is a MoveError; every move reads back and gets a verdict."""
    try:
        m = SuperMove.from_json(move)
    except MoveError:
        event("refused as a move")
        return
    event("read as a move")
    assert SuperMove.from_json(json.loads(json.dumps(m.to_json()))) == m
    verdict = check_super(SPEC_EXAMPLE, m)
    assert verdict.rule and verdict.reason and verdict.anchor.startswith("super-domino-")
