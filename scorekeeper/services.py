"""Use cases of the score sheet: the one bridge between scorekeeper.rules and the database.

Views and the JSON API call these functions; they validate what a person typed,
ask the rules for deal sizes, engines and standings, and write rows. Every
problem comes back as a ServiceError whose message a player can act on.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.orm import Session, selectinload

from . import rules
from .rules import Standing
from .rules import TrainSketch, sketch_position
from .models import Change, Game, Round, Score, Seat

MIN_PLAYERS = 2
MAX_PLAYERS = 8
MAX_NAME = 30


class ServiceError(Exception):
    """Something a person asked for that cannot be done; the message says why and what to do."""

    status = 422

    def __init__(self, message: str, errors: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.errors: dict[str, str] = dict(errors or {})
        """Field name -> message, for showing next to the field that is wrong."""


class BadRequest(ServiceError):
    status = 400


class NotFound(ServiceError):
    status = 404


class Conflict(ServiceError):
    status = 409


class Invalid(ServiceError):
    status = 422

    @classmethod
    def of(cls, errors: Mapping[str, str]) -> Invalid:
        return cls(" ".join(errors.values()), errors)


# ---------------------------------------------------------------- reading


@dataclass(frozen=True)
class RoundView:
    number: int
    engine: int
    pips: dict[str, int]
    went_out: str | None
    blocked: bool


@dataclass(frozen=True)
class NextRound:
    number: int
    engine: int
    deal: int
    boneyard: int
    most_pips: int


@dataclass(frozen=True)
class GameView:
    """Everything a page or the API shows about one game, computed once."""

    id: str
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
    progression: dict[str, list[int]] = field(default_factory=dict)

    @property
    def rules_title(self) -> str:
        preset = rules.PRESETS.get(self.rules)
        return preset.title if preset else self.rules

    @property
    def rounds_total(self) -> int:
        return len(self.engines)

    @property
    def finished(self) -> bool:
        return self.next_round is None

    @property
    def winners(self) -> list[str]:
        return rules.winners(self.standings) if self.finished else []

    @property
    def leaders(self) -> list[str]:
        return rules.winners(self.standings) if self.rounds else []

    def most_pips(self, engine: int) -> int:
        return rules.DominoSet(self.set).most_pips_in_hand(engine, self.double_blank)

    def to_json(self) -> dict[str, object]:
        nr = self.next_round
        return {
            "id": self.id,
            "game": "mexican-train",
            "players": self.players,
            "set": self.set,
            "rules": self.rules,
            "double_blank": self.double_blank,
            "order": "up" if self.ascending else "down",
            "rounds_total": self.rounds_total,
            "rounds": [
                {"number": r.number, "engine": r.engine, "pips": r.pips,
                 "went_out": r.went_out, "blocked": r.blocked}
                for r in self.rounds
            ],
            "standings": [{"player": s.player, "total": s.total, "rank": s.rank} for s in self.standings],
            "next_round": None if nr is None else {"number": nr.number, "engine": nr.engine, "deal": nr.deal},
            "finished": self.finished,
            "winners": self.winners,
        }


def view(game: Game) -> GameView:
    players = [s.name for s in game.seats]
    engines = rules.round_engines(game.set_highest, game.ascending, game.rounds_planned)
    by_seat = dict(enumerate(players))
    rounds = []
    for r in game.rounds:
        pips = {by_seat[s.seat_position]: s.pips for s in r.scores}
        out = next((by_seat[s.seat_position] for s in r.scores if s.went_out), None)
        rounds.append(RoundView(r.number, r.engine, pips, out, r.blocked))
    played = [r.pips for r in rounds]
    next_round = None
    if len(rounds) < len(engines):
        engine = engines[len(rounds)]
        next_round = NextRound(
            number=len(rounds) + 1,
            engine=engine,
            deal=rules.deal_size(len(players), game.set_highest, rules=game.rules),
            boneyard=rules.boneyard_after_deal(len(players), game.set_highest, rules=game.rules),
            most_pips=rules.DominoSet(game.set_highest).most_pips_in_hand(engine, game.double_blank),
        )
    return GameView(
        id=game.id, players=players, set=game.set_highest, rules=game.rules,
        double_blank=game.double_blank, ascending=game.ascending, engines=engines,
        rounds=rounds, standings=rules.standings(players, played), next_round=next_round,
        created_at=game.created_at, updated_at=game.updated_at,
        progression=rules.running_totals(players, played),
    )


def get_game(db: Session, game_id: str) -> Game:
    game = db.scalar(
        select(Game).where(Game.id == game_id)
        .options(selectinload(Game.seats), selectinload(Game.rounds).selectinload(Round.scores))
    )
    if game is None:
        raise NotFound("There is no game at this address. It may have been deleted; start a new one from the games list.")
    return game


def list_games(db: Session) -> tuple[list[GameView], list[GameView]]:
    """Games in progress and finished games, most recently touched first."""
    games = db.scalars(
        select(Game).order_by(Game.updated_at.desc())
        .options(selectinload(Game.seats), selectinload(Game.rounds).selectinload(Round.scores))
    ).all()
    views = [view(g) for g in games]
    return [v for v in views if not v.finished], [v for v in views if v.finished]


def last_players(db: Session) -> list[str]:
    """The players of the most recently started game, in seat order."""
    game = db.scalar(select(Game).order_by(Game.created_at.desc()).limit(1).options(selectinload(Game.seats)))
    return [s.name for s in game.seats] if game else []


def history(db: Session, game: Game) -> list[Change]:
    return list(db.scalars(select(Change).where(Change.game_id == game.id).order_by(Change.id)))


# ---------------------------------------------------------------- starting a game


def clean_name(raw: object) -> str:
    """A player name as stored: trimmed, inner runs of spaces collapsed, composed (NFC)."""
    text = raw if isinstance(raw, str) else ""
    return unicodedata.normalize("NFC", " ".join(text.split()))


def validate_players(names: Sequence[str]) -> dict[str, str]:
    """Problems with a list of cleaned names, keyed "players-N" for the field at fault."""
    errors: dict[str, str] = {}
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = f"players-{i}"
        if not name:
            errors[key] = f"Player {i + 1} has no name; type one or remove the player."
        elif len(name) > MAX_NAME:
            errors[key] = f"“{name[:12]}…” is {len(name)} characters long; keep names to {MAX_NAME}."
        elif any(unicodedata.category(c).startswith("C") for c in name):
            errors[key] = f"Player {i + 1}'s name has a control character; type it again."
        elif name.casefold() in seen:
            errors[key] = f"“{name}” is already player {seen[name.casefold()] + 1}; give each player a different name."
        else:
            seen[name.casefold()] = i
    if len(names) < MIN_PLAYERS:
        errors["players"] = f"Mexican Train needs at least {MIN_PLAYERS} players; add another name."
    elif len(names) > MAX_PLAYERS:
        errors["players"] = f"The score sheet holds at most {MAX_PLAYERS} players; {len(names)} were given."
    return errors


def _whole(value: object) -> int | None:
    """An int that is really an int (JSON true/false are not numbers here)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def create_game(
    db: Session,
    names: Sequence[object],
    set_highest: object = 12,
    *,
    ascending: bool = False,
    rounds: object = None,
    double_blank: object = 0,
    rules_name: object = "standard",
) -> Game:
    cleaned = [clean_name(n) for n in names]
    errors = validate_players(cleaned)
    if any(not isinstance(n, str) for n in names):
        errors["players"] = "Player names must be text."
    highest = _whole(set_highest)
    if highest is None or highest not in rules.SUPPORTED_SETS:
        sets = ", ".join(str(n) for n in rules.SUPPORTED_SETS)
        errors["set"] = f"The set must be one of {sets} (the highest double); {set_highest!r} is not."
    blank = _whole(double_blank)
    if blank is None or blank not in rules.DOUBLE_BLANK_VALUES:
        errors["double_blank"] = "The double-blank counts 0, 25 or 50 pips."
    preset = rules_name if isinstance(rules_name, str) and rules_name in rules.PRESETS else None
    if preset is None:
        errors["rules"] = f"The rules are one of {', '.join(rules.PRESETS)}; {rules_name!r} is not."
    if not errors and highest is not None and preset is not None:
        try:
            rules.deal_size(len(cleaned), highest, rules=preset)
        except rules.DealError as e:
            errors["players"] = f"{str(e)[0].upper()}{str(e)[1:]}."
    limit: int | None = None
    if rounds not in (None, ""):
        most = highest + 1 if "set" not in errors and highest is not None else None
        limit = _whole(rounds)
        if limit is None or most is None or not 1 <= limit <= most:
            errors["rounds"] = f"Play 1 to {most or 'all'} rounds, or leave it empty for the whole game."
    if errors or highest is None or blank is None or preset is None:
        raise Invalid.of(errors)
    game = Game(
        set_highest=highest,
        ascending=ascending,
        rounds_planned=limit or highest + 1,
        double_blank=blank,
        rules=preset,
        seats=[Seat(position=i, name=n) for i, n in enumerate(cleaned)],
    )
    db.add(game)
    db.commit()
    return game


