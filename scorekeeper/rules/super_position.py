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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ._json import read_bool as _bool
from ._json import read_int as _int
from ._json import read_list as _list
from ._json import read_str as _str
from ._json import read_tiles
from . import rulebook as R
from ._core import DOUBLES_MASK, set_size, tile_index
from .legality import Verdict, tile_of
from .i18n import _
from .rulebook import IllegalMove, PositionError, rule_anchor, rule_title
from .super_core import DRAW, EDGE_BITS, EDGE_MASK, PASS, SPINNER, WILD, SuperTable, play_code
from .super_moves import SuperMove
from .super_options import (
    SUPER_DOMINO_SETS,
    SUPER_PRESETS,
    SuperOptions,
    resolve_super,
    super_domino_max_players,
    super_rules_json,
)
from .tiles import Tile

GAME = "super-domino"
"""The ``game`` field of a Super Domino position."""

Direction = Literal["left", "right"]


class SuperLegality:
    """verify / is_legal / legal_moves / check over a :class:`SuperTable`; shared by position and round."""

    __slots__ = ()

    def _core(self) -> SuperTable:
        raise NotImplementedError

    def _names(self) -> Sequence[str] | None:
        raise NotImplementedError

    # -- encoding ------------------------------------------------------------

    def _encode(self, move: SuperMove) -> tuple[int, int, int]:
        """(code, tile index or -1, edge or -1 for the spinner or -2 for an edge that cannot exist)."""
        if move.action == "draw":
            return DRAW, -1, -1
        if move.action == "pass":
            return PASS, -1, -1
        t = self._core()
        tile = move.tile
        idx = tile_index(tile.high, tile.low) if tile is not None and tile.high <= t.highest else -1
        edge = SPINNER if move.edge is None else move.edge
        if not -1 <= edge < EDGE_MASK - 1:
            edge = -2
        return (play_code(idx, edge) if idx >= 0 and edge >= -1 else -3), idx, edge

    def _decode(self, code: int) -> SuperMove:
        if code == DRAW:
            return SuperMove.draw()
        if code == PASS:
            return SuperMove.pass_()
        edge = (code & EDGE_MASK) - 1
        return SuperMove("play", tile_of(code >> EDGE_BITS), None if edge == SPINNER else edge)

    def _rule(self, move: SuperMove) -> str:
        code, idx, edge = self._encode(move)
        if code in (DRAW, PASS):
            return self._core().rule(code)
        return self._core().play_rule(idx, edge)

    # -- the public API ------------------------------------------------------------

    @staticmethod
    def read_move(data: object) -> SuperMove:
        """A Super Domino move from its JSON (raises :class:`MoveError`)."""
        return SuperMove.from_json(data)

    def check_json(self, move: object) -> Verdict:
        """Read a move's JSON and check it: the same call for every game's position (raises :class:`MoveError`)."""
        return self.check(SuperMove.from_json(move))

    def legal_moves_json(self) -> list[dict[str, Any]]:
        return [m.to_json() for m in self.legal_moves()]

    def legal_moves(self) -> list[SuperMove]:
        """Every legal move for the player to move: plays (and a pass after a draw, where the rules let you
        lay or keep the drawn tiles), or else the draw or the pass; [] once the hand is over."""
        return [self._decode(c) for c in self._core().legal_codes()]

    def is_legal(self, move: SuperMove) -> bool:
        return self._rule(move) == R.SD_LEGAL

    def verify(self, move: SuperMove) -> None:
        """Raise :class:`IllegalMove` with the rule and a reason if ``move`` is not legal."""
        rule = self._rule(move)
        if rule != R.SD_LEGAL:
            raise IllegalMove(rule, self._reason(rule, move))

    def check(self, move: SuperMove) -> Verdict:
        """A verdict for any move, legal or not."""
        rule = self._rule(move)
        return Verdict(rule == R.SD_LEGAL, rule, self._reason(rule, move))

    def verify_play(self, tile: Tile | str, edge: int | None) -> None:
        self.verify(SuperMove.play(tile, edge))

    def verify_draw(self) -> None:
        self.verify(SuperMove.draw())

    def verify_pass(self) -> None:
        self.verify(SuperMove.pass_())

    def can_play(self, tile: Tile | str, edge: int | None) -> bool:
        return self.is_legal(SuperMove.play(tile, edge))

    def can_draw(self) -> bool:
        return self.is_legal(SuperMove.draw())

    def can_pass(self) -> bool:
        return self.is_legal(SuperMove.pass_())

    # -- reasons -------------------------------------------------------------------
    # Every sentence is one message for translators (see i18n.py); only a seat's name is
    # translated on its own and filled in. An edge is always "edge {edge} (showing {number})".

    def seat_name(self, seat: int) -> str:
        names = self._names()
        if names is not None and 0 <= seat < len(names):
            return names[seat]
        return _("seat {number}", number=seat)

    def edge_name(self, edge: int) -> str:
        """"edge 3 (showing 13)" for edge id 2: reasons count edges from 1, as a player does."""
        t = self._core()
        if 0 <= edge < len(t.edges):
            return _("edge {edge} (showing {number})", edge=_human(edge), number=t.edges[edge])
        return _("edge {edge}", edge=edge + 1)

    def _showing(self, edge: int | None) -> int | str:
        """The number an existing edge shows (reasons name only edges that exist)."""
        t = self._core()
        return t.edges[edge] if edge is not None and 0 <= edge < len(t.edges) else "?"

    def _can_play(self, code: int, draw: bool) -> str:
        """"You cannot draw (pass) while you can play: <the play> is legal."."""
        edge = (code & EDGE_MASK) - 1
        tile = tile_of(code >> EDGE_BITS)
        if edge == SPINNER:
            if draw:
                return _("You cannot draw while you can play: {tile} as the fat spinner is legal.", tile=tile)
            return _("You cannot pass while you can play: {tile} as the fat spinner is legal.", tile=tile)
        number = self._showing(edge)
        if draw:
            return _(
                "You cannot draw while you can play: {tile} on edge {edge} (showing {number}) is legal.",
                tile=tile,
                edge=_human(edge),
                number=number,
            )
        return _(
            "You cannot pass while you can play: {tile} on edge {edge} (showing {number}) is legal.",
            tile=tile,
            edge=_human(edge),
            number=number,
        )

    def _reason(self, rule: str, move: SuperMove) -> str:  # noqa: C901 - one sentence per rule
        t = self._core()
        tile = str(move.tile)
        edge = move.edge
        if rule == R.SD_LEGAL:
            if move.action == "draw":
                if t.opening:
                    return _("You may draw one tile: every player has been skipped and nobody holds a double.")
                if t.bound():
                    return _("You may draw: you cannot break the spell, so you draw two tiles.")
                return _("You may draw two tiles: you cannot play.")
            if move.action == "pass":
                if t.drawn:
                    if t.opening:
                        return _("You may pass: the tile you drew is not a double.")
                    if t.stuck_draws:
                        return _("You may pass: you have drawn, and laying a drawn tile is up to you.")
                    return _("You may pass: you have drawn for the spell, which ends your turn.")
                if t.opening:
                    return _("You may pass: you hold no double, so you are skipped.")
                if t.bound():
                    return _("You may pass: you cannot break the spell and the boneyard is empty.")
                return _("You may pass: you cannot play.")
            if edge is None:
                return _("You may lay {tile} as the fat spinner.", tile=tile)
            return _("You may lay {tile} on edge {edge} (showing {number}).", tile=tile, edge=_human(edge), number=self._showing(edge))
        if rule == R.SD_HAND_OVER:
            if t.blocked:
                return _("The hand is over: nobody can play, so nobody may move.")
            if t.winner in (-1, t.turn):
                return _("The hand is over: you went out, so nobody may move.")
            return _("The hand is over: {name} went out, so nobody may move.", name=self.seat_name(t.winner))
        if rule == R.SD_TILE_NOT_IN_HAND:
            if move.tile is not None and move.tile.high > t.highest:
                return _("{tile} is not in a double-{highest} set, so it cannot be in your hand.", tile=tile, highest=t.highest)
            return _("{tile} is not in your hand.", tile=tile)
        if rule == R.SD_SPINNER_FIRST:
            if move.tile is not None and not move.tile.is_double:
                return _("{tile} is not a double: the hand opens with a double, the fat spinner.", tile=tile)
            return _(
                "Nothing is on the table yet, so there is no edge {edge}: lay {tile} on its own as the fat spinner.",
                edge=_human(edge),
                tile=tile,
            )
        if rule == R.SD_NO_SUCH_EDGE:
            last = len(t.edges) - 1
            if edge is None:
                return _(
                    "The fat spinner is already down: say which open edge (1 to {last}) {tile} goes against.",
                    last=last + 1,
                    tile=tile,
                )
            return _("There is no edge {edge}: the open edges are 1 to {last}.", edge=_human(edge), last=last + 1)
        if rule == R.SD_TILE_DOES_NOT_MATCH:
            assert edge is not None
            return _(
                "{tile} does not match edge {edge} (showing {number}): "
                "a tile goes against an edge showing one of its numbers.",
                tile=tile,
                edge=_human(edge),
                number=self._showing(edge),
            )
        if rule == R.SD_DOUBLE_DOES_NOT_MATCH:
            assert edge is not None and move.tile is not None
            return _(
                "{tile} cannot go on edge {edge} (showing {number}): a double goes on its own number ({own}) or on a {wild}.",
                tile=tile,
                edge=_human(edge),
                number=self._showing(edge),
                own=move.tile.high,
                wild=WILD,
            )
        if rule == R.SD_SPELL:
            if len(t.spell) == 1:
                return _(
                    "The spell is on: you must play on the {number} showing on edge {spell_edge}, "
                    "so {tile} cannot go on edge {edge}.",
                    number=t.edges[t.spell[0]],
                    spell_edge=t.spell[0] + 1,
                    tile=tile,
                    edge=_human(edge),
                )
            return _(
                "The spell is on: you must play on the tile that cast it (edges {spell_edges}), "
                "so {tile} cannot go on edge {edge}.",
                spell_edges=", ".join(str(e + 1) for e in t.spell),
                tile=tile,
                edge=_human(edge),
            )
        if rule == R.SD_TURN_ENDS_AFTER_DRAW:
            return _("You have drawn for the spell, and under these rules that ends your turn: pass.")
        if rule == R.SD_MUST_PLAY_BEFORE_DRAWING:
            return self._can_play(t.first_play(), draw=True)
        if rule == R.SD_NO_DRAWING:
            if t.opening:
                return _("Nobody draws until every player has been skipped: you hold no double, so pass.")
            return _("Under these rules a player who cannot play passes; you draw only when a spell binds you.")
        if rule == R.SD_ALREADY_DREW:
            if t.opening:
                return _("You have already drawn this turn: lay the tile if it is a double, or pass.")
            if t.stuck_draws:
                return _("You have already drawn this turn: lay a drawn tile if it fits, or pass.")
            return _("You have already drawn this turn: pass.")
        if rule == R.SD_BONEYARD_EMPTY:
            return _("The boneyard is empty: pass instead of drawing.")
        if rule == R.SD_CANNOT_PASS:
            play = t.first_play()
            if play >= 0:
                return self._can_play(play, draw=False)
            if t.opening:
                return _("You cannot pass yet: every player has been skipped, so draw a tile first.")
            if t.bound():
                return _("You cannot pass yet: you cannot break the spell, so draw two tiles first.")
            return _("You cannot pass yet: you cannot play, so draw two tiles first.")
        return rule_title(rule) + "."  # not reached: every rule has its sentence above


