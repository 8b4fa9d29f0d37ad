"""Mexican Train's kind: rounds opened by the engines in turn, the lowest pip total over the whole game wins."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from ... import rules
from ...i18n import _, _l
from ...kinds import ROUND_WORDS, ScoredByPips, Setup
from ...reading import Problems, whole
from ...rules.i18n import N_
from ...rules.text import brief
from .house_rules import HOUSE_RULES

if TYPE_CHECKING:
    from ...entries import GameChoices


class MexicanTrainKind(ScoredByPips):
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


MEXICAN_TRAIN = MexicanTrainKind(
    id="mexican-train",
    title=_l("Mexican Train"),
    reference_page="reference.rules",
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
    place=1,
    sets=rules.SUPPORTED_SETS,
    default_set=12,
    max_players=max(rules.STANDARD_DEALS[12]),  # the most widely published table seats 2 to 8
    presets=rules.PRESETS,
    default_rules="standard",
    words=replace(
        ROUND_WORDS,
        check_move=N_("Playing Mexican Train? Check a Mexican Train move"),
        round_double=N_("engine double-%(pips)d"),
        round_double_tile=N_("Engine: double-%(pips)d"),
        round_double_name=N_("Engine <strong>double-%(pips)d</strong>"),
    ),
    rounds_field="rounds",
    setup_fields=("rules", "set", "order", "rounds", "double_blank"),
    deal_page="checker.deal",
    has_engines=True,
    short_names=MappingProxyType(
        {"standard": N_("Standard"), "italian": N_("Italian"), "czech": N_("Czech"), "portuguese": N_("Portuguese")}
    ),
    house_rules=HOUSE_RULES,
)
