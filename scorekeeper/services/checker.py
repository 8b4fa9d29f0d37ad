"""Settling it at the table: the move checker (both games) and the deal lookup."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from .. import rules
from ..games import DEFAULT_KIND, KINDS, kind_with_rules
from ..i18n import _
from ..kinds import GameKind
from ..reading import Field
from ..rules import (
    AnyPosition,
    SuperMove,
    SuperPosition,
    TrainSketch,
    read_position,
    sketch_position,
    sketch_super_position,
)
from ..rules.text import brief
from .errors import Invalid
from .reference import ANCHOR_PAGES, RULE_PARAGRAPHS, reference_url


def reference_link(anchor: str) -> str:
    """The rules reference page and anchor that explain a verdict: "/rules#doubles"."""
    return reference_url(anchor)


OWN_DOUBLE_PARAGRAPH = "double-follow"
"""Where the reference says what the tile after your own double may do: the paragraph for an open double
that the mover laid this turn (the page's general one, ``RULE_PARAGRAPHS``, is about anybody's double)."""


def paragraph_link(verdict: rules.Verdict, *, own_double: bool = False) -> str:
    """The reference paragraph that states a verdict's rule ("/rules#double-uncovered"), or the rule's section
    where the page has no paragraph for it. ``own_double``: the mover laid the open double this turn."""
    paragraph = RULE_PARAGRAPHS.get(verdict.rule, verdict.anchor)
    if own_double and verdict.rule == "double-must-be-covered":
        paragraph = OWN_DOUBLE_PARAGRAPH
    return reference_link(paragraph if paragraph in ANCHOR_PAGES else verdict.anchor)


def _read_position(position: object) -> AnyPosition:
    """A position of either game from JSON; Invalid names the field at fault."""
    try:
        return read_position(position)
    except rules.FormatError as e:
        raise Invalid(str(e)) from e
    except rules.DealError as e:
        raise Invalid(f"position: {e}") from e


def check_json(position: object, move: object) -> dict[str, object]:
    """The JSON checker: verdict, rule id, reason and the reference link; Invalid names what is wrong."""
    pos = _read_position(position)
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
    """Every legal move in a position of either game, as JSON; Invalid names what is wrong with the position."""
    return list(_read_position(position).legal_moves_json())


P = TypeVar("P")


@dataclass(frozen=True, kw_only=True)
class _Tapped:
    """What both checker pages ask the same way: rules, set, seats, whose turn, the hand and this turn so far."""

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


def _sketch(sketch: Callable[..., P], request: _Tapped, tile: rules.Tile | None, **table: object) -> P:
    """The position a checker page describes, from the game's ``sketch``: the facts both games share, and
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


@dataclass(frozen=True, kw_only=True)
class CheckRequest(_Tapped):
    """What a player tapped in on the Mexican Train checker page, already read into game terms."""

    engine: int
    trains: list[TrainSketch]
    mexican: TrainSketch
    move: rules.Move
    laid_double: bool = False
    first_lap: bool = False


@dataclass(frozen=True)
class CheckResult:
    """A verdict with what the checker page shows around it."""

    verdict: rules.Verdict
    moves: list[rules.Move]
    preset: rules.Preset
    position: rules.Position
    own_double: bool = False
    """The mover laid the double that is still open (this turn so far)."""

    @property
    def reference(self) -> str:
        """The rules page and paragraph that explain the verdict."""
        return paragraph_link(self.verdict, own_double=self.own_double)

    def describe(self, move: rules.Move) -> str:
        """A move in words, as the mover sees it ("5-1 on Ana's train")."""
        if move.action != "play" or move.train is None:
            return _("Draw a tile") if move.action == "draw" else _("Pass")
        return _("Lay %(tile)s on %(train)s", tile=str(move.tile), train=self.position.train_name(move.train))


_IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def _sentence(error: rules.FormatError) -> str:
    """An impossible table in a player's words. The engine's position problems are written for JSON
    ("... so open_doubles cannot be empty"): the one the checker's boxes can cause gets a sentence of its own,
    and any other identifier left in a problem is spelt as words."""
    if error.field == "laid_double":
        return _("You ticked that you just laid a double: mark it as an open double on the train where it lies.")
    problem = _IDENTIFIER.sub(lambda m: m.group(0).replace("_", " "), error.problem)
    return f"{problem[:1].upper()}{problem[1:]}."


