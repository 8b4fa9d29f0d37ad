"""The Chicken Foot simulation core: one mutable table with tiles as small ints. Internal.

Tiles are the shared indices of :mod:`scorekeeper.rules.tables`, hands are bitmasks. The layout is
kept as its open ends: ``ends[i]`` is the number showing on open end ``i``. Laying the round's double
opens ``centre_tiles`` ends around it; a tile laid on end ``i`` replaces it in place with the number it
leaves open, and a double laid on end ``i`` keeps it (showing its number) and appends two more: its
three toes. So an end id is stable for the whole round. ``unfilled`` lists the ends still waiting for a
tile, the centre's ring or the last double's toes; while any is listed, tiles go only there.

A move is an int: a play is ``tile << 7 | (end + 1)`` (end -1 is the centre, laid on no end);
:data:`DRAW` and :data:`PASS` are negative.
"""

from __future__ import annotations

import random

from ..tables import DOUBLE, DRAW, ENDMASK, HIGH, LOW, PASS, NumberedRules, bits, pips, set_size, tile_index
from . import rulebook as R
from .options import ChickenOptions

END_BITS = 7
END_MASK = (1 << END_BITS) - 1
CENTRE = -1
"""The end of the round's first tile: the centre double is laid on no end."""


def play_code(tile: int, end: int) -> int:
    """The code of laying tile ``tile`` on ``end`` (-1: in the centre)."""
    return tile << END_BITS | (end + 1)


