"""Speed of the rules engine: ``python -m scorekeeper.rules.bench [rounds]``.

Plays random full rounds (double-12, 4 players, 15 tiles each, standard rules), choosing uniformly
among the legal moves, and prints tiles laid per second, legal-move generations per second on
mid-round positions, tiles laid and draws per round, and the share of rounds that end blocked.

The fast figures drive the core table the public types wrap (moves as ints); then the same rounds through
the public API (``Round.legal_moves`` / ``Round.push`` with :class:`Move` values), as tiles laid per second
and as a share of the core's; and the checker's JSON path, ``read_position(data).legal_moves_json()`` on
mid-round positions written as JSON, in microseconds per call (read, validate, generate, write).

Then the same for Super Domino (double-15, 4 players, 9 tiles each), once per preset: tiles laid per
second, legal-move generations per second, tiles laid per hand, the share of hands that end blocked, and the
public API and JSON path figures likewise.

The core and the public API play the same rounds ten at a time in turn, so that a busy machine slows
both alike; the JSON path takes the best of fifty short runs, each on positions freshly decoded from JSON.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any, Protocol, TypeVar

from .games import read_position
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
            snap = _midway(_deal(seed * 1_000_003 + r), steps // 2, r)
            if snap is not None:
                snaps.append(snap)
        laid += sum(len(t) for t in table.trains)
        draws += 30 - table.bcount
        blocked += table.blocked
    return seconds, laid, draws, blocked, gens, snaps


def time_generation(snapshots: list[Table], repeat: int) -> float:
    """Legal-move generations per second over mid-round positions."""
    calls = [s.legal_codes for s in snapshots]
    start = time.perf_counter()
    for _ in range(repeat):
        for call in calls:
            call()
    return repeat * len(calls) / (time.perf_counter() - start)


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


def paired_rates(
    core: Callable[[int, int], tuple[float, int]],
    public: Callable[[int, int], tuple[float, int]],
    rounds: int,
    chunk: int = 10,
) -> tuple[float, float]:
    """Tiles laid per second through the core and through the public API, over the same rounds: ``chunk`` rounds
    on one, the same rounds on the other, and so on, so that a busy machine slows both alike."""
    seconds = [0.0, 0.0]
    laid = [0, 0]
    for seed in range(max(1, rounds // chunk)):
        for k, play in enumerate((core, public)):
            s, n = play(chunk, seed)
            seconds[k] += s
            laid[k] += n
    return laid[0] / seconds[0], laid[1] / seconds[1]


def _core_rate(rounds: int, seed: int) -> tuple[float, int]:
    seconds, laid, *_ = play_core(rounds, seed, snapshots=False)
    return seconds, laid


def json_positions(deal: Callable[[int], Round | SuperRound], positions: int, seed: int = 0) -> list[dict[str, Any]]:
    """Positions 20 to 59 moves into random rounds dealt by ``deal(seed)``, as the JSON a checker receives."""
    choose = random.Random(seed).random
    out: list[dict[str, Any]] = []
    r = 0
    while len(out) < positions and r < positions * 10:
        game = deal(seed * 1_000_003 + r)
        for _ in range(20 + r % 40):
            if game.is_over:
                break
            moves = game.legal_moves()
            game.push(moves[int(choose() * len(moves))])  # type: ignore[arg-type]  # the round's own moves
        if not game.is_over:
            out.append(game.position().to_json())
        r += 1
    return out


def time_json(positions: list[dict[str, Any]], runs: int = 50, repeat: int = 1) -> float:
    """Microseconds per ``read_position(data).legal_moves_json()``, the best of ``runs`` short runs (a busy machine
    slows some of them, rarely all). Each call reads a position decoded afresh from its JSON text, as a request's
    is, so no call reads a dict (or a string) an earlier one has already read; the decoding is not timed."""
    texts = [json.dumps(data) for data in positions]
    best = float("inf")
    for _ in range(runs):
        requests = [json.loads(text) for _ in range(repeat) for text in texts]
        start = time.perf_counter()
        for data in requests:
            read_position(data).legal_moves_json()
        best = min(best, (time.perf_counter() - start) / len(requests))
    return best * 1e6


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
            super_snap = _midway(_super_deal(preset, seed * 1_000_003 + h), steps // 2, h)
            if super_snap is not None:
                snaps.append(super_snap)
        laid += len(table.layout)
        blocked += table.blocked
    return seconds, laid, blocked, snaps


def time_super_generation(snapshots: list[SuperTable], repeat: int) -> float:
    """Legal-move generations per second over mid-hand Super Domino positions."""
    calls = [s.legal_codes for s in snapshots]
    start = time.perf_counter()
    for _ in range(repeat):
        for call in calls:
            call()
    return repeat * len(calls) / (time.perf_counter() - start)


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
        print_paths(
            "SuperRound",
            partial(_super_core_rate, preset),
            partial(play_super_public, preset),
            max(1, hands // 10),
            json_positions(partial(_super_round, preset), 200),
            1e6 / per_gen,
            "hands",
        )


def print_paths(
    name: str,
    core: Callable[[int, int], tuple[float, int]],
    public: Callable[[int, int], tuple[float, int]],
    rounds: int,
    positions: list[dict[str, Any]],
    core_us: float,
    unit: str = "rounds",
) -> None:
    """The public API against the core on the same rounds, and the checker's JSON path."""
    core_rate, public_rate = paired_rates(core, public, rounds)
    json_us = time_json(positions)
    print(f"the same {rounds} {unit} through the core table and through the public {name} API, ten at a time in turn:")
    print(f"  core table (legal_codes/push):     {core_rate:12,.0f} tiles laid per second")
    print(f"  public API ({name}.legal_moves/push): {public_rate:9,.0f} tiles laid per second")
    print(f"  public API / core:                 {public_rate / core_rate:12.0%}")
    print(f"JSON checker path, read_position(data).legal_moves_json(), on {len(positions)} positions in play:")
    print(f"  per legal-move generation:         {json_us:12.1f} µs   (the core table: {core_us:.1f} µs)")


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
    print_paths(
        "Round",
        _core_rate,
        play_public,
        max(1, rounds // 10),
        json_positions(lambda seed: Round.deal("standard", 4, 12, seed=seed), 200),
        1e6 / per_gen,
    )
    main_super(rounds)


if __name__ == "__main__":
    main(sys.argv[1:])
