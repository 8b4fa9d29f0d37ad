"""The checker agrees with the full round: random rounds of every preset of both games, replayed with a
``Round`` / ``SuperRound``, and at every step the position a client would send (``position().to_json()``,
read back by ``read_position``) is asked what the round knows.

At each position: the checker's legal moves are the round's, in the same order; the move the round makes
is legal to the checker; and one other candidate (a tile of the hand somewhere, a draw or a pass) gets the
same rule id from both. A seeded ``random.Random`` picks everything, so a failure replays exactly.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scorekeeper.rules import (
    MEXICAN,
    PRESETS,
    SUPER_PRESETS,
    Move,
    Round,
    SuperMove,
    SuperRound,
    Tile,
    read_position,
    super_domino_max_players,
)

POSITIONS = 10_000
"""Positions checked per preset, at least."""


def _mexican_candidate(r: Round, rng: random.Random) -> Move:
    hand = r.hand(r.turn)
    pick = rng.random()
    if pick < 0.1 or not hand:
        return rng.choice([Move.draw(), Move.pass_()])
    if pick > 0.97:  # a call about a last tile, for any seat (one past the last included)
        return rng.choice([Move.announce, Move.catch])(rng.randrange(r.players + 1))
    trains: list[int | str] = [*range(r.players + 1), MEXICAN]  # seat ``players`` does not exist
    tile = rng.choice(hand) if pick < 0.95 else Tile(r.engine, r.engine)
    return Move.play(tile, rng.choice(trains))  # type: ignore[arg-type]


def _super_candidate(r: SuperRound, rng: random.Random) -> SuperMove:
    hand = r.hand(r.turn)
    pick = rng.random()
    if pick < 0.1 or not hand:
        return rng.choice([SuperMove.draw(), SuperMove.pass_()])
    edges: list[int | None] = [None, *range(len(r.edges) + 1)]
    return SuperMove.play(rng.choice(hand), rng.choice(edges))


def _step(r: Round | SuperRound, rng: random.Random, candidate: Any) -> None:
    """One position: the checker (JSON in, JSON out) against the round, then the round makes a random move."""
    doc = json.loads(json.dumps(r.position().to_json()))  # what a client sends
    pos = read_position(doc)
    legal = r.legal_moves()
    assert pos.legal_moves_json() == [m.to_json() for m in legal], doc
    other = candidate(r, rng)
    assert pos.check_json(other.to_json()).rule == r.check(other).rule, (doc, other)
    move = rng.choice(legal)
    assert pos.check_json(move.to_json()).legal, (doc, move)
    r.push(move)


HOUSE_RULES: dict[str, list[Any]] = {
    "draw_until_playable": [False, True],
    "one_double_per_turn": [False, True],
    "mexican_after_all_started": [False, True],
    "mexican_after_first_lap": [False, True],
    "missing_engine": ["draw", "each-draws", "highest-double", "next-double"],
    "marker_removed_by": ["owner", "anyone", "next"],
    "announce_last_tile": [False, True],
    "last_tile_penalty": [1, 2, 3],
    "caught_last_tile": ["draw", "lose-turn"],
    "markers_per_player": [0, 1, 2],
}


def _mexican_rounds(preset: str, rng: random.Random, house: bool = False, positions: int = POSITIONS) -> int:
    """Random rounds of ``preset`` (with ``house``, each round also with random house-rule options)."""
    deals = PRESETS[preset].options.deals
    seen = 0
    while seen < positions:
        highest = rng.choice([12, 12, 12, *sorted(deals)])
        players = rng.choice(sorted(deals[highest]))
        rules: Any = preset
        if house:
            rules = {"preset": preset, **{name: rng.choice(values) for name, values in HOUSE_RULES.items()}}
        r = Round.deal(
            rules,
            players,
            highest,
            engine=rng.randrange(highest + 1),
            seed=rng.randrange(2**32),
            first=rng.randrange(players),
        )
        while not r.is_over:
            _step(r, rng, _mexican_candidate)
            seen += 1
        assert read_position(r.position().to_json()).legal_moves() == []  # the checker sees the round over too
    return seen


def _super_rounds(preset: str, rng: random.Random) -> int:
    seen = 0
    while seen < POSITIONS:
        highest = rng.choice([15, 15, 15, 18])
        players = rng.randint(2, min(8, super_domino_max_players(highest)))
        r = SuperRound.deal(preset, players, highest, seed=rng.randrange(2**32))
        while not r.is_over:
            _step(r, rng, _super_candidate)
            seen += 1
        assert read_position(r.position().to_json()).legal_moves() == []
    return seen


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_mexican_train_checker_agrees_with_the_round(preset: str) -> None:
    assert _mexican_rounds(preset, random.Random(f"agree-{preset}")) >= POSITIONS


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_house_rule_options_agree_too(preset: str) -> None:
    """The house-rule options (off in every preset), switched on and off at random, round by round."""
    rng = random.Random(f"agree-house-{preset}")
    assert _mexican_rounds(preset, rng, house=True, positions=POSITIONS // 4) >= POSITIONS // 4


@pytest.mark.parametrize("preset", sorted(SUPER_PRESETS))
def test_super_domino_checker_agrees_with_the_round(preset: str) -> None:
    assert _super_rounds(preset, random.Random(f"agree-{preset}")) >= POSITIONS
