"""What a game read from a file must be before it is stored: the checks a backup's restore and a game's import
share (:func:`.backup.read_document` runs them for both). Each refusal names the value at fault
(``games[3].rounds[2].scores[1].pips``) and says what is wrong with it, in the reader's language.

The tables' own constraints are not enough: a score sheet with a gap in its rounds, negative pips or two players
out of one round is stored without complaint and then answers every page with an error; an id a link cannot
carry, or a counter at the top of the database's integers, leaves a game stored but out of reach.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol

from .. import rules
from ..games import DEFAULT_KIND, KINDS
from ..i18n import _
from ..kinds import GameKind
from .game_view import StoredSeat
from .inputs import clean_name, is_game_id
from .seating import playing

COUNTER_MOST = 1_000_000_000
"""The most a game's change counters (``version``, ``drafts``) may say in a file: far more changes than any game
has, and far enough below the 2,147,483,647 an INTEGER column holds that every later write still fits."""

START_MOST = 1_000_000
"""The most a late joiner may start with: far above any total a real table reaches, and adding rounds to it
stays well inside an INTEGER."""


class FormatError(ValueError):
    """The document cannot be restored; ``path`` says where (``games[3].rounds[0].pips``)."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}" if path else problem)
        self.path = path
        self.problem = problem


class Node(Protocol):
    """A row read from a document (:class:`.backup._Row`): its typed values and the rows nested under it."""

    @property
    def values(self) -> dict[str, Any]: ...
    @property
    def children(self) -> Mapping[str, Sequence[Node]]: ...


def storable_text(doc: object, path: str = "") -> None:
    """Refuse a string anywhere in ``doc`` (a value or a field's name) that no database text can hold: a NUL
    (PostgreSQL refuses it) or half of a surrogate pair (not a character at all; nothing can encode it)."""
    for where, text in _texts(doc, path):
        if "\x00" in text or any("\ud800" <= c <= "\udfff" for c in text):
            raise FormatError(where, _("holds a character no text may hold (a NUL, or half of a surrogate pair)."))


def _texts(doc: object, path: str) -> Iterator[tuple[str, str]]:
    stack = [(path, doc)]
    while stack:  # no recursion: a file nested ten thousand deep is read as calmly as a flat one
        where, value = stack.pop()
        if isinstance(value, str):
            yield where, value
        elif isinstance(value, Mapping):
            for key, inner in value.items():
                yield where, str(key)  # a bad field name is reported where it stands, not echoed
                stack.append((f"{where}.{shown(str(key))}" if where else shown(str(key)), inner))
        elif isinstance(value, list):
            stack.extend((f"{where}[{i}]", inner) for i, inner in enumerate(value))


def shown(text: str, most: int = 40) -> str:
    """A value of the file as a refusal names it: cut short, so that an answer never echoes a long one back."""
    return text if len(text) <= most else text[:most] + "…"


def check_game(game: Node, path: str) -> None:
    """Everything the score sheet and the links rely on beyond the tables' constraints; FormatError names the
    first value that does not fit."""
    values = game.values
    if not is_game_id(values["id"]):
        raise FormatError(f"{path}.id", _("not a game id a link can carry (letters, digits, - and _ only)."))
    for counter in ("version", "drafts"):
        count = values.get(counter)
        if count is not None and not 0 <= count <= COUNTER_MOST:
            raise FormatError(f"{path}.{counter}", _("a count of changes no game reaches."))
    kind = KINDS[values.get("kind") or DEFAULT_KIND.id]
    seats, rounds = game.children["seats"], game.children["rounds"]
    engines = _check_setup(values, kind, len(playing(_Seated(seats, []), 1)), path)
    _check_seats(seats, f"{path}.seats")
    _check_rounds(values, kind, engines, seats, rounds, path)
    _check_drafts(values, kind, seats, game.children.get("draft_scores", ()), path)


def _check_setup(values: dict[str, Any], kind: GameKind, seats: int, path: str) -> tuple[int, ...]:
    """The game's setup as its kind plays it; returns its engines."""
    highest = values.get("set_highest", 12)
    if highest not in kind.sets:
        problem = _("a %(game)s game is not played with a double-%(set)s set.", game=kind.title, set=highest)
        raise FormatError(f"{path}.set_highest", problem)
    preset = values.get("rules", DEFAULT_KIND.default_rules)
    if preset not in kind.presets and preset != kind.default_rules:
        raise FormatError(f"{path}.rules", _("the rules %(rules)s are not known here.", rules=preset))
    if values.get("double_blank", 0) not in rules.DOUBLE_BLANK_VALUES:
        raise FormatError(f"{path}.double_blank", _("the double-blank counts 0, 25 or 50 pips."))
    if not kind.min_players <= seats <= kind.max_players:
        problem = _(
            "%(game)s is played by %(least)d to %(most)d players.",
            game=kind.title,
            least=kind.min_players,
            most=kind.max_players,
        )
        raise FormatError(f"{path}.seats", problem)
    planned = values.get("rounds_planned")
    try:
        engines = kind.engines(highest, bool(values.get("ascending", False)), planned)
        kind.deal(seats, highest, preset)
        fits = planned is None or kind.has_engines or 1 <= planned <= 99
    except (ValueError, KeyError):
        fits = False
    if not fits:
        raise FormatError(f"{path}.rounds_planned", _("its number of rounds, set and players do not fit together."))
    return engines


