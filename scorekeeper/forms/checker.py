"""Reading the move checkers' plain GET forms into the questions services judge.

The checker is a question, not a change, so its form is a GET: it works without JavaScript, the back
button keeps what was tapped, and a verdict can be shared as a link. Everything here is parsing;
judging is services.check_tapped. Each game has its own form, ``FORM`` in its package's ``checker.py``.
"""

from __future__ import annotations

from typing import Protocol

from werkzeug.datastructures import MultiDict

from .. import rules
from ..games import part
from ..i18n import _
from ..kinds import GameKind
from ..rules.text import brief
from ..services import GameView
from ..services.checker import TappedQuestion


class Seats:
    """What every checker form works out the same way from its names and set."""

    names: list[str]
    highest: int
    errors: dict[str, str]

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def tiles(self) -> list[list[str]]:
        """The set's tiles as rows by their higher end, for the pickers."""
        return [[f"{hi}-{lo}" for lo in range(hi, -1, -1)] for hi in range(self.highest, -1, -1)]

    def _tile(self, text: str, name: str) -> rules.Tile | None:
        try:
            tile = rules.Tile.parse(text)
        except ValueError:
            self.errors[name] = _("%(given)s is not a tile; pick it on the picker.", given=brief(text))
            return None
        if tile.high > self.highest:
            self.errors[name] = _("%(tile)s is not in a double-%(set)d set.", tile=str(tile), set=self.highest)
            return None
        return tile


def at_table(game: GameView) -> tuple[list[str], int]:
    """The players of the round to play next, in seat order (a late joiner from their first round, a player who
    left no more), and which of them plays first as the table screen names it: the dealer's rule of the game
    (``NextRound.leader``); the first of them when a rule decides it at the table (whoever holds the engine)."""
    names = list(game.at_table)
    leader = game.next_round.leader if game.next_round is not None else None
    return names, names.index(leader) if leader in names else 0


class CheckerForm(Protocol):
    """What the checker view asks of a game's checker form."""

    submitted: bool
    errors: dict[str, str]

    def read(self, args: MultiDict[str, str]) -> None:
        """Take what was tapped; anything unreadable becomes a message beside its control."""
        ...

    def request(self) -> TappedQuestion | None:
        """The question in game terms, or None (with errors set) when something is missing or wrong."""
        ...


def checker_form(kind: GameKind, game: GameView | None) -> CheckerForm:
    """The checker form of a game kind (its package's ``checker.FORM``), set up for a game in progress if any."""
    form: CheckerForm = part(kind, "checker").FORM.for_game(game)
    return form