def check_sketch(request: CheckRequest) -> CheckResult:
    """Judge a move on a table described in a few taps; Invalid says which fact is impossible."""
    if request.hand or request.move.tile is None:
        judged: CheckRequest = request
    else:
        # Only the tile to lay was picked: the rest of the hand is unknown, not empty, so the tile is not known
        # to be the last one and a rule about the last tile (no round ending on a double) does not apply.
        judged = replace(request, house_rules={**request.house_rules, "end_on_double": True})
    try:
        pos = _sketch(
            sketch_position,
            judged,
            request.move.tile,
            engine=request.engine,
            trains=request.trains,
            mexican=request.mexican,
            laid_double=request.laid_double,
            first_lap=request.first_lap,
        )
        verdict = pos.check(request.move)
    except rules.FormatError as e:
        message = _sentence(e)
        raise Invalid(message, {Field(e.field): message}) from e
    return CheckResult(verdict, pos.legal_moves(), rules.PRESETS[pos.preset], pos, request.laid_double)


@dataclass(frozen=True, kw_only=True)
class SuperCheckRequest(_Tapped):
    """What a player tapped in on the Super Domino checker page, already read into game terms."""

    direction: str
    edges: list[int]
    """The numbers showing on the open edges, in order; none before the fat spinner is down."""
    spell: list[int]
    """Indexes into ``edges`` of the 13s whose spell is on."""
    move: SuperMove


@dataclass(frozen=True)
class SuperCheckResult:
    """A Super Domino verdict with what the checker page shows around it."""

    verdict: rules.Verdict
    moves: list[SuperMove]
    preset: rules.SuperPreset
    position: SuperPosition

    @property
    def reference(self) -> str:
        """The rules page and paragraph that explain the verdict."""
        return paragraph_link(self.verdict)

    def describe(self, move: SuperMove) -> str:
        """A move in words, as the mover sees it ("Lay 9-9 on edge 3 (showing 13)")."""
        if move.action == "draw":
            return _("Draw")
        if move.action == "pass":
            return _("Pass")
        if move.edge is None:
            return _("Lay %(tile)s as the fat spinner", tile=str(move.tile))
        return _(
            "Lay %(tile)s on edge %(edge)d (showing %(pips)d)",
            tile=str(move.tile),
            edge=move.edge + 1,
            pips=self.position.edges[move.edge],
        )


def check_super(request: SuperCheckRequest) -> SuperCheckResult:
    """Judge a Super Domino move on a table described in a few taps; Invalid says which fact is impossible."""
    try:
        pos = _sketch(
            sketch_super_position,
            request,
            request.move.tile,
            direction=request.direction,
            edges=request.edges,
            spell=request.spell,
        )
        verdict = pos.check(request.move)
    except rules.FormatError as e:
        raise Invalid(_sentence(e)) from e
    return SuperCheckResult(verdict, pos.legal_moves(), rules.SUPER_PRESETS[pos.preset], pos)


def check_tapped(question: CheckRequest | SuperCheckRequest) -> CheckResult | SuperCheckResult:
    """Judge what was tapped in on either game's checker page; Invalid says which fact is impossible."""
    if isinstance(question, SuperCheckRequest):
        return check_super(question)
    return check_sketch(question)


@dataclass(frozen=True)
class DealAnswer:
    """How many tiles each player draws and how many stay in the boneyard, or why the set cannot deal."""

    players: int
    highest: int
    kind: GameKind
    """The game the rules are for: Mexican Train's presets, or Super Domino's."""
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


def deal_lookup(players: int, highest: int | None = None, preset: str = "standard") -> DealAnswer:
    """Tiles each and the boneyard left for this many players under any game's preset (with the game's usual set
    when ``highest`` is None); a set that cannot deal says so in ``problem``."""
    kind = deal_rules(preset)
    highest = kind.default_set if highest is None else highest
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
"""Beyond any table a set deals for (double-18 Super Domino seats 21): where the deal table stops looking."""


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
