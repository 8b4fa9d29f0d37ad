"""A Mexican Train position as the player to move sees it: the table, their own hand, and counts for the rest.

This is the checker's position and the JSON API's position format; see README.md beside this file.

>>> pos = Position.from_json({
...     "rules": "standard", "set": 12, "engine": 12, "players": 4, "turn": 1,
...     "trains": [{"tiles": ["12-5", "5-5"], "marker": False}, {"tiles": [], "marker": True},
...                {"tiles": ["12-0"], "marker": False}, {"tiles": [], "marker": False}],
...     "mexican": ["12-7", "7-3"], "open_doubles": [0],
...     "hand": ["5-1", "3-3", "9-4"], "boneyard": 37, "drawn": False})
>>> pos.legal_moves()
[Move.play('5-1', 0)]
>>> pos.check(Move.play("3-3", "mexican")).reason
"5-5 on seat 0's train must be covered before anyone plays elsewhere, so 3-3 cannot go on the Mexican train."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from .._json import hidden_tiles, is_mapping, read_ints, read_object, read_turn_state, write_seats
from .._json import read_bool as _bool
from .._json import read_int as _int
from .._json import read_list as _list
from .._json import read_tiles as _tiles
from ..errors import PositionError
from ..position import BasePosition
from ..tables import DOUBLE, FOLLOW, INDEX, set_size, tile_index, tile_of
from ..text import brief
from ..tiles import SUPPORTED_SETS, WRITTEN_TILES, Tile
from ..verdicts import Verdict
from .core import Table, catch_code
from .deal import DealError, deal_size
from .legality import MexicanLegality
from .moves import MEXICAN, Move, TrainId
from .options import PRESETS, Options, resolve, rules_json

GAME = "mexican-train"
"""The ``game`` field of a Mexican Train position (the default when a position has none)."""


@dataclass(frozen=True, slots=True)
class Train:
    """A personal train: its tiles from the engine outwards, and whether it carries a marker."""

    tiles: tuple[Tile, ...] = ()
    marker: bool = False

    def to_json(self) -> dict[str, Any]:
        """``{"tiles": [...], "marker": false}``."""
        return {"tiles": [str(t) for t in self.tiles], "marker": self.marker}


_FIELDS = (
    "game", "rules", "set", "engine", "players", "turn", "trains", "mexican", "open_doubles", "hand", "boneyard",
    "drawn", "laid", "laid_double", "first_lap", "first_lap_turn", "passes", "unannounced", "losing_turn",
    "markers_used",
    "hand_sizes", "names",
)  # fmt: skip
_REQUIRED = ("rules", "set", "engine", "players", "turn", "trains", "mexican", "hand", "boneyard")


@dataclass(frozen=True, slots=True)  # slots: cheaper to build, as the checker does per request
class Position(BasePosition[Move, TrainId, Table], MexicanLegality):
    """The table and the mover's hand; other hands are only counted. Immutable and validated on creation."""

    preset: str
    """The preset the options start from (``"standard"`` for bare options)."""
    options: Options
    highest: int
    """The set, by its highest double (JSON ``set``)."""
    engine: int
    """The engine double of this round (12 for 12-12)."""
    players: int
    turn: int
    """The seat to move, 0-based."""
    trains: tuple[Train, ...]
    """One personal train per seat."""
    mexican: tuple[Tile, ...]
    """The Mexican train; empty until started."""
    open_doubles: tuple[TrainId, ...]
    """Trains ending in a double that must be covered, oldest first."""
    hand: tuple[Tile, ...]
    """The hand of the seat to move."""
    boneyard: int
    """Tiles left to draw."""
    drawn: bool = False
    """The seat to move has drawn this turn."""
    laid: int = 0
    """Tiles the seat to move has laid this turn (a bonus tile starting the Mexican train not counted). Above 0
    with no double to follow up (and no multi-tile first lap going on), the turn is over: only the pass is legal."""
    laid_double: bool = False
    """The seat to move has just laid a double and must lay another tile."""
    first_lap: bool = False
    """Still the first lap of turns (matters when the rules allow several tiles on the first turn)."""
    first_lap_turn: int = 0
    """While ``first_lap``: turns of the first lap already over (0 on the first player's turn), so the position
    knows when the lap ends; 0 (unknown) reads as the lap's first turn."""
    passes: int = 0
    """Passes in a row with an empty boneyard and nothing changed; as many as players means play is blocked."""
    unannounced: tuple[int, ...] = ()
    """Under ``announce_last_tile``: seats left with one tile who have not announced it and may still be caught,
    lowest first. Only the mover (left with one tile this turn) or the seat before them (until the mover's turn
    ends) can be."""
    losing_turn: tuple[int, ...] = ()
    """Under ``caught_last_tile: "lose-turn"``: seats caught not announcing their last tile, whose next turn passes
    them by, lowest first."""
    markers_used: tuple[int, ...] = ()
    """Under ``markers_per_player``: markers each seat has put down this round (spent); empty for none yet."""
    hand_sizes: tuple[int, ...] | None = None
    """Tiles in each hand, if known; then tile counts must add up exactly."""
    names: tuple[str, ...] | None = None
    """Seat names for reasons ("Ana's train"); default "seat 2's train"."""
    _table: Table = field(init=False, repr=False, compare=False)
    _legal: tuple[int, ...] | None = field(init=False, repr=False, compare=False)

    def _build(self) -> Table:
        return _build(self)

    def _table_fields(self, table: Table) -> dict[str, Any]:
        return table_fields(table, self.preset, self.names)

    def _drawn_by(self, table: Table, code: int) -> int | None:
        if code == catch_code(table.turn):  # the mover caught: the penalty tiles go into the hand shown
            return table.penalty_tiles()  # 0 from an empty boneyard: "drawn" may then be [] or left out
        return BasePosition._drawn_by(self, table, code)

    # -- JSON -------------------------------------------------------------

    @classmethod
    def from_json(cls, data: object) -> Position:
        """Read and fully validate a position; any problem raises :class:`PositionError` naming the field."""
        data = read_object(data, _FIELDS, _REQUIRED)
        if data.get("game", GAME) != GAME:
            raise PositionError(
                "game", f'a Mexican Train position has no game or "mexican-train", not {brief(data["game"])}'
            )
        preset, options = resolve(data["rules"], "rules", PositionError)
        highest = _int(data["set"], "set")
        if highest not in SUPPORTED_SETS:
            raise PositionError("set", f"double-{highest} is not a supported set; choose one of {SUPPORTED_SETS}")
        trains = _read_trains(data["trains"])
        opens: list[TrainId] = []
        for i, raw in enumerate(_list(data.get("open_doubles", []), "open_doubles")):
            if raw == MEXICAN:
                opens.append(MEXICAN)
            else:
                opens.append(_int(raw, f"open_doubles[{i}]"))
        return cls(
            preset=preset,
            options=options,
            highest=highest,
            engine=_int(data["engine"], "engine"),
            players=_int(data["players"], "players"),
            turn=_int(data["turn"], "turn"),
            trains=trains,
            mexican=_tiles(data["mexican"], "mexican"),
            open_doubles=tuple(opens),
            hand=_tiles(data["hand"], "hand"),
            boneyard=_int(data["boneyard"], "boneyard"),
            laid=_int(data.get("laid", 0), "laid"),
            laid_double=_bool(data.get("laid_double", False), "laid_double"),
            first_lap=_bool(data.get("first_lap", False), "first_lap"),
            first_lap_turn=_int(data.get("first_lap_turn", 0), "first_lap_turn"),
            unannounced=read_ints(data.get("unannounced", ()), "unannounced"),
            losing_turn=read_ints(data.get("losing_turn", ()), "losing_turn"),
            markers_used=read_ints(data.get("markers_used", ()), "markers_used"),
            **read_turn_state(data),
        )

    @property
    def game(self) -> str:
        """``"mexican-train"``."""
        return GAME

    def to_json(self) -> dict[str, Any]:
        """The position as JSON (no ``game`` field: Mexican Train is the default); optional fields only when not
        their defaults."""
        out: dict[str, Any] = {
            "rules": rules_json(self.preset, self.options),
            "set": self.highest,
            "engine": self.engine,
            "players": self.players,
            "turn": self.turn,
            "trains": [t.to_json() for t in self.trains],
            "mexican": [str(t) for t in self.mexican],
            "open_doubles": list(self.open_doubles),
            "hand": [str(t) for t in self.hand],
            "boneyard": self.boneyard,
            "drawn": self.drawn,
        }
        for name, default in (
            ("laid", 0), ("laid_double", False), ("first_lap", False), ("first_lap_turn", 0), ("passes", 0)
        ):  # fmt: skip
            if getattr(self, name) != default:
                out[name] = getattr(self, name)
        if self.unannounced:
            out["unannounced"] = list(self.unannounced)
        if self.losing_turn:
            out["losing_turn"] = list(self.losing_turn)
        if self.markers_used:
            out["markers_used"] = list(self.markers_used)
        return write_seats(out, self.hand_sizes, self.names)


