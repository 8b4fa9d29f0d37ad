"""Settling it at the table: what every game's move checker shares, and the deal lookup.

Each game's checker page (its form, its question and its verdict) is its own: ``scorekeeper/games/<game>/checker.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from .. import rules
from ..games import DEFAULT_KIND, KINDS, kind_with_rules
from ..i18n import _
from ..kinds import GameKind
from ..rules import AnyPosition, read_position
from ..rules.text import brief
from .errors import Invalid
from .reference import ANCHOR_PAGES, RULE_PARAGRAPHS, reference_url


def reference_link(anchor: str) -> str:
    """The rules reference page and anchor that explain a verdict: "/rules#doubles"."""
    return reference_url(anchor)


def paragraph_link(verdict: rules.Verdict, paragraph: str | None = None) -> str:
    """The reference paragraph that states a verdict's rule ("/rules#double-uncovered"), or the rule's section
    where the page has no paragraph for it. ``paragraph``: the one a game's checker knows says it better here."""
    paragraph = paragraph or RULE_PARAGRAPHS.get(verdict.rule, verdict.anchor)
    return reference_link(paragraph if paragraph in ANCHOR_PAGES else verdict.anchor)


def read_position_json(position: object) -> AnyPosition:
    """A position of any game from JSON, read by its game's kind; Invalid names the field at fault."""
    game = position.get("game") if isinstance(position, Mapping) else None
    kind = KINDS.get(game) if isinstance(game, str) else None
    reader: Callable[[object], AnyPosition] = read_position if kind is None else kind.read_position
    try:
        return reader(position)
    except rules.FormatError as e:
        raise Invalid(str(e)) from e
    except rules.DealError as e:
        raise Invalid(f"position: {e}") from e


def check_json(position: object, move: object) -> dict[str, object]:
    """The JSON checker: verdict, rule id, reason and the reference link; Invalid names what is wrong."""
    pos = read_position_json(position)
    try:
        verdict = pos.check_json(move)
    except rules.FormatError as e:
        raise Invalid(str(e)) from e
    return {
        "legal": verdict.legal,
        "rule": verdict.rule,
        "reason": verdict.reason,
        "reference": reference_link(verdict.anchor),
    }


def legal_moves_json(position: object) -> list[dict[str, object]]:
    """Every legal move in a position of any game, as JSON; Invalid names what is wrong with the position."""
    return list(read_position_json(position).legal_moves_json())


P = TypeVar("P")


@dataclass(frozen=True, kw_only=True)
class Tapped:
    """What every checker page asks the same way: rules, set, seats, whose turn, the hand and this turn so far."""

    preset: str
    highest: int
    names: list[str]
    turn: int
    hand: list[rules.Tile]
    """The rest of the mover's hand: the tile to lay joins it when it is not in it."""
    drawn: bool = False
    boneyard_empty: bool = False
    house_rules: Mapping[str, object] = field(default_factory=dict)
    """Engine options the game changed from its preset (its house rules); the checker judges with them."""


def sketch_tapped(sketch: Callable[..., P], request: Tapped, tile: rules.Tile | None, **table: object) -> P:
    """The position a checker page describes, from the game's ``sketch``: the facts every game shares, and
    ``table``, the game's own. A player who picks only the tile to lay still holds it."""
    hand = request.hand if tile is None or tile in request.hand else [tile, *request.hand]
    return sketch(
        rules={"preset": request.preset, **request.house_rules} if request.house_rules else request.preset,
        highest=request.highest,
        players=len(request.names),
        turn=request.turn,
        hand=hand,
        drawn=request.drawn,
        boneyard_empty=request.boneyard_empty,
        names=request.names,
        **table,
    )


class Judging(Protocol):
    """A position a checker page sketched: it judges a move."""

    def check(self, move: Any) -> rules.Verdict: ...


J = TypeVar("J", bound=Judging)


def judge_tapped(
    sketch: Callable[..., J], request: Tapped, move: Any, tile: rules.Tile | None, **table: object
) -> tuple[J, rules.Verdict]:
    """The position a checker page describes (see :func:`sketch_tapped`) and the verdict on ``move`` there;
    Invalid, in the player's words, for a table that cannot be."""
    try:
        pos = sketch_tapped(sketch, request, tile, **table)
        return pos, pos.check(move)
    except rules.FormatError as e:
        raise Invalid(sentence(e)) from e