# ---------------------------------------------------------------- entering rounds


def parse_pips(raw: object) -> int | None:
    """A typed pip count as an int, None when blank; ValueError when it is not a whole number."""
    if raw is None or isinstance(raw, bool):
        if raw is None:
            return None
        raise ValueError
    if isinstance(raw, int):
        return raw
    if isinstance(raw, str):
        text = raw.strip()
        if not text:
            return None
        if text.isdecimal() or (text.startswith("-") and text[1:].isdecimal()):
            return int(text)
    raise ValueError


@dataclass(frozen=True)
class RoundEntry:
    """A round as typed: raw pips per seat (strings or ints), who went out, blocked."""

    pips: Sequence[object]
    went_out: int | None = None
    blocked: bool = False


def _validate_round(game: Game, engine: int, entry: RoundEntry) -> list[int]:
    names = [s.name for s in game.seats]
    most = rules.DominoSet(game.set_highest).most_pips_in_hand(engine, game.double_blank)
    errors: dict[str, str] = {}
    values: list[int] = []
    if len(entry.pips) != len(names):
        raise Invalid(f"Enter pips for all {len(names)} players.")
    for i, (name, raw) in enumerate(zip(names, entry.pips)):
        key = f"pips-{i}"
        try:
            value = parse_pips(raw)
        except ValueError:
            errors[key] = f"{name}: “{str(raw)[:10]}” is not a whole number of pips; enter 0 to {most}."
            values.append(0)
            continue
        if value is None:
            if entry.went_out == i:
                value = 0
            else:
                errors[key] = f"Enter {name}'s pips (0 if {name} went out)."
                values.append(0)
                continue
        if value < 0:
            errors[key] = f"{name}: pips cannot be negative; enter 0 to {most}."
        elif value > most:
            errors[key] = f"{name}: {value} is more pips than a hand can hold in this set (at most {most})."
        elif entry.went_out == i and value != 0:
            errors[key] = f"{name} went out, so {name} has 0 pips; clear “went out” or enter 0."
        values.append(value)
    if entry.went_out is not None and not 0 <= entry.went_out < len(names):
        errors["went_out"] = "The player who went out is not at this table."
    if entry.blocked and entry.went_out is not None:
        errors["went_out"] = "A blocked round has nobody who went out; clear one of the two."
    if errors:
        raise Invalid.of(errors)
    return values


