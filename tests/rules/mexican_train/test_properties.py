"""Invariants over random rounds (hypothesis): every preset, set and player count."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    DominoSet,
    FormatError,
    Move,
    MoveError,
    Position,
    PositionError,
    Round,
    check,
)
from scorekeeper.rules.tables import set_size

from .strategies import candidates, dealt_rounds

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def tiles_accounted(r: Round) -> int:
    on_table = sum(len(t.tiles) for t in r.trains) + len(r.mexican) + 1
    return sum(len(h) for h in r.hands) + len(r.boneyard) + on_table


def play_out(r: Round, choose: st.DataObject | None, thorough: bool) -> None:
    total = DominoSet(r.highest).tile_count
    limit = 4 * total + 4 * r.players  # every move lays, draws or passes: far fewer than this
    for _ in range(limit):
        if r.is_over:
            break
        legal = r.legal_moves()
        assert legal, "a live round always has a legal move"
        if thorough:
            cands = candidates(r)
            assert set(legal) == {m for m in cands if r.is_legal(m)}
            pos = r.position()
            # the public position (hand of the mover only) agrees with the full round, rule by rule
            assert pos.legal_moves() == legal
            assert [pos.check(m).rule for m in cands] == [r.check(m).rule for m in cands]
            again = Position.from_json(json.loads(json.dumps(pos.to_json())))
            assert again == pos and again.to_json() == pos.to_json()
        move = legal[0] if choose is None else choose.draw(st.sampled_from(legal))
        r.push(move)
        assert tiles_accounted(r) == total
        assert r.boneyard_count == len(r.boneyard)
    assert r.is_over, "the round did not end"
    out = r.outcome()
    assert out is not None
    db = r.options.double_blank
    assert list(out.scores) == [sum(t.pips(db) for t in h) for h in r.hands]
    if out.winner is not None:
        assert out.scores[out.winner] == 0 and not out.blocked
    else:
        assert out.blocked and r.boneyard_count == 0


@settings(SETTINGS, max_examples=100)
@given(r=dealt_rounds(), data=st.data())
def test_random_rounds_checked_move_by_move(r: Round, data: st.DataObject) -> None:
    """legal_moves() equals the candidates is_legal accepts; positions agree and round-trip; tiles are conserved."""
    play_out(r, data, thorough=True)


@settings(SETTINGS, max_examples=500)
@given(r=dealt_rounds(), seed=st.integers(0, 2**32))
def test_random_rounds_terminate_and_conserve_tiles(r: Round, seed: int) -> None:
    import random

    rng = random.Random(seed)
    total = DominoSet(r.highest).tile_count
    while not r.is_over:
        moves = r.legal_moves()
        r.push(rng.choice(moves))
        assert tiles_accounted(r) == total
    out = r.outcome()
    assert out is not None and sum(len(h) for h in r.hands) >= 0


@settings(SETTINGS, max_examples=40)
@given(r=dealt_rounds(sets=(12,)), steps=st.integers(0, 120))
def test_pop_undoes_push(r: Round, steps: int) -> None:
    for _ in range(steps):
        if r.is_over:
            break
        before = r.position().to_json()
        r.push(r.legal_moves()[-1])
        r.pop()
        assert r.position().to_json() == before
        r.push(r.legal_moves()[-1])


# -- bad input never raises anything but a FormatError -------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 200)
    | st.text(max_size=6)
    | st.sampled_from(["12-5", "5-5", "mexican"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)

VALID = {
    "rules": "standard", "set": 12, "engine": 12, "players": 4, "turn": 1,
    "trains": [{"tiles": ["12-5", "5-5"], "marker": False}, {"tiles": [], "marker": True},
               {"tiles": ["12-0"], "marker": False}, {"tiles": [], "marker": False}],
    "mexican": ["12-7", "7-3"], "open_doubles": [0],
    "hand": ["5-1", "3-3", "9-4"], "boneyard": 37, "drawn": False,
}  # fmt: skip


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


@settings(SETTINGS, max_examples=400)
@given(data=st.data())
def test_mangled_positions_raise_position_error_only(data: st.DataObject) -> None:
    doc = json.loads(json.dumps(VALID))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(doc) or [("hand",)]))
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            parent.pop(path[-1], None)
        else:
            with contextlib.suppress(IndexError, KeyError, TypeError):
                parent[path[-1]] = data.draw(json_values)
    try:
        pos = Position.from_json(doc)
    except PositionError as e:
        assert e.field and str(e).startswith(e.field)
        return
    pos.legal_moves()  # whatever validates must also be playable
    assert Position.from_json(pos.to_json()) == pos


def move_documents(where: str, places: st.SearchStrategy[Any], tiles: st.SearchStrategy[str]) -> st.SearchStrategy[Any]:
    """Move JSON for a game whose plays say ``where``: mostly well-formed moves (a play with a tile of the set and a
    place that may or may not exist, a draw, a pass), some with one field mangled or one too many, and some
    anything at all, so that both the reading and the checking of a move are exercised."""
    play = st.fixed_dictionaries({"action": st.just("play"), "tile": tiles, where: places})
    plain = st.sampled_from([{"action": "draw"}, {"action": "pass"}])
    mangled = st.tuples(play | plain, st.sampled_from(["action", "tile", where, "extra"]), json_values).map(
        lambda t: {**t[0], t[1]: t[2]}
    )
    dropped = st.tuples(play, st.sampled_from(["tile", where])).map(
        lambda t: {k: v for k, v in t[0].items() if k != t[1]}
    )
    wrong = st.one_of(mangled, dropped, json_values)
    return st.integers(0, 9).flatmap(lambda k: play if k < 6 else plain if k < 7 else wrong)  # 7 in 10 well formed


MOVE_DOCS = move_documents(
    "train",
    st.integers(-1, 6) | st.just("mexican") | st.sampled_from(["0", "Mexican", None, 1.0, True]),
    st.sampled_from(["5-1", "1-5", "3-3", "7-3", "12-5", "9-4", "13-1", "5", "x-y", " 5-1 "]),
) | st.fixed_dictionaries(
    {"action": st.sampled_from(["announce", "catch"]), "seat": st.integers(-1, 6) | st.sampled_from(["1", None])}
)


@settings(SETTINGS, max_examples=200)
@given(move=MOVE_DOCS)
def test_mangled_moves_raise_move_error_only(move: Any) -> None:
    try:
        m = Move.from_json(move)
    except MoveError:
        event("refused as a move")
        return
    event("read as a move")
    assert Move.from_json(m.to_json()) == m
    verdict = check(VALID, m)
    assert verdict.rule and verdict.reason


@settings(SETTINGS, max_examples=100)
@given(r=dealt_rounds())
def test_boneyard_count_fits_what_is_left(r: Round) -> None:
    pos = r.position()
    visible = sum(len(t.tiles) for t in pos.trains) + len(pos.mexican) + len(pos.hand) + 1
    assert 0 <= pos.boneyard <= set_size(r.highest) - visible
    doc = pos.to_json()
    doc.pop("hand_sizes")
    doc["boneyard"] = set_size(r.highest) - visible + 1
    try:
        Position.from_json(doc)
    except FormatError as e:
        assert e.field == "boneyard"
    else:
        raise AssertionError("an impossible boneyard count was accepted")
