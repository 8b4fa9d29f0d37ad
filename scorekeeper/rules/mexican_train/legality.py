"""Mexican Train legality: how its moves encode for the core table, and every reason a move is or is not legal.

The verify / can / check API itself is shared with Super Domino (:class:`~scorekeeper.rules.legality.Legality`);
:class:`~.round.Round` and :class:`~.position.Position` both inherit it from :class:`MexicanLegality`.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..i18n import _
from ..legality import Legality
from ..rulebook import rule_title
from ..tables import DRAW, PASS, TILES
from ..text import brief
from ..tiles import Tile
from . import rulebook as R
from .core import TRAIN_BITS, TRAIN_MASK, Table
from .moves import MEXICAN, Move, TrainId


class _Moves(dict[int, Move]):
    """Moves by code at a table whose Mexican train is train ``mex``, each built the first time it is asked for:
    a move is immutable, so every turn's legal moves reuse the same few objects."""

    def __init__(self, mex: int) -> None:
        super().__init__({DRAW: Move.draw(), PASS: Move.pass_()})
        self.mex = mex

    def __missing__(self, code: int) -> Move:
        train = code & TRAIN_MASK
        move = self[code] = Move("play", TILES[code >> TRAIN_BITS], MEXICAN if train == self.mex else train)
        return move


class _ByTable(dict[int, _Moves]):
    def __missing__(self, mex: int) -> _Moves:
        moves = self[mex] = _Moves(mex)
        return moves


_DECODED = _ByTable()
"""The moves by code for each index of the Mexican train (the number of players)."""


