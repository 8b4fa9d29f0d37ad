"""Who shuffles and deals each round (each hand, in Super Domino), and who plays first.

The deal passes one seat on each round: seat ``first_dealer`` deals round 1, the next seat round 2, and so
on round the table. Seats are numbered in playing order, and every source plays to the left (clockwise),
so the next seat is the one on the dealer's left. Who plays first depends on the rules:

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
>>> dealing(SUPER_PRESETS["german"], players=3, first_dealer=2, number=2).dealer
0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .i18n import N_, _, translated
from .mexican_train.options import Options, Preset
from .mexican_train.options import resolve as resolve_mexican
from .super_domino.options import SUPER_PRESETS, SuperOptions, SuperPreset

ENGINE_HOLDER = "engine-holder"
"""Rule id: whoever holds the round's engine double lays it and plays first."""
HIGHEST_TILE = "highest-tile"
"""Rule id: whoever holds the highest tile plays first, opening with a double (Super Domino)."""

STARTS: Mapping[str, str] = MappingProxyType(
    {
        ENGINE_HOLDER: N_("whoever holds the engine double starts"),
        HIGHEST_TILE: N_("whoever holds the highest tile starts"),
    }
)
"""Each rule id and what it says, in English (the message id); :attr:`Dealing.starts_text` reads it out."""


@dataclass(frozen=True, slots=True)
class Dealing:
    """Who deals one round and who plays first in it. Seats count from 0, in playing order."""

    number: int
    """The round (hand), from 1."""
    dealer: int
    """The seat that shuffles and deals."""
    leader: int | None
    """The seat that plays first; None when a rule decides it at the table (see :attr:`starts`)."""
    starts: str | None = None
    """The rule that decides who plays first (:data:`ENGINE_HOLDER`, :data:`HIGHEST_TILE`); None when
    :attr:`leader` names the seat."""
    engine: int | None = None
    """The round's engine double, when the game has one; it names the tile in :attr:`starts_text`."""

    @property
    def starts_text(self) -> str | None:
        """The rule in the player's language ("whoever holds double-12 starts"); None when a seat starts."""
        if self.starts == ENGINE_HOLDER and self.engine is not None:
            return _("whoever holds double-{engine} starts", engine=self.engine)
        return translated(STARTS[self.starts]) if self.starts is not None else None


def dealer_seat(players: int, first_dealer: int, number: int) -> int:
    """The seat that deals round ``number`` (from 1) when seat ``first_dealer`` dealt round 1.

    >>> [dealer_seat(3, 1, n) for n in range(1, 6)]
    [1, 2, 0, 1, 2]
    """
    if players < 1:
        raise ValueError(f"a table needs at least one seat, not {players}")
    if not 0 <= first_dealer < players:
        raise ValueError(f"first_dealer must be a seat from 0 to {players - 1}, not {first_dealer}")
    if number < 1:
        raise ValueError(f"rounds count from 1, not {number}")
    return (first_dealer + number - 1) % players


def starting_rule(rules: object) -> str | None:
    """The rule id that decides who plays first under these rules, or None when the player after the dealer does.

    ``rules`` is a Mexican Train rules spec (a preset id, a :class:`Preset`, :class:`Options` or
    ``{"preset": ..., ...}``), or a Super Domino preset, its options or its preset id.

    >>> starting_rule("standard"), starting_rule("portuguese"), starting_rule("pagat")
    (None, 'engine-holder', 'highest-tile')
    """
    if isinstance(rules, SuperPreset | SuperOptions) or (isinstance(rules, str) and rules in SUPER_PRESETS):
        return HIGHEST_TILE
    options = rules if isinstance(rules, Options) else rules.options if isinstance(rules, Preset) else None
    if options is None:
        options = resolve_mexican(rules)[1]
    return ENGINE_HOLDER if options.engine_placement == "holder" else None


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
    starts = starting_rule(rules)
    if plays is None:
        dealer = dealer_seat(players, first_dealer, number)
        leader = (dealer + 1) % players if starts is None else None
        return Dealing(number, dealer, leader, starts, engine)
    dealer_seat(players, first_dealer, number)  # the same checks of the seat and the round
    dealer = first_dealer
    for n in range(2, number + 1):
        dealer = _next_playing(players, dealer, n, plays)
    leader = _next_playing(players, dealer, number, plays) if starts is None else None
    return Dealing(number, dealer, leader, starts, engine)


def _next_playing(players: int, after: int, number: int, plays: Callable[[int, int], bool]) -> int:
    """The first seat after ``after``, round the table, that plays round ``number`` (``after`` when none does)."""
    for step in range(1, players + 1):
        seat = (after + step) % players
        if plays(seat, number):
            return seat
    return after


__all__ = ["ENGINE_HOLDER", "HIGHEST_TILE", "STARTS", "Dealing", "dealer_seat", "dealing", "starting_rule"]
