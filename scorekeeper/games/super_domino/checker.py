"""Super Domino's move checker: the page's form, the question it reads and the verdict it shows.

The form is a plain GET (see :mod:`scorekeeper.forms.checker`): the open edges and the numbers they show, the
spell, the direction of play, the tile and the edge it goes against.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from werkzeug.datastructures import MultiDict

from ... import rules
from ...forms.checker import Seats, at_table
from ...i18n import _
from ...rules import SuperMove, SuperPosition, sketch_super_position
from ...rules.text import brief
from ...services import GameView
from ...services.checker import Judged, Tapped, judge_tapped
from .kind import SUPER_DOMINO


@dataclass(frozen=True, kw_only=True)
class SuperCheckRequest(Tapped):
    """What a player tapped in on the Super Domino checker page, already read into game terms."""

    direction: str
    edges: list[int]
    """The numbers showing on the open edges, in order; none before the fat spinner is down."""
    spell: list[int]
    """Indexes into ``edges`` of the 13s whose spell is on."""
    move: SuperMove

    def judge(self) -> SuperCheckResult:
        return check_super(self)


@dataclass(frozen=True)
class SuperCheckResult(Judged):
    """A Super Domino verdict with what the checker page shows around it."""

    moves: list[SuperMove]
    preset: rules.SuperPreset
    position: SuperPosition

    def describe(self, move: SuperMove) -> str:
        """A move in words, as the mover sees it ("Lay 9-9 on edge 3 (showing 13)")."""
        if (turn := self.turn_words(move.action)) is not None:
            return turn
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
    table = {"direction": request.direction, "edges": request.edges, "spell": request.spell}
    pos, verdict = judge_tapped(sketch_super_position, request, request.move, request.move.tile, **table)
    return SuperCheckResult(verdict, pos.legal_moves(), rules.SUPER_PRESETS[pos.preset], pos)


EDGE_SLOTS = 8
"""Open edges the Super Domino checker offers: the spinner's four to six and a few more."""


@dataclass
class SuperCheckForm(Seats):
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
        names, turn = at_table(game)
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


FORM = SuperCheckForm
"""The form the checker page reads."""
