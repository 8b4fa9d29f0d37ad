"""The read model: one game as pages and the API show it, worked out once per request by :func:`view`."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from .. import rules
from ..kinds import GameKind, kind_of
from ..models import Game
from ..models import Round as RoundRow
from ..rules import Standing


@dataclass(frozen=True)
class RoundView:
    """A round (a hand, in some games) as entered."""

    number: int
    engine: int | None
    pips: dict[str, int]
    went_out: str | None
    blocked: bool
    tiles: dict[str, int] | None = None
    """Tiles left in each hand, for a game that records them."""
    winners: list[str] = field(default_factory=list)
    """Who won the hand, in a game scored by hands won: the player out, or on a blocked hand the fewest
    tiles, then pips."""


@dataclass(frozen=True)
class NextRound:
    """The round to play next: its number, its engine (if the game has engines) and the deal."""

    number: int
    engine: int | None
    deal: int
    """Tiles each player draws."""
    boneyard: int
    """Tiles left to draw after the deal."""


@dataclass(frozen=True)
class GameView:
    """Everything a page or the API shows about one game, computed once."""

    id: str
    kind: GameKind
    """The game's kind, to ask for its words, partials and pages."""
    players: list[str]
    set: int
    rules: str
    double_blank: int
    ascending: bool
    engines: tuple[int, ...]
    rounds: list[RoundView]
    standings: list[Standing]
    next_round: NextRound | None
    created_at: datetime
    updated_at: datetime
    rounds_total: int | None = None
    """Rounds in the whole game; None for an evening that goes on until the table ends it."""
    progression: dict[str, list[int]] = field(default_factory=dict)
    """Each player's score after every round, for the chart."""
    version: int = 1
    """Grows with every change to the game; a write based on an older one is stale."""

    @property
    def rules_title(self) -> str:
        """The title of the rules played, in the reader's language."""
        return self.kind.rules_title(self.rules)

    @property
    def finished(self) -> bool:
        """Every round is played, or the table ended the game."""
        return self.next_round is None

    @property
    def winners(self) -> list[str]:
        """Who won, once the game is over and anything was played."""
        return rules.winners(self.standings) if self.finished and self.rounds else []

    @property
    def leaders(self) -> list[str]:
        """Who leads so far; nobody before the first round."""
        return rules.winners(self.standings) if self.rounds else []


def _round_view(kind: GameKind, players: list[str], row: RoundRow) -> RoundView:
    by_seat = dict(enumerate(players))
    pips = {by_seat[s.seat_position]: s.pips for s in row.scores}
    out = next((by_seat[s.seat_position] for s in row.scores if s.went_out), None)
    tiles = {by_seat[s.seat_position]: s.tiles or 0 for s in row.scores} if kind.wins_hands else None
    return RoundView(row.number, row.engine, pips, out, row.blocked, tiles, kind.hand_winners(pips, tiles, out))


def _engines(game: Game) -> tuple[int, ...]:
    return kind_of(game.kind).engines(game.set_highest, game.ascending, game.rounds_planned)


def rounds_total(game: Game) -> int | None:
    """Rounds in the whole game; None for an evening that goes on until the table ends it."""
    return kind_of(game.kind).rounds_total(_engines(game), game.rounds_planned)


def next_round(game: Game) -> NextRound | None:
    """The round to play next, or None once the game is over (all rounds played, or ended by the table)."""
    kind = kind_of(game.kind)
    engines = _engines(game)
    total = kind.rounds_total(engines, game.rounds_planned)
    played = len(game.rounds)
    if game.finished_at is not None or (total is not None and played >= total):
        return None
    seats = len(game.seats)
    return NextRound(
        number=played + 1,
        engine=engines[played] if engines else None,
        deal=kind.deal(seats, game.set_highest, game.rules),
        boneyard=kind.boneyard(seats, game.set_highest, game.rules),
    )


def view(game: Game) -> GameView:
    """The game as pages and the API show it: rounds, standings, progression and the round to play next."""
    kind = kind_of(game.kind)
    players = [s.name for s in game.seats]
    rounds = [_round_view(kind, players, r) for r in game.rounds]
    return GameView(
        id=game.id,
        kind=kind,
        players=players,
        set=game.set_highest,
        rules=game.rules,
        double_blank=game.double_blank,
        ascending=game.ascending,
        engines=_engines(game),
        rounds=rounds,
        standings=kind.standings(players, rounds),
        next_round=next_round(game),
        created_at=game.created_at,
        updated_at=game.updated_at,
        rounds_total=rounds_total(game),
        progression=kind.progression(players, rounds),
        version=game.version,
    )
