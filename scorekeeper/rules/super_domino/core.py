"""The Super Domino simulation core: one mutable table with tiles as small ints. Internal.

Tiles are the shared indices of :mod:`scorekeeper.rules.tables`, hands are bitmasks. The
layout is kept as its open edges: ``edges[i]`` is the number showing on open edge ``i``. Edges are
never removed: a tile laid against edge ``i`` replaces it in place with the edge it leaves open, and a
double that branches (``double_edges == 3``) appends its two side edges. So an edge id is stable for
the whole hand, and edge ``i`` is "the arm that grew from edge ``i``".

A move is an int: a play is ``tile << 7 | (edge + 1)`` (edge -1 is the fat spinner, laid on no edge);
:data:`DRAW` and :data:`PASS` are negative.
"""

from __future__ import annotations

import random

from ..tables import DOUBLE, DOUBLES_MASK, DRAW, ENDMASK, HIGH, LOW, PASS, SUM, NumberedRules, bits, set_size
from . import rulebook as R
from .options import SuperOptions

EDGE_BITS = 7
EDGE_MASK = (1 << EDGE_BITS) - 1
SPINNER = -1
"""The edge of the opening play: the fat spinner is laid on no edge."""
WILD = 13
"""A double may be laid against an edge showing this number."""


def play_code(tile: int, edge: int) -> int:
    """The code of laying tile ``tile`` against ``edge`` (-1: as the fat spinner)."""
    return tile << EDGE_BITS | (edge + 1)


def tile_rank(i: int) -> tuple[int, bool, int]:
    """How high a tile is when finding who starts: pips, then a double above a non-double, then the higher end."""
    return SUM[i], DOUBLE[i], HIGH[i]


