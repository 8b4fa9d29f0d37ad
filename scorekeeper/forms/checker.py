"""Reading the move checkers' plain GET forms into the questions services judge.

The checker is a question, not a change, so its form is a GET: it works without JavaScript, the back
button keeps what was tapped, and a verdict can be shared as a link. Everything here is parsing;
judging is services.check_tapped. Each game kind has its own form (:data:`CHECKER_FORMS`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from werkzeug.datastructures import MultiDict

from .. import rules
from ..games.mexican_train import KIND as MEXICAN_TRAIN
from ..games.super_domino import KIND as SUPER_DOMINO
from ..i18n import _
from ..kinds import GameKind
from ..rules import SuperMove, TrainSketch
from ..rules.text import brief
from ..services import CheckRequest, GameView, SuperCheckRequest


class _Seats:
    """What both checker forms work out the same way from their names and set."""

    names: list[str]
    highest: int
    errors: dict[str, str]

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def tiles(self) -> list[list[str]]:
        """The set's tiles as rows by their higher end, for the pickers."""
        return [[f"{hi}-{lo}" for lo in range(hi, -1, -1)] for hi in range(self.highest, -1, -1)]

    def _tile(self, text: str, name: str) -> rules.Tile | None:
        try:
            tile = rules.Tile.parse(text)
        except ValueError:
            self.errors[name] = _("%(given)s is not a tile; pick it on the picker.", given=brief(text))
            return None
        if tile.high > self.highest:
            self.errors[name] = _("%(tile)s is not in a double-%(set)d set.", tile=str(tile), set=self.highest)
            return None
        return tile


@dataclass
class TrainRow:
    end: int | None = None
    marker: bool = False
    double: bool = False


def _at_table(game: GameView) -> tuple[list[str], int]:
    """The players of the round to play next, in seat order (a late joiner from their first round, a player who
    left no more), and which of them plays first as the table screen names it: the dealer's rule of the game
    (``NextRound.leader``); the first of them when a rule decides it at the table (whoever holds the engine)."""
    names = list(game.at_table)
    leader = game.next_round.leader if game.next_round is not None else None
    return names, names.index(leader) if leader in names else 0


@dataclass
class CheckForm(_Seats):
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
        names, turn = _at_table(game)
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


EDGE_SLOTS = 8
"""Open edges the Super Domino checker offers: the spinner's four to six and a few more."""


@dataclass
class SuperCheckForm(_Seats):
    """The Super Domino checker: open edges, the spell, direction, the move, the hand."""

    preset: str = "german"
    names: list[str] = field(default_factory=lambda: [_("Player %(number)d", number=i) for i in range(1, 5)])
    turn: int = 0
    direction: str = "left"
    edges: list[int | None] = field(default_factory=lambda: [None] * EDGE_SLOTS)
    spell: list[int] = field(default_factory=list)
    tile: str = ""
    edge: str = ""
    hand: list[str] = field(default_factory=list)
    action: str = "play"
    drawn: bool = False
    boneyard_empty: bool = False
    show_hand: bool = False
    game: str = ""
    submitted: bool = False
    errors: dict[str, str] = field(default_factory=dict)

    highest: int = 15

    @classmethod
    def for_game(cls, game: GameView | None) -> SuperCheckForm:
        """A blank form, or one set up for a game in progress: its players."""
        if game is None:
            return cls()
        names, turn = _at_table(game)
        return cls(names=names, turn=turn, game=game.id)

    @property
    def slots(self) -> int:
        """How many open edges to offer: doubles that do not branch leave exactly the spinner's edges open."""
        options = rules.SUPER_PRESETS[self.preset].options
        return options.spinner_edges if options.double_edges == 1 else EDGE_SLOTS

    def read(self, args: MultiDict[str, str]) -> None:
        """Take what was tapped; what cannot be read falls back to the default."""
        self.submitted = "check" in args
        preset = args.get("rules", self.preset)
        if preset in rules.SUPER_PRESETS:
            self.preset = preset
        else:
            self.errors["rules"] = _("Unknown rules %(given)s; pick one from the list.", given=brief(preset))
        if not self.game:
            raw = args.get("players", "")
            if raw.isdecimal() and len(raw) <= 4 and SUPER_DOMINO.min_players <= int(raw) <= SUPER_DOMINO.max_players:
                self.names = [_("Player %(number)d", number=i + 1) for i in range(int(raw))]
        raw_turn = args.get("turn", str(self.turn))  # not asked: whoever the game says plays first
        self.turn = int(raw_turn) if raw_turn.isdecimal() and len(raw_turn) <= 4 and int(raw_turn) < self.players else 0
        self.direction = "right" if args.get("direction") == "right" else "left"
        for i in range(EDGE_SLOTS):
            raw = args.get(f"edge-{i}", "")
            self.edges[i] = int(raw) if raw.isdecimal() and len(raw) <= 4 and int(raw) <= self.highest else None
        self.spell = [i for i in range(EDGE_SLOTS) if f"spell-{i}" in args and self.edges[i] is not None]
        self.tile = args.get("tile", "")
        self.edge = args.get("edge", "")
        self.hand = [t for t in args.getlist("hand") if t]
        self.show_hand = bool(self.hand) or "pick_hand" in args
        self.action = args.get("action", "play") if args.get("action") in ("play", "draw", "pass") else "play"
        self.drawn = "drawn" in args
        self.boneyard_empty = "boneyard_empty" in args

    def request(self) -> SuperCheckRequest | None:
        """The question in game terms, or None (with errors set) when something is missing or wrong."""
        filled = [i for i, e in enumerate(self.edges) if e is not None]
        ids = {slot: n for n, slot in enumerate(filled)}  # the slots with a number, renumbered
        hand: list[rules.Tile] = []
        for text in dict.fromkeys(self.hand):
            tile = self._tile(text, "hand")
            if tile is not None:
                hand.append(tile)
        move: SuperMove | None = None
        if self.action == "play":
            tile = self._tile(self.tile, "tile") if self.tile else None
            if not self.tile:
                self.errors["tile"] = _("Pick the tile you want to lay.")
            if self.edge == "spinner":
                move = SuperMove.spinner(tile) if tile is not None else None
            elif self.edge.isdecimal() and len(self.edge) <= 4 and int(self.edge) in ids:
                move = SuperMove.play(tile, ids[int(self.edge)]) if tile is not None else None
            else:
                self.errors["edge"] = _("Pick the open edge you want to lay it against.")
        elif self.action == "draw":
            move = SuperMove.draw()
        else:
            move = SuperMove.pass_()
        if self.errors or move is None:
            return None
        return SuperCheckRequest(
            preset=self.preset,
            highest=self.highest,
            names=self.names,
            turn=self.turn,
            direction=self.direction,
            edges=[e for e in self.edges if e is not None],
            spell=[ids[i] for i in self.spell],
            hand=hand,
            move=move,
            drawn=self.drawn,
            boneyard_empty=self.boneyard_empty,
        )


CHECKER_FORMS: Mapping[str, type[CheckForm] | type[SuperCheckForm]] = {
    MEXICAN_TRAIN.id: CheckForm,
    SUPER_DOMINO.id: SuperCheckForm,
}
"""game kind id -> the form its checker page reads."""


def checker_form(kind: GameKind, game: GameView | None) -> CheckForm | SuperCheckForm:
    """The checker form for a game kind, set up for a game in progress when there is one."""
    return CHECKER_FORMS[kind.id].for_game(game)
