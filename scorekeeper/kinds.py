"""The game kinds: what differs between Mexican Train and Super Domino, asked instead of branched on.

Services, views and templates ask a game's kind (``kind_of(game.kind)`` for a stored game, ``view.kind``
on the read model) for its title, sets, player limits, presets, deal, how a new game and a round are
checked and scored, its words and which templates and pages belong to it. Adding a third game means one
entry here (a subclass of :class:`GameKind` for what it does differently, and its registry entry), its own
rules room under ``scorekeeper/rules/`` and its own templates under ``templates/games/<its folder>/``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Protocol

from . import rules
from .entries import GameChoices, RoundEntry
from .house_rules import (
    HOUSE_RULES,
    NO_HOUSE_RULES,
    HouseRule,
    HouseRuleAlone,
    HouseRuleError,
    HouseRuleNotHere,
    HouseRules,
    read_house_rules,
)
from .i18n import _, _l
from .reading import Problems, read_count, whole
from .rules.i18n import N_
from .rules.text import brief


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
    """Engines counting up from the double-blank (Mexican Train)."""
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
    """The stable id stored with a game and used in JSON (``"mexican-train"``)."""
    title: object
    """The game's name in the reader's language (a lazy string; ``str()`` it to show)."""
    reference_page: str
    """The endpoint of the game's rules page (``"reference.rules"``)."""
    checker_template: str
    """The template of the game's move checker."""
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
    templates: str
    """The folder of the game's own partials (``"games/mexican_train"``); see :meth:`template`."""
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
    house_rules: tuple[HouseRule, ...] = ()
    """The house rules a new game may choose (see scorekeeper.house_rules); none for a game without them."""

    def template(self, name: str) -> str:
        """The game's own partial called ``name`` (``"_now.html"``), for ``{% include %}``."""
        return f"{self.templates}/{name}"

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

        >>> MEXICAN_TRAIN.likely_pips(4, 12, "standard", 12, 0)
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
            return read_house_rules(preset, given, offered=bool(self.house_rules))
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
            return _("%(rule)s: pick one of the choices offered.", rule=_(rule.label))
        return _("%(rule)s is on or off: send true or false.", rule=_(rule.label))


class MexicanTrainKind(GameKind):
    """Rounds opened by the engines in turn; the lowest pip total over the whole game wins."""

    def engines(self, highest: int, ascending: bool, planned: int | None, rules_spec: object = None) -> tuple[int, ...]:
        # house rule highest_engine_every_round: every round on the highest double (rules/scoresheet.py)
        return rules.game_engines(self.default_rules if rules_spec is None else rules_spec, highest, ascending, planned)

    def rounds_total(self, engines: tuple[int, ...], planned: int | None) -> int | None:
        return len(engines)

    def deal(self, players: int, highest: int, rules_name: str) -> int:
        return rules.deal_size(players, highest, rules=rules_name)

    def boneyard(self, players: int, highest: int, rules_name: str) -> int:
        return rules.boneyard_after_deal(players, highest, rules=rules_name)

    def standings(
        self, players: Sequence[str], played: Sequence[Played], left: Mapping[str, int] | None = None
    ) -> list[rules.Standing]:
        # what each round counted: the pips, after the game's scoring house rules
        return rules.standings(players, [r.points for r in played], left)

    def progression(self, players: Sequence[str], played: Sequence[Played]) -> dict[str, list[int]]:
        return rules.running_totals(players, [r.points for r in played])

    def check_setup(self, choices: GameChoices, players: int, problems: Problems) -> Setup | None:
        highest = whole(choices.set)
        if highest is None or highest not in self.sets:
            sets = ", ".join(str(n) for n in self.sets)
            problems.add(
                "set",
                _(
                    "The set must be one of %(sets)s (the highest double); %(given)s is not.",
                    sets=sets,
                    given=brief(choices.set),
                ),
            )
        blank = whole(choices.double_blank)
        if blank is None or blank not in rules.DOUBLE_BLANK_VALUES:
            problems.add("double_blank", _("The double-blank counts 0, 25 or 50 pips."))
        preset = choices.rules if isinstance(choices.rules, str) and choices.rules in self.presets else None
        if preset is None:
            problems.add(
                "rules",
                _(
                    "The rules are one of %(presets)s; %(given)s is not.",
                    presets=", ".join(self.presets),
                    given=brief(choices.rules),
                ),
            )
        if not problems and highest is not None and preset is not None:
            try:
                rules.deal_size(players, highest, rules=preset)
            except rules.DealError as e:
                problems.add("players", f"{str(e)[0].upper()}{str(e)[1:]}.")
        limit: int | None = None
        if choices.rounds not in (None, ""):
            most = highest + 1 if not problems.noted("set") and highest is not None else None
            limit = whole(choices.rounds)
            if limit is None or most is None or not 1 <= limit <= most:
                problems.add(
                    self.rounds_field,
                    _("Play 1 to %(most)s rounds, or leave it empty for the whole game.", most=most or "…"),
                )
        house = self.check_house_rules(preset or self.default_rules, choices.house_rules, problems)
        if problems or highest is None or blank is None or preset is None:
            return None
        return Setup(
            set=highest,
            rules=preset,
            rounds=limit or highest + 1,
            ascending=choices.ascending,
            double_blank=blank,
            house_rules=house,
        )


