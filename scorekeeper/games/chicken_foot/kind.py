"""Chicken Foot's kind: rounds on the set's doubles from the highest down, the lowest pip total wins.

On the score sheet it is the train games' cousin: a round per double, each player's pips left, the lowest total
over the game wins. What differs is here: its presets name the set, the round's double is the centre (its
holder starts), the deal tables are its own, and the double-blank counts 50 unless the table says 0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ... import rules
from ...i18n import _, _l
from ...kinds import ROUND_WORDS, ScoredByPips, Setup
from ...reading import Problems, whole
from ...rules.chicken_foot import (
    CHICKEN_FOOT_SETS,
    CHICKEN_PRESETS,
    ChickenPosition,
    chicken_deal_size,
    chicken_max_players,
)
from ...rules.i18n import N_
from ...rules.text import brief
from . import form
from . import reference as page
from .house_rules import HOUSE_RULES

if TYPE_CHECKING:
    from ...entries import GameChoices


class ChickenFootKind(ScoredByPips):
    """A round per double of the set, from the highest down to 0-0; the lowest pip total over the game wins."""

    def form_fields(self) -> Mapping[str, Any]:
        return form.fields()

    def setup_choice(self, field: str) -> str:
        return field.removeprefix(form.PREFIX)

    def form_field(self, name: str) -> str:
        # a problem is named as the API client sent it ("rounds"); the form's own field has the prefix
        return f"{form.PREFIX}{name}" if f"{form.PREFIX}{name}" in self.setup_fields else name

    def preset_set(self, rules_name: str) -> int:
        preset = CHICKEN_PRESETS.get(rules_name)
        return self.default_set if preset is None else preset.highest

    def read_position(self, data: object) -> ChickenPosition:
        return ChickenPosition.from_json(data)

    def engines(self, highest: int, ascending: bool, planned: int | None, rules_spec: object = None) -> tuple[int, ...]:
        # the round's double is the centre: the highest first, then down to the double-blank
        doubles = tuple(range(highest, -1, -1))
        return doubles[:planned] if planned else doubles

    def rounds_total(self, engines: tuple[int, ...], planned: int | None) -> int | None:
        return len(engines)

    def deal(self, players: int, highest: int, rules_name: str) -> int:
        return chicken_deal_size(players, highest)

    def boneyard(self, players: int, highest: int, rules_name: str) -> int:
        return rules.DominoSet(highest).tile_count - self.deal(players, highest, rules_name) * players

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
        # the deal passes to the left as in any game; whoever holds the round's double lays it and starts
        passed = rules.dealing("standard", players, first_dealer, number, engine=engine, plays=plays)
        return replace(passed, leader=None, starts=rules.ENGINE_HOLDER)

    def check_setup(self, choices: GameChoices, players: int, problems: Problems) -> Setup | None:
        preset = self._preset(choices, problems)
        blank = whole(choices.double_blank)
        if choices.double_blank in (None, ""):
            blank = form.DOUBLE_BLANK_VALUES[0]
        if blank not in form.DOUBLE_BLANK_VALUES:
            problems.add("double_blank", _("The double-blank counts 50 or 0 pips."))
        if preset is not None and not problems:
            try:
                chicken_deal_size(players, preset.highest)
            except rules.DealError as e:
                problems.add("players", f"{str(e)[0].upper()}{str(e)[1:]}.")
        limit: int | None = None
        if choices.rounds not in (None, ""):
            most = preset.highest + 1 if preset is not None else None
            limit = whole(choices.rounds)
            if limit is None or most is None or not 1 <= limit <= most:
                problems.add(
                    self.rounds_field,
                    _("Play 1 to %(most)s rounds, or leave it empty for the whole game.", most=most or "…"),
                )
        house = self.check_house_rules(
            preset.name if preset is not None else self.default_rules, choices.house_rules, problems
        )
        if problems or preset is None or blank is None:
            return None
        return Setup(
            set=preset.highest,
            rules=preset.name,
            rounds=limit or preset.highest + 1,
            double_blank=blank,
            house_rules=house,
        )

    def _preset(self, choices: GameChoices, problems: Problems) -> Any:
        """The preset asked for; without one, the preset of the set asked for (each preset names its set)."""
        highest = whole(choices.set)
        if choices.rules in (None, "", self.default_rules) and highest != self.default_set:
            by_set = next((p for p in CHICKEN_PRESETS.values() if p.highest == highest), None)
            if by_set is None:
                problems.add(
                    "set",
                    _(
                        "The set must be one of %(sets)s (the highest double); %(given)s is not.",
                        sets=", ".join(str(n) for n in self.sets),
                        given=brief(choices.set),
                    ),
                )
            return by_set
        preset = CHICKEN_PRESETS.get(choices.rules) if isinstance(choices.rules, str) else None
        if preset is None:
            problems.add(
                "rules",
                _(
                    "The rules are one of %(presets)s; %(given)s is not.",
                    presets=", ".join(self.presets),
                    given=brief(choices.rules),
                ),
            )
        return preset


CHICKEN_FOOT = ChickenFootKind(
    id=page.KIND_ID,
    title=_l("Chicken Foot"),
    reference_page=page.PAGE,
    reference_path=page.PATH,
    reference_sections=page.SECTIONS[1:],
    reference_ids=page.PARAGRAPHS,
    glossary=page.GLOSSARY,
    place=3,
    sets=CHICKEN_FOOT_SETS,
    default_set=9,
    max_players=max(chicken_max_players(n) for n in CHICKEN_FOOT_SETS),
    presets=CHICKEN_PRESETS,
    default_rules=next(iter(CHICKEN_PRESETS)),
    words=replace(
        ROUND_WORDS,
        check_move=N_("Playing Chicken Foot? Check a Chicken Foot move"),
        round_double=N_("centre double-%(pips)d"),
        round_double_tile=N_("Centre double: %(pips)d-%(pips)d"),
        round_double_name=N_("Centre <strong>double-%(pips)d</strong>"),
    ),
    rounds_field="rounds",
    setup_fields=(f"{form.PREFIX}rules", f"{form.PREFIX}rounds", f"{form.PREFIX}double_blank"),
    deal_page="checker.deal",
    has_engines=True,
    house_rules=HOUSE_RULES,
    short_names=MappingProxyType(
        {
            "chicken-foot": N_("Double-9"),
            "chicken-foot-double-6": N_("Double-6"),
            "chicken-foot-double-12": N_("Double-12"),
        }
    ),
)
