"""A Super Domino position as the player to move sees it: the open edges, their hand, counts for the rest.

This is the checker's Super Domino position and its JSON format (see README.md beside this file):
the layout is given only as the numbers showing on its open edges, which is all legality depends on.

>>> pos = SuperPosition.from_json({
...     "game": "super-domino", "rules": "german", "set": 15, "players": 4, "turn": 2,
...     "edges": [15, 7, 13, 15], "spell": [2],
...     "hand": ["13-4", "5-5", "7-1"], "boneyard": 60})
>>> pos.legal_moves()
[SuperMove.play('5-5', 2), SuperMove.play('13-4', 2)]
>>> pos.check(SuperMove.play("7-1", 1)).reason
'The spell is on: you must play on the 13 showing on edge 3, so 7-1 cannot go on edge 2.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .._json import hidden_tiles, read_object, read_tiles, read_turn_state, write_seats
from .._json import read_int as _int
from .._json import read_list as _list
from ..errors import PositionError
from ..position import BasePosition
from ..tables import DOUBLES_MASK, set_size, tile_index
from ..text import brief
from ..tiles import Tile
from ..verdicts import Verdict
from .core import WILD, SuperTable
from .legality import SuperLegality
from .moves import SuperMove
from .options import SUPER_DOMINO_SETS, SUPER_PRESETS, SuperOptions, resolve, rules_json, super_domino_max_players

GAME = "super-domino"
"""The ``game`` field of a Super Domino position."""

Direction = Literal["left", "right"]


_FIELDS = (
    "game", "rules", "set", "players", "turn", "direction", "edges", "spell", "spell_caster", "hand",
    "boneyard", "drawn", "passes", "hand_sizes", "names",
)  # fmt: skip
_REQUIRED = ("game", "rules", "players", "turn", "edges", "hand", "boneyard")


@dataclass(frozen=True, slots=True)  # slots: cheaper to build, as the checker does per request
class SuperPosition(BasePosition[SuperMove, int | None, SuperTable], SuperLegality):
    """The open edges and the mover's hand; other hands are only counted. Immutable and validated on creation."""

    preset: str
    """The preset the options start from (``"german"`` for bare options)."""
    options: SuperOptions
    highest: int
    """The set, by its highest double (JSON ``set``, default 15)."""
    players: int
    turn: int
    """The seat to move, 0-based; seats are numbered to the left (clockwise)."""
    edges: tuple[int, ...]
    """The number showing on each open edge, by edge id; empty until the fat spinner is down."""
    hand: tuple[Tile, ...]
    """The hand of the seat to move."""
    boneyard: int
    """Tiles left to draw."""
    direction: Direction = "left"
    """Where play goes next: "left" (seat + 1) or "right" (seat - 1, after a reversal)."""
    spell: tuple[int, ...] = ()
    """The edges of the tile that cast a spell, if one is on: the mover must play on one of them."""
    spell_caster: int | None = None
    """Who cast the spell, if known (matters when the caster is exempt)."""
    drawn: bool = False
    """The seat to move has drawn this turn."""
    passes: int = 0
    """Before the spinner: passes since the deal (from ``players`` on, the skipped draw one each).
    After: passes in a row by players who neither laid nor drew; ``players`` of them end the hand."""
    hand_sizes: tuple[int, ...] | None = None
    """Tiles in each hand, if known."""
    names: tuple[str, ...] | None = None
    """Seat names for reasons; default "seat 2"."""
    _table: SuperTable = field(init=False, repr=False, compare=False)
    _legal: tuple[int, ...] | None = field(init=False, repr=False, compare=False)

    def _build(self) -> SuperTable:
        return _build(self)

    def _draw_size(self, table: SuperTable) -> int:
        return 1 if table.opening else 2

    def _table_fields(self, table: SuperTable) -> dict[str, Any]:
        return table_fields(table, self.preset, self.names)

    @property
    def game(self) -> str:
        """``"super-domino"``."""
        return GAME

    @property
    def opening(self) -> bool:
        """The fat spinner is not down yet."""
        return not self.edges

    # -- JSON -------------------------------------------------------------------

    @classmethod
    def from_json(cls, data: object) -> SuperPosition:
        """Read and fully validate a position; any problem raises :class:`PositionError` naming the field."""
        data = read_object(data, _FIELDS, _REQUIRED, game="Super Domino ")
        if data["game"] != GAME:
            raise PositionError("game", f"expected {brief(GAME)}, not {brief(data['game'])}")
        preset, options = resolve(data["rules"], "rules", PositionError)
        direction = data.get("direction", "left")
        if direction not in ("left", "right"):
            raise PositionError("direction", f'expected "left" or "right", not {brief(direction)}')
        spell_raw = data.get("spell", [])
        if isinstance(spell_raw, int) and not isinstance(spell_raw, bool):
            spell_raw = [spell_raw]  # one edge may be given bare
        caster = data.get("spell_caster")
        return cls(
            preset=preset,
            options=options,
            highest=_int(data.get("set", 15), "set"),
            players=_int(data["players"], "players"),
            turn=_int(data["turn"], "turn"),
            direction="left" if direction == "left" else "right",
            edges=tuple(_int(v, f"edges[{i}]") for i, v in enumerate(_list(data["edges"], "edges"))),
            spell=tuple(_int(v, f"spell[{i}]") for i, v in enumerate(_list(spell_raw, "spell"))),
            spell_caster=None if caster is None else _int(caster, "spell_caster"),
            hand=_tiles(data["hand"], "hand"),
            boneyard=_int(data["boneyard"], "boneyard"),
            **read_turn_state(data),
        )

    def to_json(self) -> dict[str, Any]:
        """The position as JSON, ``"game": "super-domino"`` first; optional fields only when not their defaults."""
        out: dict[str, Any] = {
            "game": GAME,
            "rules": rules_json(self.preset, self.options),
            "set": self.highest,
            "players": self.players,
            "turn": self.turn,
            "direction": self.direction,
            "edges": list(self.edges),
            "hand": [str(t) for t in self.hand],
            "boneyard": self.boneyard,
            "drawn": self.drawn,
        }
        if self.spell:
            out["spell"] = list(self.spell)
        if self.spell_caster is not None:
            out["spell_caster"] = self.spell_caster
        if self.passes:
            out["passes"] = self.passes
        return write_seats(out, self.hand_sizes, self.names)


