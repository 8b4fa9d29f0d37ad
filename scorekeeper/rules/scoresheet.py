"""The game around the rounds: the engine sequence, totals, ranks and winners."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .tiles import DominoSet


def round_engines(
    highest: int, ascending: bool = False, limit: int | None = None, *, always_highest: bool = False
) -> tuple[int, ...]:
    """The engine double of each round, in play order; ``always_highest``: the set's highest double every round
    (the Mexican Train option ``highest_engine_every_round``), as many rounds as counting down would have.

    >>> round_engines(6)
    (6, 5, 4, 3, 2, 1, 0)
    >>> round_engines(12, ascending=True, limit=3)
    (0, 1, 2)
    >>> round_engines(6, always_highest=True)
    (6, 6, 6, 6, 6, 6, 6)
    """
    top = DominoSet(highest).highest
    engines = [top] * (top + 1) if always_highest else list(range(top, -1, -1))
    if ascending and not always_highest:
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
    """Pips more than the leader (Mexican Train), or hands fewer (Super Domino); 0 for the leader."""
    wins: int = 0
    """Hands won (Super Domino)."""
    left_after: int | None = None
    """The last round a player who left played (0: none); None for one who played on. Ranked after everyone who
    played on, whatever their total."""


def _ranked(
    players: Sequence[str], key: Callable[[str], tuple[int, ...]], left: Mapping[str, int] | None
) -> list[tuple[str, int]]:
    """The players best first with their ranks: by ``key`` (lower is better, ties keep seat order and share a
    rank), those who left after everyone who played on, the one who stayed longest first.

    >>> _ranked(["A", "B", "C"], lambda p: ({"A": 50, "B": 20, "C": 20}[p],), {"B": 4})
    [('C', 1), ('A', 2), ('B', 3)]
    """
    gone = left or {}

    def full(p: str) -> tuple[int, ...]:
        return (p in gone, -gone.get(p, 0), *key(p))

    order = sorted(players, key=full)  # stable: seat order breaks ties
    ranked: list[tuple[str, int]] = []
    for i, p in enumerate(order):
        tied = ranked and full(ranked[-1][0]) == full(p)
        ranked.append((p, ranked[-1][1] if tied else i + 1))
    return ranked


def standings(
    players: Sequence[str], rounds: Sequence[Mapping[str, int]], left: Mapping[str, int] | None = None
) -> list[Standing]:
    """Totals and ranks, lowest total first; ties keep seat order. ``left``: the players who left, each with the
    last round they played; they rank after everyone who played on.

    >>> [(s.player, s.total, s.rank) for s in standings(["Ana", "Ben"], [{"Ana": 5, "Ben": 5}])]
    [('Ana', 5, 1), ('Ben', 5, 1)]
    >>> table = standings(["Ana", "Ben"], [{"Ana": 5, "Ben": 9}], left={"Ana": 1})
    >>> [(s.player, s.total, s.rank, s.left_after) for s in table]
    [('Ben', 9, 1, None), ('Ana', 5, 2, 1)]
    """
    gone = left or {}
    totals = {p: sum(r.get(p, 0) for r in rounds) for p in players}
    ranked = _ranked(players, lambda p: (totals[p],), gone)
    best = totals[ranked[0][0]] if ranked else 0
    return [Standing(p, totals[p], rank, totals[p] - best, left_after=gone.get(p)) for p, rank in ranked]


def winners(table: Sequence[Standing]) -> list[str]:
    """Everyone sharing first place (never a player who left, unless nobody played on)."""
    return [s.player for s in table if s.rank == 1]


def running_totals(players: Sequence[str], rounds: Sequence[Mapping[str, int]]) -> dict[str, list[int]]:
    """Each player's total after every round, for the progression chart."""
    out: dict[str, list[int]] = {p: [] for p in players}
    for r in rounds:
        for p in players:
            out[p].append((out[p][-1] if out[p] else 0) + r.get(p, 0))
    return out


def hand_winners(pips: Mapping[str, int], tiles: Mapping[str, int], went_out: str | None) -> list[str]:
    """Who won a Super Domino hand: the player who went out; if it blocked, the fewest tiles,
    then the fewest pips. Players still equal after both share the hand.

    >>> hand_winners({"Ana": 9, "Ben": 4, "Cleo": 2}, {"Ana": 2, "Ben": 2, "Cleo": 3}, None)
    ['Ben']
    """
    if went_out is not None:
        return [went_out]
    if not tiles:
        return []
    fewest = min(tiles.values())
    closest = [p for p in tiles if tiles[p] == fewest]
    lowest = min(pips.get(p, 0) for p in closest)
    return [p for p in closest if pips.get(p, 0) == lowest]


def hand_standings(
    players: Sequence[str],
    hands: Sequence[tuple[Sequence[str], Mapping[str, int]]],
    left: Mapping[str, int] | None = None,
) -> list[Standing]:
    """Super Domino standings: most hands won first, equal counts by fewest pips left over all hands; ``left`` as
    for :func:`standings`.

    Each hand is (its winners, the pips each player was left with).

    >>> [(s.player, s.wins, s.rank) for s in hand_standings(["A", "B"], [(["B"], {"A": 5, "B": 0})])]
    [('B', 1, 1), ('A', 0, 2)]
    >>> [(s.player, s.wins, s.rank) for s in hand_standings(["A", "B"], [(["B"], {"A": 5, "B": 0})], {"B": 1})]
    [('A', 0, 1), ('B', 1, 2)]
    """
    gone = left or {}
    wins = {p: sum(p in winners for winners, _ in hands) for p in players}
    pips = {p: sum(h.get(p, 0) for _, h in hands) for p in players}
    ranked = _ranked(players, lambda p: (-wins[p], pips[p]), gone)
    most = wins[ranked[0][0]] if ranked else 0
    return [Standing(p, pips[p], rank, most - wins[p], wins[p], gone.get(p)) for p, rank in ranked]


def running_wins(players: Sequence[str], hands: Sequence[Sequence[str]]) -> dict[str, list[int]]:
    """Each player's hands won after every hand, for the progression chart."""
    return running_totals(players, [dict.fromkeys(winners, 1) for winners in hands])
