"""Speed of the Mexican Train rules (part of ``python -m scorekeeper.rules.bench [rounds]``).

Plays random full rounds (double-12, 4 players, 15 tiles each, standard rules), choosing uniformly
among the legal moves, and prints tiles laid per second, legal-move generations per second on
mid-round positions, tiles laid and draws per round, and the share of rounds that end blocked.

The fast figures drive the core table the public types wrap (moves as ints); then the same rounds through
the public API (``Round.legal_moves`` / ``Round.push`` with :class:`Move` values), as tiles laid per second
and as a share of the core's; and the checker's JSON path, ``read_position(data).legal_moves_json()`` on
mid-round positions written as JSON, in microseconds per call (read, validate, generate, write).
"""

from __future__ import annotations

import random
import time

from ..speed import json_positions, midway, print_paths, time_generation
from .core import Table
from .deal import deal_size
from .options import PRESETS
from .position import Position
from .round import Round


def _deal(seed: int) -> Table:
    options = PRESETS["standard"].options
    table = Table(options, 4, 12, 12)
    table.deal(deal_size(4, 12, rules=options), random.Random(seed), 0)
    return table


def play_core(rounds: int, seed: int = 0, snapshots: bool = True) -> tuple[float, int, int, int, int, list[Table]]:
    """(seconds, tiles laid, draws, blocked rounds, legal-move generations, mid-round snapshots if asked for)."""
    choose = random.Random(seed).random
    laid = draws = blocked = gens = 0
    snaps: list[Table] = []
    seconds = 0.0
    for r in range(rounds):
        start = time.perf_counter()  # the shuffle and deal count too
        table = _deal(seed * 1_000_003 + r)
        legal = table.legal_codes
        push = table.push
        steps = 0
        while not table.over:
            codes = legal()
            code = codes[int(choose() * len(codes))]
            push(code)
            steps += 1
        seconds += time.perf_counter() - start
        gens += steps
        if snapshots and r < 200:  # replay to a mid-round point for the move-generation timing
            snap = midway(_deal(seed * 1_000_003 + r), steps // 2, r)
            if snap is not None:
                snaps.append(snap)
        laid += sum(len(t) for t in table.trains)
        draws += 30 - table.bcount
        blocked += table.blocked
    return seconds, laid, draws, blocked, gens, snaps


def play_public(rounds: int, seed: int = 0) -> tuple[float, int]:
    """(seconds, tiles laid) for random rounds through the public ``Round`` API (the same rounds as ``play_core``)."""
    choose = random.Random(seed).random
    laid = 0
    seconds = 0.0
    for r in range(rounds):
        start = time.perf_counter()  # timed as play_core times the core: the deal and the moves
        game = Round.deal("standard", 4, 12, seed=seed * 1_000_003 + r)
        while not game.is_over:
            moves = game.legal_moves()
            game.push(moves[int(choose() * len(moves))])
        seconds += time.perf_counter() - start
        laid += sum(len(t.tiles) for t in game.trains) + len(game.mexican)
    return seconds, laid


def _core_rate(rounds: int, seed: int) -> tuple[float, int]:
    seconds, laid, *_ = play_core(rounds, seed, snapshots=False)
    return seconds, laid


def main(rounds: int) -> None:
    """Print the Mexican Train figures for ``rounds`` random rounds."""
    seconds, laid, draws, blocked, gens, snapshots = play_core(rounds)
    per_gen = time_generation(snapshots, 2000)
    print(f"standard rules, double-12, 4 players, 15 tiles each: {rounds} random rounds")
    print(f"tiles laid per second:               {laid / seconds:12,.0f}")
    print(f"legal-move generations per second:   {per_gen:12,.0f}   (on {len(snapshots)} mid-round positions)")
    print(f"moves per second (play, draw, pass): {gens / seconds:12,.0f}")
    print(f"tiles laid per round:                {laid / rounds:12.1f}")
    print(f"draws per round:                     {draws / rounds:12.1f}")
    print(f"rounds ending blocked:               {blocked / rounds:12.1%}")
    print_paths(
        "Round",
        _core_rate,
        play_public,
        max(1, rounds // 10),
        json_positions(lambda seed: Round.deal("standard", 4, 12, seed=seed), 200),
        1e6 / per_gen,
        Position.from_json,
    )
