"""Super Domino's move checker: the page's form, the question it reads and the verdict it shows.

The form is a plain GET (see :mod:`scorekeeper.forms.checker`): the open edges and the numbers they show, the
spell, the direction of play, the tile and the edge it goes against.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from werkzeug.datastructures import MultiDict

from ... import rules
from ...forms.checker import PlacesForm, at_table, filled
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
class SuperCheckForm(PlacesForm):
    """The Super Domino checker: open edges, the spell, direction, the move, the hand."""

    preset: str = "german"
    direction: str = "left"
    edges: list[int | None] = field(default_factory=lambda: [None] * EDGE_SLOTS)
    spell: list[int] = field(default_factory=list)
    edge: str = ""

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
        self._read_seats(args, SUPER_DOMINO)
        self.direction = "right" if args.get("direction") == "right" else "left"
        self.edges = self._read_places(args, "edge", EDGE_SLOTS)
        self.spell = [i for i in range(EDGE_SLOTS) if f"spell-{i}" in args and self.edges[i] is not None]
        self.edge = args.get("edge", "")
        self._read_turn(args)

    def request(self) -> SuperCheckRequest | None:
        """The question in game terms, or None (with errors set) when something is missing or wrong."""
        ids = filled(self.edges)
        tapped = self._tapped()
        move = self._move(SuperMove, self.edge, ids, _("Pick the open edge you want to lay it against."))
        if self.errors or move is None:
            return None
        edges = [e for e in self.edges if e is not None]
        spell = [ids[i] for i in self.spell]
        return SuperCheckRequest(**tapped, direction=self.direction, edges=edges, spell=spell, move=move)


FORM = SuperCheckForm
"""The form the checker page reads."""