class ChickenTable(NumberedRules):
    """Everything on the table in one round of Chicken Foot, from the rules' point of view."""

    __slots__ = (
        "n", "highest", "options", "ring", "foot_first", "until", "multi",
        "hands", "counts", "pile", "bcount", "centre", "double", "down", "ends", "unfilled", "layout",
        "turn", "drawn", "laid", "passes", "over", "winner", "blocked",
    )  # fmt: skip

    PLACE_BITS = END_BITS

    def __init__(self, options: ChickenOptions, players: int, highest: int, centre: int) -> None:
        self.n = players
        self.highest = highest
        self.options = options
        self.ring = options.centre_tiles
        self.foot_first = options.foot_first
        self.until = options.draw == "until-playable"
        self.multi = options.first_turn_multiple
        self.hands = [0] * players
        self.counts = [0] * players
        """Tiles in each hand; -1 where unknown (a checker position)."""
        self.pile: list[int] = []
        """The chicken yard, drawn from the end; empty in a checker position, which knows only ``bcount``."""
        self.bcount = 0
        self.centre = centre
        """The number of the round's double."""
        self.double = tile_index(centre, centre)
        self.down = False
        """The round's double is in the centre."""
        self.ends: list[int] = []
        self.unfilled: tuple[int, ...] = ()
        self.layout: list[tuple[int, int]] = []
        """(tile, end it was laid on; -1 for the centre), in the order laid. Empty in a checker position."""
        self.turn = 0
        self.drawn = False
        """The mover has drawn this turn."""
        self.laid = 0
        """Tiles the mover has laid this turn: only a first turn that goes on (``first_turn_multiple``) counts."""
        self.passes = 0
        """Passes in a row by players who laid and drew nothing; ``n`` of them block the round."""
        self.over = False
        self.winner = -1
        self.blocked = False

    def copy(self) -> ChickenTable:
        """An independent table in the same state (its lists copied; everything else is immutable)."""
        t = ChickenTable.__new__(ChickenTable)
        for name in ChickenTable.__slots__:
            value = getattr(self, name)
            setattr(t, name, value[:] if type(value) is list else value)
        return t

    def deal(self, size: int, rng: random.Random, first: int) -> None:
        """Shuffle and deal ``size`` each. The holder of the round's double moves first; if nobody holds it,
        ``first`` does (and draws, as does each player after them, until someone draws it)."""
        tiles = list(range(set_size(self.highest)))
        rng.shuffle(tiles)
        dealt = self.n * size
        for k, i in enumerate(tiles[:dealt]):  # one tile to each player in turn, as at the table
            self.hands[k % self.n] |= 1 << i
        self.counts = [size] * self.n
        self.pile = tiles[dealt:]
        self.bcount = len(self.pile)
        holders = [s for s in range(self.n) if self.hands[s] >> self.double & 1]
        self.turn = holders[0] if holders else first

    # -- state the rules read ----------------------------------------------------

    def ring_open(self) -> bool:
        """The ends waiting for a tile are the centre's ring (no double has been laid on an end yet)."""
        return len(self.ends) == self.ring

    def play_codes(self) -> list[int]:
        """Every play the rules allow the mover."""
        hand = self.hands[self.turn]
        if not self.down:
            return [play_code(self.double, CENTRE)] if hand >> self.double & 1 else []
        ends = self.ends
        out = []
        for e in self.unfilled or range(len(ends)):
            for i in bits(hand & ENDMASK[ends[e]]):
                out.append(i << END_BITS | (e + 1))
        return out

    def first_play(self) -> int:
        """One legal play (for reasons), or -1."""
        codes = self.play_codes()
        return codes[0] if codes else -1

    def may_draw(self) -> bool:
        """Would drawing be the mover's turn if they could not play? (boneyard aside)"""
        return not self.laid and (not self.drawn or (self.until and self.down))

    # -- legality ------------------------------------------------------------------

    def play_rule(self, tile: int, end: int) -> str:
        """The rule a play breaks, or "cf-legal". ``tile`` is -1 for a tile outside the set."""
        if self.over:
            return R.CF_ROUND_OVER
        if tile < 0 or not self.hands[self.turn] >> tile & 1:
            return R.CF_TILE_NOT_IN_HAND
        if not self.down:
            return R.CF_LEGAL if end == CENTRE and tile == self.double else R.CF_CENTRE_FIRST
        if not 0 <= end < len(self.ends):
            return R.CF_NO_SUCH_END
        if self.unfilled and end not in self.unfilled:
            return R.CF_CENTRE_NOT_FULL if self.ring_open() else R.CF_FOOT_NOT_FINISHED
        number = self.ends[end]
        return R.CF_LEGAL if HIGH[tile] == number or LOW[tile] == number else R.CF_TILE_DOES_NOT_MATCH

    def draw_rule(self) -> str:
        """The rule a draw breaks, or "cf-legal"."""
        if self.over:
            return R.CF_ROUND_OVER
        if self.laid:
            return R.CF_NO_DRAW_AFTER_LAYING
        if not self.may_draw():
            return R.CF_ALREADY_DREW
        if self.play_codes():
            return R.CF_MUST_PLAY_BEFORE_DRAWING
        if self.bcount == 0:
            return R.CF_BONEYARD_EMPTY
        return R.CF_LEGAL

    def pass_rule(self) -> str:
        """The rule a pass breaks, or "cf-legal"."""
        if self.over:
            return R.CF_ROUND_OVER
        if self.laid:
            return R.CF_LEGAL  # a first turn that goes on ends when its player says so
        if self.play_codes() or (self.may_draw() and self.bcount > 0):
            return R.CF_CANNOT_PASS
        return R.CF_LEGAL

    def legal_codes(self) -> list[int]:
        """Every legal move as a code: the plays (and the pass, on a first turn that goes on), else draw or pass."""
        if self.over:
            return []
        plays = self.play_codes()
        if self.laid:
            return [*plays, PASS]
        if plays:
            return plays
        if self.may_draw() and self.bcount > 0:
            return [DRAW]
        return [PASS]

    # -- moving (no checks: callers verify first) ----------------------------------------

    def _next(self) -> None:
        self.drawn = False
        self.laid = 0
        self.turn = (self.turn + 1) % self.n

    def push(self, code: int) -> None:
        """Apply a legal move (unchecked)."""
        seat = self.turn
        if code == DRAW:
            if self.pile:
                self.hands[seat] |= 1 << self.pile.pop()
            if self.counts[seat] >= 0:
                self.counts[seat] += 1
            self.bcount -= 1
            self.drawn = True
            self.passes = 0
            return
        if code == PASS:
            if not self.laid:
                self.passes += 1
            self._next()
            if self.passes >= self.n:
                self.over = self.blocked = True
            return
        tile = code >> END_BITS
        end = (code & END_MASK) - 1
        self.hands[seat] ^= 1 << tile
        self.counts[seat] -= 1
        self.layout.append((tile, end))
        self.passes = 0
        if end == CENTRE:
            self.down = True
            self.ends = [self.centre] * self.ring
            self.unfilled = tuple(range(self.ring))
        else:
            number = self.ends[end]
            self.ends[end] = HIGH[tile] if LOW[tile] == number else LOW[tile]
            if end in self.unfilled:
                self.unfilled = tuple(e for e in self.unfilled if e != end)
            if DOUBLE[tile]:  # its three toes: this end, showing its number, and two more
                last = len(self.ends)
                self.ends += (HIGH[tile], HIGH[tile])
                if self.foot_first:
                    self.unfilled = (end, last, last + 1)
        if self.counts[seat] == 0:
            self.over = True
            self.winner = seat
            return
        if self.multi and (end == CENTRE or self.laid):
            self.laid += 1
            if self.unfilled:
                self.drawn = False
                return  # the first player goes on around the centre
        self._next()

    # -- results -----------------------------------------------------------------

    def score(self, seat: int) -> int:
        """Pips left in a seat's hand, the double-blank at its house value."""
        return pips(self.hands[seat], self.options.double_blank)
