"""What a game kind is: the questions the house asks a game instead of branching on its name.

Services, views and templates ask a game's kind (``kind_of(game.kind)`` for a stored game, ``view.kind``
on the read model) for its title, sets, player limits, presets, deal, how a new game and a round are
checked and scored, its words and which templates and pages belong to it. This module holds only the shared
base (:class:`GameKind`, :class:`Words`, :class:`Setup`); each game's own kind lives in its package under
``scorekeeper/games/<its folder>/`` and :mod:`scorekeeper.games` is the registry that finds them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol

from . import rules
from .entries import GameChoices, RoundEntry
from .house_rules import (
    NO_HOUSE_RULES,
    HouseRule,
    HouseRuleAlone,
    HouseRuleError,
    HouseRuleNotHere,
    HouseRules,
    read_house_rules,
)
from .i18n import _
from .reading import Problems
from .rules.i18n import N_
from .rules.text import brief


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """A message with its plural, marked for the catalogs (``make messages`` extracts ``N_plural:1,2``): shown with
    ``ngettext(pair[0], pair[1], count)``."""
    return singular, plural


@dataclass(frozen=True)
class Words:
    """What a game calls its rounds, as message ids: show one with ``_()``, passing ``number=`` where it has one."""

    round: str
    """A round's name in a heading or the history: ``"Round %(number)d"``."""
    end_of: str
    """The round page's heading: ``"End of round %(number)d"``."""
    correct: str
    """Correcting an entered round: ``"Correct round %(number)d"``."""
    save: str
    """The round page's button: ``"Save round %(number)d"``."""
    stored: str
    """Said when the phones have filled in a whole round: ``"Round %(number)d is complete and saved."``."""
    undo: str
    """The table screen's undo button: ``"Undo round %(number)d"``."""
    undo_question: str
    """What the undo button asks first."""
    rounds: str
    """The heading over the rounds entered: ``"Rounds"``."""
    nobody_out: str
    """The choice for a round nobody went out of (yet)."""
    blocked: str
    """The checkbox for a blocked round."""
    how_to_enter: str
    """The round page's one-paragraph help."""
    chart_title: str
    """The progression chart's title, for screen readers."""
    chart_caption: str
    """The progression chart's caption: what the lines count and which way is better."""
    left_after: str
    """A player who left, where the standings and the results show them: ``"left after round %(number)d"``."""
    ended_after: str
    """A game the table ended before its last round: ``"ended after round %(number)d of %(total)d"``."""
    end_question: str
    """What "End the game now" asks first, naming the round: ``"End the game after round %(number)d of
    %(total)d? ..."``."""
    end_question_open: str
    """The same for an evening without a set number of rounds: ``"End the game after round %(number)d? ..."``."""
    standings_note: str | None = None
    """How the standings are ordered, when the heading alone does not say."""
    check_move: str | None = None
    """The link to the game's move checker from another game's: ``"Playing <game>? Check a <game> move"``."""
    round_double: str | None = None
    """What the double a round opens on is called beside the round's number (``"engine double-%(pips)d"``); None
    for a game of hands, opened on any double."""
    round_double_tile: str | None = None
    """The same double drawn as a tile, for screen readers: ``"Engine: double-%(pips)d"``."""
    round_double_name: str | None = None
    """The same double named under its tile: ``"Engine <strong>double-%(pips)d</strong>"``."""
    waiting: tuple[str, str] = N_plural("Offline · %(num)d round waiting", "Offline · %(num)d rounds waiting")
    """The offline banner, counting what the phone keeps to send (static/offline.js): one and many."""


ROUND_WORDS = Words(
    round=N_("Round %(number)d"),
    end_of=N_("End of round %(number)d"),
    correct=N_("Correct round %(number)d"),
    save=N_("Save round %(number)d"),
    stored=N_("Round %(number)d is complete and saved."),
    undo=N_("Undo round %(number)d"),
    undo_question=N_("Undo round %(number)d? Its scores stay in the history."),
    rounds=N_("Rounds"),
    nobody_out=N_("Nobody went out yet"),
    blocked=N_("Blocked round: nobody went out"),
    how_to_enter=N_(
        "Pips left in each hand. Tap “out” for the player with no tiles left (it fills their 0), or the calculator "
        "to add up a hand."
    ),
    chart_title=N_("Running totals after each round"),
    chart_caption=N_("Running totals by round (lower is better)"),
    left_after=N_("left after round %(number)d"),
    ended_after=N_("ended after round %(number)d of %(total)d"),
    end_question=N_("End the game after round %(number)d of %(total)d? The standings become final."),
    end_question_open=N_("End the game after round %(number)d? The standings become final."),
)
"""What a game of rounds scored by pips left calls them; each such game adds its own ``check_move``
(``dataclasses.replace``)."""


TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
"""The app's template folder (as ``app.py`` sets it)."""
SHARED_TEMPLATES = "games/shared"
"""The score-sheet partials a game uses unless its own folder has one by the same name."""


@cache
def _has_template(path: str) -> bool:
    """Is there a template at ``path``? Asked once per partial: the files ship with the code."""
    return (TEMPLATES / path).is_file()


@dataclass(frozen=True)
class Setup:
    """How one game is set up, as its kind checked it."""

    set: int
    """The highest double of the set played."""
    rules: str
    """The rules preset's id, or the game's own id for a game without presets on the sheet."""
    rounds: int | None
    """Rounds (hands) to play; None for an evening that ends when the table says so."""
    ascending: bool = False
    """Engines counting up from the double-blank (a game whose rounds open on engines)."""
    double_blank: int = 0
    """What the double-blank counts, in pips."""
    house_rules: HouseRules = NO_HOUSE_RULES
    """The house rules chosen on top of the preset (only those that change something)."""


class Played(Protocol):
    """A round as the score sheet holds it: each player's pips left, what it counted for each (the pips after the
    scoring house rules), and who won it (hands only)."""

    @property
    def pips(self) -> Mapping[str, int]: ...

    @property
    def winners(self) -> Sequence[str]: ...

    @property
    def points(self) -> Mapping[str, int]: ...


