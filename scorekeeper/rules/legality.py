"""The legality API both games' rounds and positions share: verify, can, check, and the legal moves.

As in pokerkit, every action comes three ways: ``verify_play`` raises :class:`IllegalMove` with the rule
and a reason, ``can_play`` answers yes or no, and (on a round) ``play`` does it. ``check`` gives a
:class:`Verdict` for any move, legal or not. A game's subclass says only what differs: how a move is
encoded for its core table, decoded back, and why a move breaks a rule. Reasons are built only when a
move is illegal (or a verdict is asked for), never in the move loop.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from .errors import IllegalMove
from .i18n import _
from .moves import BaseMove, NumberedMove
from .tables import DRAW, PASS, tile_of
from .tiles import Tile
from .verdicts import Verdict


class CoreTable(Protocol):
    """What the shared API reads of a game's mutable int-encoded table."""

    n: int
    highest: int
    turn: int
    hands: list[int]
    counts: list[int]
    pile: list[int]
    bcount: int
    drawn: bool
    over: bool

    def copy(self) -> Self:
        """An independent table in the same state."""

    def push(self, code: int) -> None:
        """Apply a legal move's code (unchecked)."""

    def legal_codes(self) -> list[int]:
        """Every legal move as a code."""

    def rule(self, code: int) -> str:
        """The rule a move's code breaks, or the game's legal id."""

    def play_rule(self, tile: int, where: int) -> str:
        """The rule laying tile index ``tile`` at ``where`` breaks, or the game's legal id."""


M = TypeVar("M", bound=BaseMove)
"""The game's move type."""
W = TypeVar("W")
"""Where the game lays a tile: a train, an open edge."""
T = TypeVar("T", bound=CoreTable)
"""The game's core table."""


class WrittenMoves(dict[int, dict[str, Any]]):
    """Each move's JSON by its code, written the first time it is asked for from ``moves`` (a game's moves by
    code): a move is immutable, so its JSON is too. Hand out copies: a caller may change the dicts it gets."""

    __slots__ = ("moves",)

    def __init__(self, moves: Mapping[int, BaseMove]) -> None:
        super().__init__()
        self.moves = moves

    def __missing__(self, code: int) -> dict[str, Any]:
        written = self[code] = self.moves[code].to_json()
        return written


N = TypeVar("N", bound=NumberedMove)
"""A move laid on a numbered place."""


class NumberedPlays(dict[int, N]):
    """Moves by code in a game whose tiles go on numbered places (see :class:`~.moves.NumberedMove`): a play is
    coded ``tile << bits | place + 1``, place -1 being the opening double's (on no place). Each move is built the
    first time it is asked for and then shared: a move is immutable, so every turn's legal moves reuse the same
    few objects."""

    __slots__ = ("bits", "move", "written")

    def __init__(self, move: type[N], bits: int) -> None:
        super().__init__({DRAW: move.draw(), PASS: move.pass_()})
        self.move = move
        self.bits = bits
        self.written = WrittenMoves(self)
        """Each move's JSON by its code, shared like the moves."""

    def __missing__(self, code: int) -> N:
        place = (code & ((1 << self.bits) - 1)) - 1
        move = self[code] = self.move.play(tile_of(code >> self.bits), None if place == -1 else place)
        return move

    def encode(self, move: NumberedMove, highest: int) -> tuple[int, int, int]:
        """(code, tile index or -1, place or -1 for the opening double or -2 for a place that cannot exist) in
        a double-``highest`` set; the code is negative for a play that cannot exist."""
        if move.action == "draw":
            return DRAW, -1, -1
        if move.action == "pass":
            return PASS, -1, -1
        tile = move.tile
        idx = tile.index if tile is not None and tile.high <= highest else -1
        where = getattr(move, move.WHERE)
        place = -1 if where is None else where
        if not -1 <= place < (1 << self.bits) - 2:
            place = -2
        return (idx << self.bits | (place + 1) if idx >= 0 and place >= -1 else -3), idx, place


