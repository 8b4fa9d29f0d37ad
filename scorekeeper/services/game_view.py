"""The read model: one game as pages and the API show it, worked out once per request by :func:`view`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from .. import rules
from ..games import kind_of
from ..house_rules import NO_HOUSE_RULES, HouseRules, shown_value
from ..i18n import _
from ..kinds import GameKind
from ..models import Round as RoundRow
from ..rules import ScoringRules, Standing
from ..rules.i18n import N_
from .inputs import STAND_IN_ENGINES, house_rules_of
from .live import stamp_of
from .seating import playing, plays
from .stored import AnyGame as AnyGame
from .stored import StoredGame as StoredGame
from .stored import StoredRound as StoredRound
from .stored import StoredScore as StoredScore
from .stored import StoredSeat as StoredSeat


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
    points: dict[str, int] = field(default_factory=dict)
    """What the round counted for each player after the game's scoring house rules (the pips, without them)."""
    markers: list[str] = field(default_factory=list)
    """The players whose train still had a marker on it when the round ended (recorded under a scoring rule)."""
    ended_on_double: bool = False
    """The round was ended by laying a double (recorded under a scoring rule)."""

    def counted(self, player: str) -> int:
        """What the round counted for a player: the points, the pips where no house rule changed them."""
        return self.points.get(player, self.pips.get(player, 0))


@dataclass(frozen=True)
class NextRound:
    """The round to play next: its number, its engine (if the game has engines) and the deal."""

    number: int
    engine: int | None
    deal: int
    """Tiles each player draws."""
    boneyard: int
    """Tiles left to draw after the deal."""
    dealer: str = ""
    """Who shuffles and deals this round (the deal passes to the next seat each round)."""
    leader: str | None = None
    """Who plays first; None when a rule of the game decides it at the table (see ``starts``)."""
    starts: str | None = None
    """The id of that rule (``"engine-holder"``, ``"highest-tile"``); None when ``leader`` names the player."""
    starts_text: str | None = None
    """That rule in the reader's language: "whoever holds double-12 starts"."""


@dataclass(frozen=True)
class SeatView:
    """A seat as the pages show it: who sits there and whether they joined late or left."""

    position: int
    name: str
    joined_round: int | None
    """The first round a late joiner played (or plays); None for a player there from the start."""
    start_total: int
    """The total a late joiner started with."""
    left_round: int | None
    """The first round a player who left no longer plays; None for one still at the table."""

    @property
    def left(self) -> bool:
        """The player left the game."""
        return self.left_round is not None


AWAY = (N_("joined later"), N_("left"))
"""Why a player has no score in a round (:meth:`GameView.away`), as message ids for the score sheet and CSV."""


class Progress:
    """Where a game stands, from its standings and what is left to play: the same answers for the read model and
    for the games list (which counts a game's rounds without loading them)."""

    standings: list[Standing]
    rounds_total: int | None
    next_round: object

    def rounds_played(self) -> int:
        """Rounds (hands) played so far."""
        raise NotImplementedError

    @property
    def finished(self) -> bool:
        """Every round is played, or the table ended the game."""
        return self.next_round is None

    @property
    def winners(self) -> list[str]:
        """Who won, once the game is over and anything was played."""
        return rules.winners(self.standings) if self.finished and self.rounds_played() else []

    @property
    def leaders(self) -> list[str]:
        """Who leads so far; nobody before the first round."""
        return rules.winners(self.standings) if self.rounds_played() else []

    @property
    def ended_after(self) -> int | None:
        """The last round played of a game the table ended before its last round; None for any other game."""
        return ended_early(self.rounds_played(), self.rounds_total, self.finished)