class SuperTable(NumberedRules):
    """Everything on the table in one hand of Super Domino, from the rules' point of view."""

    __slots__ = (
        "n", "highest", "options", "spinner_edges", "double_edges", "either", "stuck_draws", "skip",
        "reverse_two", "exempt",
        "hands", "counts", "pile", "bcount", "edges", "layout", "spinner",
        "turn", "direction", "spell", "caster", "drawn", "passes", "over", "winner", "blocked",
    )  # fmt: skip

    PLACE_BITS = EDGE_BITS

    def __init__(self, options: SuperOptions, players: int, highest: int) -> None:
        self.n = players
        self.highest = highest
        self.options = options
        self.spinner_edges = options.spinner_edges
        self.double_edges = options.double_edges
        self.either = options.effects == "either-half"
        self.stuck_draws = options.cannot_play == "draw-two"
        self.skip = options.double_skip
        self.reverse_two = options.reverse_with_two
        self.exempt = options.caster_exempt
        self.hands = [0] * players
        self.counts = [0] * players
        """Tiles in each hand; -1 where unknown (a checker position)."""
        self.pile: list[int] = []
        """The boneyard, drawn from the end; empty in a checker position, which knows only ``bcount``."""
        self.bcount = 0
        self.edges: list[int] = []
        """The number showing on each open edge; empty until the fat spinner is down."""
        self.layout: list[tuple[int, int]] = []
        """(tile, edge it was laid against; -1 for the spinner), in the order laid. Empty in a checker position."""
        self.spinner = -1
        """The fat spinner's tile index, or -1 (not laid, or not known in a checker position)."""
        self.turn = 0
        self.direction = 1
        """+1: play passes to the left (seat + 1); -1: to the right."""
        self.spell: tuple[int, ...] = ()
        """Edges that must be played on (the tile that cast the spell); () when no spell is on."""
        self.caster = -1
        self.drawn = False
        self.passes = 0
        """Opening: passes since the deal. Later: passes in a row by players who laid and drew nothing."""
        self.over = False
        self.winner = -1
        self.blocked = False

    def copy(self) -> SuperTable:
        """An independent table in the same state."""
        t = SuperTable.__new__(SuperTable)
        for name in SuperTable.__slots__:
            setattr(t, name, getattr(self, name))
        t.hands = self.hands[:]
        t.counts = self.counts[:]
        t.pile = self.pile[:]
        t.edges = self.edges[:]
        t.layout = self.layout[:]
        return t

    # -- setting up ---------------------------------------------------------

    def deal(self, size: int, rng: random.Random, first: int | None) -> None:
        """Shuffle, deal ``size`` each; the holder of the highest tile moves first unless ``first`` is given."""
        tiles = list(range(set_size(self.highest)))
        rng.shuffle(tiles)
        for seat in range(self.n):
            hand = 0
            for i in tiles[seat * size : (seat + 1) * size]:
                hand |= 1 << i
            self.hands[seat] = hand
            self.counts[seat] = size
        self.pile = tiles[self.n * size :]
        self.bcount = len(self.pile)
        if first is None:
            best = max((tile_rank(i), seat) for seat in range(self.n) for i in bits(self.hands[seat]))
            first = best[1]
        self.turn = first

    # -- state the rules read ----------------------------------------------------

    @property
    def opening(self) -> bool:
        """The fat spinner is not down yet."""
        return not self.edges

    def bound(self) -> bool:
        """Is the player to move bound by a spell?"""
        return bool(self.spell) and not (self.exempt and self.caster == self.turn)

    def _fits(self, hand: int, number: int) -> int:
        """Tiles of ``hand`` that may be laid against an edge showing ``number``."""
        fits = hand & ENDMASK[number]
        if number == WILD:
            fits |= hand & DOUBLES_MASK
        return fits

    def play_codes(self) -> list[int]:
        """Every play the rules allow the mover, ignoring whether they already drew."""
        hand = self.hands[self.turn]
        if self.opening:
            return [play_code(i, SPINNER) for i in bits(hand & DOUBLES_MASK)]
        out = []
        edges = self.edges
        for e in self.spell if self.bound() else range(len(edges)):
            for i in bits(self._fits(hand, edges[e])):
                out.append(i << EDGE_BITS | (e + 1))
        return out

    def first_play(self) -> int:
        """One legal play (for reasons), or -1."""
        codes = self.play_codes()
        return codes[0] if codes else -1

    def draw_allowed(self) -> bool:
        """Would a draw be the right move if the mover could not play? (boneyard aside)"""
        if self.opening:
            return self.passes >= self.n
        return self.stuck_draws or self.bound()

    # -- legality ------------------------------------------------------------------

    def play_rule(self, tile: int, edge: int) -> str:
        """The rule a play breaks, or "sd-legal". ``tile`` is -1 for a tile outside the set."""
        if self.over:
            return R.SD_HAND_OVER
        if self.drawn and not self.opening and not self.stuck_draws:
            return R.SD_TURN_ENDS_AFTER_DRAW
        if tile < 0 or not self.hands[self.turn] >> tile & 1:
            return R.SD_TILE_NOT_IN_HAND
        if self.opening:
            return R.SD_LEGAL if edge == SPINNER and DOUBLE[tile] else R.SD_SPINNER_FIRST
        if not 0 <= edge < len(self.edges):
            return R.SD_NO_SUCH_EDGE
        if self.bound() and edge not in self.spell:
            return R.SD_SPELL
        number = self.edges[edge]
        if DOUBLE[tile]:
            return R.SD_LEGAL if HIGH[tile] == number or number == WILD else R.SD_DOUBLE_DOES_NOT_MATCH
        return R.SD_LEGAL if HIGH[tile] == number or LOW[tile] == number else R.SD_TILE_DOES_NOT_MATCH

    def draw_rule(self) -> str:
        """The rule a draw breaks, or "sd-legal"."""
        if self.over:
            return R.SD_HAND_OVER
        if self.drawn:
            return R.SD_ALREADY_DREW
        if self.play_codes():
            return R.SD_MUST_PLAY_BEFORE_DRAWING
        if not self.draw_allowed():
            return R.SD_NO_DRAWING
        if self.bcount == 0:
            return R.SD_BONEYARD_EMPTY
        return R.SD_LEGAL

    def pass_rule(self) -> str:
        """The rule a pass breaks, or "sd-legal"."""
        if self.over:
            return R.SD_HAND_OVER
        if self.drawn and not self.opening:
            return R.SD_LEGAL  # a drawn tile may be kept ("draw-two"), or drawing ended the turn ("pass")
        if self.play_codes():
            return R.SD_CANNOT_PASS  # before the spinner, a double in hand (drawn or dealt) must be laid
        if not self.drawn and self.draw_allowed() and self.bcount > 0:
            return R.SD_CANNOT_PASS
        return R.SD_LEGAL

    def legal_codes(self) -> list[int]:
        """Every legal move as a code: plays (and, after a draw with "draw-two", the pass), or else draw or pass."""
        if self.over:
            return []
        if self.drawn:
            if self.opening:
                return self.play_codes() or [PASS]
            if self.stuck_draws:
                return [*self.play_codes(), PASS]
            return [PASS]
        plays = self.play_codes()
        if plays:
            return plays
        if self.draw_allowed() and self.bcount > 0:
            return [DRAW]
        return [PASS]

    # -- moving (no checks: callers verify first) ----------------------------------------

    def _take(self, seat: int) -> None:
        """``seat`` draws a tile; in a checker table, which knows the boneyard only by its count (or only the
        tiles the mover drew), an unknown tile is only counted, where the hand's size is known."""
        if self.pile:
            self.hands[seat] |= 1 << self.pile.pop()
        if self.counts[seat] >= 0:
            self.counts[seat] += 1
        self.bcount -= 1

    def _next(self, steps: int = 1) -> None:
        self.turn = (self.turn + steps * self.direction) % self.n

    def push(self, code: int) -> None:
        """Apply a legal move and its effects (unchecked)."""
        n = self.n
        seat = self.turn
        if code == DRAW:
            for _ in range(1 if self.opening else 2):
                if self.bcount:
                    self._take(seat)
            self.drawn = True
            if not self.opening:
                self.passes = 0
            return
        if code == PASS:
            if self.opening or not self.drawn:
                self.passes += 1
            self.drawn = False
            self._next()
            if self.passes >= n and (not self.opening or self.bcount == 0):
                self.over = self.blocked = True
            return
        tile = code >> EDGE_BITS
        edge = (code & EDGE_MASK) - 1
        self.hands[seat] ^= 1 << tile
        self.counts[seat] -= 1
        self.layout.append((tile, edge))
        self.drawn = False
        self.passes = 0
        double = DOUBLE[tile]
        if edge == SPINNER:
            self.spinner = tile
            start = 0
            self.edges = [HIGH[tile]] * self.spinner_edges
            new = tuple(range(self.spinner_edges))
        else:
            number = self.edges[edge]
            shows = HIGH[tile] if double or LOW[tile] == number else LOW[tile]
            self.edges[edge] = shows
            new = (edge,)
            if double and self.double_edges == 3:
                start = len(self.edges)
                self.edges.extend((shows, shows))
                new = (edge, start, start + 1)
            if edge in self.spell:
                self.spell = ()
                self.caster = -1
        if self.counts[seat] == 0:
            self.over = True
            self.winner = seat
            return
        shown = self.edges[new[0]]
        numbers = (HIGH[tile], LOW[tile]) if self.either else (shown,)
        if 15 in numbers:  # the others draw one each, in turn from the next player
            for k in range(1, n):
                if not self.bcount:
                    break
                self._take((seat + k * self.direction) % n)
        if 3 in numbers and (n > 2 or self.reverse_two):
            self.direction = -self.direction
        if WILD in numbers:
            self.spell = new
            self.caster = seat
        if 14 in numbers:
            return  # the same player takes another turn
        skip = double and (
            self.skip == "every-double"
            or (self.skip == "not-spinner-or-13-13" and edge != SPINNER and HIGH[tile] != WILD)
        )
        self._next(2 if skip else 1)

    # -- results -----------------------------------------------------------------

    def pips(self, seat: int) -> int:
        """Pips in a seat's hand."""
        return sum(SUM[i] for i in bits(self.hands[seat]))

    def winners(self) -> tuple[int, ...]:
        """The seat that went out; if blocked, the fewest tiles, then the fewest pips (ties share)."""
        if not self.over:
            return ()
        if not self.blocked:
            return (self.winner,)
        best = min((self.counts[s], self.pips(s)) for s in range(self.n))
        return tuple(s for s in range(self.n) if (self.counts[s], self.pips(s)) == best)