def _log(db: Session, game: Game, action: str, number: int, player: str | None,
         old: object, new: object) -> None:
    db.add(Change(game_id=game.id, action=action, round_number=number, player=player,
                  old=None if old is None else str(old), new=None if new is None else str(new)))


def _flag(went_out: bool, blocked: bool) -> str:
    return "went out" if went_out else ("blocked" if blocked else "")


def add_round(db: Session, game: Game, entry: RoundEntry) -> Round:
    current = view(game)
    if current.next_round is None:
        raise Conflict(f"All {current.rounds_total} rounds are scored and the game is over; correct a round instead.")
    engine = current.next_round.engine
    values = _validate_round(game, engine, entry)
    rnd = Round(number=current.next_round.number, engine=engine, blocked=entry.blocked, scores=[
        Score(seat_position=i, pips=v, went_out=entry.went_out == i) for i, v in enumerate(values)
    ])
    game.rounds.append(rnd)
    for seat, v in zip(game.seats, values):
        _log(db, game, "entered", rnd.number, seat.name, None, v)
    if entry.blocked:
        _log(db, game, "entered", rnd.number, None, None, "blocked")
    game.updated_at = rnd.created_at = datetime.now().astimezone()
    db.commit()
    return rnd


def find_round(game: Game, number: object) -> Round:
    for r in game.rounds:
        if r.number == number:
            return r
    played = len(game.rounds)
    span = f"rounds 1 to {played}" if played else "no rounds yet"
    raise NotFound(f"Round {number} has not been played; this game has {span}.")


