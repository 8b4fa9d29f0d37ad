"""The position both games share: what the player to move sees, immutable and validated on creation.

Each game's position (:class:`~scorekeeper.rules.Position`, :class:`~scorekeeper.rules.SuperPosition`) is a
frozen dataclass of what its JSON says; on creation it builds its core table, which is also where every
impossible fact is refused, and the shared legality API then reads that table. Nothing in a position
changes, so its legal moves are generated once, when first asked for, and kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from ._json import read_tiles
from .errors import MoveError, PositionError
from .legality import Legality, M, T, W
from .tables import DRAW, bits, tile_of


class BasePosition(Legality[M, W, T]):
    """A checker position of any game: the dataclass fields, and the core table built from them."""

    __slots__ = ()

    hand_sizes: tuple[int, ...] | None
    names: tuple[str, ...] | None
    _table: T
    _legal: tuple[int, ...] | None

    def __post_init__(self) -> None:
        object.__setattr__(self, "_table", self._build())
        object.__setattr__(self, "_legal", None)

    def _build(self) -> T:
        """The core table for this position; raises :class:`~scorekeeper.rules.PositionError` naming a bad field."""
        raise NotImplementedError

    def _core(self) -> T:
        return self._table

    def _legal_codes(self) -> tuple[int, ...]:
        legal = self._legal
        if legal is None:  # first asked: the position is immutable, so generate once
            legal = tuple(self._table.legal_codes())
            object.__setattr__(self, "_legal", legal)
        return legal

    @property
    def is_over(self) -> bool:
        """The round (hand) is over in this position: nobody may move."""
        return self._table.over

    def _names(self) -> Sequence[str] | None:
        return self.names

    def to_json(self) -> dict[str, Any]:
        """The position as JSON."""
        raise NotImplementedError

    # -- the position after a move ---------------------------------------------------------

    def _draw_size(self, table: T) -> int:
        """How many tiles a draw takes at ``table`` (before the boneyard runs out): one, unless a game says
        otherwise."""
        return 1

    def _drawn_by(self, table: T, code: int) -> int | None:
        """How many tiles move ``code`` takes from the boneyard into the mover's hand at ``table`` (0 when it would
        take some but the boneyard is empty); None for a move that takes none."""
        return min(self._draw_size(table), table.bcount) if code == DRAW else None

    @staticmethod
    def _drawing(code: int, size: int, given: int) -> str:
        """Why ``drawn`` lists ``given`` tiles where move ``code`` takes ``size``."""
        move = "this draw" if code == DRAW else "this catch"
        if size == 0:
            return f"the boneyard is empty, so {move} takes no tile from it: send an empty list or none"
        return f"{move} takes {size} {'tile' if size == 1 else 'tiles'} from the boneyard, not {given}"

    def _table_fields(self, table: T) -> dict[str, Any]:
        """Every field of this game's position that ``table`` shows, but ``hand``."""
        raise NotImplementedError

    def after_json(self, move: M, *, hand: object = None, drawn: object = None) -> dict[str, Any]:
        """The position after ``move``, as JSON; see :func:`scorekeeper.rules.apply_move`."""
        code = self._verified(move)  # IllegalMove with the checker's own rule and reason
        t = self._table.copy()
        mover = t.turn
        known = True
        size = self._drawn_by(t, code)
        if size is None:
            if drawn is not None:
                raise MoveError("drawn", "only a draw (or a catch of the player to move) takes tiles from the boneyard")
        elif drawn is None:
            known = size == 0  # else the mover moves on, holding tiles only they have seen
        else:
            taken = self._tile_indices(drawn, "drawn", t)
            if len(taken) != size:
                raise MoveError("drawn", self._drawing(code, size, len(taken)))
            for j, i in enumerate(taken):
                if t.hands[mover] >> i & 1:
                    raise MoveError(f"drawn[{j}]", f"{tile_of(i)} is already in the hand")
            t.pile = taken[::-1]  # drawn from the end
        t.push(code)
        if t.turn != mover:
            if hand is None:
                known = False
            else:
                held = self._tile_indices(hand, "hand", t)
                for j, i in enumerate(held):
                    if t.hands[mover] >> i & 1:
                        raise PositionError(f"hand[{j}]", f"{tile_of(i)} is in the hand of the player who just moved")
                if t.counts[t.turn] >= 0 and len(held) != t.counts[t.turn]:
                    raise PositionError("hand", f"seat {t.turn} holds {t.counts[t.turn]} tiles, not {len(held)}")
                mask = 0
                for i in held:
                    mask |= 1 << i
                t.hands[t.turn] = mask
        fields = self._table_fields(t)
        if known:  # built as a position, so validated like any other, then written
            made: Any = type(self)  # a game's position: a dataclass of its fields
            return dict(made(**fields, hand=tuple(map(tile_of, bits(t.hands[t.turn])))).to_json())
        out = type(self).to_json(SimpleNamespace(**fields, hand=()))  # type: ignore[arg-type]
        out["hand"] = None
        return out

    def _tile_indices(self, value: object, path: str, table: T) -> list[int]:
        """Tiles written like "5-1", as indices; each in the set and listed once."""
        out: list[int] = []
        for j, tile in enumerate(read_tiles(value, path)):
            here = f"{path}[{j}]"
            if tile.high > table.highest:
                raise PositionError(here, f"{tile} is not in a double-{table.highest} set")
            if tile.index in out:
                raise PositionError(here, f"{tile} appears twice")
            out.append(tile.index)
        return out
