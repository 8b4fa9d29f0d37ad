"""The score-progression chart as plain numbers for an inline SVG (no chart library)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Line:
    player: str
    points: str
    """SVG polyline points, "x,y x,y ..."."""
    end_x: float
    end_y: float
    total: int
    label_y: float = 0.0
    """Where the name goes: at the line's end, nudged so names never overlap."""


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: int
    bottom: int
    lines: list[Line]
    y_ticks: list[tuple[float, int]]
    x_ticks: list[tuple[float, int]]


def progression_chart(progression: dict[str, list[int]], width: int = 340, height: int = 220) -> Chart:
    """Each player's running total after each round, scaled into a width x height box."""
    left, right, top, bottom = 40, 70, 10, 24
    rounds = max((len(v) for v in progression.values()), default=0)
    top_value = max((max(v) for v in progression.values() if v), default=0) or 1
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return round(left + plot_w * i / max(rounds, 1), 1)

    def y(v: int) -> float:
        return round(top + plot_h * (1 - v / top_value), 1)

    lines = []
    for player, totals in progression.items():
        pts = [(x(0), y(0))] + [(x(i + 1), y(v)) for i, v in enumerate(totals)]
        lines.append(
            Line(player, " ".join(f"{a},{b}" for a, b in pts), pts[-1][0], pts[-1][1], totals[-1] if totals else 0)
        )
    lines = _spread_labels(lines, gap=13, low=top + 6, high=height - bottom)
    step = _nice_step(top_value)
    y_ticks = [(y(v), v) for v in range(0, top_value + 1, step)]
    x_ticks = [(x(i), i) for i in range(1, rounds + 1)]
    return Chart(width, height, left, height - bottom, lines, y_ticks, x_ticks)


def _nice_step(top: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if top / step <= 5:
            return step
    return 10000


def _spread_labels(lines: list[Line], gap: float, low: float, high: float) -> list[Line]:
    """Push end labels apart vertically, keeping their order, so close totals stay legible."""
    order = sorted(range(len(lines)), key=lambda i: lines[i].end_y)
    ys: list[float] = []
    for i in order:
        y = max(lines[i].end_y, low)
        if ys and y < ys[-1] + gap:
            y = ys[-1] + gap
        ys.append(y)
    overflow = (ys[-1] - high) if ys else 0
    if overflow > 0:  # shift the whole stack up, never above the top
        ys = [max(low, y - overflow) for y in ys]
        for k in range(1, len(ys)):
            ys[k] = max(ys[k], ys[k - 1] + gap)
    placed = dict(zip(order, ys))
    return [Line(ln.player, ln.points, ln.end_x, ln.end_y, ln.total, round(placed[i], 1)) for i, ln in enumerate(lines)]