def table_fields(t: SuperTable, preset: str, names: tuple[str, ...] | None) -> dict[str, Any]:
    """Every field of the :class:`SuperPosition` a core table shows, but the mover's ``hand``: a hand's
    ``position()``, and a position after a move (:func:`~scorekeeper.rules.apply_move`), both read them here.
    ``hand_sizes`` is None unless every hand is counted."""
    return {
        "preset": preset,
        "options": t.options,
        "highest": t.highest,
        "players": t.n,
        "turn": t.turn,
        "edges": tuple(t.edges),
        "boneyard": t.bcount,
        "direction": "left" if t.direction == 1 else "right",
        "spell": t.spell,
        "spell_caster": t.caster if t.spell and t.caster >= 0 else None,
        "drawn": t.drawn,
        "passes": t.passes,
        "hand_sizes": tuple(t.counts) if min(t.counts) >= 0 else None,
        "names": names,
    }


def check_super(position: SuperPosition | Mapping[str, Any], move: SuperMove | Mapping[str, Any]) -> Verdict:
    """The Super Domino checker in one call; bad JSON raises :class:`PositionError` or :class:`MoveError`."""
    pos = position if isinstance(position, SuperPosition) else SuperPosition.from_json(position)
    mv = move if isinstance(move, SuperMove) else SuperMove.from_json(move)
    return pos.check(mv)


# -- validation: build the core table, or say exactly what is wrong -----------------------


