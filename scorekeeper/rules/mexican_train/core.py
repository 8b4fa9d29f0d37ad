"""The Mexican Train simulation core: one mutable table with tiles as small ints. Internal.

The public types (:class:`~.round.Round`, :class:`~.position.Position`) wrap a :class:`Table`;
nothing here builds strings or objects in the move loop.

Tiles are the shared indices of :mod:`scorekeeper.rules.tables`, hands are bitmasks over them. Trains
are numbered by seat, and the Mexican train is train ``players``. A move is an int: a play is
``tile << 5 | train``, and :data:`DRAW` and :data:`PASS` are negative, as are the calls about a last tile
(``announce_last_tile``): :func:`announce_code` and :func:`catch_code`, each naming a seat.
"""

from __future__ import annotations

import random

from ..tables import DOUBLE, DRAW, ENDMASK, HIGH, LOW, PASS, SUM, pips, set_size, tile_index
from . import rulebook as R
from .options import Options

TRAIN_BITS = 5
TRAIN_MASK = (1 << TRAIN_BITS) - 1

CALLS = -64
"""The calls about a last tile, which any seat may make out of turn, are the codes ``CALLS - k``: ``k`` is the
seat for an announcement, ``32 + seat`` for a catch (seat :data:`TRAIN_MASK` for a seat that does not exist)."""
CATCH = 1 << TRAIN_BITS


def announce_code(seat: int) -> int:
    """The code of ``seat`` announcing their last tile."""
    return CALLS - seat


def catch_code(seat: int) -> int:
    """The code of someone catching ``seat`` not announcing their last tile."""
    return CALLS - CATCH - seat


class _Accessible(dict[int, dict[int, tuple[int, ...]]]):
    def __missing__(self, players: int) -> dict[int, tuple[int, ...]]:
        answers: dict[int, tuple[int, ...]] = {}
        self[players] = answers
        return answers


_ACCESSIBLE = _Accessible()
""":meth:`Table.accessible`'s answers by the number of players, then by its key (who moves, the marked trains,
whether the Mexican train is open): they depend on nothing else, so every table with as many players shares
them."""


