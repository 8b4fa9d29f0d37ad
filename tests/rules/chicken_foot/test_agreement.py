"""The Chicken Foot checker agrees with the full round: random rounds of every preset, replayed with a
``ChickenRound``, and at every step the position a client would send (``position().to_json()``, read back
by ``ChickenPosition.from_json``) is asked what the round knows.

At each position: the checker's legal moves are the round's, in the same order; the move the round makes is
legal to the checker; and one other candidate (a tile of the hand on some end or in the centre, a draw or a
pass) gets the same rule id from both. A seeded ``random.Random`` picks everything, so a failure replays.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scorekeeper.rules.chicken_foot import CHICKEN_DEALS, CHICKEN_PRESETS, ChickenMove, ChickenPosition, ChickenRound
from scorekeeper.rules.tiles import Tile

POSITIONS = 10_000
"""Positions checked per preset, at least."""

HOUSE_RULES: dict[str, list[Any]] = {
    "centre_tiles": [4, 6, 8],
    "foot_first": [True, False],
    "draw": ["one", "until-playable"],
    "first_turn_multiple": [False, True],
    "double_blank": [50, 0],
}


def _candidate(r: ChickenRound, rng: random.Random) -> ChickenMove:
    hand = r.hand(r.turn)
    pick = rng.random()
    if pick < 0.1 or not hand:
        return rng.choice([ChickenMove.draw(), ChickenMove.pass_()])
    ends: list[int | None] = [None, *range(len(r.ends) + 1)]  # one end past the last included
    tile = rng.choice(hand) if pick < 0.95 else Tile(r.centre, r.centre)
    return ChickenMove.play(tile, rng.choice(ends))


def _step(r: ChickenRound, rng: random.Random) -> None:
    """One position: the checker (JSON in, JSON out) against the round, then the round makes a random move."""
    doc = json.loads(json.dumps(r.position().to_json()))  # what a client sends
    pos = ChickenPosition.from_json(doc)
    legal = r.legal_moves()
    assert pos.legal_moves_json() == [m.to_json() for m in legal], doc
    other = _candidate(r, rng)
    assert pos.check_json(other.to_json()).rule == r.check(other).rule, (doc, other)
    move = rng.choice(legal)
    assert pos.check_json(move.to_json()).legal, (doc, move)
    r.push(move)


def play_rounds(preset: str, rng: random.Random, positions: int, house: bool = False) -> int:
    """Random rounds of ``preset`` on every set and player count it deals for (with ``house``, random options)."""
    seen = 0
    while seen < positions:
        highest = rng.choice([CHICKEN_PRESETS[preset].highest] * 3 + sorted(CHICKEN_DEALS))
        players = rng.choice(sorted(CHICKEN_DEALS[highest]))
        rules: Any = preset
        if house:
            rules = {"preset": preset, **{name: rng.choice(values) for name, values in HOUSE_RULES.items()}}
        r = ChickenRound.deal(
            rules,
            players,
            highest,
            centre=rng.randrange(highest + 1),
            seed=rng.randrange(2**32),
            first=rng.randrange(players),
        )
        while not r.is_over:
            _step(r, rng)
            seen += 1
        assert ChickenPosition.from_json(r.position().to_json()).legal_moves() == []  # over for the checker too
    return seen


@pytest.mark.parametrize("preset", sorted(CHICKEN_PRESETS))
def test_chicken_foot_checker_agrees_with_the_round(preset: str) -> None:
    assert play_rounds(preset, random.Random(f"agree-{preset}"), POSITIONS) >= POSITIONS


@pytest.mark.parametrize("preset", sorted(CHICKEN_PRESETS))
def test_house_rule_options_agree_too(preset: str) -> None:
    """Every option switched on and off at random, round by round."""
    rng = random.Random(f"agree-house-{preset}")
    assert play_rounds(preset, rng, POSITIONS // 2, house=True) >= POSITIONS // 2
