"""Mexican Train legality: how its moves encode for the core table, and every reason a move is or is not legal.

The verify / can / check API itself is shared with Super Domino (:class:`~scorekeeper.rules.legality.Legality`);
:class:`~.round.Round` and :class:`~.position.Position` both inherit it from :class:`MexicanLegality`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..i18n import _
from ..legality import Legality, WrittenMoves
from ..rulebook import rule_title
from ..tables import DRAW, PASS, TILES
from ..text import brief
from ..tiles import Tile
from . import rulebook as R
from .core import CALLS, CATCH, TRAIN_BITS, TRAIN_MASK, Table, announce_code, catch_code
from .moves import MEXICAN, Move, TrainId


class _Moves(dict[int, Move]):
    """Moves by code at a table whose Mexican train is train ``mex``, each built the first time it is asked for:
    a move is immutable, so every turn's legal moves reuse the same few objects."""

    def __init__(self, mex: int) -> None:
        super().__init__({DRAW: Move.draw(), PASS: Move.pass_()})
        self.mex = mex
        self.written = WrittenMoves(self)

    def __missing__(self, code: int) -> Move:
        if code <= CALLS:
            k = CALLS - code
            move = self[code] = Move.catch(k - CATCH) if k >= CATCH else Move.announce(k)
            return move
        train = code & TRAIN_MASK
        move = self[code] = Move("play", TILES[code >> TRAIN_BITS], MEXICAN if train == self.mex else train)
        return move


def _capital(sentence: str) -> str:
    """The sentence with its first letter upper case ("Seat 2 may announce...", as a name starts it)."""
    return sentence[:1].upper() + sentence[1:]


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
        if move.seat is not None:  # a call: any seat may make it, about a seat that may not exist
            seat = move.seat if move.seat < t.n else TRAIN_MASK
            return (announce_code(seat) if move.action == "announce" else catch_code(seat)), -1, seat
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

    def _written(self) -> Mapping[int, dict[str, Any]]:
        return _DECODED[self._core().mex].written

    def _judge(self, code: int, idx: int, where: int, legal: Sequence[int]) -> str:
        if code <= CALLS:  # a call about a last tile: its own rules, whoever is to move
            return self.LEGAL if code in legal else self._core().call_rule(code)
        return Legality._judge(self, code, idx, where, legal)

    # -- the calls about a last tile (announce_last_tile), verify / can as for every action ------

    def verify_announce(self, seat: int) -> None:
        """Raise :class:`~scorekeeper.rules.IllegalMove` unless ``seat`` may announce their last tile now."""
        self.verify(Move.announce(seat))

    def can_announce(self, seat: int) -> bool:
        """May ``seat`` announce their last tile now?"""
        return self.is_legal(Move.announce(seat))

    def verify_catch(self, seat: int) -> None:
        """Raise :class:`~scorekeeper.rules.IllegalMove` unless ``seat`` may be caught not announcing now."""
        self.verify(Move.catch(seat))

    def can_catch(self, seat: int) -> bool:
        """May someone catch ``seat`` holding a last tile they did not announce?"""
        return self.is_legal(Move.catch(seat))

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
            if move.seat is not None:
                return self._call_reason(move.action, move.seat)
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
        if rule == R.MEXICAN_TRAIN_AFTER_FIRST_LAP:
            return _(
                "{tile} cannot go on the Mexican train yet: "
                "under these rules it opens after the first lap, once every player has had a turn.",
                tile=tile,
            )
        if rule == R.ONE_DOUBLE_A_TURN:
            return _(
                "{tile} cannot follow your double: under these rules a turn lays at most one double, "
                "so the tile after it must not be a double.",
                tile=tile,
            )
        if rule == R.MARKER_NEXT_PLAYER_ONLY:
            owner = int(move.train) if isinstance(move.train, int) else 0
            return _(
                "{tile} cannot go on {train}: under these rules only the player right after {owner} may play on "
                "their marked train.",
                tile=tile,
                train=where,
                owner=self.seat_name(owner),
            )
        if rule in (R.NO_ANNOUNCING, R.NOTHING_TO_ANNOUNCE, R.CANNOT_CATCH):
            return self._call_refusal(rule, move)
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

    def _call_reason(self, action: str, seat: int) -> str:
        """Why an announcement or a catch is legal; a sentence that starts with a seat's name starts upper case."""
        return _capital(self._call_sentence(action, seat))

    def _call_sentence(self, action: str, seat: int) -> str:
        t = self._core()
        you = seat == t.turn
        if action == "announce":
            if you:
                return _("You may announce your last tile: once it is announced, nobody can catch you for it.")
            return _(
                "{name} may announce their last tile: once it is announced, nobody can catch them for it.",
                name=self.seat_name(seat),
            )
        if t.options.caught_last_tile == "lose-turn":
            if you:
                return _("You did not announce your last tile: caught, you lose your next turn.")
            return _(
                "{name} did not announce their last tile: caught, they lose their next turn.",
                name=self.seat_name(seat),
            )
        tiles = t.penalty_tiles()
        if not tiles:
            return _(
                "{name} did not announce their last tile and may be caught, but the boneyard is empty, "
                "so there is nothing to draw.",
                name=self.seat_name(seat),
            )
        if you:
            return _(
                "You did not announce your last tile: caught before the next player's turn ends, "
                "you draw {count} from the boneyard as a penalty.",
                count=tiles,
            )
        return _(
            "{name} did not announce their last tile: caught before the next player's turn ends, "
            "they draw {count} from the boneyard as a penalty.",
            name=self.seat_name(seat),
            count=tiles,
        )

    def _call_refusal(self, rule: str, move: Move) -> str:
        """Why an announcement or a catch is refused."""
        return _capital(self._call_refusal_sentence(rule, move))

    def _call_refusal_sentence(self, rule: str, move: Move) -> str:
        t = self._core()
        seat = move.seat if move.seat is not None else 0
        if rule == R.NO_ANNOUNCING:
            return _(
                "These rules do not ask anyone to announce their last tile, so there is nothing to announce or catch."
            )
        if seat >= t.n:
            return _("There is no seat {seat}: seats are 0 to {last}.", seat=seat, last=t.n - 1)
        name = self.seat_name(seat)
        held = t.counts[seat]
        if held >= 0 and held != 1:
            if rule == R.NOTHING_TO_ANNOUNCE:
                return _(
                    "{name} holds {count} tiles, so there is nothing to announce: "
                    "a player announces when they are down to one.",
                    name=name,
                    count=held,
                )
            return _("{name} cannot be caught: they hold {count} tiles, not one.", name=name, count=held)
        if rule == R.NOTHING_TO_ANNOUNCE:
            return _(
                "{name} has no last tile to announce now: it was announced or caught already, "
                "or the next player's turn has ended since.",
                name=name,
            )
        return _(
            "{name} cannot be caught: they announced their last tile, were caught already, "
            "or the next player's turn has ended since they were left with it.",
            name=name,
        )
