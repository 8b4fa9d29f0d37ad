"""A Chicken Foot position as the player to move sees it: the open ends, their hand, counts for the rest.

This is the checker's Chicken Foot position and its JSON format (``"game": "chicken-foot"``, see
``rules/README.md``): the layout is given only as the numbers showing on its open ends and which of
them still wait for a tile, which is all legality depends on.

>>> pos = ChickenPosition.from_json({
...     "game": "chicken-foot", "rules": "chicken-foot", "players": 4, "turn": 2, "centre": 9,
...     "ends": [4, 9, 2, 9, 7, 3, 5, 5], "unfilled": [6, 7],
...     "hand": ["5-3", "4-0", "8-8"], "boneyard": 10})
>>> pos.legal_moves()
[ChickenMove.play('5-3', 6), ChickenMove.play('5-3', 7)]
>>> pos.check(ChickenMove.play("4-0", 0)).rule
'cf-foot-not-finished'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .._json import hidden_tiles, read_ints, read_object, read_tiles, read_turn_state, write_seats
from .._json import read_int as _int
from ..errors import PositionError
from ..position import BasePosition
from ..tables import set_size
from ..text import brief
from ..tiles import Tile
from ..verdicts import Verdict
from .core import ChickenTable
from .legality import ChickenLegality
from .moves import ChickenMove
from .options import (
    CHICKEN_DEALS,
    CHICKEN_PRESETS,
    ChickenOptions,
    chicken_max_players,
    preset_set,
    resolve,
    rules_json,
)

GAME = "chicken-foot"
"""The ``game`` field of a Chicken Foot position."""

_FIELDS = (
    "game", "rules", "set", "players", "turn", "centre", "ends", "unfilled", "hand", "boneyard", "drawn", "laid",
    "passes", "hand_sizes", "names",
)  # fmt: skip
_REQUIRED = ("game", "rules", "players", "turn", "ends", "hand", "boneyard")


@dataclass(frozen=True, slots=True)  # slots: cheaper to build, as the checker does per request
class ChickenPosition(BasePosition[ChickenMove, int | None, ChickenTable], ChickenLegality):
    """The open ends and the mover's hand; other hands are only counted. Immutable and validated on creation."""

    preset: str
    """The preset the options start from (``"chicken-foot"`` for bare options)."""
    options: ChickenOptions
    highest: int
    """The set, by its highest double (JSON ``set``; default: the preset's set)."""
    players: int
    turn: int
    """The seat to move, 0-based; play goes to the left (seat + 1)."""
    centre: int
    """The number of the round's double (JSON ``centre``; default: the set's highest, the first round)."""
    ends: tuple[int, ...]
    """The number showing on each open end, by end id; empty until the round's double is down."""
    hand: tuple[Tile, ...]
    """The hand of the seat to move."""
    boneyard: int
    """Tiles left in the chicken yard."""
    unfilled: tuple[int, ...] = ()
    """Ends still waiting for a tile (the centre's ring, or the last double's toes): tiles go only there."""
    drawn: bool = False
    """The seat to move has drawn this turn."""
    laid: int = 0
    """Tiles laid this turn by a first player who goes on around the centre (option ``first_turn_multiple``)."""
    passes: int = 0
    """Passes in a row by players who laid and drew nothing; ``players`` of them end the round blocked."""
    hand_sizes: tuple[int, ...] | None = None
    """Tiles in each hand, if known."""
    names: tuple[str, ...] | None = None
    """Seat names for reasons; default "seat 2"."""
    _table: ChickenTable = field(init=False, repr=False, compare=False)
    _legal: tuple[int, ...] | None = field(init=False, repr=False, compare=False)

    def _build(self) -> ChickenTable:
        return _build(self)

    def _table_fields(self, table: ChickenTable) -> dict[str, Any]:
        return table_fields(table, self.preset, self.names)

    @property
    def game(self) -> str:
        """``"chicken-foot"``."""
        return GAME

    # -- JSON -------------------------------------------------------------------

    @classmethod
    def from_json(cls, data: object) -> ChickenPosition:
        """Read and fully validate a position; any problem raises :class:`PositionError` naming the field."""
        data = read_object(data, _FIELDS, _REQUIRED, game="Chicken Foot ")
        if data["game"] != GAME:
            raise PositionError("game", f"expected {brief(GAME)}, not {brief(data['game'])}")
        preset, options = resolve(data["rules"], "rules", PositionError)
        highest = _int(data.get("set", preset_set(preset)), "set")
        return cls(
            preset=preset,
            options=options,
            highest=highest,
            players=_int(data["players"], "players"),
            turn=_int(data["turn"], "turn"),
            centre=_int(data.get("centre", highest), "centre"),
            ends=read_ints(data["ends"], "ends"),
            hand=read_tiles(data["hand"], "hand", example="9-4"),
            boneyard=_int(data["boneyard"], "boneyard"),
            unfilled=read_ints(data.get("unfilled", []), "unfilled"),
            laid=_int(data.get("laid", 0), "laid"),
            **read_turn_state(data),
        )

    def to_json(self) -> dict[str, Any]:
        """The position as JSON, ``"game": "chicken-foot"`` first; optional fields only when not their defaults."""
        out: dict[str, Any] = {
            "game": GAME,
            "rules": rules_json(self.preset, self.options),
            "set": self.highest,
            "players": self.players,
            "turn": self.turn,
            "centre": self.centre,
            "ends": list(self.ends),
            "unfilled": list(self.unfilled),
            "hand": [str(t) for t in self.hand],
            "boneyard": self.boneyard,
            "drawn": self.drawn,
        }
        if self.laid:
            out["laid"] = self.laid
        if self.passes:
            out["passes"] = self.passes
        return write_seats(out, self.hand_sizes, self.names)


