"""What goes wrong, for both games: an illegal move (a verdict), or input that is not a position or move.

>>> e = IllegalMove("boneyard-empty", "The boneyard is empty; pass instead.")
>>> e.rule, str(e), e.anchor
('boneyard-empty', 'The boneyard is empty; pass instead.', 'drawing')
>>> str(PositionError("trains[2].tiles[1]", "7-3 does not connect to 5"))
'trains[2].tiles[1]: 7-3 does not connect to 5'
"""

from __future__ import annotations

from .i18n import _
from .rulebook import CitesRule
from .text import cut


class IllegalMove(CitesRule, ValueError):
    """A move the rules forbid, with the rule it breaks and a reason a player can read."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(reason)
        self.rule = rule
        """A key of :data:`~scorekeeper.rules.rulebook.RULES`."""
        self.reason = reason
        """One plain sentence naming the tile, the train or edge, and the rule."""


class DealError(ValueError):
    """A player count the set cannot deal for; the message is for a player, in their language
    (lower case, no full stop: "a double-12 set deals for at most 8 players; use a double-15 set")."""

    @classmethod
    def too_many(cls, highest: int, most: int, bigger: int | None) -> DealError:
        """More players than a double-``highest`` set deals for (``most``); ``bigger``: the smallest set that
        would deal for them, if there is one. Both games word it alike."""
        if bigger is None:
            return cls(_("a double-{highest} set deals for at most {most} players", highest=highest, most=most))
        return cls(
            _(
                "a double-{highest} set deals for at most {most} players; use a double-{bigger} set",
                highest=highest,
                most=most,
                bigger=bigger,
            )
        )


class FormatError(ValueError):
    """JSON-ish input that is not a valid position or move; ``field`` is a path like ``trains[2].tiles[1]``."""

    def __init__(self, field: str, problem: str) -> None:
        field = cut(field, 60)  # an unknown key is named as sent: never all of a huge one
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


class PositionError(FormatError):
    """A position that cannot occur, or is written wrongly."""


class MoveError(FormatError):
    """A move written wrongly (an illegal but well-formed move is :class:`IllegalMove`)."""


class OptionsError(FormatError):
    """Rules or options that do not exist or take another kind of value."""


class SketchError(FormatError):
    """Facts tapped in about a table that cannot all be true at once, naming the field at fault.

    ``problem`` is for a player: in their language where the sketch has a sentence of its own (Mexican Train),
    else the position's own English sentence, as the checker showed it before the sketch existed.
    """
