"""What a person typed or sent, read and checked: player names, a new game's choices, a round's numbers.

The new-game form and the JSON API each read their own shape into :class:`GameChoices` or
:class:`RoundEntry`; here those become a :class:`NewGame` or checked numbers, or an Invalid whose
errors name every :class:`~scorekeeper.services.errors.Field` at fault. What differs between games is
the kind's to check (``kind.check_setup``, ``kind.check_hand``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from .. import entries, rules
from ..entries import RoundEntry
from ..games import DEFAULT_KIND, KINDS, kind_of
from ..house_rules import NO_HOUSE_RULES, HouseRules, stored_house_rules
from ..i18n import _
from ..kinds import GameKind, Setup
from ..models import MAX_NAME as MAX_NAME  # the one limit, said and checked here
from ..reading import Field, Problems, read_count
from ..rules.text import brief, cut
from .errors import Invalid
from .seating import playing

if TYPE_CHECKING:
    from .stored import AnyGame


_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def is_game_id(text: object) -> bool:
    """Could this be a game's id (``secrets.token_urlsafe``: letters, digits, - and _)?"""
    return isinstance(text, str) and _GAME_ID.fullmatch(text) is not None


def clean_name(raw: object) -> str:
    """A player name as stored: trimmed, inner runs of spaces collapsed, composed (NFC)."""
    text = raw if isinstance(raw, str) else ""
    return unicodedata.normalize("NFC", " ".join(text.split()))


# ---------------------------------------------------------------- a new game


@dataclass(frozen=True)
class GameChoices(entries.GameChoices):
    """A new game as asked for, from the form or the JSON API, with the game kind chosen: the kind checks the rest."""

    kind: GameKind = field(kw_only=True)


@dataclass(frozen=True)
class NewGame:
    """A game ready to start: its kind, the players in seat order and its setup, all checked."""

    kind: GameKind
    players: tuple[str, ...]
    setup: Setup
    first_dealer: int = 0
    """The seat that deals the first round."""


def check_players(names: Sequence[str], kind: GameKind, boxes: Sequence[int] = ()) -> Problems:
    """Problems with a list of cleaned names, each on the ``players`` entry at fault or the whole list; a message
    numbers a player by ``boxes`` (the box each name was typed in) when given, else by the list's order."""
    problems = Problems()
    seen: dict[str, int] = {}
    number = [boxes[i] if i < len(boxes) else i for i in range(len(names))]
    for i, name in enumerate(names):
        if not name:
            problems.add("players", _("Player %(number)d has no name; type one or remove the player.", number=i + 1), i)
        elif len(name) > MAX_NAME:
            problems.add(
                "players",
                _(
                    "“%(name)s…” is %(length)d characters long; keep names to %(most)d.",
                    name=name[:12],
                    length=len(name),
                    most=MAX_NAME,
                ),
                i,
            )
        elif any(unicodedata.category(c).startswith("C") for c in name):
            problems.add(
                "players",
                _("Player %(number)d's name has a control character; type it again.", number=number[i] + 1),
                i,
            )
        elif name.casefold() in seen:
            problems.add(
                "players",
                _(
                    "“%(name)s” is already player %(number)d; give each player a different name.",
                    name=name,
                    number=number[seen[name.casefold()]] + 1,
                ),
                i,
            )
        else:
            seen[name.casefold()] = i
    if len(names) < kind.min_players:
        problems.add(
            "players",
            _("%(game)s needs at least %(least)d players; add another name.", game=kind.title, least=kind.min_players),
        )
    elif len(names) > kind.max_players:
        problems.add(
            "players",
            _(
                "%(game)s takes at most %(most)d players; %(count)d were given.",
                game=kind.title,
                most=kind.max_players,
                count=len(names),
            ),
        )
    return problems


def read_new_game(choices: GameChoices) -> NewGame:
    """The game asked for, checked; Invalid names every field at fault."""
    cleaned = [clean_name(n) for n in choices.players]
    problems = check_players(cleaned, choices.kind, choices.boxes)
    if any(not isinstance(n, str) for n in choices.players):
        problems.add("players", _("Player names must be text."))
    setup = choices.kind.check_setup(choices, len(cleaned), problems)
    dealer = _first_dealer(choices.first_dealer, cleaned, problems)
    if problems or setup is None:
        raise Invalid.of(problems)
    return NewGame(choices.kind, tuple(cleaned), setup, dealer)