def _build(p: SuperPosition) -> SuperTable:  # noqa: C901 - one check per sentence
    E = PositionError
    o = p.options
    if p.preset not in SUPER_PRESETS:
        raise E("rules", f"unknown Super Domino preset {brief(p.preset)}; choose one of {', '.join(SUPER_PRESETS)}")
    if p.highest not in SUPER_DOMINO_SETS:
        sets = " or ".join(f"double-{n}" for n in SUPER_DOMINO_SETS)
        raise E("set", f"Super Domino needs the 13, 14 and 15 suits: play it with {sets}, not double-{p.highest}")
    most = super_domino_max_players(p.highest)
    n = p.players
    if not 2 <= n <= most:
        raise E("players", f"a double-{p.highest} set deals 9 tiles each to 2 to {most} players, not {n}")
    if not 0 <= p.turn < n:
        raise E("turn", f"seats are 0 to {n - 1}, not {p.turn}")
    if p.names is not None and len(p.names) != n:
        raise E("names", f"expected one name per player ({n}), not {len(p.names)}")
    if p.direction not in ("left", "right"):
        raise E("direction", f'expected "left" or "right", not {brief(p.direction)}')
    for name, value in (("boneyard", p.boneyard), ("passes", p.passes)):
        if value < 0:
            raise E(name, f"cannot be negative ({value})")
    for i, number in enumerate(p.edges):
        if not 0 <= number <= p.highest:
            raise E(f"edges[{i}]", f"an edge of a double-{p.highest} layout shows 0 to {p.highest}, not {number}")
    k = len(p.edges)
    if p.edges:
        extra = k - o.spinner_edges
        if o.double_edges == 1 and extra != 0:
            raise E(
                "edges",
                f"under these rules the layout always has {o.spinner_edges} open edges (the fat spinner's), not {k}",
            )
        if o.double_edges == 3 and (extra < 0 or extra % 2):
            raise E(
                "edges",
                f"under these rules the layout has {o.spinner_edges} open edges "
                f"plus two for each later double, not {k}",
            )
    t = SuperTable(o, n, p.highest)
    seen: dict[int, str] = {}
    hand = 0
    for j, tile in enumerate(p.hand):
        path = f"hand[{j}]"
        if tile.high > p.highest:
            raise E(path, f"{tile} is not in a double-{p.highest} set")
        i = tile_index(tile.high, tile.low)
        if i in seen:
            raise E(path, f"{tile} appears twice (also {seen[i]})")
        seen[i] = path
        hand |= 1 << i
    t.hands[p.turn] = hand
    t.counts = [-1] * n
    t.counts[p.turn] = len(p.hand)
    on_table = 1 if p.edges else 0  # at least the fat spinner
    unseen = set_size(p.highest) - len(p.hand) - on_table
    if p.hand_sizes is not None:
        hidden = hidden_tiles(p.hand_sizes, n, p.turn, len(p.hand))
        if not p.edges and hidden + p.boneyard != unseen:
            raise E(
                "boneyard",
                f"with nothing on the table, {p.boneyard} to draw and {hidden} in other hands should make {unseen}",
            )
        if hidden + p.boneyard > unseen:
            raise E(
                "boneyard",
                f"{p.boneyard} to draw and {hidden} in other hands are more than the {unseen} tiles "
                "not on the table or in your hand",
            )
        t.counts = list(p.hand_sizes)
    elif p.boneyard > unseen:
        raise E(
            "boneyard", f"{p.boneyard} tiles cannot be left to draw: only {unseen} are not on the table or in your hand"
        )
    t.bcount = p.boneyard
    t.edges = list(p.edges)
    spell: list[int] = []
    for j, e in enumerate(p.spell):
        here = f"spell[{j}]"
        if not 0 <= e < k:
            raise E(here, f"there is no open edge {e}" + (" (the fat spinner is not down)" if not k else ""))
        if e in spell:
            raise E(here, f"edge {e} is listed twice")
        if o.effects == "open-end" and p.edges[e] != WILD:
            raise E(here, f"edge {e} shows {p.edges[e]}; a spell is cast by a {WILD} left showing")
        spell.append(e)
    t.spell = tuple(spell)
    if p.spell_caster is not None:
        if not p.spell:
            raise E("spell_caster", "there is no spell on")
        if not 0 <= p.spell_caster < n:
            raise E("spell_caster", f"seats are 0 to {n - 1}, not {p.spell_caster}")
        t.caster = p.spell_caster
    t.turn = p.turn
    t.direction = 1 if p.direction == "left" else -1
    t.passes = p.passes
    t.drawn = p.drawn
    if p.edges:
        if p.passes > n:
            raise E("passes", f"at most {n} passes in a row: then nobody can play and the hand is over")
        if p.drawn and not (o.cannot_play == "draw-two" or t.bound()):
            raise E("drawn", "under these rules you draw only when a spell binds you")
        if p.drawn and p.passes:
            raise E("passes", "a draw starts the count of passes again")
    elif p.drawn and p.passes < n:
        raise E("drawn", "before the fat spinner is down, nobody draws until every player has been skipped")
    if not p.hand:
        if not p.edges:
            raise E("hand", "empty, but nobody can go out before the fat spinner is down")
        t.over, t.winner = True, p.turn
    elif p.hand_sizes is not None and 0 in p.hand_sizes:
        if not p.edges:
            raise E("hand_sizes", "a hand is empty, but nobody can go out before the fat spinner is down")
        t.over, t.winner = True, p.hand_sizes.index(0)
    elif p.passes >= n and (p.edges or (p.boneyard == 0 and not p.drawn)):
        if not p.edges and hand & DOUBLES_MASK:
            raise E("passes", "every player has been skipped and the boneyard is empty, yet the hand holds a double")
        t.over, t.blocked = True, True
    return t


__all__ = ["GAME", "SuperPosition", "check_super", "table_fields"]


def _tiles(value: object, path: str) -> tuple[Tile, ...]:
    return read_tiles(value, path, example="15-3")