def edit_round(db: Session, game: Game, number: int, entry: RoundEntry) -> Round:
    rnd = find_round(game, number)
    values = _validate_round(game, rnd.engine, entry)
    by_pos = {s.seat_position: s for s in rnd.scores}
    for seat, v in zip(game.seats, values):
        score = by_pos[seat.position]
        old_flag = _flag(score.went_out, False)
        new_out = entry.went_out == seat.position
        if score.pips != v:
            _log(db, game, "corrected", number, seat.name, score.pips, v)
            score.pips = v
        if score.went_out != new_out:
            _log(db, game, "corrected", number, seat.name, old_flag or "stayed in", _flag(new_out, False) or "stayed in")
            score.went_out = new_out
    if rnd.blocked != entry.blocked:
        _log(db, game, "corrected", number, None, "blocked" if rnd.blocked else "not blocked",
             "blocked" if entry.blocked else "not blocked")
        rnd.blocked = entry.blocked
    game.updated_at = datetime.now().astimezone()
    db.commit()
    return rnd


def undo_last_round(db: Session, game: Game) -> int:
    """Remove the last round, keeping its values in the history; returns its number."""
    if not game.rounds:
        raise Conflict("There is no round to undo yet.")
    rnd = game.rounds[-1]
    names = {s.position: s.name for s in game.seats}
    for score in rnd.scores:
        _log(db, game, "undone", rnd.number, names[score.seat_position], score.pips, None)
    game.rounds.remove(rnd)
    game.updated_at = datetime.now().astimezone()
    db.commit()
    return rnd.number


def delete_game(db: Session, game: Game) -> None:
    db.execute(delete(Change).where(Change.game_id == game.id))
    db.delete(game)
    db.commit()


def entry_from_names(game: Game, pips: object, went_out: object = None, blocked: object = False) -> RoundEntry:
    """A RoundEntry from the JSON API's {"Ana": 0, ...} shape, checking every name."""
    names = [s.name for s in game.seats]
    if not isinstance(pips, dict):
        raise Invalid('Send "pips" as an object of player name to pips, like {"Ana": 0, "Ben": 23}.')
    unknown = [k for k in pips if clean_name(k) not in names]
    if unknown:
        raise Invalid(f"{unknown[0]!s} is not playing in this game; the players are {', '.join(names)}.")
    given = {clean_name(k): v for k, v in pips.items()}
    missing = [n for n in names if n not in given]
    if missing:
        raise Invalid(f"Pips for {', '.join(missing)} are missing; send a number for every player.")
    for n in names:
        v = given[n]
        if not isinstance(v, int) or isinstance(v, bool):
            raise Invalid(f"{n}: pips must be a whole number, not {v!r}.")
    out: int | None = None
    if went_out is not None:
        if not isinstance(went_out, str) or clean_name(went_out) not in names:
            raise Invalid(f'"went_out" must name one of the players: {", ".join(names)}.')
        out = names.index(clean_name(went_out))
    if not isinstance(blocked, bool):
        raise Invalid('"blocked" must be true or false.')
    return RoundEntry([given[n] for n in names], out, blocked)


# ---------------------------------------------------------------- the move checker and deal lookup


def reference_link(anchor: str) -> str:
    return f"/rules#{anchor}"


@dataclass(frozen=True)
class CheckResult:
    """A verdict with what the checker page shows around it."""

    verdict: rules.Verdict
    moves: list[rules.Move]
    preset: rules.Preset
    position: rules.Position

    @property
    def reference(self) -> str:
        return reference_link(self.verdict.anchor)

    def describe(self, move: rules.Move) -> str:
        """A move in words, as the mover sees it ("5-1 on Ana's train")."""
        if move.action != "play" or move.train is None:
            return "Draw a tile" if move.action == "draw" else "Pass"
        return f"Lay {move.tile} on {self.position.train_name(move.train)}"


