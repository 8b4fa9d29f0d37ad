"""The shapes of what a person typed or sent, before anything is checked: a new game's choices, a round's numbers.

They sit below the game kinds (:mod:`scorekeeper.kinds`), which check them, and the services, which read forms and
JSON into them (:mod:`scorekeeper.services.inputs`), so that neither has to import the other to name them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class GameChoices:
    """A new game as asked for, from the form or the JSON API: the values as sent, not yet checked (the chosen
    game kind checks them: ``kind.check_setup``)."""

    players: Sequence[object]
    """The names in seat order, blanks already left out."""
    set: object
    rounds: object = None
    """Rounds (hands) to play; None or "" for the whole game, or an evening the table ends."""
    ascending: bool = False
    double_blank: object = 0
    rules: object = None
    first_dealer: object = None
    """The name of the player who deals the first round, as typed; None for the first player."""
    house_rules: Mapping[str, object] = field(default_factory=dict)
    """The house rules asked for, by rule name (see scorekeeper.house_rules); values as sent."""
    boxes: Sequence[int] = ()
    """The form's box (from 0) each name was typed in, where blank boxes between were left out, so that a message
    names the box a person sees ("already player 4"); empty: the names' own order (the API's list)."""


@dataclass(frozen=True)
class RoundEntry:
    """A round as typed: raw pips per seat (strings or ints), who went out, blocked."""

    pips: Sequence[object]
    went_out: int | None = None
    blocked: bool = False
    tiles: Sequence[object] | None = None
    """Tiles left in each hand, for a game that records them (``kind.wins_hands``)."""
    confirmed: bool = True
    """Pips above what a hand plausibly holds (``kind.likely_pips``) are meant: the round form sends False until
    the player said so, and is asked "Really 1000 for João?"; the API and each phone's Send never ask."""
    ended_on_double: bool = False
    """The player who went out did so by laying a double (asked only when a scoring house rule counts it)."""
    markers: Sequence[bool] | None = None
    """Per seat: its train still had a marker on it at the end (asked only when a house rule counts it)."""
    engine: object = None
    """The double that actually started the round, as typed (a number like 9 for 9-9): under a house rule that lets
    another double stand in for a missing engine (:func:`~scorekeeper.services.inputs.stand_in_engine`); None: the
    round's own engine."""
    photos: Mapping[int, str] = field(default_factory=dict)
    """Per seat, the photo of its hand the player kept with the round (its token, services.round_photos); a token
    that is not of this game and seat is passed over."""

    def marks(self, seats: int) -> list[bool]:
        """The markers left at the end, one per seat (False where the entry says nothing of them)."""
        given = self.markers or ()
        return [i < len(given) and bool(given[i]) for i in range(seats)]


__all__ = ["GameChoices", "RoundEntry"]