def _first_dealer(given: object, names: Sequence[str], problems: Problems) -> int:
    """The seat of the player named to deal first (0 when nobody is named), noting a name not at the table."""
    if given is None:
        return 0
    name = clean_name(given) if isinstance(given, str) else ""
    if not name:
        problems.add("first_dealer", _("Choose who deals first from the players named."))
    elif name not in names:
        problems.add(
            "first_dealer",
            _(
                "%(name)s is not playing, so cannot deal first; choose one of %(players)s.",
                name=cut(name),
                players=", ".join(n for n in names if n),
            ),
        )
    else:
        return names.index(name)
    return 0


def read_kind(given: object) -> GameKind:
    """The game kind a request names; Invalid for one no game has."""
    if not isinstance(given, str) or given not in KINDS:
        raise Invalid(
            _("The game is %(games)s, not %(given)s.", games=" / ".join(KINDS), given=brief(given)),
            {Field("game"): _("Pick a game.")},
        )
    return kind_of(given)


def new_game_from_json(data: Mapping[str, object]) -> NewGame:
    """The JSON API's ``{"players": [...], "game": ..., "set": ..., ...}``, checked; Invalid says what to send."""
    players = data.get("players")
    if not isinstance(players, list):
        raise Invalid('"players" must be a list of 2 to 8 names, like ["Ana", "Ben"].')
    order = data.get("order", "down")
    if order not in ("down", "up"):
        raise Invalid('"order" is "down" (12 to 0) or "up" (0 to 12).')
    kind = read_kind(data.get("game", DEFAULT_KIND.id))
    return read_new_game(
        GameChoices(
            players,
            kind=kind,
            set=data.get("set", kind.default_set),
            rounds=data.get("rounds"),
            ascending=order == "up",
            double_blank=data.get("double_blank", 0),
            rules=data.get("rules", kind.default_rules),
            first_dealer=data.get("first_dealer"),
            # null is no house rules; anything but an object is the kind's to refuse
            house_rules={} if data.get("house_rules") is None else data["house_rules"],  # type: ignore[arg-type]
        )
    )


# ---------------------------------------------------------------- a round


def house_rules_of(game: AnyGame) -> HouseRules:
    """The house rules the game was started with (none for a game kind without house rules)."""
    offered = kind_of(game.kind).house_rules
    if not offered:
        return NO_HOUSE_RULES
    return stored_house_rules(game.rules, game.house_rules, offered)


STAND_IN_ENGINES = ("highest-double", "next-double")
"""The values of ``missing_engine`` under which another double starts the round."""


def stand_in_engine(game: AnyGame) -> bool:
    """Can a round of ``game`` start on a double other than its engine? Under the house rule ``missing_engine``
    (the holder of the highest or the next double lays it when nobody holds the engine)."""
    if not kind_of(game.kind).has_engines or game.rules not in rules.PRESETS:
        return False
    options = rules.resolve_options(house_rules_of(game).rules_spec(game.rules))
    return options.engine_placement == "holder" and options.missing_engine in STAND_IN_ENGINES


def started_on(game: AnyGame, engine: int | None, entry: RoundEntry) -> int | None:
    """The double that started the round: the one the entry names, else ``engine``, the round's own. Invalid (on
    the ``engine`` field) for a double the set does not have, or one the game's rules never start on."""
    given = entry.engine
    if given is None or given == "" or engine is None:
        return engine
    try:
        value = read_count(given) if isinstance(given, str) else given
    except ValueError:
        value = None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= game.set_highest:
        problem = _(
            "The double that started the round is one of 0-0 to %(top)d-%(top)d; give its number, like 9 for 9-9.",
            top=game.set_highest,
        )
        raise Invalid(problem, {Field("engine"): problem})
    if value != engine and not stand_in_engine(game):
        problem = _(
            "Under these rules every round starts on its own engine, %(engine)d-%(engine)d; another double stands in "
            "only with the house rule for a missing engine.",
            engine=engine,
        )
        raise Invalid(problem, {Field("engine"): problem})
    return value