def _read_position(position: object) -> rules.Position:
    try:
        return rules.Position.from_json(position)
    except rules.FormatError as e:
        raise Invalid(str(e)) from e
    except rules.DealError as e:
        raise Invalid(f"position: {e}") from e


def check_json(position: object, move: object) -> dict[str, object]:
    """The JSON checker: verdict, rule id, reason and the reference link; Invalid names what is wrong."""
    pos = _read_position(position)
    try:
        verdict = pos.check(rules.Move.from_json(move))
    except rules.FormatError as e:
        raise Invalid(str(e)) from e
    return {"legal": verdict.legal, "rule": verdict.rule, "reason": verdict.reason,
            "reference": reference_link(verdict.anchor)}


def legal_moves_json(position: object) -> list[dict[str, object]]:
    return [m.to_json() for m in _read_position(position).legal_moves()]


@dataclass(frozen=True)
class CheckRequest:
    """What a player tapped in on the checker page, already read into game terms."""

    preset: str
    highest: int
    engine: int
    names: list[str]
    turn: int
    trains: list[TrainSketch]
    mexican: TrainSketch
    hand: list[rules.Tile]
    move: rules.Move
    drawn: bool = False
    laid_double: bool = False
    boneyard_empty: bool = False
    first_lap: bool = False


def check_sketch(request: CheckRequest) -> CheckResult:
    """Judge a move on a table described in a few taps; Invalid says which fact is impossible."""
    hand = list(request.hand)
    if request.move.tile is not None and request.move.tile not in hand:
        hand.insert(0, request.move.tile)
    try:
        pos = sketch_position(
            highest=request.highest, engine=request.engine, players=len(request.names), turn=request.turn,
            trains=request.trains, mexican=request.mexican, hand=hand, rules=request.preset,
            drawn=request.drawn, boneyard_empty=request.boneyard_empty, laid_double=request.laid_double,
            first_lap=request.first_lap, names=request.names,
        )
        verdict = pos.check(request.move)
    except rules.FormatError as e:
        message = f"{e.problem[0].upper()}{e.problem[1:]}."
        raise Invalid(message, {e.field: message}) from e
    return CheckResult(verdict, pos.legal_moves(), rules.PRESETS[pos.preset], pos)


@dataclass(frozen=True)
class DealAnswer:
    players: int
    highest: int
    preset: rules.Preset
    tiles_each: int | None
    boneyard: int | None
    problem: str | None
    """Why this set cannot deal for this many players, and which set to use."""

    def to_json(self) -> dict[str, object]:
        return {"players": self.players, "set": self.highest, "rules": self.preset.name,
                "tiles_each": self.tiles_each, "boneyard": self.boneyard}


def deal_lookup(players: int, highest: int, preset: str = "standard") -> DealAnswer:
    if preset not in rules.PRESETS:
        raise Invalid(f"Unknown rules {preset!r}; choose one of {', '.join(rules.PRESETS)}.")
    if highest not in rules.SUPPORTED_SETS:
        raise Invalid(f"double-{highest} is not a set we know; choose one of "
                      f"{', '.join(str(n) for n in rules.SUPPORTED_SETS)}.")
    try:
        each = rules.deal_size(players, highest, rules=preset)
        left = rules.boneyard_after_deal(players, highest, rules=preset)
    except rules.DealError as e:
        text = str(e)
        return DealAnswer(players, highest, rules.PRESETS[preset], None, None, text[0].upper() + text[1:] + ".")
    return DealAnswer(players, highest, rules.PRESETS[preset], each, left, None)


def deal_table(highest: int) -> list[tuple[int, dict[str, int | None]]]:
    """Every player count any preset deals for with this set, and each preset's tiles per player."""
    counts = sorted({n for p in rules.PRESETS.values() for n in p.options.deals.get(highest, {})})
    return [(n, {name: p.options.deals.get(highest, {}).get(n) for name, p in rules.PRESETS.items()})
            for n in counts]
