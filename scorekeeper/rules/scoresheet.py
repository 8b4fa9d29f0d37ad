"""The game around the rounds: the engine sequence, totals, ranks and winners."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .tiles import DominoSet


def round_engines(highest: int, ascending: bool = False, limit: int | None = None) -> tuple[int, ...]:
    """The engine double of each round, in play order.

    >>> round_engines(6)
    (6, 5, 4, 3, 2, 1, 0)
    >>> round_engines(12, ascending=True, limit=3)
    (0, 1, 2)
    """
    engines = list(range(DominoSet(highest).highest, -1, -1))
    if ascending:
        engines.reverse()
    if limit is not None:
        if not 1 <= limit <= len(engines):
            raise ValueError(f"a double-{highest} game has 1 to {len(engines)} rounds, not {limit}")
        engines = engines[:limit]
    return tuple(engines)


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's place in the game so far."""

    player: str
    total: int
    """Pips summed over every round played."""
    rank: int
    """1 for the lowest total; equal totals share a rank (1, 1, 3)."""
    behind: int
    """Pips more than the leader; 0 for the leader."""


def standings(players: Sequence[str], rounds: Sequence[Mapping[str, int]]) -> list[Standing]:
    """Totals and ranks, lowest total first; ties keep seat order.

    >>> [(s.player, s.total, s.rank) for s in standings(["Ana", "Ben"], [{"Ana": 5, "Ben": 5}])]
    [('Ana', 5, 1), ('Ben', 5, 1)]
    """
    totals = {p: sum(r.get(p, 0) for r in rounds) for p in players}
    order = sorted(players, key=lambda p: totals[p])  # stable: seat order breaks ties
    best = totals[order[0]] if order else 0
    result: list[Standing] = []
    for i, p in enumerate(order):
        rank = result[-1].rank if result and result[-1].total == totals[p] else i + 1
        result.append(Standing(p, totals[p], rank, totals[p] - best))
    return result


def winners(table: Sequence[Standing]) -> list[str]:
    """Everyone sharing first place."""
    return [s.player for s in table if s.rank == 1]


def running_totals(players: Sequence[str], rounds: Sequence[Mapping[str, int]]) -> dict[str, list[int]]:
    """Each player's total after every round, for the progression chart."""
    out: dict[str, list[int]] = {p: [] for p in players}
    for r in rounds:
        for p in players:
            out[p].append((out[p][-1] if out[p] else 0) + r.get(p, 0))
    return out