def table_fields(t: ChickenTable, preset: str, names: tuple[str, ...] | None) -> dict[str, Any]:
    """Every field of the :class:`ChickenPosition` a core table shows, but the mover's ``hand``: a round's
    ``position()`` and a position after a move both read them here. ``hand_sizes`` is None unless every hand is
    counted."""
    return {
        "preset": preset,
        "options": t.options,
        "highest": t.highest,
        "players": t.n,
        "turn": t.turn,
        "centre": t.centre,
        "ends": tuple(t.ends),
        "boneyard": t.bcount,
        "unfilled": t.unfilled,
        "drawn": t.drawn,
        "laid": t.laid,
        "passes": t.passes,
        "hand_sizes": tuple(t.counts) if min(t.counts) >= 0 else None,
        "names": names,
    }


def check_chicken(position: ChickenPosition | Mapping[str, Any], move: ChickenMove | Mapping[str, Any]) -> Verdict:
    """The Chicken Foot checker in one call; bad JSON raises :class:`PositionError` or :class:`MoveError`."""
    pos = position if isinstance(position, ChickenPosition) else ChickenPosition.from_json(position)
    return pos.check(move if isinstance(move, ChickenMove) else pos.read_move(move))


# -- validation: build the core table, or say exactly what is wrong -----------------------