@dataclass(frozen=True)
class Judged:
    """A verdict with what every game's checker page shows around it; a game's answer adds its moves."""

    verdict: rules.Verdict

    @property
    def reference(self) -> str:
        """The rules page and paragraph that explain the verdict."""
        return paragraph_link(self.verdict)

    @staticmethod
    def turn_words(action: str) -> str | None:
        """A draw or a pass in words, as every game says them; None for a tile laid (the game's own words)."""
        return _("Draw") if action == "draw" else _("Pass") if action == "pass" else None


_IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def sentence(error: rules.FormatError) -> str:
    """An impossible table in a player's words. The engine's position problems are written for JSON
    ("... so open_doubles cannot be empty"): any identifier left in a problem is spelt as words (a game's checker
    gives the problems its own boxes can cause a sentence of their own)."""
    problem = _IDENTIFIER.sub(lambda m: m.group(0).replace("_", " "), error.problem)
    return f"{problem[:1].upper()}{problem[1:]}."


class TappedAnswer(Protocol):
    """A verdict with what a game's checker page shows around it (its template reads the rest)."""

    @property
    def verdict(self) -> rules.Verdict: ...

    @property
    def reference(self) -> str:
        """The rules page and paragraph that explain the verdict."""
        ...


class TappedQuestion(Protocol):
    """What a player tapped in on a game's checker page, read into that game's terms by its form."""

    def judge(self) -> TappedAnswer:
        """The verdict; Invalid says which fact of the table is impossible."""
        ...


def check_tapped(question: TappedQuestion) -> TappedAnswer:
    """Judge what was tapped in on a game's checker page; Invalid says which fact is impossible."""
    return question.judge()


@dataclass(frozen=True)
class DealAnswer:
    """How many tiles each player draws and how many stay in the boneyard, or why the set cannot deal."""

    players: int
    highest: int
    kind: GameKind
    """The game the rules are for: the one whose presets include them."""
    preset: rules.NamedRules[Any]
    tiles_each: int | None
    boneyard: int | None
    problem: str | None
    """Why this set cannot deal for this many players, and which set to use."""

    def to_json(self) -> dict[str, object]:
        """The answer of ``GET /api/v1/deal``."""
        return {
            "players": self.players,
            "set": self.highest,
            "rules": self.preset.name,
            "game": self.kind.id,
            "tiles_each": self.tiles_each,
            "boneyard": self.boneyard,
        }


def deal_rules(preset: str) -> GameKind:
    """The game whose rules ``preset`` names, asked of every game's presets; Invalid names the rules there are."""
    kind = kind_with_rules(preset)
    if kind is None:
        every = [name for k in KINDS.values() for name in k.presets]
        raise Invalid(
            _("Unknown rules %(given)s; choose one of %(presets)s.", given=brief(preset), presets=", ".join(every))
        )
    return kind


def deal_lookup(players: int, highest: int | None = None, preset: str = DEFAULT_KIND.default_rules) -> DealAnswer:
    """Tiles each and the boneyard left for this many players under any game's preset (with the game's usual set
    when ``highest`` is None); a set that cannot deal says so in ``problem``."""
    kind = deal_rules(preset)
    highest = kind.preset_set(preset) if highest is None else highest
    if highest not in rules.SUPPORTED_SETS:
        raise Invalid(
            _(
                "double-%(set)d is not a set we know; choose one of %(sets)s.",
                set=highest,
                sets=", ".join(str(n) for n in rules.SUPPORTED_SETS),
            )
        )
    named = kind.presets[preset]
    try:
        each = kind.deal(players, highest, preset)
        left = kind.boneyard(players, highest, preset)
    except rules.DealError as e:
        text = str(e)
        return DealAnswer(players, highest, kind, named, None, None, text[0].upper() + text[1:] + ".")
    return DealAnswer(players, highest, kind, named, each, left, None)


MOST_SEATS = 40
"""Beyond any table a set deals for (the largest sets seat about 21): where the deal table stops looking."""


def deal_table(highest: int, kind: GameKind = DEFAULT_KIND) -> list[tuple[int, dict[str, int | None]]]:
    """Every player count one of the game's presets deals for with this set, and each preset's tiles per player."""
    rows = []
    for players in range(2, MOST_SEATS + 1):
        by: dict[str, int | None] = {}
        for name in kind.presets:
            try:
                by[name] = kind.deal(players, highest, name)
            except rules.DealError:
                by[name] = None
        if any(n is not None for n in by.values()):
            rows.append((players, by))
    return rows
