"""Speed of the rules engine: ``python -m scorekeeper.rules.bench [rounds]``.

Plays random full rounds (double-12, 4 players, 15 tiles each, standard rules), choosing uniformly
among the legal moves, and prints tiles laid per second, legal-move generations per second on
mid-round positions, tiles laid and draws per round, and the share of rounds that end blocked.

The fast figures drive the core table the public types wrap (moves as ints); the last lines time the
same work through the public API (``Round.legal_moves`` / ``Round.push`` with :class:`Move` values).

Then the same for Super Domino (double-15, 4 players, 9 tiles each), once per preset: tiles laid per
second, legal-move generations per second, tiles laid per hand, and the share of hands that end blocked.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Protocol, TypeVar

from .mexican_train.core import Table
from .mexican_train.deal import deal_size
from .mexican_train.options import PRESETS
from .mexican_train.round import Round
from .super_domino.core import SuperTable
from .super_domino.options import SUPER_DOMINO_HAND, SUPER_PRESETS
from .super_domino.round import SuperRound


class _Playable(Protocol):
    over: bool

    def legal_codes(self) -> list[int]: ...

    def push(self, code: int) -> None: ...


P = TypeVar("P", bound=_Playable)


def _midway(table: P, moves: int, seed: int) -> P | None:
    """The table after ``moves`` random legal moves, for timing move generation; None if it ended."""
    replay = random.Random(seed)
    for _ in range(moves):
        if table.over:
            break
        codes = table.legal_codes()
        table.push(codes[int(replay.random() * len(codes))])
    return None if table.over else table


def _deal(seed: int) -> Table:
    options = PRESETS["standard"].options
    table = Table(options, 4, 12, 12)
    table.deal(deal_size(4, 12, rules=options), random.Random(seed), 0)
    return table


def play_core(rounds: int, seed: int = 0) -> tuple[float, int, int, int, int, list[Table]]:
    """(seconds, tiles laid, draws, blocked rounds, legal-move generations, mid-round snapshots)."""
    choose = random.Random(seed).random
    laid = draws = blocked = gens = 0
    snapshots: list[Table] = []
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
        if r < 200:  # replay to a mid-round point for the move-generation timing
            snap = _midway(_deal(seed * 1_000_003 + r), steps // 2, r)
            if snap is not None:
                snapshots.append(snap)
        laid += sum(len(t) for t in table.trains)
        draws += 30 - table.bcount
        blocked += table.blocked
    return seconds, laid, draws, blocked, gens, snapshots


def time_generation(snapshots: list[Table], repeat: int) -> float:
    """Legal-move generations per second over mid-round positions."""
    calls = [s.legal_codes for s in snapshots]
    start = time.perf_counter()
    for _ in range(repeat):
        for call in calls:
            call()
    return repeat * len(calls) / (time.perf_counter() - start)


def play_public(rounds: int, seed: int = 0) -> tuple[float, int]:
    """(seconds, tiles laid) for random rounds through the public ``Round`` API."""
    choose = random.Random(seed).random
    laid = 0
    start = time.perf_counter()
    for r in range(rounds):
        game = Round.deal("standard", 4, 12, seed=seed * 1_000_003 + r)
        while not game.is_over:
            moves = game.legal_moves()
            game.push(moves[int(choose() * len(moves))])
        laid += sum(len(t.tiles) for t in game.trains) + len(game.mexican)
    return time.perf_counter() - start, laid


def _super_deal(preset: str, seed: int) -> SuperTable:
    table = SuperTable(SUPER_PRESETS[preset].options, 4, 15)
    table.deal(SUPER_DOMINO_HAND, random.Random(seed), None)
    return table


def play_super(preset: str, hands: int, seed: int = 0) -> tuple[float, int, int, list[SuperTable]]:
    """(seconds, tiles laid, blocked hands, mid-hand snapshots) for random Super Domino hands on the core table."""
    choose = random.Random(seed).random
    laid = blocked = 0
    snapshots: list[SuperTable] = []
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
        if h < 200:
            super_snap = _midway(_super_deal(preset, seed * 1_000_003 + h), steps // 2, h)
            if super_snap is not None:
                snapshots.append(super_snap)
        laid += len(table.layout)
        blocked += table.blocked
    return seconds, laid, blocked, snapshots


def time_super_generation(snapshots: list[SuperTable], repeat: int) -> float:
    """Legal-move generations per second over mid-hand Super Domino positions."""
    calls = [s.legal_codes for s in snapshots]
    start = time.perf_counter()
    for _ in range(repeat):
        for call in calls:
            call()
    return repeat * len(calls) / (time.perf_counter() - start)


def play_super_public(preset: str, hands: int, seed: int = 0) -> tuple[float, int]:
    """(seconds, tiles laid) for random hands through the public ``SuperRound`` API."""
    choose = random.Random(seed).random
    laid = 0
    start = time.perf_counter()
    for h in range(hands):
        game = SuperRound.deal(preset, 4, 15, seed=seed * 1_000_003 + h)
        while not game.is_over:
            moves = game.legal_moves()
            game.push(moves[int(choose() * len(moves))])
        laid += len(game.layout)
    return time.perf_counter() - start, laid


def main_super(hands: int) -> None:
    """Print the Super Domino figures, once per preset."""
    for preset in SUPER_PRESETS:
        seconds, laid, blocked, snapshots = play_super(preset, hands)
        per_gen = time_super_generation(snapshots, 2000)
        print()
        print(f"Super Domino ({preset}), double-15, 4 players, 9 tiles each: {hands} random hands")
        print(f"tiles laid per second:               {laid / seconds:12,.0f}")
        print(f"legal-move generations per second:   {per_gen:12,.0f}   (on {len(snapshots)} mid-hand positions)")
        print(f"tiles laid per hand:                 {laid / hands:12.1f}")
        print(f"hands ending blocked:                {blocked / hands:12.1%}")
        public = max(1, hands // 10)
        p_seconds, p_laid = play_super_public(preset, public)
        rate = p_laid / p_seconds
        print(f"public API (SuperRound.legal_moves/push), {public} hands: {rate:,.0f} tiles laid per second")


def main(argv: list[str]) -> None:
    """Print every figure: Mexican Train, then Super Domino."""
    rounds = int(argv[0]) if argv else 3000
    seconds, laid, draws, blocked, gens, snapshots = play_core(rounds)
    per_gen = time_generation(snapshots, 2000)
    print(f"standard rules, double-12, 4 players, 15 tiles each: {rounds} random rounds")
    print(f"tiles laid per second:               {laid / seconds:12,.0f}")
    print(f"legal-move generations per second:   {per_gen:12,.0f}   (on {len(snapshots)} mid-round positions)")
    print(f"moves per second (play, draw, pass): {gens / seconds:12,.0f}")
    print(f"tiles laid per round:                {laid / rounds:12.1f}")
    print(f"draws per round:                     {draws / rounds:12.1f}")
    print(f"rounds ending blocked:               {blocked / rounds:12.1%}")
    public_rounds = max(1, rounds // 10)
    p_seconds, p_laid = play_public(public_rounds)
    rate = p_laid / p_seconds
    print(f"public API (Round.legal_moves/push), {public_rounds} rounds: {rate:,.0f} tiles laid per second")
    main_super(rounds)


if __name__ == "__main__":
    main(sys.argv[1:])
