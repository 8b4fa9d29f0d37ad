"""The legality API shared by :class:`Round` and :class:`Position`: verify / can / legal moves, and reasons.

Reasons are built only when a move is illegal (or when a verdict is asked for), never in the move loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import rulebook as R
from ._core import DRAW, PASS, TRAIN_BITS, TRAIN_MASK, Table, tile_index
from .moves import MEXICAN, Move, TrainId
from .rulebook import RULES, SUPER_DOMINO_RULES, IllegalMove
from .tiles import DominoSet, Tile

_TILES: tuple[Tile, ...] = DominoSet(18).tiles
"""Tile objects by core index (the same index in every set)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the checker says about one move."""

    legal: bool
    rule: str
    """A key of :data:`~scorekeeper.rules.rulebook.RULES`; ``"legal"`` when legal."""
    reason: str
    """One sentence for a player."""

    @property
    def title(self) -> str:
        return (RULES.get(self.rule) or SUPER_DOMINO_RULES[self.rule])[0]

    @property
    def anchor(self) -> str:
        return (RULES.get(self.rule) or SUPER_DOMINO_RULES[self.rule])[1]

    def to_json(self) -> dict[str, Any]:
        return {"legal": self.legal, "rule": self.rule, "reason": self.reason, "title": self.title, "anchor": self.anchor}


class Legality:
    """verify / is_legal / legal_moves / check over a core table; subclasses provide ``_table`` and ``_seat_names``."""

    __slots__ = ()

    def _core(self) -> Table:
        raise NotImplementedError

    def _names(self) -> Sequence[str] | None:
        raise NotImplementedError

    # -- encoding ---------------------------------------------------------

    def _encode(self, move: Move) -> tuple[int, int, int]:
        """(code, tile index or -1, train index or 31) for a move."""
        t = self._core()
        if move.action == "draw":
            return DRAW, -1, -1
        if move.action == "pass":
            return PASS, -1, -1
        tile = move.tile
        idx = tile_index(tile.high, tile.low) if tile is not None and tile.high <= t.highest else -1
        train = t.mex if move.train == MEXICAN else move.train
        if not isinstance(train, int) or not 0 <= train <= t.mex:
            train = TRAIN_MASK
        code = idx << TRAIN_BITS | train if idx >= 0 else -3
        return code, idx, train

    def _decode(self, code: int) -> Move:
        if code == DRAW:
            return Move.draw()
        if code == PASS:
            return Move.pass_()
        t = self._core()
        train = code & TRAIN_MASK
        return Move("play", _TILES[code >> TRAIN_BITS], MEXICAN if train == t.mex else train)

    def _rule(self, move: Move) -> str:
        code, idx, train = self._encode(move)
        if code in (DRAW, PASS):
            return self._core().rule(code)
        return self._core().play_rule(idx, train)

    # -- the public API -----------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move for the player to move: plays, or else the draw or the pass; [] once the round is over."""
        return [self._decode(c) for c in self._core().legal_codes()]

    def is_legal(self, move: Move) -> bool:
        return self._rule(move) == R.LEGAL

    def verify(self, move: Move) -> None:
        """Raise :class:`IllegalMove` with the rule and a reason if ``move`` is not legal."""
        rule = self._rule(move)
        if rule != R.LEGAL:
            raise IllegalMove(rule, self._reason(rule, move))

    def check(self, move: Move) -> Verdict:
        """A verdict for any move, legal or not."""
        rule = self._rule(move)
        return Verdict(rule == R.LEGAL, rule, self._reason(rule, move))

    def verify_play(self, tile: Tile | str, train: TrainId) -> None:
        self.verify(Move.play(tile, train))

    def verify_draw(self) -> None:
        self.verify(Move.draw())

    def verify_pass(self) -> None:
        self.verify(Move.pass_())

    def can_play(self, tile: Tile | str, train: TrainId) -> bool:
        return self.is_legal(Move.play(tile, train))

    def can_draw(self) -> bool:
        return self.is_legal(Move.draw())

    def can_pass(self) -> bool:
        return self.is_legal(Move.pass_())

    # -- reasons ----------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        """A seat's name if the seats have names, else "seat 2"."""
        names = self._names()
        if names is not None and 0 <= seat < len(names):
            return names[seat]
        return f"seat {seat}"

    def train_name(self, train: int | str, seat: int | None = None) -> str:
        """"your train", "the Mexican train", "Ana's train" or "seat 2's train", as seen by ``seat`` (the mover)."""
        t = self._core()
        if train == MEXICAN or train == t.mex:
            return "the Mexican train"
        if seat is None:
            seat = t.turn
        if train == seat:
            return "your train"
        if isinstance(train, int):
            return f"{self.seat_name(train)}'s train"
        return f"train {train!r}"

    def _play_text(self, code: int) -> str:
        t = self._core()
        train = code & TRAIN_MASK
        return f"{_TILES[code >> TRAIN_BITS]} on {self.train_name(train)}"

    def _reason(self, rule: str, move: Move) -> str:
        t = self._core()
        tile = str(move.tile)
        where = self.train_name(move.train) if move.train is not None else ""
        if rule == R.LEGAL:
            if move.action == "draw":
                return "You may draw: you have no tile to play."
            if move.action == "pass":
                return "You may pass: you can neither play nor draw."
            return f"You may lay {tile} on {where}."
        if rule == R.ROUND_OVER:
            if t.blocked or t.passes >= t.n:
                return "The round is over: play is blocked, so nobody may move."
            who = "you" if t.winner in (-1, t.turn) else self.seat_name(t.winner)
            return f"The round is over: {who} went out, so nobody may move."
        if rule == R.NO_SUCH_TRAIN:
            return f"There is no train {move.train!r}: trains are seats 0 to {t.n - 1}, or \"mexican\"."
        if rule == R.TILE_NOT_IN_HAND:
            if move.tile is not None and move.tile.high > t.highest:
                return f"{tile} is not in a double-{t.highest} set, so it cannot be in your hand."
            return f"{tile} is not in your hand."
        if rule == R.DOUBLE_MUST_BE_COVERED:
            oldest = t.open_doubles[0]
            double = f"{t.ends[oldest]}-{t.ends[oldest]}"
            return (
                f"{double} on {self.train_name(oldest)} must be covered before anyone plays elsewhere, "
                f"so {tile} cannot go on {where}."
            )
        if rule == R.TRAIN_NOT_OPEN:
            if not t.markers:
                return f"{tile} cannot go on {where}: under these rules you play only on your own train and the Mexican train."
            if not t.others_ok:
                return f"{tile} cannot go on {where}: under these rules nobody plays on another player's train, marked or not."
            return f"{tile} cannot go on {where}: it has no marker, so only its owner may play there."
        if rule == R.MEXICAN_TRAIN_NOT_ALLOWED:
            return f"{tile} cannot go on the Mexican train: these rules have no Mexican train."
        if rule == R.OWN_TRAIN_FIRST:
            return f"{tile} cannot go on the Mexican train yet: start your own train first."
        if rule == R.FIRST_LAP_OWN_TRAIN:
            return f"{tile} cannot go on {where}: on the first lap everyone lays tiles on their own train only."
        if rule == R.TILE_DOES_NOT_MATCH:
            assert isinstance(move.train, (int, str))
            train = t.mex if move.train == MEXICAN else int(move.train)
            end = t.ends[train]
            if not t.trains[train]:
                return f"{tile} does not match the engine: the first tile of {where} must carry a {end}."
            return f"{tile} does not match {where}, which ends in a {end}."
        if rule == R.NO_ROUND_END_ON_DOUBLE:
            return f"{tile} is your last tile and a double, and these rules do not let a round end on a double."
        if rule == R.ALREADY_DREW:
            return "You have already drawn this turn: lay the drawn tile if it fits, or pass."
        if rule == R.MUST_PLAY_BEFORE_DRAWING:
            return f"You cannot draw while you can play: {self._play_text(t.first_play())} is legal."
        if rule == R.BONEYARD_EMPTY:
            return "The boneyard is empty: pass instead of drawing."
        if rule == R.CANNOT_PASS:
            play = t.first_play()
            if play >= 0:
                return f"You cannot pass while you can play: {self._play_text(play)} is legal."
            if t.pending:
                return "You cannot pass yet: after laying a double you must lay another tile, so draw first."
            return "You cannot pass yet: draw a tile from the boneyard first."
        return RULES[rule][0] + "."



def tile_of(index: int) -> Tile:
    """The tile with core index ``index``."""
    return _TILES[index]