_TRAIN_FIELDS = frozenset(("tiles", "marker"))


def _read_trains(value: object) -> tuple[Train, ...]:
    """The personal trains: a list of ``{"tiles": [...], "marker": false}``."""
    if type(value) is list:
        # nearly always every train is a plain dict of plain tiles: read them with no field path prepared, and
        # at the first doubt read them all again below, one check at a time, to say what is wrong
        trains = []
        written = WRITTEN_TILES.__getitem__
        for raw in value:
            if type(raw) is not dict or not _TRAIN_FIELDS.issuperset(raw):
                break
            tiles, marker = raw.get("tiles"), raw.get("marker", False)
            if type(tiles) is not list or type(marker) is not bool:
                break
            try:
                trains.append(Train(tuple(map(written, tiles)), marker))
            except (KeyError, TypeError):
                break
        else:
            return tuple(trains)
    return tuple(_read_train(raw, f"trains[{i}]") for i, raw in enumerate(_list(value, "trains")))


def _read_train(raw: object, path: str) -> Train:
    if not is_mapping(raw):
        raise PositionError(path, "expected an object with tiles and marker")
    for key in raw:
        if key not in _TRAIN_FIELDS:
            raise PositionError(f"{path}.{key}", "unknown field; a train has tiles and marker")
    if "tiles" not in raw:
        raise PositionError(f"{path}.tiles", "missing")
    return Train(_tiles(raw["tiles"], f"{path}.tiles"), _bool(raw.get("marker", False), f"{path}.marker"))