class SuperDominoKind(GameKind):
    """Hands won by going out, or by the fewest tiles when blocked; the most hands won takes the evening."""

    most_hands = 99
    """The most hands a game may be set to last."""

    def deal(self, players: int, highest: int, rules_name: str) -> int:
        return rules.super_deal_size(players, highest)

    def boneyard(self, players: int, highest: int, rules_name: str) -> int:
        return rules.DominoSet(highest).tile_count - self.deal(players, highest, rules_name) * players

    def hand_winners(self, pips: Mapping[str, int], tiles: Mapping[str, int] | None, went_out: str | None) -> list[str]:
        return rules.hand_winners(pips, tiles or {}, went_out)

    def standings(
        self, players: Sequence[str], played: Sequence[Played], left: Mapping[str, int] | None = None
    ) -> list[rules.Standing]:
        return rules.hand_standings(players, [(r.winners, r.pips) for r in played], left)

    def progression(self, players: Sequence[str], played: Sequence[Played]) -> dict[str, list[int]]:
        return rules.running_wins(players, [r.winners for r in played])

    def check_setup(self, choices: GameChoices, players: int, problems: Problems) -> Setup | None:
        if choices.set not in (None, "", self.default_set):
            problems.add("set", _("Super Domino is played with a double-%(set)d set.", set=self.default_set))
        limit: int | None = None
        if choices.rounds not in (None, ""):
            limit = whole(choices.rounds)
            if limit is None or not 1 <= limit <= self.most_hands:
                problems.add(
                    self.rounds_field, _("Play 1 to 99 hands, or leave it empty and end the evening when you like.")
                )
        self.check_house_rules(self.default_rules, choices.house_rules, problems)
        if problems:
            return None
        return Setup(set=self.default_set, rules=self.default_rules, rounds=limit)

    def check_hand(
        self, names: Sequence[str], highest: int, entry: RoundEntry, pips: Sequence[int], problems: Problems
    ) -> list[int] | None:
        """Tiles left per player, consistent with the pips and with who went out."""
        raw = list(entry.tiles or [])
        if len(raw) != len(names):
            problems.add("tiles", _("Enter the tiles left for all %(count)d players.", count=len(names)))
            return [0] * len(names)
        if entry.went_out is None and not entry.blocked:
            problems.add("went_out", _("Tap who went out, or mark the hand as blocked."))
        most = rules.DominoSet(highest).tile_count
        tiles: list[int] = []
        for i, (name, value) in enumerate(zip(names, raw)):
            try:
                count = read_count(value)
            except ValueError:
                count = -1
            if count is None:
                count = 0 if entry.went_out == i else -2
            if count == -2:
                problems.add(
                    "tiles", _("Enter how many tiles %(name)s has left (0 if %(name)s went out).", name=name), i
                )
            elif count < 0 or count > most:
                problems.add(
                    "tiles", _("%(name)s: tiles left is a whole number from 0 to %(most)d.", name=name, most=most), i
                )
            elif entry.went_out == i and count != 0:
                problems.add(
                    "tiles",
                    _("%(name)s went out, so %(name)s has no tiles left; clear “went out” or enter 0.", name=name),
                    i,
                )
            elif count == 0 and pips[i] > 0:
                problems.add(
                    "tiles",
                    _("%(name)s has no tiles but %(pips)d pips; check both numbers.", name=name, pips=pips[i]),
                    i,
                )
            elif count > 0 and pips[i] == 0 and count > 1:
                problems.add_unless_noted(
                    "pips",
                    _(
                        "%(name)s has %(count)d tiles but 0 pips; only one tile, the 0-0, has no pips.",
                        name=name,
                        count=count,
                    ),
                    i,
                )
            tiles.append(max(count, 0))
        return tiles