def check_round(
    game: AnyGame, engine: int | None, entry: RoundEntry, number: int | None = None
) -> tuple[list[int], list[int] | None]:
    """Pips (and the tiles left, for a game that records them) as whole numbers, one per seat; Invalid names
    every field at fault. ``number``: the round (None: the round to play next); a seat that does not play it (a
    late joiner before their first round, a player who left) is not asked for, and counts 0 in what is returned."""
    kind = kind_of(game.kind)
    names = [s.name for s in game.seats]
    most = kind.most_pips(game.set_highest, engine, game.double_blank)
    at_table = playing(game, number)
    likely = kind.likely_pips(len(at_table), game.set_highest, game.rules, engine, game.double_blank)
    problems = Problems()
    values: list[int] = []
    if len(entry.pips) != len(names):
        raise Invalid(_("Enter pips for all %(count)d players.", count=len(at_table)))
    if len(at_table) != len(names):
        entry = _only_playing(entry, at_table)
        if entry.went_out is not None and 0 <= entry.went_out < len(names) and entry.went_out not in at_table:
            problems.add(
                "went_out", _("%(name)s is not playing this round.", name=names[entry.went_out]), entry.went_out
            )
    for i, (name, raw) in enumerate(zip(names, entry.pips)):
        try:
            value = read_count(raw)
        except ValueError:
            problems.add(
                "pips",
                _(
                    "%(name)s: “%(typed)s” is not a whole number of pips; enter 0 to %(most)d.",
                    name=name,
                    typed=str(raw)[:10],
                    most=most,
                ),
                i,
            )
            values.append(0)
            continue
        if value is None:
            if entry.went_out == i:
                value = 0
            else:
                problems.add("pips", _("Enter %(name)s's pips (0 if %(name)s went out).", name=name), i)
                values.append(0)
                continue
        if value < 0:
            problems.add("pips", _("%(name)s: pips cannot be negative; enter 0 to %(most)d.", name=name, most=most), i)
        elif value > most:
            problems.add(
                "pips",
                _(
                    "%(name)s: %(value)d is more pips than a hand can hold in this set (at most %(most)d).",
                    name=name,
                    value=value,
                    most=most,
                ),
                i,
            )
        elif entry.went_out == i and value != 0:
            problems.add(
                "pips", _("%(name)s went out, so %(name)s has 0 pips; clear “went out” or enter 0.", name=name), i
            )
        elif value > likely and not entry.confirmed:
            problems.add("confirmed", really(name, value, likely), i)
        values.append(value)
    if entry.went_out is None and not entry.blocked:
        problems.add("went_out", _("Choose who went out, or that the round was blocked."))
    if entry.went_out is not None and not 0 <= entry.went_out < len(names):
        problems.add("went_out", _("The player who went out is not at this table."))
    if entry.blocked and entry.went_out is not None:
        problems.add("went_out", _("A blocked round has nobody who went out; clear one of the two."))
    tiles = kind.check_hand(names, game.set_highest, entry, values, problems)
    _check_house_marks(game, entry, problems)
    Invalid.raise_any(problems)
    return values, tiles


def _check_house_marks(game: AnyGame, entry: RoundEntry, problems: Problems) -> None:
    """What a round says for the game's scoring house rules: each only where the rule is on."""
    scoring = house_rules_of(game).scoring
    if entry.ended_on_double:
        if not scoring.double_end:
            problems.add(
                "ended_on_double",
                _("This game does not count a round ended on a double differently; leave “ended on a double” out."),
            )
        elif entry.went_out is None:
            problems.add(
                "ended_on_double", _("A round ends on a double only when someone goes out with it; choose who did.")
            )
    markers = list(entry.markers or [])
    if any(markers) and not scoring.marker_penalty:
        problems.add("markers", _("This game adds nothing for a marker left on a train; leave the markers out."))
    elif markers and len(markers) != len(game.seats):
        problems.add(
            "markers", _("Say for each of the %(count)d players whether a marker is left.", count=len(game.seats))
        )


def round_points(game: AnyGame, values: Sequence[int], entry: RoundEntry) -> list[int | None]:
    """What the round counts for each seat under the game's scoring house rules; None where that is the pips."""
    scoring = house_rules_of(game).scoring
    markers = entry.marks(len(values))
    counted: list[int | None] = []
    for i, pips in enumerate(values):
        points = scoring.points(
            pips, went_out=entry.went_out == i, ended_on_double=entry.ended_on_double, marker=markers[i]
        )
        counted.append(None if points == pips else points)
    return counted


def _only_playing(entry: RoundEntry, at_table: Sequence[int]) -> RoundEntry:
    """The entry with an empty hand in each seat that does not play the round, whatever was sent for it."""
    seats = set(at_table)
    pips = [raw if i in seats else "0" for i, raw in enumerate(entry.pips)]
    tiles = None if entry.tiles is None else [raw if i in seats else "0" for i, raw in enumerate(entry.tiles)]
    markers = None if entry.markers is None else [bool(m) and i in seats for i, m in enumerate(entry.markers)]
    return replace(entry, pips=pips, tiles=tiles, markers=markers)


