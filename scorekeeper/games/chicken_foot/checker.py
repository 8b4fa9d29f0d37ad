"""Chicken Foot's move checker: the page's form, the question it reads, the verdict and the picture it shows.

The form is a plain GET (see :mod:`scorekeeper.forms.checker`): the round's double, the number showing on each
open end and which ends still wait for a tile (the centre's feet, or the toes of a later double), the tile and
the end it goes on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from werkzeug.datastructures import MultiDict

from ... import rules
from ...forms.checker import PlacesForm, at_table, filled
from ...i18n import _
from ...rules.chicken_foot import CHICKEN_PRESETS, ChickenMove, ChickenOptions, ChickenPosition, sketch_position
from ...rules.text import brief
from ...services import GameView
from ...services.checker import Judged, Tapped, judge_tapped
from .kind import CHICKEN_FOOT
from .picture import Picture, table_picture

END_SLOTS = 12
"""Open ends the checker offers: the centre's feet (up to 8) and the toes of a later double."""


@dataclass(frozen=True, kw_only=True)
class ChickenCheckRequest(Tapped):
    """What a player tapped in on the Chicken Foot checker page, already read into game terms."""

    centre: int
    ends: list[int]
    """The numbers showing on the open ends, in order; none before the round's double is down."""
    unfilled: list[int]
    """Indexes into ``ends`` of those still waiting for a tile."""
    move: ChickenMove

    def judge(self) -> ChickenCheckResult:
        return check_chicken_foot(self)


@dataclass(frozen=True)
class ChickenCheckResult(Judged):
    """A Chicken Foot verdict with what the checker page shows around it."""

    moves: list[ChickenMove]
    position: ChickenPosition

    def describe(self, move: ChickenMove) -> str:
        """A move in words, as the mover sees it ("Lay 5-3 on end 7 (showing 5)")."""
        if (turn := self.turn_words(move.action)) is not None:
            return turn
        if move.end is None:
            return _("Lay %(tile)s in the centre", tile=str(move.tile))
        return _(
            "Lay %(tile)s on end %(end)d (showing %(pips)d)",
            tile=str(move.tile),
            end=move.end + 1,
            pips=self.position.ends[move.end],
        )


def check_chicken_foot(request: ChickenCheckRequest) -> ChickenCheckResult:
    """Judge a Chicken Foot move on a table described in a few taps; Invalid says which fact is impossible."""
    table = {"centre": request.centre, "ends": request.ends, "unfilled": request.unfilled}
    pos, verdict = judge_tapped(sketch_position, request, request.move, request.move.tile, **table)
    return ChickenCheckResult(verdict, pos.legal_moves(), pos)


@dataclass
class ChickenCheckForm(PlacesForm):
    """The Chicken Foot checker: the round's double, the open ends and those waiting, the move, the hand."""

    preset: str = CHICKEN_FOOT.default_rules
    centre: int = 9
    ends: list[int | None] = field(default_factory=lambda: [None] * END_SLOTS)
    waiting: list[int] = field(default_factory=list)
    end: str = ""
    house_rules: Mapping[str, object] = field(default_factory=dict)
    """The engine house rules of the game the checker was opened from, judged with on top of the preset."""

    highest: int = 9

    @classmethod
    def for_game(cls, game: GameView | None) -> ChickenCheckForm:
        """A blank form, or one set up for a game in progress: its players, rules, set and round's double."""
        if game is None:
            return cls()
        names, turn = at_table(game)
        centre = game.next_round.engine if game.next_round is not None and game.next_round.engine is not None else 0
        preset = game.rules if game.rules in CHICKEN_PRESETS else CHICKEN_FOOT.default_rules
        return cls(
            names=names,
            turn=turn,
            game=game.id,
            preset=preset,
            highest=game.set,
            centre=centre,
            house_rules=game.house_rules.engine,
        )

    @property
    def ring(self) -> int:
        """Tiles around the centre double under the chosen rules."""
        return self.options.centre_tiles

    @property
    def options(self) -> ChickenOptions:
        """The rules judged by: the preset, with the house rules of the game the checker was opened from."""
        spec = {"preset": self.preset, **self.house_rules} if self.house_rules else self.preset
        options = rules.room_for_rules(spec).options(spec)
        return options if isinstance(options, ChickenOptions) else CHICKEN_PRESETS[self.preset].options

    @property
    def slots(self) -> int:
        """Open ends to offer: the centre's feet and room for the toes of two later doubles."""
        return min(END_SLOTS, self.ring + 4)

    @property
    def picture(self) -> Picture:
        """The table as tapped in, for the picture above the form."""
        ends = [e for e in self.ends if e is not None]
        ids = filled(self.ends)
        return table_picture(self.centre, ends, [ids[i] for i in self.waiting if i in ids], self.ring)

    def read(self, args: MultiDict[str, str]) -> None:
        """Take what was tapped; what cannot be read falls back to the default."""
        self.submitted = "check" in args
        preset = args.get("rules", self.preset)
        if preset in CHICKEN_PRESETS:
            if not self.game:
                self.highest = CHICKEN_PRESETS[preset].highest
            self.preset = preset
        else:
            self.errors["rules"] = _("Unknown rules %(given)s; pick one from the list.", given=brief(preset))
        self._read_seats(args, CHICKEN_FOOT)
        raw_centre = args.get("centre", "")
        if raw_centre.isdecimal() and len(raw_centre) <= 2 and int(raw_centre) <= self.highest:
            self.centre = int(raw_centre)
        self.centre = min(self.centre, self.highest)
        self.ends = self._read_places(args, "end", END_SLOTS)
        self.waiting = [i for i in range(END_SLOTS) if f"waiting-{i}" in args and self.ends[i] is not None]
        self.end = args.get("end", "")
        self._read_turn(args)

    def request(self) -> ChickenCheckRequest | None:
        """The question in game terms, or None (with errors set) when something is missing or wrong."""
        ids = filled(self.ends)
        tapped = self._tapped()
        move = self._move(ChickenMove, self.end, ids, _("Pick the open end you want to lay it on."))
        if self.errors or move is None:
            return None
        ends = [e for e in self.ends if e is not None]
        unfilled = [ids[i] for i in self.waiting]
        return ChickenCheckRequest(
            **tapped, house_rules=self.house_rules, centre=self.centre, ends=ends, unfilled=unfilled, move=move
        )


FORM = ChickenCheckForm
"""The form the checker page reads."""