def table_fields(t: Table, preset: str, names: tuple[str, ...] | None) -> dict[str, Any]:
    """Every field of the :class:`Position` a core table shows, but the mover's ``hand``: a round's
    ``position()``, and a position after a move (:func:`~scorekeeper.rules.apply_move`), both read them here.
    ``hand_sizes`` is None unless every hand is counted."""
    n = t.n
    first_lap = t.turn_no < n
    return {
        "preset": preset,
        "options": t.options,
        "highest": t.highest,
        "engine": t.engine,
        "players": n,
        "turn": t.turn,
        "trains": tuple(Train(tuple(map(tile_of, t.trains[s])), bool(t.marked >> s & 1)) for s in range(n)),
        "mexican": tuple(map(tile_of, t.trains[t.mex])),
        "open_doubles": tuple(MEXICAN if i == t.mex else i for i in t.open_doubles),
        "boneyard": t.bcount,
        "drawn": t.drawn,
        "laid": t.laid,
        "laid_double": t.pending,
        "first_lap": first_lap,
        "first_lap_turn": t.turn_no if first_lap else 0,
        "passes": t.passes,
        "unannounced": tuple(s for s in range(n) if t.owing >> s & 1),
        "losing_turn": tuple(s for s in range(n) if t.skip >> s & 1),
        "markers_used": tuple(t.used) if t.supply and any(t.used) else (),
        "hand_sizes": tuple(t.counts) if min(t.counts) >= 0 else None,
        "names": names,
    }


def check(position: Position | Mapping[str, Any], move: Move | Mapping[str, Any]) -> Verdict:
    """The checker in one call: is ``move`` legal in ``position``, and if not, which rule and why.

    Takes value types or their JSON; bad JSON raises :class:`PositionError` or :class:`MoveError`.
    """
    pos = position if isinstance(position, Position) else Position.from_json(position)
    mv = move if isinstance(move, Move) else Move.from_json(move)
    return pos.check(mv)


# -- validation: build the core table, or say exactly what is wrong -----------------------