def really(name: str, pips: object, likely: object) -> str:
    """The question asked before saving pips above what a hand plausibly holds ("Really 1000 for João?"); the
    round page's script asks the same, filled in with its own values."""
    return " ".join(
        (
            _("Really %(pips)s for %(name)s?", pips=pips, name=name),
            _("A hand rarely holds more than %(most)s pips in this round.", most=likely),
        )
    )


def _per_player(game: AnyGame, values: object, what: str, number: int | None = None) -> list[int]:
    every = [s.name for s in game.seats]
    at_table = set(playing(game, number))
    names = [s.name for s in game.seats if s.position in at_table]
    if not isinstance(values, dict):
        raise Invalid(f'Send "{what}" as an object of player name to {what}, like {{"Ana": 0, "Ben": 23}}.')
    away = [k for k in values if clean_name(k) in every and clean_name(k) not in names]
    if away:
        raise Invalid(
            _(
                "%(name)s does not play this round; send the players at the table: %(players)s.",
                name=cut(away[0]),
                players=", ".join(names),
            )
        )
    unknown = [k for k in values if clean_name(k) not in names]
    if unknown:
        raise Invalid(
            _(
                "%(name)s is not playing in this game; the players are %(players)s.",
                name=cut(unknown[0]),
                players=", ".join(names),
            )
        )
    sent: dict[str, str] = {}
    for key in values:
        if clean_name(key) in sent:  # " Ben " and "Ben": which number is Ben's?
            raise Invalid(
                _(
                    "%(first)s and %(second)s both name %(name)s; send each player once.",
                    first=brief(sent[clean_name(key)]),
                    second=brief(key),
                    name=clean_name(key),
                )
            )
        sent[clean_name(key)] = key
    given = {clean_name(k): v for k, v in values.items()}
    missing = [n for n in names if n not in given]
    if missing:
        raise Invalid(f"{what.capitalize()} for {', '.join(missing)} are missing; send a number for every player.")
    for n in names:
        v = given[n]
        if not isinstance(v, int) or isinstance(v, bool):
            raise Invalid(f"{n}: {what} must be a whole number, not {brief(v)}.")
    # one value per seat: a seat away from the table this round holds an empty hand
    return [given.get(n, 0) for n in every]


def entry_from_json(game: AnyGame, data: Mapping[str, object], number: int | None = None) -> RoundEntry:
    """A RoundEntry from the JSON API's ``{"pips": {"Ana": 0, ...}, "went_out": "Ana", ...}``, checking every
    name. ``number``: the round it is for (None: the round to play next), which says who plays it."""
    names = [s.name for s in game.seats]
    at_table = playing(game, number)
    pips = _per_player(game, data.get("pips"), "pips", number)
    tiles = _per_player(game, data.get("tiles"), "tiles", number) if kind_of(game.kind).wins_hands else None
    went_out, blocked = data.get("went_out"), data.get("blocked", False)
    out: int | None = None
    if went_out is not None:
        if not isinstance(went_out, str) or clean_name(went_out) not in names:
            raise Invalid(f'"went_out" must name one of the players: {", ".join(names[i] for i in at_table)}.')
        out = names.index(clean_name(went_out))
    if not isinstance(blocked, bool):
        raise Invalid('"blocked" must be true or false.')
    if out is None and not blocked:
        raise Invalid(
            'A round ends with a player going out or blocked: send "went_out" with the name of the player who went '
            'out, or "blocked": true when nobody could.'
        )
    ended_on_double = data.get("ended_on_double", False)
    if not isinstance(ended_on_double, bool):
        raise Invalid('"ended_on_double" must be true or false.')
    return RoundEntry(
        pips,
        out,
        blocked,
        tiles,
        ended_on_double=ended_on_double,
        markers=_markers(game, data),
        engine=data.get("engine"),
    )


def _markers(game: AnyGame, data: Mapping[str, object]) -> list[bool] | None:
    """The JSON API's ``"markers": ["Ben"]``: the players whose train still has a marker on it; None when not sent."""
    given = data.get("markers")
    if given is None:
        return None
    names = [s.name for s in game.seats]
    if not isinstance(given, list) or not all(isinstance(n, str) for n in given):
        raise Invalid('Send "markers" as a list of the players whose train still has a marker, like ["Ben"].')
    marked = [clean_name(n) for n in given]
    unknown = [n for n in marked if n not in names]
    if unknown:
        raise Invalid(
            _(
                "%(name)s is not playing in this game; the players are %(players)s.",
                name=cut(unknown[0]),
                players=", ".join(names),
            )
        )
    return [n in marked for n in names]
