"""Who shuffles and deals each round (each hand, in Super Domino), and who plays first, under any game's rules.

The deal itself is the same in every game (:mod:`~scorekeeper.rules.seats`); who plays first is the game's own
answer, so this asks the room whose rules a spec names:

* Mexican Train with the engine set aside (``engine_placement="set-aside"``: ``standard``, ``italian``):
  the player after the dealer.
* Mexican Train with the engine laid from hand (``engine_placement="holder"``: ``czech``, ``portuguese``):
  whoever holds the round's engine double (rule :data:`ENGINE_HOLDER`); if nobody does, players draw in
  turn, beginning with the player after the dealer (as ``Round.deal(first=...)`` does).
* Super Domino, both presets: whoever holds the highest tile (rule :data:`HIGHEST_TILE`; the tile with the
  most pips, a double above a tile with as many), who opens with a double, the fat spinner.

None of the four source documents says who deals or how the deal moves from round to round. Seed 000
(Italian) sets the engine aside and names only "the first player", so the common default applies there and
in ``standard``: the deal passes to the next seat each round and the player after the dealer plays first.
Seeds 001 (Czech) and 002 (Portuguese) let the engine's holder begin, and each later round opens on the
next engine, so its holder begins that round. Seed 004 (German) lets the holder of the highest tile begin.

>>> d = dealing("standard", players=5, first_dealer=0, number=2)
>>> d.dealer, d.leader, d.starts
(1, 2, None)
>>> d = dealing("czech", players=5, first_dealer=0, number=1, engine=12)
>>> d.dealer, d.leader, d.starts, d.starts_text
(0, None, 'engine-holder', 'whoever holds double-12 starts')
>>> dealing({"preset": "german", "double_skip": "never"}, players=3, first_dealer=2, number=2).dealer
0
"""

from __future__ import annotations

from collections.abc import Callable

from .games import room_for_rules
from .seats import ENGINE_HOLDER, HIGHEST_TILE, STARTS, Dealing, deal_round, dealer_seat


def starting_rule(rules: object) -> str | None:
    """The rule id that decides who plays first under these rules, or None when the player after the dealer does.

    ``rules`` is any game's rules spec: a preset id, a preset, options or ``{"preset": ..., ...}``; the room
    whose rules it names answers (a spec of no game's raises ``OptionsError`` naming every game's presets).

    >>> starting_rule("standard"), starting_rule("portuguese"), starting_rule("pagat")
    (None, 'engine-holder', 'highest-tile')
    """
    room = room_for_rules(rules)
    return room.starting_rule(room.options(rules))


def dealing(
    rules: object,
    players: int,
    first_dealer: int,
    number: int,
    *,
    engine: int | None = None,
    plays: Callable[[int, int], bool] | None = None,
) -> Dealing:
    """Who deals round ``number`` (from 1) of a game for ``players`` seats whose first round seat
    ``first_dealer`` dealt, and who plays first in it; ``engine`` is that round's engine double, if any.

    ``plays(seat, round)``: whether a seat plays a round, for a table where someone joined late or left. The deal
    still passes one seat on each round, past the seats that do not play that round; None: every seat plays.

    ``rules`` as :func:`starting_rule` takes it. A bad spec raises ``OptionsError``; a seat or round out of
    range, ``ValueError``.

    >>> d = dealing("standard", 3, 0, 2, plays=lambda seat, n: seat != 1)  # seat 1 left after round 1
    >>> d.dealer, d.leader
    (2, 0)
    """
    return deal_round(starting_rule(rules), players, first_dealer, number, engine=engine, plays=plays)


__all__ = ["ENGINE_HOLDER", "HIGHEST_TILE", "STARTS", "Dealing", "dealer_seat", "dealing", "starting_rule"]