def _build(p: Position) -> Table:
    E = PositionError
    if p.preset not in PRESETS:
        raise E("rules", f"unknown preset {brief(p.preset)}; choose one of {', '.join(PRESETS)}")
    if p.highest not in SUPPORTED_SETS:
        raise E("set", f"double-{p.highest} is not a supported set; choose one of {SUPPORTED_SETS}")
    if not 0 <= p.engine <= p.highest:
        raise E("engine", f"a double-{p.highest} set has engines 0-0 to {p.highest}-{p.highest}, not {p.engine}")
    if p.players not in p.options.deals.get(p.highest, ()):  # the usual case is one look-up; deal_size says why not
        try:
            deal_size(p.players, p.highest, rules=p.options)
        except DealError as e:
            raise E("players", str(e)) from None
    n = p.players
    if not 0 <= p.turn < n:
        raise E("turn", f"seats are 0 to {n - 1}, not {p.turn}")
    if len(p.trains) != n:
        raise E("trains", f"expected one train per player ({n}), not {len(p.trains)}")
    if p.names is not None and len(p.names) != n:
        raise E("names", f"expected one name per player ({n}), not {len(p.names)}")
    if min(p.laid, p.boneyard, p.passes) < 0:  # one test in the usual case; the loop names the field
        for name, value in (("laid", p.laid), ("boneyard", p.boneyard), ("passes", p.passes)):
            if value < 0:
                raise E(name, f"cannot be negative ({value})")
    t = Table(p.options, n, p.highest, p.engine)
    # Every tile must be in the set and placed once, and each train must connect: checked here on tile indices,
    # all the tiles at once, with no path or message prepared; a position that fails is walked again in order,
    # tile by tile, by _refusal, which names the first thing wrong as a player would find it.
    size = set_size(p.highest)
    rows = [list(map(INDEX, train.tiles)) for train in p.trains]
    rows.append(list(map(INDEX, p.mexican)))
    held = list(map(INDEX, p.hand))
    placed = [tile_index(p.engine, p.engine), *chain.from_iterable(rows), *held]
    if len(set(placed)) != len(placed) or max(placed) >= size:
        raise _refusal(p)
    for s, row in enumerate(rows):
        end = p.engine
        for i in row:
            end = FOLLOW[i][end]
        if end < 0:
            raise _refusal(p)
        t.trains[s] = row
        t.ends[s] = end
    for s, train in enumerate(p.trains):
        if train.marker:
            if not p.options.markers:
                raise E(f"trains[{s}].marker", "these rules have no markers")
            t.marked |= 1 << s
    if p.mexican and not p.options.mexican_train:
        raise E("mexican", "these rules have no Mexican train")
    hand = 0
    for i in held:
        hand |= 1 << i
    t.hands[p.turn] = hand
    t.counts = [-1] * n
    t.counts[p.turn] = len(p.hand)
    unseen = size - len(placed)
    if p.hand_sizes is not None:
        hidden = hidden_tiles(p.hand_sizes, n, p.turn, len(p.hand))
        if hidden + p.boneyard != unseen:
            raise E(
                "boneyard", f"{p.boneyard} to draw and {hidden} in other hands should make the {unseen} unseen tiles"
            )
        t.counts = list(p.hand_sizes)
    elif p.boneyard > unseen:
        raise E("boneyard", f"{p.boneyard} tiles cannot be left to draw: only {unseen} are not on the table or in hand")
    t.bcount = p.boneyard
    done: set[int] = set()
    for j, which in enumerate(p.open_doubles):
        here = f"open_doubles[{j}]"
        if which == MEXICAN:
            index = n
        elif isinstance(which, int) and 0 <= which < n:
            index = which
        else:
            raise E(here, f'expected a seat from 0 to {n - 1} or "mexican", not {brief(which)}')
        label = "the Mexican train" if index == n else f"seat {index}'s train"
        if index in done:
            raise E(here, f"{label} is listed twice")
        if not t.trains[index] or not DOUBLE[t.trains[index][-1]]:
            raise E(here, f"{label} does not end in a double")
        done.add(index)
        t.open_doubles.append(index)
    if p.laid_double and not p.open_doubles:
        raise E("laid_double", "the player to move laid a double, so open_doubles cannot be empty")
    if p.laid_double and p.laid < 1:
        raise E("laid", "the player to move laid a double, so laid is at least 1")
    if p.open_doubles and p.options.double_cover == "layer" and not p.laid_double:
        raise E("open_doubles", "under these rules a double binds only its layer, on the turn they lay it")
    if p.passes and p.laid:
        raise E("passes", "the player to move laid a tile this turn, so the count of passes starts again")
    if p.passes and p.boneyard:
        raise E("passes", "passes only count once the boneyard is empty")
    if p.passes > n:
        raise E("passes", f"at most {n} passes in a row: then play is blocked")
    t.turn = p.turn
    if not 0 <= p.first_lap_turn < n:
        raise E("first_lap_turn", f"the first lap has turns 0 to {n - 1}, not {p.first_lap_turn}")
    if p.first_lap_turn and not p.first_lap:
        raise E("first_lap_turn", "only counts turns while first_lap is true")
    t.turn_no = p.first_lap_turn if p.first_lap else n
    t.drawn = p.drawn
    t.laid = p.laid
    t.pending = p.laid_double
    t.passes = p.passes
    if p.unannounced:
        t.owing = _unannounced(p, t)
    if p.markers_used:
        supply = p.options.markers_per_player
        if not supply:
            raise E("markers_used", "under these rules nobody runs out of markers, so none are counted")
        if len(p.markers_used) != n:
            raise E("markers_used", f"one count per seat: {n}, not {len(p.markers_used)}")
        for seat, used in enumerate(p.markers_used):
            if not 0 <= used <= supply:
                raise E(
                    f"markers_used[{seat}]", f"each player has {supply} markers, so 0 to {supply} are used, not {used}"
                )
            if t.marked >> seat & 1 and not used:
                raise E(f"markers_used[{seat}]", f"seat {seat}'s train carries a marker, so at least one is used")
        t.used = list(p.markers_used)
    for j, seat in enumerate(p.losing_turn):
        here = f"losing_turn[{j}]"
        if p.options.caught_last_tile != "lose-turn" or not p.options.announce_last_tile:
            raise E("losing_turn", "under these rules nobody loses a turn for a last tile not announced")
        if not 0 <= seat < n:
            raise E(here, f"seats are 0 to {n - 1}, not {seat}")
        if t.skip >> seat & 1:
            raise E(here, f"seat {seat} is listed twice")
        t.skip |= 1 << seat
    if not p.hand:
        t.over, t.winner = True, p.turn
    elif p.hand_sizes is not None and 0 in p.hand_sizes:
        t.over, t.winner = True, p.hand_sizes.index(0)
    elif p.passes >= n:
        t.over, t.blocked = True, True
    return t


