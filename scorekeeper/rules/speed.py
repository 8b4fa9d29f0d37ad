"""The shared timing harness of the rules benchmark (``python -m scorekeeper.rules.bench``): each room's own
bench module plays its game with these, so every game is timed alike.

The core and the public API play the same rounds ten at a time in turn, so that a busy machine slows
both alike; the JSON path takes the best of fifty short runs, each on positions freshly decoded from JSON.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from .room import GamePosition


class Playable(Protocol):
    """A core table, as the timing loops drive it: moves as ints."""

    over: bool

    def legal_codes(self) -> list[int]: ...

    def push(self, code: int) -> None: ...


P = TypeVar("P", bound=Playable)


def midway(table: P, moves: int, seed: int) -> P | None:
    """The table after ``moves`` random legal moves, for timing move generation; None if it ended."""
    replay = random.Random(seed)
    for _ in range(moves):
        if table.over:
            break
        codes = table.legal_codes()
        table.push(codes[int(replay.random() * len(codes))])
    return None if table.over else table


class PublicRound(Protocol):
    """A round (hand) through the public API, as the JSON positions are made from it."""

    @property
    def is_over(self) -> bool: ...

    def legal_moves(self) -> Sequence[Any]: ...

    def push(self, move: Any) -> None: ...

    def position(self) -> Any: ...


def time_generation(snapshots: Sequence[Playable], repeat: int) -> float:
    """Legal-move generations per second over mid-round (mid-hand) positions."""
    calls = [s.legal_codes for s in snapshots]
    start = time.perf_counter()
    for _ in range(repeat):
        for call in calls:
            call()
    return repeat * len(calls) / (time.perf_counter() - start)


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


def json_positions(deal: Callable[[int], PublicRound], positions: int, seed: int = 0) -> list[dict[str, Any]]:
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
            game.push(moves[int(choose() * len(moves))])
        if not game.is_over:
            out.append(game.position().to_json())
        r += 1
    return out


def time_json(
    positions: list[dict[str, Any]], read: Callable[[Any], GamePosition], runs: int = 50, repeat: int = 1
) -> float:
    """Microseconds per ``read(data).legal_moves_json()``, the best of ``runs`` short runs (a busy machine
    slows some of them, rarely all). Each call reads a position decoded afresh from its JSON text, as a request's
    is, so no call reads a dict (or a string) an earlier one has already read; the decoding is not timed."""
    texts = [json.dumps(data) for data in positions]
    best = float("inf")
    for _ in range(runs):
        requests = [json.loads(text) for _ in range(repeat) for text in texts]
        start = time.perf_counter()
        for data in requests:
            read(data).legal_moves_json()
        best = min(best, (time.perf_counter() - start) / len(requests))
    return best * 1e6


def print_paths(
    name: str,
    core: Callable[[int, int], tuple[float, int]],
    public: Callable[[int, int], tuple[float, int]],
    rounds: int,
    positions: list[dict[str, Any]],
    core_us: float,
    read: Callable[[Any], GamePosition],
    unit: str = "rounds",
) -> None:
    """The public API against the core on the same rounds, and the checker's JSON path."""
    core_rate, public_rate = paired_rates(core, public, rounds)
    json_us = time_json(positions, read)
    print(f"the same {rounds} {unit} through the core table and through the public {name} API, ten at a time in turn:")
    print(f"  core table (legal_codes/push):     {core_rate:12,.0f} tiles laid per second")
    print(f"  public API ({name}.legal_moves/push): {public_rate:9,.0f} tiles laid per second")
    print(f"  public API / core:                 {public_rate / core_rate:12.0%}")
    print(f"JSON checker path, read_position(data).legal_moves_json(), on {len(positions)} positions in play:")
    print(f"  per legal-move generation:         {json_us:12.1f} µs   (the core table: {core_us:.1f} µs)")
