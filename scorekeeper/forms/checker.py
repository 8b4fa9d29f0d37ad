"""Reading the move checkers' plain GET forms into the questions services judge.

The checker is a question, not a change, so its form is a GET: it works without JavaScript, the back
button keeps what was tapped, and a verdict can be shared as a link. Everything here is parsing;
judging is services.check_tapped. Each game has its own form, ``FORM`` in its package's ``checker.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, TypedDict, TypeVar

from werkzeug.datastructures import MultiDict

from .. import rules
from ..games import part
from ..i18n import _
from ..kinds import GameKind
from ..rules.moves import NumberedMove
from ..rules.text import brief
from ..services import GameView
from ..services.checker import TappedQuestion


class Seats:
    """What every checker form works out the same way from its names and set."""

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


M = TypeVar("M", bound=NumberedMove)


def _number(raw: str, most: int, digits: int = 4) -> int | None:
    """A small number as tapped, or None when it is not one or is above ``most``."""
    return int(raw) if raw.isdecimal() and len(raw) <= digits and int(raw) <= most else None


class TappedFields(TypedDict):
    """What every checker question (:class:`~scorekeeper.services.checker.Tapped`) takes from its form alike."""

    preset: str
    highest: int
    names: list[str]
    turn: int
    hand: list[rules.Tile]
    drawn: bool
    boneyard_empty: bool


@dataclass
class PlacesForm(Seats):
    """What the checker forms of a game whose tiles go on numbered open places (Chicken Foot's ends, Super
    Domino's edges) read the same way: the seats, the places with their numbers, the move and the hand. Each
    game's form adds its rules, its table and the name of its places."""

    preset: str = ""
    names: list[str] = field(default_factory=lambda: [_("Player %(number)d", number=i) for i in range(1, 5)])
    turn: int = 0
    tile: str = ""
    hand: list[str] = field(default_factory=list)
    action: str = "play"
    drawn: bool = False
    boneyard_empty: bool = False
    show_hand: bool = False
    game: str = ""
    submitted: bool = False
    errors: dict[str, str] = field(default_factory=dict)

    def _read_seats(self, args: MultiDict[str, str], kind: GameKind) -> None:
        """How many play (only without a game: a game knows its players) and whose turn it is."""
        if not self.game:
            raw = args.get("players", "")
            if raw.isdecimal() and len(raw) <= 4 and kind.min_players <= int(raw) <= kind.max_players:
                self.names = [_("Player %(number)d", number=i + 1) for i in range(int(raw))]
        raw_turn = args.get("turn", str(self.turn))  # not asked: whoever the game says plays first
        self.turn = int(raw_turn) if raw_turn.isdecimal() and len(raw_turn) <= 4 and int(raw_turn) < self.players else 0

    def _read_places(self, args: MultiDict[str, str], name: str, count: int) -> list[int | None]:
        """The number showing on each of ``count`` places (``end-0``...), None where nothing was picked."""
        return [_number(args.get(f"{name}-{i}", ""), self.highest) for i in range(count)]

    def _read_turn(self, args: MultiDict[str, str]) -> None:
        """The tile, the hand and what the mover did so far this turn."""
        self.tile = args.get("tile", "")
        self.hand = [t for t in args.getlist("hand") if t]
        self.show_hand = bool(self.hand) or "pick_hand" in args
        self.action = args.get("action", "play") if args.get("action") in ("play", "draw", "pass") else "play"
        self.drawn = "drawn" in args
        self.boneyard_empty = "boneyard_empty" in args

    def _tapped(self) -> TappedFields:
        """The question's rules, seats and turn so far; a hand tile that cannot be read is an error beside the
        picker (the hand holds each tile once)."""
        hand = [t for t in (self._tile(text, "hand") for text in dict.fromkeys(self.hand)) if t is not None]
        return TappedFields(
            preset=self.preset,
            highest=self.highest,
            names=self.names,
            turn=self.turn,
            hand=hand,
            drawn=self.drawn,
            boneyard_empty=self.boneyard_empty,
        )

    def _move(self, move: type[M], place: str, ids: dict[int, int], pick_place: str) -> M | None:
        """The move tapped: the tile on place ``place`` (a slot, renumbered by ``ids``, or the opening double's
        name), a draw or a pass; None with the errors set when the tile or the place is missing or wrong."""
        if self.action == "draw":
            return move.draw()
        if self.action == "pass":
            return move.pass_()
        tile = self._tile(self.tile, "tile") if self.tile else None
        if not self.tile:
            self.errors["tile"] = _("Pick the tile you want to lay.")
        if place == move.OPENING_MAKER:
            return move.play(tile, None) if tile is not None else None
        if place.isdecimal() and len(place) <= 4 and int(place) in ids:
            return move.play(tile, ids[int(place)]) if tile is not None else None
        self.errors[move.WHERE] = pick_place
        return None


def filled(slots: list[int | None]) -> dict[int, int]:
    """The slots with a number, renumbered in order: what the rules call the open places."""
    return {slot: n for n, slot in enumerate(i for i, e in enumerate(slots) if e is not None)}


def at_table(game: GameView) -> tuple[list[str], int]:
    """The players of the round to play next, in seat order (a late joiner from their first round, a player who
    left no more), and which of them plays first as the table screen names it: the dealer's rule of the game
    (``NextRound.leader``); the first of them when a rule decides it at the table (whoever holds the engine)."""
    names = list(game.at_table)
    leader = game.next_round.leader if game.next_round is not None else None
    return names, names.index(leader) if leader in names else 0


class CheckerForm(Protocol):
    """What the checker view asks of a game's checker form."""

    submitted: bool
    errors: dict[str, str]

    def read(self, args: MultiDict[str, str]) -> None:
        """Take what was tapped; anything unreadable becomes a message beside its control."""
        ...

    def request(self) -> TappedQuestion | None:
        """The question in game terms, or None (with errors set) when something is missing or wrong."""
        ...


def checker_form(kind: GameKind, game: GameView | None) -> CheckerForm:
    """The checker form of a game kind (its package's ``checker.FORM``), set up for a game in progress if any."""
    form: CheckerForm = part(kind, "checker").FORM.for_game(game)
    return form