def _unannounced(p: Position, t: Table) -> int:
    """The seats of ``unannounced`` as a mask, once each is one that can still owe an announcement."""
    E = PositionError
    if not p.options.announce_last_tile:
        raise E("unannounced", "these rules do not ask anyone to announce their last tile")
    before = p.turn - 1 if p.turn else p.players - 1
    mask = 0
    for j, seat in enumerate(p.unannounced):
        here = f"unannounced[{j}]"
        if seat not in (p.turn, before):
            raise E(
                here,
                f"seat {seat} cannot owe an announcement: only the seat to move ({p.turn}) or the one before it "
                f"({before}) can, until the turn of the seat to move ends",
            )
        if mask >> seat & 1:
            raise E(here, f"seat {seat} is listed twice")
        if t.counts[seat] >= 0 and t.counts[seat] != 1:
            raise E(here, f"seat {seat} holds {t.counts[seat]} tiles, and only a player left with one announces it")
        mask |= 1 << seat
    return mask


def _refusal(p: Position) -> PositionError:
    """The first thing wrong with the tiles, markers or Mexican train of a position that :func:`_build` refused:
    the same checks in the order a player reads the position, slowly, remembering where each tile was."""
    seen: dict[int, str] = {tile_index(p.engine, p.engine): "the engine"}

    def place(tile: Tile, path: str) -> None:
        if tile.high > p.highest:
            raise PositionError(path, f"{tile} is not in a double-{p.highest} set")
        i = tile_index(tile.high, tile.low)
        if i in seen:
            raise PositionError(path, f"{tile} appears twice (also {seen[i]})")
        seen[i] = path

    def lay(tiles: tuple[Tile, ...], path: str) -> None:
        end = p.engine
        for j, tile in enumerate(tiles):
            place(tile, f"{path}[{j}]")
            if not tile.has(end):
                raise PositionError(f"{path}[{j}]", f"{tile} does not connect to {end}")
            end = tile.other_end(end)

    try:
        for s, train in enumerate(p.trains):
            lay(train.tiles, f"trains[{s}].tiles")
            if train.marker and not p.options.markers:
                raise PositionError(f"trains[{s}].marker", "these rules have no markers")
        if p.mexican and not p.options.mexican_train:
            raise PositionError("mexican", "these rules have no Mexican train")
        lay(p.mexican, "mexican")
        for j, tile in enumerate(p.hand):
            place(tile, f"hand[{j}]")
    except PositionError as e:
        return e
    raise AssertionError("_build refused a position with nothing wrong")  # not reached


__all__ = ["GAME", "Position", "Train", "check", "table_fields"]