def _build(p: ChickenPosition) -> ChickenTable:  # noqa: C901 - one check per sentence
    E = PositionError
    o = p.options
    if p.preset not in CHICKEN_PRESETS:
        raise E("rules", f"unknown Chicken Foot preset {brief(p.preset)}; choose one of {', '.join(CHICKEN_PRESETS)}")
    if p.highest not in CHICKEN_DEALS:
        raise E("set", f"Chicken Foot is dealt from a double-6, double-9 or double-12 set, not double-{p.highest}")
    n = p.players
    most = chicken_max_players(p.highest)
    if not 2 <= n <= most:
        raise E("players", f"a double-{p.highest} set deals for 2 to {most} players, not {n}")
    if not 0 <= p.turn < n:
        raise E("turn", f"seats are 0 to {n - 1}, not {p.turn}")
    if not 0 <= p.centre <= p.highest:
        raise E("centre", f"the round's double is one of a double-{p.highest} set's: 0 to {p.highest}, not {p.centre}")
    if p.names is not None and len(p.names) != n:
        raise E("names", f"expected one name per player ({n}), not {len(p.names)}")
    for name, value in (("boneyard", p.boneyard), ("laid", p.laid), ("passes", p.passes)):
        if value < 0:
            raise E(name, f"cannot be negative ({value})")
    t = ChickenTable(o, n, p.highest, p.centre)
    _read_ends(p, t)
    hand = 0
    for i in _hand_indices(p, t):
        hand |= 1 << i
    if t.down and hand >> t.double & 1:
        raise E("hand", f"{Tile(p.centre, p.centre)} is the round's double, already in the centre")
    t.hands[p.turn] = hand
    t.counts = [-1] * n
    t.counts[p.turn] = len(p.hand)
    # the fewest tiles the table can hold: the centre double and a tile on each end of its ring no longer waiting;
    # once a later double is down the ring is full, and each such double added two ends
    k = len(t.ends)
    if not t.down:
        on_table = 0
    elif k == t.ring:
        on_table = 1 + t.ring - len(t.unfilled)
    else:
        on_table = 1 + t.ring + (k - t.ring) // 2
    unseen = set_size(p.highest) - len(p.hand) - on_table
    hidden = 0
    if p.hand_sizes is not None:
        hidden = hidden_tiles(p.hand_sizes, n, p.turn, len(p.hand))
        t.counts = list(p.hand_sizes)
    if hidden + p.boneyard > unseen:
        raise E(
            "boneyard",
            f"{p.boneyard} to draw and {hidden} in other hands are more than the {unseen} tiles "
            "not on the table or in your hand",
        )
    t.bcount = p.boneyard
    t.turn = p.turn
    t.drawn = p.drawn
    t.laid = p.laid
    t.passes = p.passes
    if p.laid:
        if not o.first_turn_multiple:
            raise E("laid", "under these rules every turn lays one tile (option first_turn_multiple is off)")
        if not (t.down and t.unfilled and t.ring_open()):
            raise E("laid", "only the first player, going on around the centre while it has room, lays more than one")
        if p.drawn:
            raise E("drawn", "a player who has laid tiles this turn has not drawn")
    if p.passes > n:
        raise E("passes", f"at most {n} passes in a row: then nobody can play and the round is over")
    if p.passes == n:
        t.over = t.blocked = True
    elif not p.hand:
        if not t.down:
            raise E("hand", "empty, but nobody can go out before the round's double is down")
        t.over, t.winner = True, p.turn
    elif p.hand_sizes is not None and 0 in p.hand_sizes:
        if not t.down:
            raise E("hand_sizes", "a hand is empty, but nobody can go out before the round's double is down")
        t.over, t.winner = True, p.hand_sizes.index(0)
    return t


def _hand_indices(p: ChickenPosition, t: ChickenTable) -> list[int]:
    """The mover's tiles as indices, each in the set and listed once."""
    return p._tile_indices([str(tile) for tile in p.hand], "hand", t)


def _read_ends(p: ChickenPosition, t: ChickenTable) -> None:
    """Check the open ends and the ones waiting for a tile against the options, and put them on the table."""
    E = PositionError
    ring = t.ring
    k = len(p.ends)
    if not k:
        if p.unfilled:
            raise E("unfilled", "nothing is on the table yet, so no end waits for a tile")
        return
    if k < ring or (k - ring) % 2:
        raise E(
            "ends",
            f"under these rules the layout has {ring} open ends around the centre "
            f"plus two for each later double, not {k}",
        )
    for i, number in enumerate(p.ends):
        if not 0 <= number <= p.highest:
            raise E(f"ends[{i}]", f"an end of a double-{p.highest} layout shows 0 to {p.highest}, not {number}")
    seen: list[int] = []
    for j, e in enumerate(p.unfilled):
        here = f"unfilled[{j}]"
        if not 0 <= e < k:
            raise E(here, f"there is no open end {e}")
        if e in seen:
            raise E(here, f"end {e} is listed twice")
        wanted = p.centre if k == ring else p.ends[p.unfilled[0]]
        if p.ends[e] != wanted:
            raise E(here, f"end {e} shows {p.ends[e]}, but the ends waiting for a tile all show {wanted}")
        seen.append(e)
    if k > ring:
        if len(seen) > 3:
            raise E("unfilled", f"a double has three toes, so at most 3 ends wait for a tile, not {len(seen)}")
        if seen and not t.foot_first:
            raise E("unfilled", "under these rules a double's toes need not be filled first (option foot_first is off)")
    t.down = True
    t.ends = list(p.ends)
    t.unfilled = tuple(seen)


__all__ = ["GAME", "ChickenPosition", "check_chicken", "table_fields"]
