"""Mexican Train's move checker: the page's form, the question it reads and the verdict it shows.

The form is a plain GET (see :mod:`scorekeeper.forms.checker`): the engine, every train's open end, marker and
open double, the Mexican train, the tile and where it goes. The question is judged by the rules library's
Mexican Train position, sketched from the taps.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from werkzeug.datastructures import MultiDict

from ... import rules
from ...forms.checker import Seats, at_table
from ...i18n import _
from ...reading import Field
from ...rules import TrainSketch, sketch_position
from ...rules.text import brief
from ...services import GameView
from ...services.checker import Tapped, paragraph_link, sentence, sketch_tapped
from ...services.errors import Invalid
from .kind import MEXICAN_TRAIN

OWN_DOUBLE_PARAGRAPH = "double-follow"
"""Where the reference says what the tile after your own double may do: the paragraph for an open double
that the mover laid this turn (the page's general one, ``RULE_PARAGRAPHS``, is about anybody's double)."""


@dataclass(frozen=True, kw_only=True)
class CheckRequest(Tapped):
    """What a player tapped in on the Mexican Train checker page, already read into game terms."""

    engine: int
    trains: list[TrainSketch]
    mexican: TrainSketch
    move: rules.Move
    laid_double: bool = False
    first_lap: bool = False

    def judge(self) -> CheckResult:
        return check_sketch(self)


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
        own = self.own_double and self.verdict.rule == "double-must-be-covered"
        return paragraph_link(self.verdict, OWN_DOUBLE_PARAGRAPH if own else None)

    def describe(self, move: rules.Move) -> str:
        """A move in words, as the mover sees it ("5-1 on Ana's train")."""
        if move.action != "play" or move.train is None:
            return _("Draw a tile") if move.action == "draw" else _("Pass")
        return _("Lay %(tile)s on %(train)s", tile=str(move.tile), train=self.position.train_name(move.train))


def check_sketch(request: CheckRequest) -> CheckResult:
    """Judge a move on a table described in a few taps; Invalid says which fact is impossible."""
    if request.hand or request.move.tile is None:
        judged: CheckRequest = request
    else:
        # Only the tile to lay was picked: the rest of the hand is unknown, not empty, so the tile is not known
        # to be the last one and a rule about the last tile (no round ending on a double) does not apply.
        judged = replace(request, house_rules={**request.house_rules, "end_on_double": True})
    try:
        pos = sketch_tapped(
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
        message = (
            _("You ticked that you just laid a double: mark it as an open double on the train where it lies.")
            if e.field == "laid_double"  # the one problem the page's boxes can cause
            else sentence(e)
        )
        raise Invalid(message, {Field(e.field): message}) from e
    return CheckResult(verdict, pos.legal_moves(), rules.PRESETS[pos.preset], pos, request.laid_double)


@dataclass
class TrainRow:
    end: int | None = None
    marker: bool = False
    double: bool = False


@dataclass
class CheckForm(Seats):
    """The checker page's state: what to show in every control, and what is wrong."""

    preset: str = "standard"
    highest: int = 12
    engine: int = 12
    names: list[str] = field(default_factory=lambda: [_("Player %(number)d", number=i) for i in range(1, 5)])
    turn: int = 0
    trains: list[TrainRow] = field(default_factory=list)
    mexican: TrainRow = field(default_factory=TrainRow)
    tile: str = ""
    hand: list[str] = field(default_factory=list)
    action: str = "play"
    target: str = ""
    drawn: bool = False
    laid_double: bool = False
    boneyard_empty: bool = False
    first_lap: bool = False
    game: str = ""
    house_rules: Mapping[str, object] = field(default_factory=dict)
    """The engine house rules of the game the checker was opened from, judged with on top of the preset."""
    show_hand: bool = False
    """Show the hand picker (sent only when asked for, or when a hand was given)."""
    submitted: bool = False
    errors: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._fit_trains()

    @classmethod
    def for_game(cls, game: GameView | None) -> CheckForm:
        """A blank form, or one set up for a game in progress: its players, set, rules and next engine."""
        if game is None:
            return cls()
        engine = game.next_round.engine if game.next_round and game.next_round.engine is not None else game.engines[-1]
        names, turn = at_table(game)
        return cls(
            preset=game.rules,
            highest=game.set,
            names=names,
            turn=turn,
            game=game.id,
            engine=engine,
            house_rules=game.house_rules.engine,
        )

    def _fit_trains(self) -> None:
        self.trains = (self.trains + [TrainRow() for _ in self.names])[: len(self.names)]

    def read(self, args: MultiDict[str, str]) -> None:
        """Take what was tapped; anything unreadable becomes a message beside its control."""
        self.submitted = "check" in args
        preset = args.get("rules", self.preset)
        if preset in rules.PRESETS:
            self.preset = preset
        else:
            self.errors["rules"] = _("Unknown rules %(given)s; pick one from the list.", given=brief(preset))
        self.highest = self._choice(args, "set", self.highest, rules.SUPPORTED_SETS)
        self.engine = self._choice(args, "engine", min(self.engine, self.highest), range(self.highest + 1))
        if not self.game:
            count = self._choice(
                args, "players", self.players, range(MEXICAN_TRAIN.min_players, MEXICAN_TRAIN.max_players + 1)
            )
            self.names = [_("Player %(number)d", number=i + 1) for i in range(count)]
        self.turn = self._choice(args, "turn", self.turn, range(self.players))
        self._fit_trains()
        for i, row in enumerate(self.trains):
            row.end = self._end(args, f"end-{i}")
            row.marker = f"marker-{i}" in args
            row.double = f"double-{i}" in args
        self.mexican = TrainRow(self._end(args, "end-m"), False, "double-m" in args)
        self.tile = args.get("tile", "")
        self.hand = [t for t in args.getlist("hand") if t]
        self.show_hand = bool(self.hand) or "pick_hand" in args
        self.action = args.get("action", "play")
        if self.action not in ("play", "draw", "pass"):
            self.errors["action"] = _("Choose lay a tile, draw or pass.")
        self.target = args.get("train", "")
        self.drawn = "drawn" in args
        self.laid_double = "laid_double" in args
        self.boneyard_empty = "boneyard_empty" in args
        self.first_lap = "first_lap" in args

    def request(self) -> CheckRequest | None:
        """The question in game terms, or None (with errors set) when something is missing or wrong."""
        hand: list[rules.Tile] = []
        for text in self.hand:
            tile = self._tile(text, "hand")
            if tile is not None:
                hand.append(tile)
        move: rules.Move | None = None
        if self.action == "play":
            tile = self._tile(self.tile, "tile") if self.tile else None
            if not self.tile:
                self.errors["tile"] = _("Pick the tile you want to lay.")
            train: rules.TrainId | None = None
            if self.target == "mexican":
                train = "mexican"
            elif self.target.isdecimal() and len(self.target) <= 4 and int(self.target) < self.players:
                train = int(self.target)
            else:
                self.errors["train"] = _("Pick the train you want to lay it on.")
            if tile is not None and train is not None:
                move = rules.Move.play(tile, train)
        elif self.action == "draw":
            move = rules.Move.draw()
        elif self.action == "pass":
            move = rules.Move.pass_()
        if self.errors or move is None:
            return None
        return CheckRequest(
            preset=self.preset,
            house_rules=self.house_rules,
            highest=self.highest,
            engine=self.engine,
            names=self.names,
            turn=self.turn,
            trains=[TrainSketch(r.end, r.marker, r.double) for r in self.trains],
            mexican=TrainSketch(self.mexican.end, False, self.mexican.double),
            hand=hand,
            move=move,
            drawn=self.drawn,
            laid_double=self.laid_double,
            boneyard_empty=self.boneyard_empty,
            first_lap=self.first_lap,
        )

    def _choice(self, args: Mapping[str, str], name: str, default: int, allowed: object) -> int:
        raw = args.get(name)
        if raw is None:
            return default
        if raw.strip().isdecimal() and len(raw) <= 4 and int(raw) in allowed:  # type: ignore[operator]
            return int(raw)
        self.errors[name] = _("%(given)s is not one of the choices; pick again.", given=brief(raw))
        return default

    def _end(self, args: Mapping[str, str], name: str) -> int | None:
        raw = args.get(name, "")
        if raw == "":
            return None
        if raw.isdecimal() and len(raw) <= 4 and int(raw) <= self.highest:
            return int(raw)
        self.errors[name] = _("%(given)s is not an end of a double-%(set)d tile.", given=brief(raw), set=self.highest)
        return None


FORM = CheckForm
"""The form the checker page reads."""
