"""Mexican Train: the rules room for the train game (engine, personal trains, markers, the Mexican train).

The public names are exported from :mod:`scorekeeper.rules`; import them from there. :data:`ROOM` is what
the registry of rooms (:mod:`scorekeeper.rules.games`) and the shared floor ask of this game.
"""

from __future__ import annotations

from ..room import GameRoom
from ..seats import ENGINE_HOLDER
from .deal import deal_size, game_engines
from .options import READER, Options
from .position import GAME, Position
from .rulebook import RULEBOOK


def _deal_size(players: int, highest: int, rules: object) -> int:
    return deal_size(players, highest, rules=READER.resolve(rules)[1])


def _starting_rule(options: Options) -> str | None:
    # the engine laid from hand: its holder lays it and begins; set aside, the player after the dealer begins
    return ENGINE_HOLDER if options.engine_placement == "holder" else None


def _round_doubles(rules: object, highest: int) -> tuple[int, ...]:
    return game_engines(rules, highest)


ROOM = GameRoom(
    id=GAME,
    name="Mexican Train",
    read_position=Position.from_json,
    rulebook=RULEBOOK,
    reader=READER,
    deal_size=_deal_size,
    starting_rule=_starting_rule,
    round_doubles=_round_doubles,
    bench=f"{__name__}.bench",
)
"""The Mexican Train room."""

__all__ = ["ROOM"]