@dataclass(frozen=True)
class GameKind(ABC):
    """One game the score sheet and the checker know: its registry entry holds the facts, its class the ways."""

    id: str
    """The stable id stored with a game and used in JSON: lower-case words joined by hyphens; its package under
    ``scorekeeper/games/`` and its template folders are named by :attr:`folder`."""
    title: object
    """The game's name in the reader's language (a lazy string; ``str()`` it to show)."""
    reference_page: str
    """The endpoint of the game's rules page (``"reference.rules"``)."""
    # -- the game's own rules reference page; added by the checker and reference side (issue 9) --
    reference_path: str
    """The address of the game's rules page (``"/rules"``)."""
    reference_sections: tuple[str, ...]
    """The ids of that page's sections (its ``<h2>`` headings and table of contents), in reading order."""
    reference_ids: tuple[str, ...]
    """The page's other ids a link may land on, besides those generated for its presets and rule ids."""
    glossary: str
    """The id of the section that lists the game's rule ids, on whichever reference page has it."""
    # -- the score sheet --
    place: int
    """Where the game stands in the registry's order (the new-game form's choices): the lowest is the default game."""
    sets: tuple[int, ...]
    """The sets the game is played with, by highest double."""
    default_set: int
    """The set a new game gets unless told otherwise."""
    max_players: int
    """The most players the score sheet seats for this game."""
    presets: Mapping[str, rules.NamedRules[Any]]
    """The game's named rule sets, by id."""
    default_rules: str
    """The rules a new game gets unless told otherwise (stored with the game)."""
    words: Words
    """What the game calls its rounds, in headings, buttons and the chart."""
    rounds_field: str
    """The new-game form's field for how many rounds to play (``"rounds"``); problems with it go there."""
    setup_fields: tuple[str, ...]
    """The new-game form's fields this game reads, those its ``_options.html`` partial shows."""
    deal_page: str | None = None
    """The endpoint of a deal calculator for the game's table, if there is one."""
    min_players: int = 2
    """The fewest players the game is played with."""
    has_engines: bool = False
    """Each round opens on an engine double, one per round in order."""
    wins_hands: bool = False
    """Scored by hands won (going out, or the fewest tiles left), so each hand records the tiles left too."""
    short_names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Short names for the game's presets (message ids), for table headings and tags where the full title does
    not fit; a preset without one is shown by its id, capitalised."""
    house_rules: tuple[HouseRule, ...] = ()
    """The house rules a new game may choose (see scorekeeper.house_rules); none for a game without them."""

    @property
    def folder(self) -> str:
        """The game's folder name, its id as a Python name: its package ``scorekeeper/games/<folder>/`` and its
        template folders (``templates/games/<folder>/``, ``templates/reference/<folder>/``...)."""
        return self.id.replace("-", "_")

    @property
    def templates(self) -> str:
        """The folder of the game's own score-sheet partials; see :meth:`template`."""
        return f"games/{self.folder}"

    @property
    def checker_template(self) -> str:
        """The template of the game's move checker page, in its folder."""
        return f"checker/{self.folder}/check.html"

    def form_fields(self) -> Mapping[str, Any]:
        """The new-game form's fields of this game's own, by name (unbound WTForms fields); none by default, when
        the game reads the shared ones (``set``, ``rules``, ``rounds``...)."""
        return {}

    def form_field(self, name: str) -> str:
        """The new-game form's field for a problem named as the API names it (``"rules"``): the same name unless
        the game's form has a field of its own for it (see :meth:`setup_choice`, its inverse)."""
        return name

    def preset_set(self, rules_name: str) -> int:
        """The set a table playing these rules uses unless it says otherwise."""
        return self.default_set

    def read_position(self, data: object) -> Any:
        """A checker position of this game from JSON (``FormatError`` naming the field); the rules floor reads
        the games it knows itself."""
        return rules.read_position(data)

    def setup_choice(self, field: str) -> str:
        """The :class:`~scorekeeper.services.inputs.GameChoices` name a setup field of the form answers
        (``"rules"`` for a game's own rules field)."""
        return field

    def dealing(
        self,
        preset: rules.NamedRules[Any],
        players: int,
        first_dealer: int,
        number: int,
        *,
        engine: int | None = None,
        plays: Callable[[int, int], bool] | None = None,
    ) -> rules.Dealing:
        """Who deals round ``number`` and who plays first in it (see :func:`scorekeeper.rules.dealing`)."""
        return rules.dealing(preset, players, first_dealer, number, engine=engine, plays=plays)

    def template(self, name: str) -> str:
        """The partial called ``name`` (``"_now.html"``) for ``{% include %}``: the game's own, or the shared one
        (``templates/games/shared/``) when its folder has none, so a game folder holds only what differs."""
        own = f"{self.templates}/{name}"
        return own if _has_template(own) else f"{SHARED_TEMPLATES}/{name}"

    def rules_title(self, rules_name: str) -> str:
        """The title of a game's rules: its preset's, or the game's own name."""
        preset = self.presets.get(rules_name)
        return preset.display_title if preset is not None else str(self.title)

    def most_pips(self, highest: int, engine: int | None, double_blank: int) -> int:
        """The most pips one hand can hold at the end of a round."""
        return rules.DominoSet(highest).most_pips_in_hand(engine, double_blank)

    def likely_pips(self, players: int, highest: int, rules_name: str, engine: int | None, double_blank: int) -> int:
        """The most pips a hand plausibly holds at the end of a round: above it the round page asks "Really?"
        before saving (1000 typed for 100), while :meth:`most_pips` stays the absolute limit.

        Every tile dealt counted as the heaviest double of the set, plus the double-blank's own count (a hand
        holds that tile once at most): a hand that drew nothing stays well below it, and one that drew would
        need about twice its deal at the set's average tile to pass it. Four players with a double-12 set:
        15 tiles x 24 = 360, where every tile but the engine would be 1,068.

        >>> from scorekeeper.games import DEFAULT_KIND
        >>> DEFAULT_KIND.likely_pips(4, 12, "standard", 12, 0)
        360
        """
        most = self.most_pips(highest, engine, double_blank)
        try:
            dealt = self.deal(players, highest, rules_name)
        except rules.DealError:  # a table the rules do not deal for: no better guess than the limit
            return most
        return min(dealt * 2 * highest + double_blank, most)

    def engines(self, highest: int, ascending: bool, planned: int | None, rules_spec: object = None) -> tuple[int, ...]:
        """The engine double of each round, in play order; empty for a game without engines. ``rules_spec`` is the
        game's rules (its preset id, or ``{"preset": id, <house rule>: value}``); None reads as the default rules."""
        return ()

    def rounds_total(self, engines: tuple[int, ...], planned: int | None) -> int | None:
        """Rounds in the whole game; None for an evening that goes on until the table ends it."""
        return planned

    @abstractmethod
    def deal(self, players: int, highest: int, rules_name: str) -> int:
        """Tiles each player draws at the start of a round; :class:`~scorekeeper.rules.DealError` says why a set
        cannot deal for that many."""
        ...

    @abstractmethod
    def boneyard(self, players: int, highest: int, rules_name: str) -> int:
        """Tiles left to draw once every hand is dealt."""
        ...

    def hand_winners(self, pips: Mapping[str, int], tiles: Mapping[str, int] | None, went_out: str | None) -> list[str]:
        """Who won a round by itself; nobody in a game scored over the whole game."""
        return []

    @abstractmethod
    def standings(
        self, players: Sequence[str], played: Sequence[Played], left: Mapping[str, int] | None = None
    ) -> list[rules.Standing]:
        """The players in order, best first, after the rounds played; ``left``: the players who left, each with the
        last round they played, ranked after everyone who played on."""
        ...

    @abstractmethod
    def progression(self, players: Sequence[str], played: Sequence[Played]) -> dict[str, list[int]]:
        """Each player's score after every round, for the chart."""
        ...

    @abstractmethod
    def check_setup(self, choices: GameChoices, players: int, problems: Problems) -> Setup | None:
        """The setup a new game asked for, or None with every problem noted by its field."""
        ...

    def check_hand(
        self, names: Sequence[str], highest: int, entry: RoundEntry, pips: Sequence[int], problems: Problems
    ) -> list[int] | None:
        """Anything a round records besides pips (tiles left, per seat), noting problems; None when nothing."""
        return None

    def check_house_rules(self, preset: str, given: Mapping[str, object], problems: Problems) -> HouseRules:
        """The house rules asked for on top of ``preset``, noting a problem on ``house_rules.<rule>`` for each
        that cannot be chosen."""
        if not isinstance(given, Mapping):
            problems.add("house_rules", _('Send the house rules as an object, like {"going_out": -10}.'))
            return NO_HOUSE_RULES
        try:
            return read_house_rules(preset, given, self.house_rules)
        except HouseRuleError as e:
            problems.add(f"house_rules.{e.name}" if e.name else "house_rules", self._house_rule_problem(e))
            return NO_HOUSE_RULES

    def _house_rule_problem(self, error: HouseRuleError) -> str:
        """What to do about a house rule that cannot be chosen, in the reader's language."""
        name = error.name
        rule = next((r for r in self.house_rules if r.name == name), None)
        if rule is None:
            if not self.house_rules:
                return _("%(game)s has no house rules to choose here.", game=self.title)
            return _(
                "%(name)s is not a house rule here; the house rules are %(names)s.",
                name=brief(name),
                names=", ".join(r.name for r in self.house_rules),
            )
        if isinstance(error, HouseRuleAlone):
            other = next(r for r in self.house_rules if r.name == error.along)
            return _(
                "%(rule)s: only together with “%(other)s”; choose that too, or leave this one out.",
                rule=_(rule.label),
                other=_(other.label),
            )
        if isinstance(error, HouseRuleNotHere):
            return _(
                "%(rule)s: only for rules where the engine is laid from a hand (%(presets)s); "
                "these rules set it aside before the deal, so nobody can miss it.",
                rule=_(rule.label),
                presets=", ".join(_(str(self.presets[name].title)) for name in rule.presets()),
            )
        if rule.input == "number" and rule.numbers is not None:
            return _(
                "%(rule)s: enter a whole number from %(least)d to %(most)d.",
                rule=_(rule.label),
                least=rule.numbers.start,
                most=rule.numbers.stop - 1,
            )
        if rule.input == "choice":
            return _(
                "%(rule)s: pick one of the choices offered (%(choices)s).",
                rule=_(rule.label),
                choices=", ".join(value for value, _words in rule.choices),
            )
        return _("%(rule)s is on or off: send true or false.", rule=_(rule.label))


class ScoredByPips(GameKind, ABC):
    """A game of rounds scored by the pips left: the lowest total wins, and the chart follows the running totals.
    What each round counted is its ``points`` (the pips after the game's scoring house rules)."""

    def standings(
        self, players: Sequence[str], played: Sequence[Played], left: Mapping[str, int] | None = None
    ) -> list[rules.Standing]:
        return rules.standings(players, [r.points for r in played], left)

    def progression(self, players: Sequence[str], played: Sequence[Played]) -> dict[str, list[int]]:
        return rules.running_totals(players, [r.points for r in played])
