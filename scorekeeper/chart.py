"""The score-progression chart as plain numbers for an inline SVG (no chart library).

Each player's line has its own colour and its own marker shape (the page draws them from the series index), so
that the lines part even for a colour-blind reader or on a black-and-white print. A line runs from the round its
player joined, at the total they joined with, to the last round they played. Names go in a legend under the
chart, each with the total the standings show, where a long name wraps instead of being cut. Lines that run on
the same values (every player on no hands won) are drawn a little apart, each in its own lane, so
that none hides another.
"""

from __future__ import annotations

from dataclasses import dataclass

SERIES = 8
"""Distinct colour and marker pairs; a bigger table uses them again from the first."""


@dataclass(frozen=True)
class Line:
    player: str
    points: str
    """SVG polyline points, "x,y x,y ...": one point per round the player was in the game, from the total they
    started with (nought before the first round; a late joiner's starting total at the round before their first)
    to their total after the last round they played."""
    total: int
    """The player's score after the last round they played: their total in the standings."""
    series: int
    """Which colour and marker the line is drawn with (0 to SERIES - 1)."""


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: int
    right: int
    """Where the plot ends on the x axis (the grid lines' end)."""
    bottom: int
    lines: list[Line]
    """In seat order, each seat with its colour, as the legend lists them."""
    y_ticks: list[tuple[float, int]]
    x_ticks: list[tuple[float, int]]


Progression = dict[str, list[int | None]]
"""Each player's score before the first round (index 0) and after every round (index n), None where they were
not in the game: before a late joiner's start, after a leaver's last round."""


def progression_chart(progression: Progression, width: int = 340, height: int = 200) -> Chart:
    """Each player's score through the game, scaled into a width x height box; where several players have the same
    total, their points are drawn LANE apart, upwards from the axis and downwards from the top. A line runs only
    where its player was in the game, and ends on their total in the standings.

    >>> c = progression_chart({"Ana": [0, 0, 1], "Ben": [0, 0, 1]})
    >>> [line.points for line in c.lines]
    ['36,178 181,178 326,10', '36,178 181,175 326,13']
    >>> c = progression_chart({"Ana": [0, 5, 9], "Dan": [None, 7, 8], "Eve": [0, 2, None]})
    >>> [(line.player, line.points, line.total) for line in c.lines]
    [('Ana', '36,178 181,84.7 326,10', 9), ('Dan', '181,47.3 326,28.7', 8), ('Eve', '36,178 181,140.7', 2)]
    """
    left, right, top, bottom = 36, 14, 10, 22
    rounds = max((len(v) - 1 for v in progression.values()), default=0)
    top_value = max((v for values in progression.values() for v in values if v is not None), default=0) or 1
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return round(left + plot_w * i / max(rounds, 1), 1)

    def y(v: float) -> float:
        return round(top + plot_h * (1 - v / top_value), 1)

    columns = list(progression.values())
    # everyone starts on nought: no lanes there, or the lines would seem to start apart
    lanes = [[0.0] * len(columns)] + [
        _lanes([column[i] if i < len(column) else None for column in columns], top_value) for i in range(1, rounds + 1)
    ]
    lines = []
    for series, (player, column) in enumerate(zip(progression, columns)):
        pts = [(x(i), round(y(v) + lanes[i][series], 1)) for i, v in enumerate(column) if v is not None]
        total = next((v for v in reversed(column) if v is not None), 0)
        lines.append(Line(player, " ".join(f"{a:g},{b:g}" for a, b in pts), total, series % SERIES))
    step = _nice_step(top_value)
    y_ticks = [(y(v), v) for v in range(0, top_value + 1, step)]
    x_ticks = [(x(i), i) for i in range(1, rounds + 1)]
    return Chart(width, height, left, width - right, height - bottom, lines, y_ticks, x_ticks)


LANE = 3.0
"""Pixels between lines on the same total: a 2.5 px line each, and a sliver of the card between them."""


def _lanes(values: list[int | None], top_value: int) -> list[float]:
    """How far each series' point is moved down (positive) or up, so that equal totals at one round show side by
    side: the first player on the value, the next ones up from the axis, down from the top, else both ways."""
    shift = [0.0] * len(values)
    groups: dict[int, list[int]] = {}
    for series, value in enumerate(values):
        if value is not None:
            groups.setdefault(value, []).append(series)
    for value, members in groups.items():
        for k, series in enumerate(members):
            if value <= 0:
                shift[series] = -LANE * k
            elif value >= top_value:
                shift[series] = LANE * k
            else:
                shift[series] = LANE * (k - (len(members) - 1) / 2)
    return shift


def _nice_step(top: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if top / step <= 5:
            return step
    return 10000