class MexicanLegality(Legality[Move, TrainId, Table]):
    """The shared legality API over a Mexican Train :class:`~.core.Table`; ``where`` is a train."""

    __slots__ = ()

    LEGAL = R.LEGAL

    @staticmethod
    def read_move(data: object) -> Move:
        """A Mexican Train move from its JSON (raises :class:`~scorekeeper.rules.MoveError`)."""
        return Move.from_json(data)

    def _play(self, tile: Tile | str, where: TrainId) -> Move:
        return Move.play(tile, where)

    def _encode(self, move: Move) -> tuple[int, int, int]:
        """(code, tile index or -1, train index or 31) for a move."""
        t = self._core()
        if move.action == "draw":
            return DRAW, -1, -1
        if move.action == "pass":
            return PASS, -1, -1
        tile = move.tile
        idx = tile.index if tile is not None and tile.high <= t.highest else -1
        # a seat number names a personal train, and only "mexican" the Mexican train: the core numbers the
        # Mexican train after the last seat, but seat n in a move is a seat that does not exist
        train = move.train
        if train == MEXICAN:
            train = t.mex
        elif not isinstance(train, int) or not 0 <= train < t.n:
            train = TRAIN_MASK
        code = idx << TRAIN_BITS | train if idx >= 0 else -3
        return code, idx, train

    def _moves(self) -> Mapping[int, Move]:
        return _DECODED[self._core().mex]

    # -- reasons ----------------------------------------------------------------
    # Every sentence is one message for translators (see i18n.py); only names of seats and trains
    # are translated on their own and filled in.

    def train_name(self, train: int | str, seat: int | None = None) -> str:
        """ "your train", "the Mexican train", "Ana's train" or "seat 2's train", as seen by ``seat`` (the mover)."""
        t = self._core()
        if train == MEXICAN or train == t.mex:
            return _("the Mexican train")
        if seat is None:
            seat = t.turn
        if train == seat:
            return _("your train")
        if isinstance(train, int):
            names = self._names()
            if names is not None and 0 <= train < len(names):
                return _("{name}'s train", name=names[train])
            return _("seat {number}'s train", number=train)
        return _("train {train}", train=brief(train))

    def _play_parts(self, code: int) -> tuple[Tile, str]:
        """The tile and the train's name of a play code, for a reason."""
        return TILES[code >> TRAIN_BITS], self.train_name(code & TRAIN_MASK)

    def _reason(self, rule: str, move: Move) -> str:  # noqa: C901 - one sentence per rule
        t = self._core()
        tile = str(move.tile)
        where = self.train_name(move.train) if move.train is not None else ""
        if rule == R.LEGAL:
            if move.action == "draw":
                return _("You may draw: you have no tile to play.")
            if move.action == "pass":
                if t.turn_over():
                    return _("You may pass: your turn is over, and passing hands the turn to the next player.")
                return _("You may pass: you can neither play nor draw.")
            return _("You may lay {tile} on {train}.", tile=tile, train=where)
        if rule == R.ROUND_OVER:
            if t.blocked or t.passes >= t.n:
                return _("The round is over: play is blocked, so nobody may move.")
            if t.winner in (-1, t.turn):
                return _("The round is over: you went out, so nobody may move.")
            return _("The round is over: {name} went out, so nobody may move.", name=self.seat_name(t.winner))
        if rule == R.TURN_OVER:
            first_lap = t.first_lap_goes_on()
            if move.action == "draw":
                if first_lap:
                    return _(
                        "Your first-lap turn is over: you have laid your tiles and nothing more fits your own "
                        "train, so you do not draw. Pass to hand the turn to the next player."
                    )
                return _(
                    "Your turn is over: you have laid your tile, so you do not draw. "
                    "Pass to hand the turn to the next player."
                )
            if first_lap:
                return _(
                    "Your first-lap turn is over: nothing more in your hand fits your own train, "
                    "so {tile} cannot be laid now. Pass to hand the turn to the next player.",
                    tile=tile,
                )
            return _(
                "Your turn is over: a turn lays one tile unless it is a double, so {tile} cannot be laid now. "
                "Pass to hand the turn to the next player.",
                tile=tile,
            )
        if rule == R.NO_SUCH_TRAIN:
            return _(
                'There is no train {train}: trains are seats 0 to {last}, or "mexican".',
                train=brief(move.train),
                last=t.n - 1,
            )
        if rule == R.TILE_NOT_IN_HAND:
            if move.tile is not None and move.tile.high > t.highest:
                return _(
                    "{tile} is not in a double-{highest} set, so it cannot be in your hand.",
                    tile=tile,
                    highest=t.highest,
                )
            return _("{tile} is not in your hand.", tile=tile)
        if rule == R.DOUBLE_MUST_BE_COVERED:
            oldest = t.open_doubles[0]
            double = Tile(t.ends[oldest], t.ends[oldest])
            return _(
                "{double} on {double_train} must be covered before anyone plays elsewhere, "
                "so {tile} cannot go on {train}.",
                double=double,
                double_train=self.train_name(oldest),
                tile=tile,
                train=where,
            )
        if rule == R.TRAIN_NOT_OPEN:
            if not t.markers:
                return _(
                    "{tile} cannot go on {train}: "
                    "under these rules you play only on your own train and the Mexican train.",
                    tile=tile,
                    train=where,
                )
            if not t.others_ok:
                return _(
                    "{tile} cannot go on {train}: "
                    "under these rules nobody plays on another player's train, marked or not.",
                    tile=tile,
                    train=where,
                )
            return _(
                "{tile} cannot go on {train}: it has no marker, so only its owner may play there.",
                tile=tile,
                train=where,
            )
        if rule == R.MEXICAN_TRAIN_NOT_ALLOWED:
            return _("{tile} cannot go on the Mexican train: these rules have no Mexican train.", tile=tile)
        if rule == R.OWN_TRAIN_FIRST:
            return _("{tile} cannot go on the Mexican train yet: start your own train first.", tile=tile)
        if rule == R.MEXICAN_TRAIN_NOT_OPEN:
            return _(
                "{tile} cannot go on the Mexican train yet: "
                "under these rules it opens only once every player has started their own train.",
                tile=tile,
            )
        if rule == R.ONE_DOUBLE_A_TURN:
            return _(
                "{tile} cannot follow your double: under these rules a turn lays at most one double, "
                "so the tile after it must not be a double.",
                tile=tile,
            )
        if rule == R.FIRST_LAP_OWN_TRAIN:
            return _(
                "{tile} cannot go on {train}: on the first lap everyone lays tiles on their own train only.",
                tile=tile,
                train=where,
            )
        if rule == R.TILE_DOES_NOT_MATCH:
            assert isinstance(move.train, (int, str))
            train = t.mex if move.train == MEXICAN else int(move.train)
            end = t.ends[train]
            if not t.trains[train]:
                return _(
                    "{tile} does not match the engine: the first tile of {train} must carry a {end}.",
                    tile=tile,
                    train=where,
                    end=end,
                )
            return _("{tile} does not match {train}, which ends in a {end}.", tile=tile, train=where, end=end)
        if rule == R.NO_ROUND_END_ON_DOUBLE:
            return _(
                "{tile} is your last tile and a double, and these rules do not let a round end on a double.", tile=tile
            )
        if rule == R.ALREADY_DREW:
            return _("You have already drawn this turn: lay the drawn tile if it fits, or pass.")
        if rule == R.MUST_PLAY_BEFORE_DRAWING:
            play_tile, play_train = self._play_parts(t.first_play())
            return _(
                "You cannot draw while you can play: {tile} on {train} is legal.", tile=play_tile, train=play_train
            )
        if rule == R.BONEYARD_EMPTY:
            return _("The boneyard is empty: pass instead of drawing.")
        if rule == R.CANNOT_PASS:
            play = t.first_play()
            if play >= 0:
                play_tile, play_train = self._play_parts(play)
                return _(
                    "You cannot pass while you can play: {tile} on {train} is legal.", tile=play_tile, train=play_train
                )
            if t.drawn:  # only under draw_until_playable may a player who drew draw again
                return _("You cannot pass yet: under these rules you draw until a tile fits, so draw again.")
            if t.pending:
                return _("You cannot pass yet: after laying a double you must lay another tile, so draw first.")
            return _("You cannot pass yet: draw a tile from the boneyard first.")
        return rule_title(rule) + "."  # not reached: every rule has its sentence above
