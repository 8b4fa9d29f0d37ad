"""Settling it at the table: the move checker (both games) and the deal lookup."""

from __future__ import annotations

from dataclasses import dataclass

from .. import rules
from ..i18n import _
from ..rules import TrainSketch, sketch_position
from ..rules.games import AnyPosition, read_position
from ..rules.super_options import SUPER_PRESETS
from ..rules.super_position import SuperPosition
from .errors import Invalid
from .games import SUPER_DOMINO

def reference_link(anchor: str) -> str:
    """The rules reference page and anchor that explain a verdict: "/rules#doubles", "/rules/super-domino#super-domino-spell"."""
    from ..views.reference import reference_url  # here, not at the top: the views import this module

    return reference_url(anchor)


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
            return _("Draw a tile") if move.action == "draw" else _("Pass")
        return _("Lay %(tile)s on %(train)s", tile=str(move.tile), train=self.position.train_name(move.train))


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
    return {"legal": verdict.legal, "rule": verdict.rule, "reason": verdict.reason,
            "reference": reference_link(verdict.anchor)}


def legal_moves_json(position: object) -> list[dict[str, object]]:
    return list(_read_position(position).legal_moves_json())


@dataclass(frozen=True)
class SuperCheckResult:
    """A Super Domino verdict with what the checker page shows around it."""

    verdict: rules.Verdict
    moves: list[dict[str, object]]
    preset_title: str
    position: SuperPosition

    @property
    def reference(self) -> str:
        return reference_link(self.verdict.anchor)

    def describe(self, move: dict[str, object]) -> str:
        if move.get("action") == "draw":
            return _("Draw")
        if move.get("action") == "pass":
            return _("Pass")
        edge = move.get("edge")
        if not isinstance(edge, int):
            return _("Lay %(tile)s as the fat spinner", tile=str(move.get("tile")))
        return _("Lay %(tile)s on edge %(edge)d (showing %(pips)d)", tile=str(move.get("tile")), edge=edge + 1,
                 pips=self.position.edges[edge])


def check_super(position: dict[str, object], move: dict[str, object]) -> SuperCheckResult:
    """Judge a Super Domino move described on the checker page."""
    pos = _read_position({"game": SUPER_DOMINO, **position})
    assert isinstance(pos, SuperPosition)
    try:
        verdict = pos.check_json(move)
    except rules.FormatError as e:
        raise Invalid(f"{e.problem[0].upper()}{e.problem[1:]}.", {e.field: e.problem}) from e
    preset = SUPER_PRESETS.get(pos.preset)
    return SuperCheckResult(verdict, list(pos.legal_moves_json()), preset.display_title if preset else pos.preset, pos)


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
        raise Invalid(_("Unknown rules %(given)s; choose one of %(presets)s.", given=repr(preset), presets=", ".join(rules.PRESETS)))
    if highest not in rules.SUPPORTED_SETS:
        raise Invalid(_("double-%(set)d is not a set we know; choose one of %(sets)s.", set=highest,
                        sets=", ".join(str(n) for n in rules.SUPPORTED_SETS)))
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
