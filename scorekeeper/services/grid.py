"""The score grid: a game as the table writes it on paper, rounds as rows and players as columns, totals at the foot.

Worked out from the read model (:class:`~.game_view.GameView`, built once per request), so it reads nothing more
from the database; the table screen's standings, the chart and the grid are then one and the same arithmetic.
What a game records per round is its kind's to say (``kind.wins_hands``: the tiles left and who won the hand;
``kind.has_engines``: the double each round opened on), never its name.

Each cell holds what the round counted for the player and, in a game scored by pips, the running total under it:
a paper sheet carries both, so that after any round the table reads who leads without adding up a column, and the
last running total is the foot's total. A game of hands carries the tiles left instead (its running count of hands
won is the foot's "Hands won"). A late joiner gets a start row just before the round they joined at, with the total
they started from (each column then adds up to its total); their cells before it are a dash, and a player who left
has empty cells after their last round.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .game_view import GameView


class Away(Enum):
    """Why a player has no score in a row."""

    NOT_YET = "not-yet"
    """They joined the game later (a dash)."""
    GONE = "gone"
    """They left the game before this round (an empty cell)."""


@dataclass(frozen=True)
class Cell:
    """One player's square of one row."""

    value: int | None = None
    """What the round counted for the player (the pips after the scoring house rules), or the total a joiner started
    with in a start row; None when they were not at the table (see ``away``)."""
    away: Away | None = None
    out: bool = False
    """They went out (in a game of hands: they won the hand, by going out or by the fewest tiles when blocked)."""
    running: int | None = None
    """Their total after this round, in a game scored by pips; None in a game of hands, or when away."""
    tiles: int | None = None
    """Tiles left in their hand, in a game that records them."""

    @property
    def not_yet(self) -> bool:
        """The player had not joined yet: the cell shows a dash."""
        return self.away is Away.NOT_YET


@dataclass(frozen=True)
class Row:
    """A round (a hand) as played, or the start row of the players joining at the round after it."""

    number: int
    """The round's number; for a start row, the round its joiners play first."""
    cells: list[Cell]
    start: bool = False
    """A start row: the totals the late joiners of round ``number`` started from."""
    engine: int | None = None
    """The double that opened the round, as played."""
    stand_in: int | None = None
    """The round's own engine, when the house rule let another double start it instead; None otherwise."""
    blocked: bool = False
    ended_on_double: bool = False
    """The round was ended by laying a double, in a game whose scoring house rule counts that differently."""


@dataclass(frozen=True)
class Column:
    """A player, in seat order."""

    name: str
    left_after: int | None
    """The last round a player who left played; None for one who played on."""
    total: int
    """Their total (pips; in a game of hands, the pips over every hand)."""
    wins: int
    """Hands won, in a game of hands."""
    place: int | None
    """Their place in the standings; None for a player who left, who holds none."""


@dataclass(frozen=True)
class Grid:
    """The whole sheet: its columns, its rows in play order, and how the game ended."""

    columns: list[Column]
    rows: list[Row]
    ended_after: int | None
    """The last round of a game the table ended before its last round; None otherwise."""
    rounds_total: int | None
    wins_hands: bool
    has_engines: bool

    @property
    def blocked_rounds(self) -> bool:
        """Some round was blocked: the legend explains its mark."""
        return any(r.blocked for r in self.rows)


def score_grid(game: GameView) -> Grid:
    """The score grid of ``game``, from its read model (no query of its own)."""
    kind = game.kind
    by_player = {s.player: s for s in game.standings}
    seats = game.seats
    columns = [
        Column(
            name,
            by_player[name].left_after,
            by_player[name].total,
            by_player[name].wins,
            by_player[name].rank if by_player[name].left_after is None else None,
        )
        for name in game.players
    ]
    joins: dict[int, dict[str, int]] = {}
    for seat in seats:
        if seat.joined_round is not None:
            joins.setdefault(seat.joined_round, {})[seat.name] = seat.start_total
    rows: list[Row] = []
    for index, played in enumerate(game.rounds, start=1):
        joining = joins.get(played.number)
        if joining:
            rows.append(Row(played.number, [_start_cell(joining, p, game, played.number) for p in game.players], True))
        cells = []
        for player in game.players:
            if player not in played.pips:
                cells.append(Cell(away=_away(game, player, played.number)))
                continue
            won = player in played.winners if kind.wins_hands else played.went_out == player
            running = None if kind.wins_hands else game.progression[player][index]
            tiles = played.tiles.get(player) if played.tiles is not None else None
            cells.append(Cell(played.counted(player), None, won, running, tiles))
        planned = game.planned_engine(played.number)
        stand_in = planned if kind.has_engines and played.engine is not None and played.engine != planned else None
        doubled = played.ended_on_double and game.scoring.double_end
        rows.append(Row(played.number, cells, False, played.engine, stand_in, played.blocked, doubled))
    # a player joining at the round to play next has started already: their start row closes the sheet
    for number in sorted(n for n in joins if n > len(game.rounds)):
        rows.append(Row(number, [_start_cell(joins[number], p, game, number) for p in game.players], True))
    return Grid(columns, rows, game.ended_after, game.rounds_total, kind.wins_hands, kind.has_engines)


def _away(game: GameView, player: str, number: int) -> Away:
    # a seat without a score in a round played either had not joined yet or had left already
    return Away.NOT_YET if game.away(player, number) == "joined later" else Away.GONE


def _start_cell(joining: dict[str, int], player: str, game: GameView, number: int) -> Cell:
    """A start row's square: the joiner's starting total; a dash for another joiner still to come; the players at
    the table already have nothing to start."""
    if player in joining:
        return Cell(value=joining[player])
    return Cell(away=Away.NOT_YET) if game.away(player, number) == "joined later" else Cell()