MEXICAN_TRAIN = MexicanTrainKind(
    id="mexican-train",
    title=_l("Mexican Train"),
    reference_page="reference.rules",
    checker_template="checker/check.html",
    reference_path="/rules",
    reference_sections=(
        "equipment",
        "engine",
        "dealing",
        "turns",
        "trains",
        "mexican-train",
        "first-turn",
        "doubles",
        "drawing",
        "markers",
        "passing",
        "last-tile",
        "ending",
        "scoring",
        "game",
    ),
    reference_ids=("engine-placement", "double-follow-up", "double-cover"),
    glossary="rule-ids",  # on /rules/variants, with the presets
    templates="games/mexican_train",
    sets=rules.SUPPORTED_SETS,
    default_set=12,
    max_players=max(rules.STANDARD_DEALS[12]),  # the most widely published table seats 2 to 8
    presets=rules.PRESETS,
    default_rules="standard",
    words=Words(
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
            "Pips left in each hand. Tap “Went out” for the player with no tiles left, or “Count tiles” "
            "to add up a hand."
        ),
        chart_title=N_("Running totals after each round"),
        chart_caption=N_("Running totals by round (lower is better)"),
        left_after=N_("left after round %(number)d"),
        ended_after=N_("ended after round %(number)d of %(total)d"),
        end_question=N_("End the game after round %(number)d of %(total)d? The standings become final."),
        end_question_open=N_("End the game after round %(number)d? The standings become final."),
    ),
    rounds_field="rounds",
    setup_fields=("rules", "set", "order", "rounds", "double_blank"),
    deal_page="checker.deal",
    has_engines=True,
    house_rules=HOUSE_RULES,
)

SUPER_DOMINO = SuperDominoKind(
    id="super-domino",
    title=_l("Super Domino"),
    reference_page="reference.super_domino",
    checker_template="checker/super.html",
    reference_path="/rules/super-domino",
    reference_sections=(
        "super-domino",
        "super-domino-start",
        "super-domino-turns",
        "super-domino-edges",
        "super-domino-doubles",
        "super-domino-specials",
        "super-domino-spell",
        "super-domino-stuck",
        "super-domino-ending",
        "super-domino-choices",
        "super-domino-rule-ids",
    ),
    reference_ids=("super-domino-equipment", "super-domino-deal", "super-domino-presets", "super-domino-compare"),
    glossary="super-domino-rule-ids",
    templates="games/super_domino",
    sets=rules.SUPER_DOMINO_SETS,
    default_set=rules.SUPER_DOMINO_SETS[0],  # the score sheet keeps to double-15, the set the game is sold with
    max_players=rules.super_domino_max_players(rules.SUPER_DOMINO_SETS[0]),
    presets=rules.SUPER_PRESETS,
    default_rules="super-domino",
    words=Words(
        round=N_("Hand %(number)d"),
        end_of=N_("End of hand %(number)d"),
        correct=N_("Correct hand %(number)d"),
        save=N_("Save hand %(number)d"),
        stored=N_("Hand %(number)d is complete and saved."),
        undo=N_("Undo hand %(number)d"),
        undo_question=N_("Undo hand %(number)d? Its scores stay in the history."),
        rounds=N_("Hands"),
        nobody_out=N_("Nobody went out"),
        blocked=N_("Blocked hand: nobody could play"),
        how_to_enter=N_(
            "Tap who went out. For everyone else enter the tiles and pips left; “Count tiles” does both. "
            "A blocked hand goes to the fewest tiles, then the fewest pips."
        ),
        chart_title=N_("Hands won so far"),
        chart_caption=N_("Hands won, hand by hand (higher is better)"),
        left_after=N_("left after hand %(number)d"),
        ended_after=N_("ended after hand %(number)d of %(total)d"),
        end_question=N_("End the game after hand %(number)d of %(total)d? The standings become final."),
        end_question_open=N_("End the game after hand %(number)d? The standings become final."),
        standings_note=N_("(hands won, then fewest pips)"),
    ),
    rounds_field="hands",
    setup_fields=("hands",),
    wins_hands=True,
)

KINDS: Mapping[str, GameKind] = MappingProxyType({k.id: k for k in (MEXICAN_TRAIN, SUPER_DOMINO)})
"""Every game kind by id, in the order the new-game form offers them."""

DEFAULT_KIND: GameKind = MEXICAN_TRAIN
"""What a game is unless told otherwise: the new-game form's first choice, an API call without ``"game"``."""


def kind_with_rules(rules_name: str) -> GameKind | None:
    """The game whose presets include ``rules_name`` ("german" is Super Domino's); None for rules no game has."""
    return next((kind for kind in KINDS.values() if rules_name in kind.presets), None)


def kind_of(kind_id: str) -> GameKind:
    """The kind with this id; KeyError for an id no game has (callers validate input before asking)."""
    return KINDS[kind_id]