_FIELDS = (
    "game", "rules", "set", "players", "turn", "direction", "edges", "spell", "spell_caster", "hand",
    "boneyard", "drawn", "passes", "hand_sizes", "names",
)  # fmt: skip
_REQUIRED = ("game", "rules", "players", "turn", "edges", "hand", "boneyard")


@dataclass(frozen=True)
class SuperPosition(SuperLegality):
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

    def __post_init__(self) -> None:
        object.__setattr__(self, "_table", _build(self))

    def _core(self) -> SuperTable:
        return self._table

    def _names(self) -> Sequence[str] | None:
        return self.names

    @property
    def game(self) -> str:
        return GAME

    @property
    def is_over(self) -> bool:
        return self._table.over

    @property
    def opening(self) -> bool:
        """The fat spinner is not down yet."""
        return not self.edges

    # -- JSON -------------------------------------------------------------------

    @classmethod
    def from_json(cls, data: object) -> SuperPosition:
        """Read and fully validate a position; any problem raises :class:`PositionError` naming the field."""
        if not isinstance(data, Mapping):
            raise PositionError("position", "expected an object")
        for key in data:
            if key not in _FIELDS:
                raise PositionError(str(key), f"unknown field; the Super Domino fields are {', '.join(_FIELDS)}")
        for key in _REQUIRED:
            if key not in data:
                raise PositionError(key, "missing")
        if data["game"] != GAME:
            raise PositionError("game", f"expected {GAME!r}, not {data['game']!r}")
        preset, options = resolve_super(data["rules"], "rules", PositionError)
        direction = data.get("direction", "left")
        if direction not in ("left", "right"):
            raise PositionError("direction", f"expected \"left\" or \"right\", not {direction!r}")
        spell_raw = data.get("spell", [])
        if isinstance(spell_raw, int) and not isinstance(spell_raw, bool):
            spell_raw = [spell_raw]  # one edge may be given bare
        caster = data.get("spell_caster")
        sizes = data.get("hand_sizes")
        names = data.get("names")
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
            drawn=_bool(data.get("drawn", False), "drawn"),
            passes=_int(data.get("passes", 0), "passes"),
            hand_sizes=None
            if sizes is None
            else tuple(_int(v, f"hand_sizes[{i}]") for i, v in enumerate(_list(sizes, "hand_sizes"))),
            names=None if names is None else tuple(_str(v, f"names[{i}]") for i, v in enumerate(_list(names, "names"))),
        )

    def to_json(self) -> dict[str, Any]:
        """The position as JSON, ``"game": "super-domino"`` first; optional fields only when not their defaults."""
        out: dict[str, Any] = {
            "game": GAME,
            "rules": super_rules_json(self.preset, self.options),
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
        if self.hand_sizes is not None:
            out["hand_sizes"] = list(self.hand_sizes)
        if self.names is not None:
            out["names"] = list(self.names)
        return out


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
        raise E("rules", f"unknown Super Domino preset {p.preset!r}; choose one of {', '.join(SUPER_PRESETS)}")
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
        raise E("direction", f"expected \"left\" or \"right\", not {p.direction!r}")
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
            raise E("edges", f"under these rules the layout always has {o.spinner_edges} open edges (the fat spinner's), not {k}")
        if o.double_edges == 3 and (extra < 0 or extra % 2):
            raise E("edges", f"under these rules the layout has {o.spinner_edges} open edges plus two for each later double, not {k}")
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
        if len(p.hand_sizes) != n:
            raise E("hand_sizes", f"expected one count per player ({n}), not {len(p.hand_sizes)}")
        for s, size in enumerate(p.hand_sizes):
            if size < 0:
                raise E(f"hand_sizes[{s}]", f"cannot be negative ({size})")
        if p.hand_sizes[p.turn] != len(p.hand):
            raise E(f"hand_sizes[{p.turn}]", f"the hand holds {len(p.hand)} tiles, not {p.hand_sizes[p.turn]}")
        hidden = sum(p.hand_sizes) - len(p.hand)
        if not p.edges and hidden + p.boneyard != unseen:
            raise E("boneyard", f"with nothing on the table, {p.boneyard} to draw and {hidden} in other hands should make {unseen}")
        if hidden + p.boneyard > unseen:
            raise E("boneyard", f"{p.boneyard} to draw and {hidden} in other hands are more than the {unseen} tiles not on the table or in your hand")
        t.counts = list(p.hand_sizes)
    elif p.boneyard > unseen:
        raise E("boneyard", f"{p.boneyard} tiles cannot be left to draw: only {unseen} are not on the table or in your hand")
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


__all__ = ["GAME", "SuperLegality", "SuperPosition", "check_super", "rule_anchor", "rule_title"]


def _human(edge: int | None) -> int | str:
    """An edge id as a player counts it: from 1 (ids in JSON count from 0)."""
    return "?" if edge is None else edge + 1


def _tiles(value: object, path: str) -> tuple[Tile, ...]:
    return read_tiles(value, path, example="15-3")