@dataclass(frozen=True)
class GameView(Progress):
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
    progression: dict[str, list[int | None]] = field(default_factory=dict)
    """Each player's score before the first round and after every round, for the chart; None where they were not
    in the game (before a late joiner's start, after a leaver's last round)."""
    version: int = 1
    """Grows with every change to the game; a write based on an older one is stale."""
    first_dealer: str = ""
    """Who shuffles and deals the first round."""
    live: str = "1.0"
    """The tag a page polls to see whether the game changed: the version and the round being filled in."""
    house_rules: HouseRules = NO_HOUSE_RULES
    """The house rules chosen at the start, on top of the preset."""

    @property
    def scoring(self) -> ScoringRules:
        """The game's scoring house rules (all off without any)."""
        return self.house_rules.scoring

    @property
    def stand_in_engine(self) -> bool:
        """Another double may start a round when nobody holds its engine (the house rule ``missing_engine``), so the
        round form asks which one did."""
        return self.kind.has_engines and self.house_rules.engine.get("missing_engine") in STAND_IN_ENGINES

    def planned_engine(self, number: int) -> int | None:
        """Round ``number``'s own engine, in the game's order (None past the sequence, or without engines)."""
        return self.engines[number - 1] if 0 < number <= len(self.engines) else None

    @property
    def house_rules_shown(self) -> list[str]:
        """The house rules in force in a few words each, in the reader's language, for the table screen."""
        return rules_in_force(self.kind, self.house_rules)

    seats: list[SeatView] = field(default_factory=list)
    """Every seat in seat order, with when its player joined or left."""
    undone: UndoNote | None = None
    """The round to play next was undone and reopened with its values: every page of the game says so."""

    @property
    def at_table(self) -> list[str]:
        """The players who play the round to play next (or, once the game is over, who had not left)."""
        number = self.next_round.number if self.next_round else len(self.rounds) + 1
        return [self.players[i] for i in self.playing(number)]

    def playing(self, number: int) -> list[int]:
        """The positions of the seats that play round ``number``."""
        return playing(self, number) if self.seats else list(range(len(self.players)))

    @property
    def starts(self) -> dict[str, int]:
        """The totals late joiners started with, by player (only those who did not start from nought): the
        score sheet's start row, so that each column adds up to its total."""
        return {s.name: s.start_total for s in self.seats if s.start_total}

    def away(self, player: str, number: int) -> str | None:
        """Why a player has no score in round ``number``: ``"joined later"`` or ``"left"`` (message ids, see AWAY);
        None when they played it (or it is not played yet)."""
        seat = next((s for s in self.seats if s.name == player), None)
        if seat is None:
            return None
        if seat.joined_round is not None and number < seat.joined_round:
            return "joined later"
        if seat.left_round is not None and number >= seat.left_round:
            return "left"
        return None

    @property
    def engine_house_rules_shown(self) -> list[str]:
        """The house rules that change play (those the move checker follows), in a few words each."""
        return rules_in_force(self.kind, self.house_rules, "engine")

    @property
    def rules_title(self) -> str:
        """The title of the rules played, in the reader's language."""
        return self.kind.rules_title(self.rules)

    def rounds_played(self) -> int:
        return len(self.rounds)

    @property
    def podium(self) -> list[Standing]:
        """The first three places of those who played on: a player who left is on no step of it."""
        return [s for s in self.standings if s.left_after is None][:3]


def _round_view(kind: GameKind, players: list[str], row: RoundRow | StoredRound) -> RoundView:
    by_seat = dict(enumerate(players))
    pips = {by_seat[s.seat_position]: s.pips for s in row.scores}
    points = {by_seat[s.seat_position]: s.pips if s.points is None else s.points for s in row.scores}
    out = next((by_seat[s.seat_position] for s in row.scores if s.went_out), None)
    tiles = {by_seat[s.seat_position]: s.tiles or 0 for s in row.scores} if kind.wins_hands else None
    return RoundView(
        row.number,
        row.engine,
        pips,
        out,
        row.blocked,
        tiles,
        kind.hand_winners(pips, tiles, out),
        points=points,
        markers=[by_seat[s.seat_position] for s in row.scores if s.marker],
        ended_on_double=bool(row.ended_on_double),
    )


def rules_in_force(kind: GameKind, house: HouseRules, scope: str | None = None) -> list[str]:
    """Each house rule chosen in a few words ("going out −10"), in the list's order; only the engine's or the
    score sheet's with ``scope``."""
    shown: list[str] = []
    for rule in kind.house_rules:
        value = house.value(rule)
        if value is None or scope not in (None, rule.scope):
            continue
        if rule.input == "choice":
            word = next((w for w, v in (rule.values or {}).items() if v is value), value)
            shown.append(next((_(words) for v, words in rule.choices if v == word), str(value)))
        elif rule.input == "number":
            # a scoring rule's number is added to a total: signed ("−10"); an engine option's is a count
            shown.append(_(rule.shown, value=shown_value(value) if rule.scope == "scoring" else str(value)))
        else:
            shown.append(_(rule.shown))
    return shown


def ended_early(played: int, total: int | None, over: bool) -> int | None:
    """The last round played of a game over before its last round (the table ended it); None for a game going
    on, one played to its end, or an evening without a set number of rounds."""
    return played if over and total is not None and played < total else None


class Leaving(Protocol):
    """A seat as far as leaving goes: its player and the first round they no longer play (None: still at it)."""

    @property
    def name(self) -> str: ...
    @property
    def left_round(self) -> int | None: ...


def left_after(seats: Sequence[Leaving]) -> dict[str, int]:
    """The players who left, each with the last round they played: the standings rank them after everyone who
    played on."""
    return {s.name: s.left_round - 1 for s in seats if s.left_round is not None}


def _engines(game: AnyGame) -> tuple[int, ...]:
    # the game's house rules may change the sequence (highest_engine_every_round: 12-12 all evening)
    spec = house_rules_of(game).rules_spec(game.rules)
    return kind_of(game.kind).engines(game.set_highest, game.ascending, game.rounds_planned, spec)


