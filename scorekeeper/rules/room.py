"""What a game's rules room offers the rest of the library, so that nothing above it branches on a game.

A room is one folder (``rules/<game>/``) holding one game's rules; its ``__init__`` exports ``ROOM``, a
:class:`GameRoom`, and the registry (:mod:`scorekeeper.rules.games`) lists the rooms. The shared floor
(tiles, errors, verdicts, presets, the position and round bases) imports no room: what it needs to know
about a game it asks a :class:`GameRoom` it is handed, or the registry does the asking.

>>> book = Rulebook(sections=(Section("turns", "Turns", {"legal": "A legal move"}),))
>>> book.rules["legal"], book.anchors["turns"]
(('A legal move', 'turns'), 'Turns')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol

from .presets import GameOptions, NamedRules, RulesReader
from .verdicts import Verdict


class GamePosition(Protocol):
    """What every game's position offers the checker, the JSON API and :func:`~scorekeeper.rules.apply_move`.

    A move is the room's own type; read it with :meth:`read_move` and hand it back to the same position.
    """

    def read_move(self, data: object) -> Any:
        """A move of this game from its JSON; raises ``MoveError`` naming the field."""

    def check(self, move: Any) -> Verdict:
        """Whether ``move`` is legal here, the rule that decides it, and why."""

    def check_json(self, move: object) -> Verdict:
        """Read a move's JSON and check it (raises ``MoveError`` for a move written wrongly)."""

    def legal_moves(self) -> Sequence[Any]:
        """Every legal move for the player to move."""

    def legal_moves_json(self) -> list[dict[str, Any]]:
        """Every legal move, as JSON."""

    def to_json(self) -> dict[str, Any]:
        """The position in the JSON the room reads."""

    def after_json(self, move: Any, *, hand: object = None, drawn: object = None) -> dict[str, Any]:
        """The position after ``move``, in the same JSON (see :func:`~scorekeeper.rules.apply_move`)."""


@dataclass(frozen=True, slots=True)
class Section:
    """One section of a game's rules reference: its anchor, its heading, and the rules it explains."""

    anchor: str
    """The reference page's ``#anchor``; unique across every game (a room prefixes its own)."""
    heading: str
    """English, marked with ``N_`` (translated when read)."""
    rules: Mapping[str, str] = field(default_factory=dict)
    """Rule id -> its English title (marked with ``N_``); ids are public and stable."""


@dataclass(frozen=True, slots=True)
class Rulebook:
    """Every rule a move can break in one game, by section: the tables the checker and the reference read."""

    sections: tuple[Section, ...]

    @property
    def rules(self) -> Mapping[str, tuple[str, str]]:
        """Rule id -> (English title, anchor of the section that explains it), in reading order."""
        return MappingProxyType({rule: (title, s.anchor) for s in self.sections for rule, title in s.rules.items()})

    @property
    def anchors(self) -> Mapping[str, str]:
        """Section anchor -> English heading, in reading order."""
        return MappingProxyType({s.anchor: s.heading for s in self.sections})


@dataclass(frozen=True, slots=True)
class GameRoom:
    """One game's rules, as the registry and the shared floor ask for them."""

    id: str
    """The JSON ``game`` field and the stable id: ``"mexican-train"``, ``"super-domino"``."""
    name: str
    """The English name ("Mexican Train"); a proper name, not translated."""
    read_position: Callable[[Mapping[str, Any]], GamePosition]
    """A position from its JSON object (``game`` already chosen); raises ``PositionError`` naming the field."""
    rulebook: Rulebook
    """Rule ids -> (title, anchor) and anchors -> headings of this game."""
    reader: RulesReader[Any]
    """The game's presets (the first is the default) and how a rules spec reads against them."""
    deal_size: Callable[[int, int, object], int]
    """``deal_size(players, highest, rules)``: tiles each player is dealt under a rules spec; raises ``DealError``
    (for a player) when the set cannot deal for that many."""
    starting_rule: Callable[[Any], str | None]
    """Given the game's options: the rule id that decides who plays first (``"engine-holder"``, ``"highest-tile"``:
    see :mod:`~scorekeeper.rules.seats`), or None when the player after the dealer does."""
    round_doubles: Callable[[object, int], tuple[int, ...]] | None = None
    """``round_doubles(rules, highest)``: the double each round opens on, in play order, for a game played round
    by round from a double (Mexican Train's engines); None for a game of hands that opens on any double."""
    bench: str | None = None
    """The module that times the room (``python -m scorekeeper.rules.bench``): its ``main(rounds)`` prints the
    room's speed figures, timed with :mod:`~scorekeeper.rules.speed`; None: the room is not timed. A name, not
    the module: the timing code loads only when the benchmark runs."""

    @property
    def presets(self) -> Mapping[str, NamedRules[Any]]:
        """The game's named rule sets by id, the default first."""
        return self.reader.presets

    def reads(self, spec: object) -> bool:
        """Whether a rules spec (a preset id, a preset, options, ``{"preset": id, ...}``) names this game's rules.

        A bare mapping without a preset is nobody's in particular: the registry gives it to the default room.
        """
        return self.reader.reads(spec)

    def options(self, spec: object) -> GameOptions:
        """The options a rules spec of this game stands for; raises ``OptionsError`` naming what is wrong."""
        options: GameOptions = self.reader.resolve(spec)[1]
        return options


__all__ = ["GamePosition", "GameRoom", "Rulebook", "Section"]
