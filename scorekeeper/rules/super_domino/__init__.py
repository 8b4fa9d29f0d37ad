"""Super Domino: the rules room for David Galt's block game with a fat spinner and special tiles.

The public names are exported from :mod:`scorekeeper.rules`; import them from there. :data:`ROOM` is what
the registry of rooms (:mod:`scorekeeper.rules.games`) and the shared floor ask of this game.
"""

from __future__ import annotations

from ..room import GameRoom
from ..seats import HIGHEST_TILE
from .options import READER, SuperOptions, super_deal_size
from .position import GAME, SuperPosition
from .rulebook import RULEBOOK


def _deal_size(players: int, highest: int, rules: object) -> int:
    READER.resolve(rules)  # a spec of another game's is refused here, not dealt for
    return super_deal_size(players, highest)


def _starting_rule(options: SuperOptions) -> str | None:
    # every preset: the holder of the highest tile opens with a double, the fat spinner
    return HIGHEST_TILE


ROOM = GameRoom(
    id=GAME,
    name="Super Domino",
    read_position=SuperPosition.from_json,
    rulebook=RULEBOOK,
    reader=READER,
    deal_size=_deal_size,
    starting_rule=_starting_rule,
    bench=f"{__name__}.bench",
)
"""The Super Domino room: a game of hands, opened on any double (no round doubles)."""

__all__ = ["ROOM"]