class Legality(Generic[M, W, T]):
    """verify / can / check / legal_moves over a game's core table; the game encodes, decodes and explains."""

    __slots__ = ()

    LEGAL: ClassVar[str]
    """The game's rule id for a legal move."""

    # -- what the game says ---------------------------------------------------------------

    def _core(self) -> T:
        raise NotImplementedError

    def _names(self) -> Sequence[str] | None:
        raise NotImplementedError

    def read_move(self, data: object) -> M:
        """A move of this game from its JSON (raises :class:`~scorekeeper.rules.MoveError`)."""
        raise NotImplementedError

    def _play(self, tile: Tile | str, where: W) -> M:
        """The move that lays ``tile`` at ``where``."""
        raise NotImplementedError

    def _encode(self, move: M) -> tuple[int, int, int]:
        """(code, tile index or -1, where index) for a move; a play's code is negative if it cannot exist."""
        raise NotImplementedError

    def _moves(self) -> Mapping[int, M]:
        """Every move of this table by its code (built as asked for, and shared: moves are immutable)."""
        raise NotImplementedError

    def _written(self) -> Mapping[int, dict[str, Any]]:
        """The JSON of every move of :meth:`_moves`, by code (a :class:`WrittenMoves` shared like the moves)."""
        raise NotImplementedError

    def _decode(self, code: int) -> M:
        return self._moves()[code]

    def _reason(self, rule: str, move: M) -> str:
        """One sentence for a player: why ``move`` is legal, or which rule it breaks and how."""
        raise NotImplementedError

    def _legal_codes(self) -> Sequence[int]:
        """The legal moves' codes, in the generator's order; a round keeps them until it moves, a position for
        good, so asking twice (the moves, then whether one may draw or pass) runs the generator once."""
        return self._core().legal_codes()

    def _ruling(self, move: M) -> tuple[str, int]:
        """The rule ``move`` breaks (or the legal id), and its code."""
        code, idx, where = self._encode(move)
        return self._judge(code, idx, where, self._legal_codes()), code

    def _judge(self, code: int, idx: int, where: int, legal: Sequence[int]) -> str:
        """The rule an encoded move breaks, or the legal id; ``legal`` holds the legal codes."""
        if code in legal:
            # the generator yields only moves the rules allow (tests/rules/test_engine_paths.py checks it), so a
            # generated move needs no second walk through the rules
            return self.LEGAL
        core = self._core()
        if code in (DRAW, PASS):
            return core.rule(code)
        return core.play_rule(idx, where)

    def _rule(self, move: M) -> str:
        return self._ruling(move)[0]

    def _verified(self, move: M) -> int:
        """The code of ``move``; raises :class:`IllegalMove` with the rule and a reason if it is not legal."""
        rule, code = self._ruling(move)
        if rule != self.LEGAL:
            raise IllegalMove(rule, self._reason(rule, move))
        return code

    # -- the public API -------------------------------------------------------------------

    def legal_moves(self) -> list[M]:
        """Every legal move for the player to move; [] once the round (hand) is over."""
        return list(map(self._moves().__getitem__, self._legal_codes()))

    def is_legal(self, move: M) -> bool:
        """Is ``move`` legal for the player to move?"""
        return self._rule(move) == self.LEGAL

    def verify(self, move: M) -> None:
        """Raise :class:`IllegalMove` with the rule and a reason if ``move`` is not legal."""
        self._verified(move)

    def check(self, move: M) -> Verdict:
        """A verdict for any move, legal or not."""
        rule = self._rule(move)
        return Verdict(rule == self.LEGAL, rule, self._reason(rule, move))

    def check_json(self, move: object) -> Verdict:
        """Read a move's JSON and check it: the same call for every game's position (raises ``MoveError``)."""
        return self.check(self.read_move(move))

    def legal_moves_json(self) -> list[dict[str, Any]]:
        """Every legal move as JSON."""
        written = self._written()
        # each move's JSON is written once and copied here (a flat dict, so a shallow copy is a new one)
        return [dict(written[code]) for code in self._legal_codes()]

    def verify_play(self, tile: Tile | str, where: W) -> None:
        """Raise :class:`IllegalMove` unless laying ``tile`` at ``where`` (a train, an edge) is legal."""
        self.verify(self._play(tile, where))

    def verify_draw(self) -> None:
        """Raise :class:`IllegalMove` unless drawing is legal."""
        self.verify(self._decode(DRAW))

    def verify_pass(self) -> None:
        """Raise :class:`IllegalMove` unless passing is legal."""
        self.verify(self._decode(PASS))

    def can_play(self, tile: Tile | str, where: W) -> bool:
        """May the player to move lay ``tile`` at ``where`` (a train, an edge)?"""
        return self.is_legal(self._play(tile, where))

    def can_draw(self) -> bool:
        """May the player to move draw?"""
        return self.is_legal(self._decode(DRAW))

    def can_pass(self) -> bool:
        """May the player to move pass?"""
        return self.is_legal(self._decode(PASS))

    # -- names for reasons ------------------------------------------------------------------
    # Every sentence is one message for translators (see i18n.py); only names are translated on
    # their own and filled in.

    def seat_name(self, seat: int) -> str:
        """A seat's name if the seats have names, else "seat 2"."""
        names = self._names()
        if names is not None and 0 <= seat < len(names):
            return names[seat]
        return _("seat {number}", number=seat)


class NumberedLegality(Legality[N, int | None, T]):
    """The legality API of a game whose tiles go on numbered places, its moves coded by :meth:`_plays`;
    ``where`` is a place's number, None for the opening double."""

    __slots__ = ()

    def _plays(self) -> NumberedPlays[N]:
        """The game's moves by code (one :class:`NumberedPlays`, shared by all its tables)."""
        raise NotImplementedError

    def read_move(self, data: object) -> N:
        """A move of this game from its JSON (raises :class:`~scorekeeper.rules.MoveError`)."""
        return self._plays().move.from_json(data)

    def _play(self, tile: Tile | str, where: int | None) -> N:
        return self._plays().move.play(tile, where)

    def _encode(self, move: N) -> tuple[int, int, int]:
        return self._plays().encode(move, self._core().highest)

    def _moves(self) -> Mapping[int, N]:
        return self._plays()

    def _written(self) -> Mapping[int, dict[str, Any]]:
        return self._plays().written
