"""Chicken Foot legality: every reason a move is or is not legal. Its moves are coded as in any game of numbered
places (:class:`~scorekeeper.rules.legality.NumberedLegality`, which also gives the verify / can / check API);
:class:`~.round.ChickenRound` and :class:`~.position.ChickenPosition` both inherit it from :class:`ChickenLegality`.
"""

from __future__ import annotations

from ..i18n import _
from ..legality import NumberedLegality, NumberedPlays
from ..tables import tile_of
from ..tiles import Tile
from ..verdicts import Verdict
from . import rulebook as R
from .core import CENTRE, END_BITS, END_MASK, ChickenTable
from .moves import ChickenMove

_DECODED = NumberedPlays(ChickenMove, END_BITS)


class ChickenLegality(NumberedLegality[ChickenMove, ChickenTable]):
    """The shared legality API over a :class:`~.core.ChickenTable`; ``where`` is an open end, None for the centre."""

    __slots__ = ()

    LEGAL = R.CF_LEGAL

    def _plays(self) -> NumberedPlays[ChickenMove]:
        return _DECODED

    def check(self, move: ChickenMove) -> Verdict:
        """A verdict for any move, legal or not (a :class:`~.rulebook.ChickenVerdict`)."""
        rule = self._rule(move)
        return R.ChickenVerdict(rule == self.LEGAL, rule, self._reason(rule, move))

    def _verified(self, move: ChickenMove) -> int:
        rule, code = self._ruling(move)
        if rule != self.LEGAL:
            raise R.ChickenIllegalMove(rule, self._reason(rule, move))
        return code

    # -- reasons -------------------------------------------------------------------
    # Every sentence is one message for translators (see i18n.py); only a seat's name is translated on
    # its own and filled in. Ends are counted from 1 for a player, as the edges of Super Domino are.

    def _showing(self, end: int | None) -> int | str:
        t = self._core()
        return t.ends[end] if end is not None and 0 <= end < len(t.ends) else "?"

    def _can_play(self, code: int, draw: bool) -> str:
        """ "You cannot draw (pass) while you can play: <the play> is legal."."""
        end = (code & END_MASK) - 1
        tile = tile_of(code >> END_BITS)
        if end == CENTRE:
            if draw:
                return _("You cannot draw while you can play: lay {tile} in the centre.", tile=tile)
            return _("You cannot pass while you can play: lay {tile} in the centre.", tile=tile)
        number = self._showing(end)
        if draw:
            return _(
                "You cannot draw while you can play: {tile} on end {end} (showing {number}) is legal.",
                tile=tile,
                end=end + 1,
                number=number,
            )
        return _(
            "You cannot pass while you can play: {tile} on end {end} (showing {number}) is legal.",
            tile=tile,
            end=end + 1,
            number=number,
        )

    def _legal_reason(self, move: ChickenMove) -> str:
        t = self._core()
        if move.action == "draw":
            if not t.down:
                return _("You may draw: nobody has laid the round's double yet and you do not hold it.")
            return _("You may draw a tile: you cannot play.")
        if move.action == "pass":
            if t.laid:
                return _("You may end your turn here.")
            if t.drawn:
                return _("You may pass: you have drawn and cannot play.")
            return _("You may pass: you cannot play and the chicken yard is empty.")
        if move.end is None:
            return _("You may lay {tile} in the centre.", tile=move.tile)
        return _(
            "You may lay {tile} on end {end} (showing {number}).",
            tile=move.tile,
            end=move.end + 1,
            number=self._showing(move.end),
        )

    def _reason(self, rule: str, move: ChickenMove) -> str:  # noqa: C901 - one sentence per rule
        t = self._core()
        tile = str(move.tile)
        end = move.end
        if rule == R.CF_LEGAL:
            return self._legal_reason(move)
        if rule == R.CF_ROUND_OVER:
            if t.blocked:
                return _("The round is over: nobody can play, so nobody may move.")
            if t.winner in (-1, t.turn):
                return _("The round is over: a player has laid their last tile, so nobody may move.")
            return _(
                "The round is over: {name} laid their last tile, so nobody may move.", name=self.seat_name(t.winner)
            )
        if rule == R.CF_TILE_NOT_IN_HAND:
            if move.tile is not None and move.tile.high > t.highest:
                return _(
                    "{tile} is not in a double-{highest} set, so it cannot be in your hand.",
                    tile=tile,
                    highest=t.highest,
                )
            return _("{tile} is not in your hand.", tile=tile)
        if rule == R.CF_CENTRE_FIRST:
            if move.tile is not None and move.tile.index != t.double:
                return _(
                    "Nothing is on the table yet: this round opens with {double} in the centre, not {tile}.",
                    double=tile_of(t.double),
                    tile=tile,
                )
            return _(
                "Nothing is on the table yet, so there is no end {end}: lay {tile} alone, in the centre.",
                end=_human(end),
                tile=tile,
            )
        if rule == R.CF_NO_SUCH_END:
            if end is None:
                return _(
                    "The centre double is already down: say which open end (1 to {last}) {tile} goes on.",
                    last=len(t.ends),
                    tile=tile,
                )
            return _("There is no end {end}: the open ends are 1 to {last}.", end=_human(end), last=len(t.ends))
        if rule == R.CF_CENTRE_NOT_FULL:
            return _(
                "{count} tiles go around the centre double before play goes elsewhere: lay {tile} on one of "
                "ends {ends}, which still wait for a tile.",
                count=t.ring,
                tile=tile,
                ends=_listed(t.unfilled),
            )
        if rule == R.CF_FOOT_NOT_FINISHED:
            return _(
                "The double {double} needs its three toes before play goes elsewhere: lay a {number} on one of "
                "ends {ends}.",
                double=Tile(t.ends[t.unfilled[0]], t.ends[t.unfilled[0]]),
                number=t.ends[t.unfilled[0]],
                ends=_listed(t.unfilled),
            )
        if rule == R.CF_TILE_DOES_NOT_MATCH:
            return _(
                "{tile} does not match end {end} (showing {number}): a tile goes on an end showing one of its numbers.",
                tile=tile,
                end=_human(end),
                number=self._showing(end),
            )
        if rule == R.CF_MUST_PLAY_BEFORE_DRAWING:
            return self._can_play(t.first_play(), draw=True)
        if rule == R.CF_ALREADY_DREW:
            if not t.down:
                return _(
                    "You have already drawn this turn: lay {double} in the centre if you drew it, or pass.",
                    double=tile_of(t.double),
                )
            return _("You have already drawn this turn: lay the tile if it fits, or pass.")
        if rule == R.CF_NO_DRAW_AFTER_LAYING:
            return _("You have laid tiles this turn, so you do not draw: lay another around the centre, or pass.")
        if rule == R.CF_BONEYARD_EMPTY:
            return _("The chicken yard is empty: pass instead of drawing.")
        if rule == R.CF_CANNOT_PASS:
            play = t.first_play()
            if play >= 0:
                return self._can_play(play, draw=False)
            return _("You cannot pass yet: you cannot play, so draw a tile first.")
        return rule  # not reached: every rule has its sentence above


def _human(end: int | None) -> int | str:
    """An end id as a player counts it: from 1 (ids in JSON count from 0)."""
    return "?" if end is None else end + 1


def _listed(ends: tuple[int, ...]) -> str:
    """Ends as a player counts them: "1, 3, 4"."""
    return ", ".join(str(e + 1) for e in ends)