def _check_seats(seats: Sequence[Node], path: str) -> None:
    for i, s in enumerate(sorted(seats, key=lambda s: s.values["position"])):
        if s.values["position"] != i:
            raise FormatError(f"{path}[{seats.index(s)}].position", _("its seats are not numbered from 0 in order."))
    names: set[str] = set()
    for i, s in enumerate(seats):
        joined, left = s.values.get("joined_round"), s.values.get("left_round")
        if joined is not None and joined < 1:
            raise FormatError(f"{path}[{i}].joined_round", _("a player joins or leaves at a round that cannot be."))
        if left is not None and left < (joined or 1):
            raise FormatError(f"{path}[{i}].left_round", _("a player joins or leaves at a round that cannot be."))
        if not 0 <= s.values.get("start_total", 0) <= START_MOST:
            raise FormatError(f"{path}[{i}].start_total", _("a total no table reaches."))
        name = s.values["name"]
        garbled = any(unicodedata.category(c).startswith("C") for c in name)  # as a name typed here may not be
        if not name or clean_name(name) != name or garbled or name.casefold() in names:
            problem = _("its players' names are empty, padded with spaces, garbled, or the same twice.")
            raise FormatError(f"{path}[{i}].name", problem)
        names.add(name.casefold())


def _check_rounds(
    values: dict[str, Any],
    kind: GameKind,
    engines: tuple[int, ...],
    seats: Sequence[Node],
    rounds: Sequence[Node],
    path: str,
) -> None:
    total = kind.rounds_total(engines, values.get("rounds_planned"))
    for i, r in enumerate(rounds):
        # the numbers are unique (checked before): each within 1 to the count of rounds leaves no gap
        if not 1 <= r.values["number"] <= min(len(rounds), total if total is not None else len(rounds)):
            problem = _("its rounds are not numbered from 1 in order, or there are more than the game has.")
            raise FormatError(f"{path}.rounds[{i}].number", problem)
    highest = values.get("set_highest", 12)
    seated = _Seated(seats, rounds)
    for i, r in enumerate(rounds):
        number = r.values["number"]
        where = f"{path}.rounds[{i}]"
        engine = engines[number - 1] if engines else None
        if r.values.get("engine") != engine:
            raise FormatError(f"{where}.engine", _("round %(number)d does not have this game's engine.", number=number))
        scores = r.children["scores"]
        at_table = playing(seated, number)
        for s, score in enumerate(scores):
            if score.values["seat_position"] not in at_table:
                problem = _("round %(number)d has a score for a player who did not play it.", number=number)
                raise FormatError(f"{where}.scores[{s}].seat_position", problem)
        if len(scores) != len(at_table):
            problem = _("round %(number)d does not have a score for every player.", number=number)
            raise FormatError(f"{where}.scores", problem)
        most = kind.most_pips(highest, engine, values.get("double_blank", 0))
        out = None
        for s, score in enumerate(scores):
            _check_score(score.values, kind, most, number, f"{where}.scores[{s}]")
            if score.values.get("went_out"):
                if out is not None:
                    problem = _("more than one player went out in round %(number)d.", number=number)
                    raise FormatError(f"{where}.scores[{s}].went_out", problem)
                if r.values.get("blocked"):
                    problem = _("round %(number)d was blocked, so nobody went out of it.", number=number)
                    raise FormatError(f"{where}.scores[{s}].went_out", problem)
                out = s


def _check_drafts(
    values: dict[str, Any], kind: GameKind, seats: Sequence[Node], drafts: Sequence[Node], path: str
) -> None:
    """The pips sent so far for a round being filled in: each for a seat of the game, once, in range. (Not
    checked against the round to play next: a draft left from a round since undone is kept, and ignored.)"""
    positions = {s.values["position"] for s in seats}
    most = kind.most_pips(values.get("set_highest", 12), None, values.get("double_blank", 0))
    seen: set[int] = set()
    for d, draft in enumerate(drafts):
        where = f"{path}.draft_scores[{d}]"
        position = draft.values["seat_position"]
        if position in seen or position not in positions:
            raise FormatError(f"{where}.seat_position", _("no seat has this position, or it is there twice."))
        seen.add(position)
        pips, tiles = draft.values["pips"], draft.values.get("tiles")
        if not 0 <= pips <= most or (tiles is not None and not 0 <= tiles <= 1000):
            raise FormatError(where, _("pips sent for the round being filled in are out of range."))


def _check_score(score: dict[str, Any], kind: GameKind, most: int, number: int, path: str) -> None:
    pips, tiles = score["pips"], score.get("tiles")
    if not 0 <= pips <= most:
        raise FormatError(f"{path}.pips", _("round %(number)d has pips out of range.", number=number))
    if score.get("went_out") and pips != 0:
        raise FormatError(f"{path}.pips", _("whoever went out of round %(number)d has 0 pips.", number=number))
    if tiles is not None and not 0 <= tiles <= 1000:
        raise FormatError(f"{path}.tiles", _("round %(number)d has pips out of range.", number=number))
    if kind.wins_hands and tiles is None:
        raise FormatError(f"{path}.tiles", _("hand %(number)d lacks the tiles left.", number=number))


class _Seated:
    """A document's seats and rounds, as :func:`.seating.playing` reads a game."""

    def __init__(self, seats: Sequence[Node], rounds: Sequence[Node]) -> None:
        self.seats = [
            StoredSeat(
                s.values["position"],
                s.values["name"],
                s.values.get("joined_round"),
                s.values.get("start_total") or 0,
                s.values.get("left_round"),
            )
            for s in sorted(seats, key=lambda s: s.values["position"])
        ]
        self.rounds = list(rounds)
