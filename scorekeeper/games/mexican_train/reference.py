"""Mexican Train's rules reference: the rules page (``/rules``) and the rule sets page (``/rules/variants``).

Their sections, the paragraphs a link may land on and the disputes tables argue about are declared here; what
they show is drawn from the presets, so it cannot drift from the engine.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...reference_pages import (
    Dispute,
    ReferencePage,
    deal_grids,
    deal_summary,
    game_page,
    presets_by_option,
    set_facts,
)
from ...rules import (
    MEXICAN_TRAIN_RULES,
    OPTION_NAMES,
    PRESETS,
    SCORING_RULE_NAMES,
    SUPPORTED_SETS,
    boneyard_after_deal,
    deal_size,
)
from ...rules.i18n import N_
from .kind import MEXICAN_TRAIN

VARIANTS_PAGE = "reference.variants"

ONLY_WITH: Mapping[str, str] = {
    "mexican_before_own": "mexican_train",
    "mexican_start": "mexican_train",
    "play_on_marked": "markers",
    "marker_removed_by": "markers",
    "mark_unfollowed_double": "markers",
}
"""An option that only matters when another one is on: a preset without markers has no say on how they come
off, one without a Mexican train none on when it opens."""

COMPARE_ROWS = ("dealing", "engine", "first-turn", "doubles", "markers", "mexican-train")
"""The points the presets comparison has a row for (``compare-<point>``)."""

DISPUTES = (
    Dispute(N_("What if a double is not covered?"), "double-uncovered"),
    Dispute(N_("What if several doubles are open at once?"), "doubles-several"),
    Dispute(N_("Where may the tile after my double go?"), "double-follow"),
    Dispute(N_("What if I cannot follow up my own double?"), "double-stuck"),
    Dispute(N_("May I go out on a double?"), "double-last"),
    Dispute(N_("Can I play on another player's train?"), "markers-others"),
    Dispute(N_("When does my marker come off?"), "marker-off"),
    Dispute(N_("What if nobody has the engine double?"), "engine-missing"),
    Dispute(N_("Can I play more than one tile in a turn?"), "more-tiles"),
    Dispute(N_("May I start the Mexican train before my own?"), "mexican-train-start"),
    Dispute(N_("What if the boneyard is empty?"), "boneyard-empty"),
    Dispute(N_("May I pass while holding a playable tile?"), "pass-when"),
    Dispute(N_("Who starts the next round?"), "who-starts"),
    Dispute(N_("What counts as a blocked round?"), "blocked"),
    Dispute(N_("How is the double-blank scored?"), "double-blank"),
)
"""The questions tables argue about most, each with the paragraph that answers it."""

RULE_PARAGRAPHS: Mapping[str, str] = {
    "turn-over": "more-tiles",
    "train-not-open": "markers-others",
    "own-train-first": "mexican-train-start",
    "first-lap-own-train": "first-lap",
    "mexican-train-after-first-lap": "mexican-after-first-lap",
    "mexican-train-not-open": "mexican-all-started",
    "double-must-be-covered": "double-uncovered",
    "one-double-a-turn": "double-follow",
    "marker-next-player-only": "marker-off",
    "no-announcing": "last-tile-penalty",
    "nothing-to-announce": "last-tile-penalty",
    "cannot-catch": "last-tile-penalty",
    "no-round-end-on-double": "going-out",
    "must-play-before-drawing": "draw-when",
    "already-drew": "draw-one",
    "boneyard-empty": "boneyard-empty",
    "cannot-pass": "pass-when",
}
"""rule id -> the paragraph that states it; the glossary links there."""


SUBSECTIONS: Mapping[str, tuple[str, ...]] = {
    "engine": ("round-steps", "engine-placement"),
    "mexican-train": ("mexican-train-start",),
    "doubles": ("double-follow-up", "double-cover"),
}
"""The rules page's subsections: section id -> the ids of its ``<h3>`` subheadings, in reading order."""


def _rules() -> Mapping[str, object]:
    example_players = 4
    return {
        "uses": presets_by_option(list(PRESETS.values()), only_with=ONLY_WITH),
        "preset_count": len(PRESETS),
        "standard_deal": deal_summary(PRESETS["standard"].options.deals, 12),
        "sets": set_facts(),
        "example": {
            "players": example_players,
            "hand": deal_size(example_players, 12),
            "boneyard": boneyard_after_deal(example_players, 12),
        },
    }


def _variants() -> Mapping[str, object]:
    presets = list(PRESETS.values())
    return {
        "rule_ids": MEXICAN_TRAIN_RULES,
        "PRESETS": PRESETS,
        "OPTION_NAMES": OPTION_NAMES,
        "SCORING_RULE_NAMES": SCORING_RULE_NAMES,
        "presets": presets,
        "preset_count": len(PRESETS),
        "deal_grids": deal_grids(presets),
        "deal_summaries": {p.name: deal_summary(p.options.deals, 12) for p in presets},
        "uses": presets_by_option(presets, only_with=ONLY_WITH),
    }


PAGES = (
    game_page(
        MEXICAN_TRAIN,
        title=N_("Mexican Train: the rules"),
        name=N_("Mexican Train"),
        disputes_section="disputes",
        disputes=DISPUTES,
        subsections=SUBSECTIONS,
        paragraphs=(
            "who-starts",
            "engine-missing",
            "more-tiles",
            "mexican-after-first-lap",
            "mexican-all-started",
            "first-lap",
            "double-follow",
            "double-stuck",
            "double-uncovered",
            "doubles-several",
            "double-last",
            "draw-when",
            "draw-one",
            "boneyard-empty",
            "markers-others",
            "marker-off",
            "pass-when",
            "last-tile-penalty",
            "going-out",
            "blocked",
            "double-blank",
            "game-winner",
        ),
        rule_paragraphs=RULE_PARAGRAPHS,
        context=_rules,
    ),
    ReferencePage(
        endpoint=VARIANTS_PAGE,
        path="/rules/variants",
        template="reference/mexican_train/variants.html",
        title=N_("Rule sets and house rules"),
        name=N_("Rule sets and house rules"),
        sections=("deal-tables", "presets", "house-rules", MEXICAN_TRAIN.glossary),
        subsections={
            "deal-tables": ("deal-notes",),
            "presets": ("preset-descriptions", "choices"),
            "house-rules": ("other-house-rules",),
        },
        ids=(
            "deal-notes",
            "preset-descriptions",
            "choices",
            "other-house-rules",
            *(f"deal-{n}" for n in SUPPORTED_SETS),
            *(f"{kind}-{name}" for name in PRESETS for kind in ("preset", "compare")),
            *(f"compare-{row}" for row in COMPARE_ROWS),
            *(f"option-{name}" for name in OPTION_NAMES),
            *(f"option-{name}" for name in SCORING_RULE_NAMES),
            *(f"rule-{rule}" for rule in MEXICAN_TRAIN_RULES),
        ),
        context=_variants,
    ),
)
"""The game's rules pages, in the order the pages nav shows them."""