class Table:
    """Everything on the table in one round, from the rules' point of view."""

    __slots__ = (
        "n", "mex", "highest", "engine", "options",
        "cover_anyone", "follow_elsewhere", "mexican_train", "before_own", "mex_bonus", "multi_first",
        "end_on_double", "markers", "others_ok", "remove_any", "mark_unfollowed",
        "draw_until", "one_double", "after_all", "after_lap", "next_only", "announce", "penalty",
        "hands", "counts", "pile", "bcount", "trains", "ends", "marked", "open_doubles",
        "turn", "turn_no", "drawn", "laid", "pending", "passes", "over", "winner", "blocked", "owing", "skip",
        "supply", "used",
        "_acc",
    )  # fmt: skip

    def __init__(self, options: Options, players: int, highest: int, engine: int) -> None:
        self.n = players
        self.mex = players
        self.highest = highest
        self.engine = engine
        self.options = options
        self.cover_anyone = options.double_cover == "anyone"
        self.follow_elsewhere = options.follow_up_elsewhere
        self.mexican_train = options.mexican_train
        self.before_own = options.mexican_before_own
        self.mex_bonus = options.mexican_start == "bonus"
        self.multi_first = options.multi_tile_first_lap
        self.end_on_double = options.end_on_double
        self.markers = options.markers
        self.others_ok = options.markers and options.play_on_marked
        self.remove_any = options.marker_removed_by == "anyone"
        self.mark_unfollowed = options.mark_unfollowed_double
        self.draw_until = options.draw_until_playable
        self.one_double = options.one_double_per_turn
        self.after_all = options.mexican_after_all_started
        self.after_lap = options.mexican_after_first_lap
        self.next_only = options.marker_removed_by == "next"
        self.announce = options.announce_last_tile
        self.penalty = options.last_tile_penalty if options.caught_last_tile == "draw" else 0
        self.hands = [0] * players
        self.counts = [0] * players
        """Tiles in each hand; -1 where unknown (a checker position)."""
        self.pile: list[int] = []
        """The boneyard, drawn from the end; empty in a checker position, which knows only ``bcount``."""
        self.bcount = 0
        self.trains: list[list[int]] = [[] for _ in range(players + 1)]
        self.ends = [engine] * (players + 1)
        self.marked = 0
        """Bitmask of seats whose train carries a marker."""
        self.open_doubles: list[int] = []
        """Trains ending in a double that must be covered, oldest first."""
        self.turn = 0
        self.turn_no = 0
        """Turns finished this round; the first lap is turns 0 to players - 1."""
        self.drawn = False
        self.laid = 0
        """Tiles the player to move has laid this turn (a bonus Mexican-train start not counted)."""
        self.pending = False
        """The player to move laid a double and must lay another tile."""
        self.passes = 0
        """Passes in a row with an empty boneyard and nothing changed; ``players`` of them block the round."""
        self.over = False
        self.winner = -1
        self.blocked = False
        self.owing = 0
        """Bitmask of seats left with one tile who have not announced it and may still be caught: the mover, and
        the seat before them until the mover's turn ends (``announce_last_tile``)."""
        self.skip = 0
        self.supply = options.markers_per_player
        """Markers each player has for the round; 0 for as many as they need."""
        self.used = [0] * players
        """Markers each seat has put down this round (spent when ``supply`` is set)."""
        """Bitmask of seats caught not announcing their last tile who lose their next turn (``caught_last_tile``)."""
        self._acc = _ACCESSIBLE[players]  # shared: a checker builds a new table per request

    def copy(self) -> Table:
        """An independent table in the same state."""
        t = Table.__new__(Table)
        for name in Table.__slots__:
            setattr(t, name, getattr(self, name))
        t.hands = self.hands[:]
        t.counts = self.counts[:]
        t.pile = self.pile[:]
        t.trains = [tr[:] for tr in self.trains]
        t.ends = self.ends[:]
        t.open_doubles = self.open_doubles[:]
        t.used = self.used[:]
        return t

    # -- setting up ---------------------------------------------------------

    def deal(self, size: int, rng: random.Random, first: int) -> None:
        """Shuffle, deal ``size`` each, place the engine and choose who plays first."""
        n = self.n
        engine = tile_index(self.engine, self.engine)
        tiles = list(range(set_size(self.highest)))
        set_aside = self.options.engine_placement == "set-aside"
        if set_aside:
            tiles.remove(engine)
        rng.shuffle(tiles)
        for seat in range(n):
            hand = 0
            for i in tiles[seat * size : (seat + 1) * size]:
                hand |= 1 << i
            self.hands[seat] = hand
            self.counts[seat] = size
        self.pile = tiles[n * size :]
        self.turn = first
        if not set_aside:
            bit = 1 << engine
            holder = next((s for s in range(n) if self.hands[s] & bit), -1)
            if holder < 0 and self.options.missing_engine in ("highest-double", "next-double"):
                holder, engine = self._stand_in_engine()
                bit = 1 << engine
            while holder < 0 and self.options.missing_engine == "each-draws":
                # seed 002: every player draws one, a whole lap at a time, until some hand holds it
                for k in range(n):
                    seat = (first + k) % n
                    if not self.pile:  # the engine was the last tile: nobody is left to draw
                        break
                    drawn = self.pile.pop()
                    self.hands[seat] |= 1 << drawn
                    self.counts[seat] += 1
                    if drawn == engine:
                        holder = seat
            seat = first
            while holder < 0:  # nobody holds it: draw in turn until someone does
                drawn = self.pile.pop()
                self.hands[seat] |= 1 << drawn
                self.counts[seat] += 1
                if drawn == engine:
                    holder = seat
                else:
                    seat = (seat + 1) % n
            self.hands[holder] ^= bit
            self.counts[holder] -= 1
            self.turn = holder
        self.bcount = len(self.pile)

    def _stand_in_engine(self) -> tuple[int, int]:
        """(holder, tile index) of the double that stands in for a missing engine, which becomes this round's
        engine; (-1, the engine's index) when no hand holds a double."""
        top = self.highest
        if self.options.missing_engine == "highest-double":
            order = list(range(top, -1, -1))
        else:  # "next-double": the next one down, wrapping round to the top
            order = [(self.engine - k) % (top + 1) for k in range(1, top + 1)]
        for value in order:
            bit = 1 << tile_index(value, value)
            for seat in range(self.n):
                if self.hands[seat] & bit:
                    self.engine = value
                    self.ends = [value] * (self.n + 1)
                    return seat, tile_index(value, value)
        return -1, tile_index(self.engine, self.engine)

    # -- where the player to move may play ------------------------------------

    def accessible(self) -> tuple[int, ...]:
        """Trains the player to move may play on, before doubles and tile matching."""
        seat = self.turn
        if self.multi_first and self.turn_no < self.n:
            return (seat,)
        mexok = self.mexican_train and (self.before_own or bool(self.trains[seat]))
        if mexok and self.after_lap:
            mexok = self.turn_no >= self.n
        if mexok and self.after_all:
            mexok = all(self.trains[s] for s in range(self.n))
        marked = self.marked if self.others_ok else 0
        if marked and self.next_only:  # only the train of the seat just before the mover
            marked &= 1 << (seat - 1 if seat else self.n - 1)
        key = (marked << 6 | seat) << 1 | mexok
        acc = self._acc.get(key)
        if acc is None:
            trains = [seat]
            if mexok:
                trains.append(self.mex)
            if marked:
                trains.extend(s for s in range(self.n) if s != seat and marked >> s & 1)
            acc = self._acc[key] = tuple(trains)
        return acc

    def targets(self) -> tuple[int, ...]:
        """Trains the player to move may play on now, doubles included."""
        od = self.open_doubles
        if od:
            oldest = od[0]
            if self.pending and self.follow_elsewhere:
                acc = self.accessible()
                return acc if oldest in acc else acc + (oldest,)
            return (oldest,)
        return self.accessible()

    def first_lap_goes_on(self) -> bool:
        """Is it the first lap, under rules that let a first-lap turn go on while another tile fits?"""
        return self.multi_first and self.turn_no < self.n

    def turn_over(self) -> bool:
        """Has the player to move laid all they may this turn, so only the pass that hands over is left?

        A turn lays one tile; a double (``pending``) asks for another. With ``multi_tile_first_lap`` a
        first-lap turn goes on while another tile fits, and is over once none does. A bonus tile that starts
        the Mexican train is not counted in ``laid``, so it never ends the turn by itself. A round never rests
        in this state (its last tile ends the turn at once), but a position written by hand can.
        """
        if not self.laid or self.pending:
            return False
        return not (self.first_lap_goes_on() and self.plays())

    def legal_codes(self) -> list[int]:
        """Every legal move as an int; plays first, else the draw or the pass."""
        if self.over:
            return []
        spent = self.laid > 0 and not self.pending
        if spent and not self.first_lap_goes_on():
            out = [PASS]  # the turn is over (a round ends it at once; a position may show it): hand over
        else:
            out = self.plays()
            if not out:
                # After laying tiles (the first lap, once nothing more fits) the turn is over too: a player draws
                # only when they cannot lay a tile at all, which is not the case of someone who just laid some.
                out.append(DRAW if not spent and self.may_draw_again() and self.bcount else PASS)
        if self.owing:
            out.extend(self.calls())
        return out

    def calls(self) -> list[int]:
        """The calls about a last tile open now: each owing seat's announcement, then catching each."""
        owing = [s for s in range(self.n) if self.owing >> s & 1]
        return [announce_code(s) for s in owing] + [catch_code(s) for s in owing]

    def plays(self) -> list[int]:
        """Every play the rules allow the player to move, ignoring whether their turn is over."""
        hand = self.hands[self.turn]
        out: list[int] = []
        ends = self.ends
        for t in self.targets():
            m = hand & ENDMASK[ends[t]]
            while m:
                low = m & -m
                out.append((low.bit_length() - 1) << TRAIN_BITS | t)
                m ^= low
        if out and not self.end_on_double and self.counts[self.turn] == 1:
            out = [c for c in out if not DOUBLE[c >> TRAIN_BITS]]
        if out and self.one_double and self.pending and not self.first_lap_goes_on():
            out = [c for c in out if not DOUBLE[c >> TRAIN_BITS]]
        return out

    def may_draw_again(self) -> bool:
        """Has the player to move not drawn yet, or may they draw again (``draw_until_playable``)?"""
        return not self.drawn or self.draw_until

    def first_play(self) -> int:
        """A legal play, or -1 when the player to move has none."""
        for c in self.legal_codes():
            if c >= 0:
                return c
        return -1

    # -- the rule a move breaks ----------------------------------------------

    def access_rule(self, t: int) -> str:
        """The rule that keeps the player to move off train ``t``, or "legal"."""
        seat = self.turn
        if t == seat:
            return R.LEGAL
        if self.multi_first and self.turn_no < self.n:
            return R.FIRST_LAP_OWN_TRAIN
        if t == self.mex:
            if not self.mexican_train:
                return R.MEXICAN_TRAIN_NOT_ALLOWED
            if not self.before_own and not self.trains[seat]:
                return R.OWN_TRAIN_FIRST
            if self.after_lap and self.turn_no < self.n:
                return R.MEXICAN_TRAIN_AFTER_FIRST_LAP
            if self.after_all and not all(self.trains[s] for s in range(self.n)):
                return R.MEXICAN_TRAIN_NOT_OPEN
            return R.LEGAL
        if not (self.others_ok and self.marked >> t & 1):
            return R.TRAIN_NOT_OPEN
        if self.next_only and t != (seat - 1 if seat else self.n - 1):
            return R.MARKER_NEXT_PLAYER_ONLY
        return R.LEGAL

    def play_rule(self, tile: int, t: int) -> str:
        """The rule laying tile ``tile`` (an index, or -1 for a tile outside the set) on train ``t`` breaks."""
        if self.over:
            return R.ROUND_OVER
        if self.turn_over():
            return R.TURN_OVER
        if not 0 <= t <= self.mex:
            return R.NO_SUCH_TRAIN
        if tile < 0 or not self.hands[self.turn] >> tile & 1:
            return R.TILE_NOT_IN_HAND
        od = self.open_doubles
        if od and t != od[0]:
            if not (self.pending and self.follow_elsewhere):
                return R.DOUBLE_MUST_BE_COVERED
            rule = self.access_rule(t)
            if rule != R.LEGAL:
                return rule
        elif not od:
            rule = self.access_rule(t)
            if rule != R.LEGAL:
                return rule
        end = self.ends[t]
        if HIGH[tile] != end and LOW[tile] != end:
            return R.TILE_DOES_NOT_MATCH
        if DOUBLE[tile] and self.one_double and self.pending and not self.first_lap_goes_on():
            return R.ONE_DOUBLE_A_TURN
        if DOUBLE[tile] and not self.end_on_double and self.counts[self.turn] == 1:
            return R.NO_ROUND_END_ON_DOUBLE
        return R.LEGAL

    def draw_rule(self) -> str:
        """The rule a draw breaks, or "legal"."""
        if self.over:
            return R.ROUND_OVER
        if self.turn_over():
            return R.TURN_OVER
        if not self.may_draw_again():
            return R.ALREADY_DREW
        if self.first_play() >= 0:
            return R.MUST_PLAY_BEFORE_DRAWING
        if not self.bcount:
            return R.BONEYARD_EMPTY
        return R.LEGAL

    def pass_rule(self) -> str:
        """The rule a pass breaks, or "legal"."""
        if self.over:
            return R.ROUND_OVER
        if self.turn_over():
            return R.LEGAL  # the pass that hands over once the tiles of the turn are laid
        if self.first_play() >= 0 or (self.may_draw_again() and self.bcount):
            return R.CANNOT_PASS
        return R.LEGAL

    def call_rule(self, code: int) -> str:
        """The rule an announcement or a catch breaks, or "legal"."""
        if self.over:
            return R.ROUND_OVER
        if not self.announce:
            return R.NO_ANNOUNCING
        seat = (CALLS - code) & TRAIN_MASK
        if seat >= self.n or not self.owing >> seat & 1:  # a seat that does not exist owes nothing either
            return R.CANNOT_CATCH if CALLS - code >= CATCH else R.NOTHING_TO_ANNOUNCE
        return R.LEGAL

    def rule(self, code: int) -> str:
        """The rule any move code breaks, or "legal"."""
        if code == DRAW:
            return self.draw_rule()
        if code == PASS:
            return self.pass_rule()
        if code <= CALLS:
            return self.call_rule(code)
        return self.play_rule(code >> TRAIN_BITS, code & TRAIN_MASK)

    def penalty_tiles(self) -> int:
        """Tiles a catch makes the caught seat draw now: the penalty, or what is left of the boneyard."""
        return min(self.penalty, self.bcount)

    # -- applying a legal move ----------------------------------------------

    def push(self, code: int) -> None:
        """Apply a legal move (unchecked)."""
        seat = self.turn
        if code == DRAW:
            tile = self.pile.pop() if self.pile else -1
            if tile >= 0:
                self.hands[seat] |= 1 << tile
            if self.counts[seat] >= 0:
                self.counts[seat] += 1
            self.bcount -= 1
            self.drawn = True
            self.passes = 0
            self.owing &= ~(1 << seat)  # two tiles now: nothing left to announce
            return
        if code <= CALLS:
            self._call(code)
            return
        if code == PASS:
            if self.turn_over():
                self._end_turn()  # as the round's own last tile of the turn would have: no marker, no count
                return
            self._pass(seat)
            return
        tile = code >> TRAIN_BITS
        t = code & TRAIN_MASK
        self.hands[seat] ^= 1 << tile
        self.counts[seat] -= 1
        train = self.trains[t]
        train.append(tile)
        self.ends[t] = SUM[tile] - self.ends[t]
        od = self.open_doubles
        if od and t in od:
            od.remove(t)
        if t < self.n and self.marked >> t & 1 and (t == seat or self.remove_any or self._next_after(t) == seat):
            self.marked ^= 1 << t
        self.passes = 0
        if self.counts[seat] == 0 or (self.counts[seat] < 0 and not self.hands[seat]):
            self.over = True
            self.winner = seat
            self.pending = False  # a double covered by the last tile asks for nothing more (and none is open)
            self.owing = 0
            if not self.cover_anyone:  # the last tile ends the turn, and a double binds its layer only in it
                od.clear()  # (a follow-up laid elsewhere may go out leaving it uncovered: seed 002 steps 3, 5)
            return
        if self.announce and self.counts[seat] == 1:
            self.owing |= 1 << seat
        if DOUBLE[tile]:
            od.append(t)
            self.pending = True
            self.laid += 1
            return
        if t == self.mex and self.mex_bonus and len(train) == 1:
            return  # the extra tile that starts the Mexican train does not use up the turn
        self.laid += 1
        self.pending = False
        if self.first_lap_goes_on() and self.plays():
            return
        self._end_turn()

    def _next_after(self, t: int) -> int:
        """The seat whose tile on ``t``'s marked train takes the marker off besides ``t``'s own under "next", or -1."""
        if not self.next_only:
            return -1
        return t + 1 if t + 1 < self.n else 0

    def _call(self, code: int) -> None:
        k = CALLS - code
        seat = k & TRAIN_MASK
        self.owing &= ~(1 << seat)
        if k < CATCH:
            return  # announced: nothing else changes
        if self.options.caught_last_tile == "lose-turn":
            self.skip |= 1 << seat  # their next turn passes them by (the mover's own turn goes on)
            return
        drawn = self.penalty_tiles()
        for _ in range(drawn):
            tile = self.pile.pop() if self.pile else -1
            if tile >= 0:
                self.hands[seat] |= 1 << tile
        if self.counts[seat] >= 0:
            self.counts[seat] += drawn
        self.bcount -= drawn

    def _pass(self, seat: int) -> None:
        counted = not (self.multi_first and self.turn_no < self.n)
        if self.pending and self.open_doubles and not self.cover_anyone and not self.follow_elsewhere:
            counted = False  # the others will not be held to this double
        if self.markers and (self.laid == 0 or (self.pending and self.mark_unfollowed)):
            bit = 1 << seat
            if not self.marked & bit and (not self.supply or self.used[seat] < self.supply):
                self.marked |= bit
                self.used[seat] += 1
                self.passes = 0  # the table changed; count from this pass
        if self.bcount == 0 and counted:
            self.passes += 1
            if self.passes >= self.n:
                self.over = True
                self.blocked = True
                return
        else:
            self.passes = 0
        self._end_turn()

    def _end_turn(self) -> None:
        if self.owing:  # the seat before the mover may be caught no more once the mover's turn ends
            self.owing &= ~(1 << (self.turn - 1 if self.turn else self.n - 1))
        self.turn_no += 1
        self.turn = self.turn + 1 if self.turn + 1 < self.n else 0
        while self.skip >> self.turn & 1:  # a turn lost for a last tile not announced: it ends as it begins
            self.skip ^= 1 << self.turn
            self.owing &= ~(1 << (self.turn - 1 if self.turn else self.n - 1))
            self.turn_no += 1
            self.turn = self.turn + 1 if self.turn + 1 < self.n else 0
        self.drawn = False
        self.laid = 0
        self.pending = False
        if not self.cover_anyone:
            self.open_doubles.clear()

    def scores(self) -> list[int]:
        """Pips in each hand, the double-blank at the rules' value."""
        db = self.options.double_blank
        return [pips(h, db) for h in self.hands]
