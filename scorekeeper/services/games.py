"""The score sheet's use cases: start a game, enter, correct and undo rounds, read the standings."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.orm import Session, selectinload

from .. import rules
from ..i18n import _, _l, ngettext
from ..models import Change, Game, Round, Score, Seat
from ..rules import Standing
from ..rules.i18n import N_
from .errors import Conflict, Invalid, NotFound

MIN_PLAYERS = 2
MAX_PLAYERS = 8
MAX_NAME = 30


# ---------------------------------------------------------------- reading


MEXICAN_TRAIN = "mexican-train"
SUPER_DOMINO = "super-domino"
GAMES = {MEXICAN_TRAIN: _l("Mexican Train"), SUPER_DOMINO: _l("Super Domino")}
SUPER_DOMINO_SET = 15
SUPER_DOMINO_DEAL = 9


def max_players(kind: str) -> int:
    """Mexican Train sheets hold 8 players; Super Domino as many as a double-15 set deals 9 tiles to."""
    if kind == SUPER_DOMINO:
        return (rules.DominoSet(SUPER_DOMINO_SET).tile_count - 1) // SUPER_DOMINO_DEAL
    return MAX_PLAYERS


@dataclass(frozen=True)
class RoundView:
    """A round (Mexican Train) or a hand (Super Domino) as entered."""

    number: int
    engine: int | None
    pips: dict[str, int]
    went_out: str | None
    blocked: bool
    tiles: dict[str, int] | None = None
    winners: list[str] = field(default_factory=list)
    """Who won the hand (Super Domino): the player out, or on a blocked hand the fewest tiles, then pips."""


@dataclass(frozen=True)
class NextRound:
    number: int
    engine: int | None
    deal: int
    boneyard: int
    most_pips: int


@dataclass(frozen=True)
class GameView:
    """Everything a page or the API shows about one game, computed once."""

    id: str
    kind: str
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
    rounds_planned: int | None = None
    progression: dict[str, list[int]] = field(default_factory=dict)

    @property
    def is_super_domino(self) -> bool:
        return self.kind == SUPER_DOMINO

    @property
    def game_title(self) -> str:
        return str(GAMES[self.kind])

    @property
    def rules_title(self) -> str:
        preset = rules.PRESETS.get(self.rules)
        return preset.display_title if preset and not self.is_super_domino else self.game_title

    @property
    def rounds_total(self) -> int | None:
        """Rounds in the whole game; None for an open-ended Super Domino evening."""
        return self.rounds_planned if self.is_super_domino else len(self.engines)

    @property
    def finished(self) -> bool:
        return self.next_round is None

    @property
    def winners(self) -> list[str]:
        return rules.winners(self.standings) if self.finished and self.rounds else []

    @property
    def leaders(self) -> list[str]:
        return rules.winners(self.standings) if self.rounds else []

    def most_pips(self, engine: int | None) -> int:
        return rules.DominoSet(self.set).most_pips_in_hand(engine, self.double_blank)

    def to_json(self) -> dict[str, object]:
        nr = self.next_round
        rounds: list[dict[str, object]] = []
        for r in self.rounds:
            entry: dict[str, object] = {"number": r.number, "engine": r.engine, "pips": r.pips,
                                        "went_out": r.went_out, "blocked": r.blocked}
            if self.is_super_domino:
                entry["tiles"] = r.tiles
                entry["winners"] = r.winners
                del entry["engine"]
            rounds.append(entry)
        standings: list[dict[str, object]] = []
        for s in self.standings:
            row: dict[str, object] = {"player": s.player, "total": s.total, "rank": s.rank}
            if self.is_super_domino:
                row = {"player": s.player, "wins": s.wins, "total": s.total, "rank": s.rank}
            standings.append(row)
        next_json: dict[str, object] | None = None
        if nr is not None:
            next_json = {"number": nr.number, "engine": nr.engine, "deal": nr.deal}
            if self.is_super_domino:
                del next_json["engine"]
        return {
            "id": self.id,
            "game": self.kind,
            "players": self.players,
            "set": self.set,
            "rules": self.rules,
            "double_blank": self.double_blank,
            "order": "up" if self.ascending else "down",
            "rounds_total": self.rounds_total,
            "rounds": rounds,
            "standings": standings,
            "next_round": next_json,
            "finished": self.finished,
            "winners": self.winners,
        }


def view(game: Game) -> GameView:
    players = [s.name for s in game.seats]
    by_seat = dict(enumerate(players))
    super_domino = game.kind == SUPER_DOMINO
    rounds = []
    for r in game.rounds:
        pips = {by_seat[s.seat_position]: s.pips for s in r.scores}
        out = next((by_seat[s.seat_position] for s in r.scores if s.went_out), None)
        tiles = {by_seat[s.seat_position]: s.tiles or 0 for s in r.scores} if super_domino else None
        won = rules.hand_winners(pips, tiles, out) if tiles is not None else []
        rounds.append(RoundView(r.number, r.engine, pips, out, r.blocked, tiles, won))
    next_round = None
    if super_domino:
        engines: tuple[int, ...] = ()
        table = rules.hand_standings(players, [(r.winners, r.pips) for r in rounds])
        progression = rules.running_wins(players, [r.winners for r in rounds])
        open_ended = game.rounds_planned is None or len(rounds) < game.rounds_planned
        if game.finished_at is None and open_ended:
            tile_count = rules.DominoSet(game.set_highest).tile_count
            next_round = NextRound(len(rounds) + 1, None, SUPER_DOMINO_DEAL,
                                   tile_count - SUPER_DOMINO_DEAL * len(players),
                                   rules.DominoSet(game.set_highest).pip_total)
    else:
        engines = rules.round_engines(game.set_highest, game.ascending, game.rounds_planned)
        played = [r.pips for r in rounds]
        table = rules.standings(players, played)
        progression = rules.running_totals(players, played)
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
        id=game.id, kind=game.kind, players=players, set=game.set_highest, rules=game.rules,
        double_blank=game.double_blank, ascending=game.ascending, engines=engines,
        rounds=rounds, standings=table, next_round=next_round,
        created_at=game.created_at, updated_at=game.updated_at, rounds_planned=game.rounds_planned,
        progression=progression,
    )


def get_game(db: Session, game_id: str) -> Game:
    game = db.scalar(
        select(Game).where(Game.id == game_id)
        .options(selectinload(Game.seats), selectinload(Game.rounds).selectinload(Round.scores))
    )
    if game is None:
        raise NotFound(_("There is no game at this address. It may have been deleted; start a new one from the games list."))
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


def validate_players(names: Sequence[str], kind: str = "mexican-train") -> dict[str, str]:
    """Problems with a list of cleaned names, keyed "players-N" for the field at fault."""
    errors: dict[str, str] = {}
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = f"players-{i}"
        if not name:
            errors[key] = _("Player %(number)d has no name; type one or remove the player.", number=i + 1)
        elif len(name) > MAX_NAME:
            errors[key] = _("“%(name)s…” is %(length)d characters long; keep names to %(most)d.", name=name[:12], length=len(name), most=MAX_NAME)
        elif any(unicodedata.category(c).startswith("C") for c in name):
            errors[key] = _("Player %(number)d's name has a control character; type it again.", number=i + 1)
        elif name.casefold() in seen:
            errors[key] = _("“%(name)s” is already player %(number)d; give each player a different name.", name=name, number=seen[name.casefold()] + 1)
        else:
            seen[name.casefold()] = i
    most = max_players(kind)
    if len(names) < MIN_PLAYERS:
        errors["players"] = _("%(game)s needs at least %(least)d players; add another name.", game=GAMES.get(kind, ""), least=MIN_PLAYERS)
    elif len(names) > most:
        errors["players"] = _("%(game)s takes at most %(most)d players; %(count)d were given.", game=GAMES.get(kind, ""), most=most, count=len(names))
    return errors


def _create_super_domino(db: Session, names: Sequence[object], hands: object, set_highest: object) -> Game:
    """A Super Domino evening: a double-15 set, 9 tiles each, a fixed number of hands or open-ended."""
    cleaned = [clean_name(n) for n in names]
    errors = validate_players(cleaned, SUPER_DOMINO)
    if any(not isinstance(n, str) for n in names):
        errors["players"] = _("Player names must be text.")
    if set_highest not in (None, "", SUPER_DOMINO_SET):
        errors["set"] = _("Super Domino is played with a double-%(set)d set.", set=SUPER_DOMINO_SET)
    limit: int | None = None
    if hands not in (None, ""):
        limit = _whole(hands)
        if limit is None or not 1 <= limit <= 99:
            errors["hands"] = _("Play 1 to 99 hands, or leave it empty and end the evening when you like.")
    if errors:
        raise Invalid.of(errors)
    game = Game(kind=SUPER_DOMINO, set_highest=SUPER_DOMINO_SET, rounds_planned=limit, double_blank=0,
                rules=SUPER_DOMINO, seats=[Seat(position=i, name=n) for i, n in enumerate(cleaned)])
    db.add(game)
    db.commit()
    return game


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
    kind: object = MEXICAN_TRAIN,
) -> Game:
    if kind not in GAMES:
        raise Invalid(_("The game is %(games)s, not %(given)s.", games=" / ".join(GAMES), given=repr(kind)), {"game": _("Pick a game.")})
    if kind == SUPER_DOMINO:
        return _create_super_domino(db, names, rounds, set_highest)
    cleaned = [clean_name(n) for n in names]
    errors = validate_players(cleaned)
    if any(not isinstance(n, str) for n in names):
        errors["players"] = _("Player names must be text.")
    highest = _whole(set_highest)
    if highest is None or highest not in rules.SUPPORTED_SETS:
        sets = ", ".join(str(n) for n in rules.SUPPORTED_SETS)
        errors["set"] = _("The set must be one of %(sets)s (the highest double); %(given)s is not.", sets=sets, given=repr(set_highest))
    blank = _whole(double_blank)
    if blank is None or blank not in rules.DOUBLE_BLANK_VALUES:
        errors["double_blank"] = _("The double-blank counts 0, 25 or 50 pips.")
    preset = rules_name if isinstance(rules_name, str) and rules_name in rules.PRESETS else None
    if preset is None:
        errors["rules"] = _("The rules are one of %(presets)s; %(given)s is not.", presets=", ".join(rules.PRESETS), given=repr(rules_name))
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
            errors["rounds"] = _("Play 1 to %(most)s rounds, or leave it empty for the whole game.", most=most or "…")
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
    tiles: Sequence[object] | None = None
    """Tiles left in each hand (Super Domino only)."""


def _validate_round(game: Game, engine: int | None, entry: RoundEntry) -> tuple[list[int], list[int] | None]:
    """Pips (and, for Super Domino, tiles) as whole numbers; Invalid names every field at fault."""
    names = [s.name for s in game.seats]
    most = rules.DominoSet(game.set_highest).most_pips_in_hand(engine, game.double_blank)
    errors: dict[str, str] = {}
    values: list[int] = []
    if len(entry.pips) != len(names):
        raise Invalid(_("Enter pips for all %(count)d players.", count=len(names)))
    for i, (name, raw) in enumerate(zip(names, entry.pips)):
        key = f"pips-{i}"
        try:
            value = parse_pips(raw)
        except ValueError:
            errors[key] = _("%(name)s: “%(typed)s” is not a whole number of pips; enter 0 to %(most)d.", name=name, typed=str(raw)[:10], most=most)
            values.append(0)
            continue
        if value is None:
            if entry.went_out == i:
                value = 0
            else:
                errors[key] = _("Enter %(name)s's pips (0 if %(name)s went out).", name=name)
                values.append(0)
                continue
        if value < 0:
            errors[key] = _("%(name)s: pips cannot be negative; enter 0 to %(most)d.", name=name, most=most)
        elif value > most:
            errors[key] = _("%(name)s: %(value)d is more pips than a hand can hold in this set (at most %(most)d).", name=name, value=value, most=most)
        elif entry.went_out == i and value != 0:
            errors[key] = _("%(name)s went out, so %(name)s has 0 pips; clear “went out” or enter 0.", name=name)
        values.append(value)
    if entry.went_out is not None and not 0 <= entry.went_out < len(names):
        errors["went_out"] = _("The player who went out is not at this table.")
    if entry.blocked and entry.went_out is not None:
        errors["went_out"] = _("A blocked round has nobody who went out; clear one of the two.")
    tiles = _validate_tiles(game, entry, values, errors) if game.kind == SUPER_DOMINO else None
    if errors:
        raise Invalid.of(errors)
    return values, tiles


def _validate_tiles(game: Game, entry: RoundEntry, pips: list[int], errors: dict[str, str]) -> list[int]:
    """Super Domino: tiles left per player, consistent with the pips and with who went out."""
    names = [s.name for s in game.seats]
    raw = list(entry.tiles or [])
    if len(raw) != len(names):
        errors["tiles"] = _("Enter the tiles left for all %(count)d players.", count=len(names))
        return [0] * len(names)
    if entry.went_out is None and not entry.blocked:
        errors["went_out"] = _("Tap who went out, or mark the hand as blocked.")
    most = rules.DominoSet(game.set_highest).tile_count
    tiles: list[int] = []
    for i, (name, value) in enumerate(zip(names, raw)):
        key = f"tiles-{i}"
        try:
            count = parse_pips(value)
        except ValueError:
            count = -1
        if count is None:
            count = 0 if entry.went_out == i else -2
        if count == -2:
            errors[key] = _("Enter how many tiles %(name)s has left (0 if %(name)s went out).", name=name)
        elif count < 0 or count > most:
            errors[key] = _("%(name)s: tiles left is a whole number from 0 to %(most)d.", name=name, most=most)
        elif entry.went_out == i and count != 0:
            errors[key] = _("%(name)s went out, so %(name)s has no tiles left; clear “went out” or enter 0.", name=name)
        elif count == 0 and pips[i] > 0:
            errors[key] = _("%(name)s has no tiles but %(pips)d pips; check both numbers.", name=name, pips=pips[i])
        elif count > 0 and pips[i] == 0 and count > 1:
            errors.setdefault(f"pips-{i}", _("%(name)s has %(count)d tiles but 0 pips; only one tile, the 0-0, has no pips.", name=name, count=count))
        tiles.append(max(count, 0))
    return tiles


def _log(db: Session, game: Game, action: str, number: int, player: str | None,
         old: object, new: object) -> None:
    db.add(Change(game_id=game.id, action=action, round_number=number, player=player,
                  old=None if old is None else str(old), new=None if new is None else str(new)))


def _hand(pips: int, tiles: int) -> str:
    # stored in the history as written at the time, so it stays in the language of the table
    return ngettext("%(num)d tile, %(pips)d pips", "%(num)d tiles, %(pips)d pips", tiles, pips=pips)


# States kept in the history in English and shown in the reader's language (history.html)
HISTORY_WORDS = (N_("went out"), N_("stayed in"), N_("blocked"), N_("not blocked"), N_("game over"))


def _flag(went_out: bool, blocked: bool) -> str:
    return "went out" if went_out else ("blocked" if blocked else "")


def add_round(db: Session, game: Game, entry: RoundEntry) -> Round:
    current = view(game)
    if current.next_round is None:
        raise Conflict(_("All %(count)s rounds are scored and the game is over; correct a round instead.", count=current.rounds_total or len(current.rounds)))
    engine = current.next_round.engine
    values, tiles = _validate_round(game, engine, entry)
    rnd = Round(number=current.next_round.number, engine=engine, blocked=entry.blocked, scores=[
        Score(seat_position=i, pips=v, went_out=entry.went_out == i, tiles=None if tiles is None else tiles[i])
        for i, v in enumerate(values)
    ])
    game.rounds.append(rnd)
    for i, (seat, v) in enumerate(zip(game.seats, values)):
        _log(db, game, "entered", rnd.number, seat.name, None, v if tiles is None else _hand(v, tiles[i]))
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
    span = _("rounds 1 to %(last)d", last=played) if played else _("no rounds yet")
    raise NotFound(_("Round %(number)s has not been played; this game has %(span)s.", number=number, span=span))


def edit_round(db: Session, game: Game, number: int, entry: RoundEntry) -> Round:
    rnd = find_round(game, number)
    values, tiles = _validate_round(game, rnd.engine, entry)
    by_pos = {s.seat_position: s for s in rnd.scores}
    for seat, v in zip(game.seats, values):
        score = by_pos[seat.position]
        old_flag = _flag(score.went_out, False)
        new_out = entry.went_out == seat.position
        new_tiles = None if tiles is None else tiles[seat.position]
        if score.pips != v or score.tiles != new_tiles:
            if tiles is None:
                _log(db, game, "corrected", number, seat.name, score.pips, v)
            else:
                _log(db, game, "corrected", number, seat.name, _hand(score.pips, score.tiles or 0), _hand(v, new_tiles or 0))
            score.pips = v
            score.tiles = new_tiles
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
        raise Conflict(_("There is no round to undo yet."))
    rnd = game.rounds[-1]
    names = {s.position: s.name for s in game.seats}
    for score in rnd.scores:
        old = score.pips if score.tiles is None else _hand(score.pips, score.tiles)
        _log(db, game, "undone", rnd.number, names[score.seat_position], old, None)
    game.rounds.remove(rnd)
    game.updated_at = datetime.now().astimezone()
    db.commit()
    return rnd.number


def finish_game(db: Session, game: Game) -> None:
    """End an open-ended evening (Super Domino) after its last hand."""
    if game.kind != SUPER_DOMINO:
        raise Conflict(_("A Mexican Train game ends by itself after its last round."))
    if game.finished_at is not None or view(game).finished:
        raise Conflict(_("This game is already over."))
    if not game.rounds:
        raise Conflict(_("Play at least one hand before ending the game, or delete it instead."))
    game.finished_at = datetime.now().astimezone()
    _log(db, game, "finished", len(game.rounds), None, None, "game over")
    db.commit()


def delete_game(db: Session, game: Game) -> None:
    db.execute(delete(Change).where(Change.game_id == game.id))
    db.delete(game)
    db.commit()


def _per_player(game: Game, values: object, what: str) -> list[int]:
    names = [s.name for s in game.seats]
    if not isinstance(values, dict):
        raise Invalid(f'Send "{what}" as an object of player name to {what}, like {{"Ana": 0, "Ben": 23}}.')
    unknown = [k for k in values if clean_name(k) not in names]
    if unknown:
        raise Invalid(_("%(name)s is not playing in this game; the players are %(players)s.", name=unknown[0], players=", ".join(names)))
    given = {clean_name(k): v for k, v in values.items()}
    missing = [n for n in names if n not in given]
    if missing:
        raise Invalid(f"{what.capitalize()} for {', '.join(missing)} are missing; send a number for every player.")
    for n in names:
        v = given[n]
        if not isinstance(v, int) or isinstance(v, bool):
            raise Invalid(f"{n}: {what} must be a whole number, not {v!r}.")
    return [given[n] for n in names]


def entry_from_names(game: Game, pips: object, went_out: object = None, blocked: object = False,
                     tiles: object = None) -> RoundEntry:
    """A RoundEntry from the JSON API's {"Ana": 0, ...} shape, checking every name."""
    names = [s.name for s in game.seats]
    pip_values = _per_player(game, pips, "pips")
    tile_values: list[int] | None = None
    if game.kind == SUPER_DOMINO:
        tile_values = _per_player(game, tiles, "tiles")
    out: int | None = None
    if went_out is not None:
        if not isinstance(went_out, str) or clean_name(went_out) not in names:
            raise Invalid(f'"went_out" must name one of the players: {", ".join(names)}.')
        out = names.index(clean_name(went_out))
    if not isinstance(blocked, bool):
        raise Invalid('"blocked" must be true or false.')
    return RoundEntry(pip_values, out, blocked, tile_values)
