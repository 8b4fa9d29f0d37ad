"""The round both games share: the one mutable object, with every hand and the boneyard known.

Like ``chess.Board``, a round's ``push`` applies a move (after verifying it) and ``pop`` takes the last one
back; everything it hands out is an immutable value. Each game's round (:class:`~scorekeeper.rules.Round`,
:class:`~scorekeeper.rules.SuperRound`) adds how it deals, what its table shows, and how it ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from .errors import IllegalMove, PositionError
from .legality import CoreTable, Legality, M, T, W
from .tables import PASS, bits, tile_index, tile_of
from .tiles import Tile, TileError


class BaseRound(Legality[M, W, T]):
    """A round of any game over its core table: the moves so far, push, pop, copy, and the hands as values."""

    __slots__ = ("preset", "names", "_t", "_start", "_codes", "_legal", "_by_code")

    def __init__(self, table: T, preset: str, names: Sequence[str] | None = None) -> None:
        self.preset = preset
        """The preset the options start from."""
        self.names: tuple[str, ...] | None = tuple(names) if names is not None else None
        """Seat names for reasons, if given."""
        self._t = table
        self._start = table.copy()
        self._codes: list[int] = []
        self._legal: list[int] | None = None
        """The legal codes for the table as it stands, once asked for; every change of ``_t`` clears it."""
        self._by_code = self._moves()
        """Every move by its code (the same for the whole round: the seats do not change)."""

    def _core(self) -> T:
        return self._t

    def _names(self) -> Sequence[str] | None:
        return self.names

    def _legal_codes(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._t.legal_codes()
        return legal

    def legal_moves(self) -> list[M]:
        """Every legal move for the player to move; [] once the round (hand) is over."""
        # the shared legal_moves with this round's fields read directly: a play loop asks before every move
        legal = self._legal
        if legal is None:
            legal = self._legal = self._t.legal_codes()
        return list(map(self._by_code.__getitem__, legal))

    # -- the state, as values -------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """The round (hand) is over: nobody may move."""
        return self._t.over  # read directly, not through _core(): play loops ask before every move

    @property
    def players(self) -> int:
        """How many seats play."""
        return self._t.n

    @property
    def highest(self) -> int:
        """The set, by its highest double."""
        return self._t.highest

    @property
    def turn(self) -> int:
        """The seat to move (once it is over: the seat that went out or passed last)."""
        return self._t.turn

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """The tiles in a seat's hand, lowest first."""
        return tuple(tile_of(i) for i in bits(self._t.hands[seat]))

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every seat's hand."""
        return tuple(self.hand(s) for s in range(self.players))

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles left to draw, the next one to be drawn last."""
        return tuple(tile_of(i) for i in self._t.pile)

    @property
    def boneyard_count(self) -> int:
        """Tiles left to draw."""
        return self._t.bcount

    @property
    def drawn(self) -> bool:
        """The player to move has drawn this turn."""
        return self._t.drawn

    @property
    def moves(self) -> list[M]:
        """The moves pushed so far."""
        return [self._decode(c) for c in self._codes]

    # -- moving -----------------------------------------------------------------------

    def push(self, move: M) -> None:
        """Apply ``move`` and its effects; raises :class:`IllegalMove` (and changes nothing) if it is not legal."""
        # verify and _push_code, spelled out with the round's fields read directly: this runs on every move
        code, idx, where = self._encode(move)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._t.legal_codes()
        if code not in legal:
            rule = self._judge(code, idx, where, legal)
            if rule != self.LEGAL:
                raise IllegalMove(rule, self._reason(rule, move))
        self._t.push(code)
        self._codes.append(code)
        self._legal = None

    def _push_code(self, code: int) -> None:
        """Apply a verified move's code."""
        self._t.push(code)
        self._codes.append(code)
        self._legal = None

    def play(self, tile: Tile | str, where: W) -> None:
        """Lay ``tile`` at ``where`` (a train, an open edge); raises :class:`IllegalMove` if it is not legal."""
        self.push(self._play(tile, where))

    def pass_(self) -> None:
        """Pass; raises :class:`IllegalMove` if the player to move may not."""
        self.push(self._decode(PASS))

    def pop(self) -> M:
        """Take back the last move (by replaying the others from the start)."""
        if not self._codes:
            raise IndexError("no move to take back")
        code = self._codes.pop()
        table = self._start.copy()
        for c in self._codes:
            table.push(c)
        self._t = table
        self._legal = None
        return self._decode(code)

    def copy(self) -> Self:
        """An independent round in the same state, with the same moves to pop."""
        other = type(self)(self._start.copy(), self.preset, self.names)
        other._t = self._t.copy()
        other._codes = self._codes[:]
        return other


def check_deal_seats(players: int, first: int | None, names: Sequence[str] | None) -> None:
    """Refuse (ValueError) a deal whose ``first`` player (None: the game finds one) is no seat, or whose ``names``
    are not one a seat: every game deals to seats alike."""
    if first is not None and not 0 <= first < players:
        raise ValueError(f"first must be a seat from 0 to {players - 1}, not {first}")
    if names is not None and len(names) != players:
        raise ValueError(f"expected {players} names, not {len(names)}")


def deal_hidden(
    t: CoreTable,
    hands: Sequence[Sequence[Tile | str]],
    boneyard: Sequence[Tile | str],
    boneyard_count: int,
    seen: set[int],
    hand_sizes: tuple[int, ...] | None = None,
) -> None:
    """Put every hand and the boneyard a position hides into its table ``t``; ``seen`` holds the tiles already
    placed and gains these. Raises :class:`PositionError` naming any tile that is wrong or twice, or hands that
    differ from the position's ``hand_sizes`` (when it gives them)."""
    if len(hands) != t.n:
        raise PositionError("hands", f"expected one hand per player ({t.n}), not {len(hands)}")
    if len(boneyard) != boneyard_count:
        raise PositionError("boneyard", f"the position has {boneyard_count} tiles to draw, not {len(boneyard)}")

    def index(raw: Tile | str, path: str) -> int:
        try:
            tile = raw if isinstance(raw, Tile) else Tile.parse(raw)
        except TileError as e:
            raise PositionError(path, str(e)) from None
        if tile.high > t.highest:
            raise PositionError(path, f"{tile} is not in a double-{t.highest} set")
        i = tile_index(tile.high, tile.low)
        if i in seen:
            raise PositionError(path, f"{tile} appears twice")
        seen.add(i)
        return i

    for s, hand in enumerate(hands):
        mask = 0
        for j, raw in enumerate(hand):
            mask |= 1 << index(raw, f"hands[{s}][{j}]")
        if s == t.turn and mask != t.hands[s]:
            raise PositionError(f"hands[{s}]", "differs from the position's hand")
        t.hands[s] = mask
        t.counts[s] = len(hand)
    t.pile = [index(raw, f"boneyard[{j}]") for j, raw in enumerate(boneyard)]
    if hand_sizes is not None and tuple(t.counts) != hand_sizes:
        raise PositionError("hands", f"hand sizes {t.counts} differ from the position's {list(hand_sizes)}")
