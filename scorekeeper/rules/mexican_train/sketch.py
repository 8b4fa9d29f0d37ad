"""A Mexican Train position from the few facts a player can tap in at the table.

At a real table nobody types out every tile of every train. The checker asks
only what decides a verdict: each train's open end, whether it carries a
marker, whether it ends in an uncovered double, and the mover's hand. This
module fills in trains that lead from the engine to those ends with tiles
nobody holds, so the full rules engine can judge the move.

>>> from scorekeeper.rules import Move
>>> pos = sketch_position(highest=12, engine=12, players=3, turn=1,
...     trains=[TrainSketch(5, open_double=True), TrainSketch(None), TrainSketch(None)],
...     mexican=TrainSketch(None), hand=[Tile(9, 4)])
>>> pos.check(Move.play("9-4", 1)).rule  # 5-5 on seat 0's train must be covered first
'double-must-be-covered'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import SketchError
from ..i18n import _
from ..tiles import DominoSet, Tile
from .moves import MEXICAN, TrainId
from .options import RulesSpec, resolve
from .position import Position, Train

__all__ = ["SketchError", "TrainSketch", "sketch_position"]


@dataclass(frozen=True, slots=True)
class TrainSketch:
    """What a player can see of one train at a glance."""

    end: int | None
    """The open end, or None while the train has not been started."""
    marker: bool = False
    """A marker sits on it (personal trains only)."""
    open_double: bool = False
    """It ends in a double nobody has covered yet (the double of ``end``)."""


def sketch_position(
    *,
    highest: int,
    engine: int,
    players: int,
    turn: int,
    trains: Sequence[TrainSketch],
    mexican: TrainSketch,
    hand: Sequence[Tile],
    rules: RulesSpec = "standard",
    drawn: bool = False,
    boneyard_empty: bool = False,
    laid_double: bool = False,
    first_lap: bool = False,
    names: Sequence[str] | None = None,
) -> Position:
    """A full :class:`Position` matching the sketch; :class:`SketchError` when it cannot exist."""
    tiles = DominoSet(highest)
    if not 0 <= engine <= highest:
        raise SketchError("engine", _("a double-{highest} set has no double-{engine}", highest=highest, engine=engine))
    if len(trains) != players:
        raise SketchError("trains", _("expected one train for each of the {players} seats", players=players))
    used: set[Tile] = {Tile(engine, engine)}
    for i, tile in enumerate(hand):
        if tile not in tiles:
            raise SketchError(f"hand[{i}]", _("{tile} is not in a double-{highest} set", tile=tile, highest=highest))
        if tile == Tile(engine, engine):
            raise SketchError(f"hand[{i}]", _("{tile} is the engine; pick each tile once", tile=tile))
        if tile in used:
            raise SketchError(f"hand[{i}]", _("{tile} is already in your hand; pick each tile once", tile=tile))
        used.add(tile)

    def label(train: TrainId) -> str:
        if train == MEXICAN:
            return _("the Mexican train")
        if names and isinstance(train, int) and train < len(names):
            return _("{name}'s train", name=names[train])
        return _("seat {number}'s train", number=train)

    def build(train: TrainId, sketch: TrainSketch, field: str) -> tuple[Tile, ...]:
        if sketch.end is None:
            if sketch.open_double:
                raise SketchError(field, _("{train} is not started, so it cannot end in a double", train=label(train)))
            return ()
        if not 0 <= sketch.end <= highest:
            raise SketchError(
                field,
                _(
                    "{train} cannot end in {end} with a double-{highest} set",
                    train=label(train),
                    end=sketch.end,
                    highest=highest,
                ),
            )
        double = Tile(sketch.end, sketch.end)
        if sketch.open_double:
            if sketch.end == engine:
                raise SketchError(field, _("{double} is the engine; no train can end in it", double=double))
            if double in used:
                raise SketchError(
                    field,
                    _(
                        "{train} ends in {double}, but {double} is in your hand or on another train",
                        train=label(train),
                        double=double,
                    ),
                )
            used.add(double)  # keep the path below from using it
        path = _path(engine, sketch.end, used, highest)
        if path is None:
            raise SketchError(
                field,
                _("no tiles are left to lead {train} from the engine to {end}", train=label(train), end=sketch.end),
            )
        used.update(path)
        return (*path, double) if sketch.open_double else path

    built = [build(i, s, f"trains[{i}]") for i, s in enumerate(trains)]
    mexican_tiles = build(MEXICAN, mexican, "mexican")
    if mexican.marker:
        raise SketchError("mexican", _("the Mexican train never carries a marker"))
    opens: list[TrainId] = [i for i, s in enumerate(trains) if s.open_double]
    if mexican.open_double:
        opens.append(MEXICAN)
    left = tiles.tile_count - len(used)
    # leave each other player at least one tile in hand
    boneyard = 0 if boneyard_empty else max(0, min(20, left - (players - 1)))
    preset, options = resolve(rules, "rules", SketchError)
    return Position(
        preset=preset,
        options=options,
        highest=highest,
        engine=engine,
        players=players,
        turn=turn,
        trains=tuple(Train(t, s.marker) for t, s in zip(built, trains)),
        mexican=mexican_tiles,
        open_doubles=tuple(opens),
        hand=tuple(hand),
        boneyard=boneyard,
        drawn=drawn,
        laid_double=laid_double,
        laid=1 if laid_double else 0,  # the double just laid is a tile laid this turn
        first_lap=first_lap,
        names=tuple(names) if names else None,
    )


def _path(start: int, goal: int, used: set[Tile], highest: int, limit: int = 4) -> tuple[Tile, ...] | None:
    """The shortest chain of unused, non-double tiles from ``start`` to ``goal`` (at least one tile)."""
    frontier: list[tuple[int, tuple[Tile, ...]]] = [(start, ())]
    for _step in range(limit):
        nxt: list[tuple[int, tuple[Tile, ...]]] = []
        for end, path in frontier:
            for other in range(highest, -1, -1):
                tile = Tile(end, other)
                if other == end or tile in used or tile in path:
                    continue
                if other == goal:
                    return (*path, tile)
                nxt.append((other, (*path, tile)))
        frontier = nxt
    return None