def rounds_total(game: AnyGame) -> int | None:
    """Rounds in the whole game; None for an evening that goes on until the table ends it."""
    return kind_of(game.kind).rounds_total(_engines(game), game.rounds_planned)


def is_over(game: AnyGame) -> bool:
    """Every round is played, or the table ended the game."""
    total = rounds_total(game)
    return game.finished_at is not None or (total is not None and len(game.rounds) >= total)


def next_round(game: AnyGame) -> NextRound | None:
    """The round to play next, or None once the game is over (all rounds played, or ended by the table)."""
    if is_over(game):
        return None
    kind = kind_of(game.kind)
    engines = _engines(game)
    played = len(game.rounds)
    seats = len(playing(game, played + 1))
    engine = engines[played] if engines else None
    names = [s.name for s in game.seats]
    turn = _dealing(game, played + 1, engine)
    return NextRound(
        number=played + 1,
        engine=engine,
        deal=kind.deal(seats, game.set_highest, game.rules),
        boneyard=kind.boneyard(seats, game.set_highest, game.rules),
        dealer=names[turn.dealer],
        leader=None if turn.leader is None else names[turn.leader],
        starts=turn.starts,
        starts_text=turn.starts_text,
    )


def _first_dealer(game: AnyGame) -> int:
    # a seat out of range (a hand-edited database) deals as the first seat rather than breaking the page
    seat = game.first_dealer or 0  # None on a game not yet flushed
    return seat if 0 <= seat < len(game.seats) else 0


def _dealing(game: AnyGame, number: int, engine: int | None) -> rules.Dealing:
    """Who deals round ``number`` and who plays first, by the game's preset (its kind's first preset for a game
    stored without one, as a game without presets on its score sheet is)."""
    kind = kind_of(game.kind)
    preset = kind.presets.get(game.rules) or next(iter(kind.presets.values()))
    seats = game.seats
    # the deal passes on past the seats that do not play the round (a late joiner sits after the last seat, so
    # their first deal comes when the deal gets round)
    return kind.dealing(
        preset, len(seats), _first_dealer(game), number, engine=engine, plays=lambda seat, n: plays(seats[seat], n)
    )


def view(game: AnyGame) -> GameView:
    """The game as pages and the API show it: rounds, standings, progression and the round to play next."""
    kind = kind_of(game.kind)
    players = [s.name for s in game.seats]
    rounds = [_round_view(kind, players, r) for r in game.rounds]
    seats = [SeatView(s.position, s.name, s.joined_round, s.start_total or 0, s.left_round) for s in game.seats]
    # a late joiner's starting total counts as a round of its own before the first (no hand won in it)
    starts = {s.name: s.start_total for s in seats if s.start_total}
    started = [_Start(starts)] if starts else []
    upcoming = next_round(game)
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
        standings=kind.standings(players, [*started, *rounds], left_after(seats)),
        next_round=upcoming,
        created_at=game.created_at,
        updated_at=game.updated_at,
        rounds_total=rounds_total(game),
        progression=_progression(kind, seats, rounds),
        version=game.version,
        first_dealer=players[_first_dealer(game)] if players else "",
        live=stamp_of(game.version, game.drafts).tag,
        house_rules=house_rules_of(game),
        seats=seats,
        undone=undo_note(game, upcoming),
    )


@dataclass(frozen=True)
class UndoNote:
    """The round to play next was undone: which, and on whose phone (None: a phone that did not say whose it is)."""

    number: int
    by: str | None


def undo_note(game: AnyGame, upcoming: NextRound | None) -> UndoNote | None:
    """Whether the round to play next (``upcoming``) is one undone and not saved again since, and on whose phone."""
    # an undo leaves the round's values as its drafts; storing the round or drafts begun for another one clear
    # the mark, and a mark for a round other than the next one is out of date anyway
    if game.reopened_by is None or upcoming is None or game.draft_number != upcoming.number:
        return None
    return UndoNote(upcoming.number, game.reopened_by or None)


@dataclass(frozen=True)
class _Start:
    """The totals late joiners started with, handed to the kind's standings as a round before the first."""

    pips: dict[str, int]
    winners: tuple[str, ...] = ()

    @property
    def points(self) -> dict[str, int]:
        """A starting total counts as it is: no house rule applies to it."""
        return self.pips


def _progression(kind: GameKind, seats: list[SeatView], rounds: list[RoundView]) -> dict[str, list[int | None]]:
    """Each player's score before the first round and after every round, for the chart: a late joiner's from the
    round before their first, at the total they joined with; a leaver's up to their last round (None elsewhere)."""
    lines = kind.progression([s.name for s in seats], rounds)
    played = len(rounds)
    out: dict[str, list[int | None]] = {}
    for s in seats:
        first = (s.joined_round or 1) - 1
        last = played if s.left_round is None else min(s.left_round - 1, played)
        line = [0, *lines[s.name]]
        out[s.name] = [line[i] + s.start_total if first <= i <= last else None for i in range(played + 1)]
    return out
