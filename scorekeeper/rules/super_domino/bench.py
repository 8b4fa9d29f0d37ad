"""Speed of the Super Domino rules (part of ``python -m scorekeeper.rules.bench [rounds]``).

Plays random hands (double-15, 4 players, 9 tiles each), once per preset: tiles laid per second, legal-move
generations per second, tiles laid per hand, the share of hands that end blocked, and the public API and JSON
path figures as for Mexican Train.
"""

from __future__ import annotations

import random
import time
from functools import partial

from ..speed import json_positions, midway, print_paths, time_generation
from .core import SuperTable
from .options import SUPER_DOMINO_HAND, SUPER_PRESETS
from .position import SuperPosition
from .round import SuperRound


def _super_deal(preset: str, seed: int) -> SuperTable:
    table = SuperTable(SUPER_PRESETS[preset].options, 4, 15)
    table.deal(SUPER_DOMINO_HAND, random.Random(seed), None)
    return table


def play_super(
    preset: str, hands: int, seed: int = 0, snapshots: bool = True
) -> tuple[float, int, int, list[SuperTable]]:
    """(seconds, tiles laid, blocked hands, mid-hand snapshots if asked for) for random Super Domino hands on the
    core table."""
    choose = random.Random(seed).random
    laid = blocked = 0
    snaps: list[SuperTable] = []
    seconds = 0.0
    for h in range(hands):
        start = time.perf_counter()
        table = _super_deal(preset, seed * 1_000_003 + h)
        legal = table.legal_codes
        push = table.push
        steps = 0
        while not table.over:
            codes = legal()
            push(codes[int(choose() * len(codes))])
            steps += 1
        seconds += time.perf_counter() - start
        if snapshots and h < 200:
            super_snap = midway(_super_deal(preset, seed * 1_000_003 + h), steps // 2, h)
            if super_snap is not None:
                snaps.append(super_snap)
        laid += len(table.layout)
        blocked += table.blocked
    return seconds, laid, blocked, snaps


def play_super_public(preset: str, hands: int, seed: int = 0) -> tuple[float, int]:
    """(seconds, tiles laid) for random hands through the public ``SuperRound`` API (the same hands as
    ``play_super``)."""
    choose = random.Random(seed).random
    laid = 0
    seconds = 0.0
    for h in range(hands):
        start = time.perf_counter()
        game = SuperRound.deal(preset, 4, 15, seed=seed * 1_000_003 + h)
        while not game.is_over:
            moves = game.legal_moves()
            game.push(moves[int(choose() * len(moves))])
        seconds += time.perf_counter() - start
        laid += len(game.layout)
    return seconds, laid


def _super_core_rate(preset: str, hands: int, seed: int) -> tuple[float, int]:
    seconds, laid, *_ = play_super(preset, hands, seed, snapshots=False)
    return seconds, laid


def _super_round(preset: str, seed: int) -> SuperRound:
    return SuperRound.deal(preset, 4, 15, seed=seed)


def main(hands: int) -> None:
    """Print the Super Domino figures, once per preset."""
    for preset in SUPER_PRESETS:
        seconds, laid, blocked, snapshots = play_super(preset, hands)
        per_gen = time_generation(snapshots, 2000)
        print()
        print(f"Super Domino ({preset}), double-15, 4 players, 9 tiles each: {hands} random hands")
        print(f"tiles laid per second:               {laid / seconds:12,.0f}")
        print(f"legal-move generations per second:   {per_gen:12,.0f}   (on {len(snapshots)} mid-hand positions)")
        print(f"tiles laid per hand:                 {laid / hands:12.1f}")
        print(f"hands ending blocked:                {blocked / hands:12.1%}")
        print_paths(
            "SuperRound",
            partial(_super_core_rate, preset),
            partial(play_super_public, preset),
            max(1, hands // 10),
            json_positions(partial(_super_round, preset), 200),
            1e6 / per_gen,
            SuperPosition.from_json,
            "hands",
        )
