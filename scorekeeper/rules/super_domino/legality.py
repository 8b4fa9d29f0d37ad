"""Super Domino legality: how its moves encode for the core table, and every reason a move is or is not legal.

The verify / can / check API itself is shared with Mexican Train (:class:`~scorekeeper.rules.legality.Legality`);
:class:`~.round.SuperRound` and :class:`~.position.SuperPosition` both inherit it from :class:`SuperLegality`.
"""

from __future__ import annotations

from ..i18n import _
from ..legality import NumberedLegality, NumberedPlays
from ..rulebook import rule_title
from ..tables import tile_of
from . import rulebook as R
from .core import EDGE_BITS, EDGE_MASK, SPINNER, WILD, SuperTable
from .moves import SuperMove

_DECODED = NumberedPlays(SuperMove, EDGE_BITS)


class SuperLegality(NumberedLegality[SuperMove, SuperTable]):
    """The shared legality API over a :class:`~.core.SuperTable`; ``where`` is an open edge, None for the spinner."""

    __slots__ = ()

    LEGAL = R.SD_LEGAL

    def _plays(self) -> NumberedPlays[SuperMove]:
        return _DECODED

    # -- reasons -------------------------------------------------------------------
    # Every sentence is one message for translators (see i18n.py); only a seat's name is
    # translated on its own and filled in. An edge is always "edge {edge} (showing {number})".

    def edge_name(self, edge: int) -> str:
        """ "edge 3 (showing 13)" for edge id 2: reasons count edges from 1, as a player does."""
        t = self._core()
        if 0 <= edge < len(t.edges):
            return _("edge {edge} (showing {number})", edge=_human(edge), number=t.edges[edge])
        return _("edge {edge}", edge=edge + 1)

    def _showing(self, edge: int | None) -> int | str:
        """The number an existing edge shows (reasons name only edges that exist)."""
        t = self._core()
        return t.edges[edge] if edge is not None and 0 <= edge < len(t.edges) else "?"

    def _can_play(self, code: int, draw: bool) -> str:
        """ "You cannot draw (pass) while you can play: <the play> is legal."."""
        edge = (code & EDGE_MASK) - 1
        tile = tile_of(code >> EDGE_BITS)
        if edge == SPINNER:
            if draw:
                return _("You cannot draw while you can play: {tile} as the fat spinner is legal.", tile=tile)
            return _("You cannot pass while you can play: {tile} as the fat spinner is legal.", tile=tile)
        number = self._showing(edge)
        if draw:
            return _(
                "You cannot draw while you can play: {tile} on edge {edge} (showing {number}) is legal.",
                tile=tile,
                edge=_human(edge),
                number=number,
            )
        return _(
            "You cannot pass while you can play: {tile} on edge {edge} (showing {number}) is legal.",
            tile=tile,
            edge=_human(edge),
            number=number,
        )

    def _reason(self, rule: str, move: SuperMove) -> str:  # noqa: C901 - one sentence per rule
        t = self._core()
        tile = str(move.tile)
        edge = move.edge
        if rule == R.SD_LEGAL:
            if move.action == "draw":
                if t.opening:
                    return _("You may draw one tile: every player has been skipped and nobody holds a double.")
                if t.bound():
                    return _("You may draw: you cannot break the spell, so you draw two tiles.")
                return _("You may draw two tiles: you cannot play.")
            if move.action == "pass":
                if t.drawn:
                    if t.opening:
                        return _("You may pass: the tile you drew is not a double.")
                    if t.stuck_draws:
                        return _("You may pass: you have drawn, and laying a drawn tile is up to you.")
                    return _("You may pass: you have drawn for the spell, which ends your turn.")
                if t.opening:
                    return _("You may pass: you hold no double, so you are skipped.")
                if t.bound():
                    return _("You may pass: you cannot break the spell and the boneyard is empty.")
                return _("You may pass: you cannot play.")
            if edge is None:
                return _("You may lay {tile} as the fat spinner.", tile=tile)
            return _(
                "You may lay {tile} on edge {edge} (showing {number}).",
                tile=tile,
                edge=_human(edge),
                number=self._showing(edge),
            )
        if rule == R.SD_HAND_OVER:
            if t.blocked:
                return _("The hand is over: nobody can play, so nobody may move.")
            if t.winner in (-1, t.turn):
                return _("The hand is over: you went out, so nobody may move.")
            return _("The hand is over: {name} went out, so nobody may move.", name=self.seat_name(t.winner))
        if rule == R.SD_TILE_NOT_IN_HAND:
            if move.tile is not None and move.tile.high > t.highest:
                return _(
                    "{tile} is not in a double-{highest} set, so it cannot be in your hand.",
                    tile=tile,
                    highest=t.highest,
                )
            return _("{tile} is not in your hand.", tile=tile)
        if rule == R.SD_SPINNER_FIRST:
            if move.tile is not None and not move.tile.is_double:
                return _("{tile} is not a double: the hand opens with a double, the fat spinner.", tile=tile)
            return _(
                "Nothing is on the table yet, so there is no edge {edge}: lay {tile} on its own as the fat spinner.",
                edge=_human(edge),
                tile=tile,
            )
        if rule == R.SD_NO_SUCH_EDGE:
            last = len(t.edges) - 1
            if edge is None:
                return _(
                    "The fat spinner is already down: say which open edge (1 to {last}) {tile} goes against.",
                    last=last + 1,
                    tile=tile,
                )
            return _("There is no edge {edge}: the open edges are 1 to {last}.", edge=_human(edge), last=last + 1)
        if rule == R.SD_TILE_DOES_NOT_MATCH:
            assert edge is not None
            return _(
                "{tile} does not match edge {edge} (showing {number}): "
                "a tile goes against an edge showing one of its numbers.",
                tile=tile,
                edge=_human(edge),
                number=self._showing(edge),
            )
        if rule == R.SD_DOUBLE_DOES_NOT_MATCH:
            assert edge is not None and move.tile is not None
            return _(
                "{tile} cannot go on edge {edge} (showing {number}): "
                "a double goes on its own number ({own}) or on a {wild}.",
                tile=tile,
                edge=_human(edge),
                number=self._showing(edge),
                own=move.tile.high,
                wild=WILD,
            )
        if rule == R.SD_SPELL:
            if len(t.spell) == 1:
                return _(
                    "The spell is on: you must play on the {number} showing on edge {spell_edge}, "
                    "so {tile} cannot go on edge {edge}.",
                    number=t.edges[t.spell[0]],
                    spell_edge=t.spell[0] + 1,
                    tile=tile,
                    edge=_human(edge),
                )
            return _(
                "The spell is on: you must play on the tile that cast it (edges {spell_edges}), "
                "so {tile} cannot go on edge {edge}.",
                spell_edges=", ".join(str(e + 1) for e in t.spell),
                tile=tile,
                edge=_human(edge),
            )
        if rule == R.SD_TURN_ENDS_AFTER_DRAW:
            return _("You have drawn for the spell, and under these rules that ends your turn: pass.")
        if rule == R.SD_MUST_PLAY_BEFORE_DRAWING:
            return self._can_play(t.first_play(), draw=True)
        if rule == R.SD_NO_DRAWING:
            if t.opening:
                return _("Nobody draws until every player has been skipped: you hold no double, so pass.")
            return _("Under these rules a player who cannot play passes; you draw only when a spell binds you.")
        if rule == R.SD_ALREADY_DREW:
            if t.opening:
                return _("You have already drawn this turn: lay the tile if it is a double, or pass.")
            if t.stuck_draws:
                return _("You have already drawn this turn: lay a drawn tile if it fits, or pass.")
            return _("You have already drawn this turn: pass.")
        if rule == R.SD_BONEYARD_EMPTY:
            return _("The boneyard is empty: pass instead of drawing.")
        if rule == R.SD_CANNOT_PASS:
            play = t.first_play()
            if play >= 0:
                return self._can_play(play, draw=False)
            if t.opening:
                return _("You cannot pass yet: every player has been skipped, so draw a tile first.")
            if t.bound():
                return _("You cannot pass yet: you cannot break the spell, so draw two tiles first.")
            return _("You cannot pass yet: you cannot play, so draw two tiles first.")
        return rule_title(rule) + "."  # not reached: every rule has its sentence above


def _human(edge: int | None) -> int | str:
    """An edge id as a player counts it: from 1 (ids in JSON count from 0)."""
    return "?" if edge is None else edge + 1
