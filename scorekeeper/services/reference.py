"""The rules reference: which page has which anchor, and the tables and facts its pages read from the presets.

Three printable pages: each game's own rules page (its address and sections come from its kind) and
``/rules/variants`` with the deal tables, the presets, the house rules and the Mexican Train rule ids.
:func:`reference_url` knows which page has which anchor, so the checker and the API link straight to it.
Each game's page opens with :data:`DISPUTES`, the questions tables argue about, each linking the paragraph that
settles it: sections, subheadings (:data:`SUBSECTIONS`, all in the contents) and answers (:data:`PARAGRAPHS`) have ids.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flask import has_request_context, url_for

from ..games.chicken_foot import reference as chicken_foot
from ..games.mexican_train import KIND as MEXICAN_TRAIN
from ..games.super_domino import KIND as SUPER_DOMINO
from ..house_rules import HOUSE_RULES
from ..i18n import ngettext
from ..rules import (
    MEXICAN_TRAIN_RULES,
    OPTION_NAMES,
    PRESETS,
    RULES,
    SCORING_RULE_NAMES,
    STANDARD_DEALS,
    SUPER_DOMINO_HAND,
    SUPER_DOMINO_RULES,
    SUPER_PRESETS,
    SUPPORTED_SETS,
    DealTable,
    DominoSet,
    Preset,
    super_domino_max_players,
)
from ..rules.i18n import N_

RULES_PAGE = MEXICAN_TRAIN.reference_page
VARIANTS_PAGE = "reference.variants"
SUPER_DOMINO_PAGE = SUPER_DOMINO.reference_page

PATHS: Mapping[str, str] = {
    RULES_PAGE: MEXICAN_TRAIN.reference_path,
    VARIANTS_PAGE: "/rules/variants",
    SUPER_DOMINO_PAGE: SUPER_DOMINO.reference_path,
    chicken_foot.PAGE: chicken_foot.PATH,
}
"""page endpoint -> its address, in the order the pages nav shows them."""

SECTIONS: Mapping[str, tuple[str, ...]] = {
    RULES_PAGE: ("disputes", *MEXICAN_TRAIN.reference_sections),
    VARIANTS_PAGE: ("deal-tables", "presets", "house-rules", MEXICAN_TRAIN.glossary),
    SUPER_DOMINO_PAGE: ("super-domino-disputes", *SUPER_DOMINO.reference_sections),
    chicken_foot.PAGE: chicken_foot.SECTIONS,
}
"""page endpoint -> the ids of its sections (its ``<h2>`` headings and its table of contents), in reading order."""

SUBSECTIONS: Mapping[str, tuple[str, ...]] = {
    "engine": ("round-steps", "engine-placement"),
    "mexican-train": ("mexican-train-start",),
    "doubles": ("double-follow-up", "double-cover"),
    "deal-tables": ("deal-notes",),
    "presets": ("preset-descriptions", "choices"),
    "house-rules": ("other-house-rules",),
    "super-domino": ("super-domino-equipment", "super-domino-deal"),
    "super-domino-choices": ("super-domino-presets",),
    **chicken_foot.SUBSECTIONS,
}
"""section id -> the ids of its ``<h3>`` subheadings, in reading order: each is in the contents under its section."""

PARAGRAPHS: Mapping[str, tuple[str, ...]] = {
    RULES_PAGE: (
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
    VARIANTS_PAGE: (),
    SUPER_DOMINO_PAGE: ("sd-15", "sd-14", "sd-13", "sd-3", "sd-double", "sd-stuck"),
    chicken_foot.PAGE: chicken_foot.PARAGRAPHS,
}
"""page endpoint -> the ids of its paragraphs a link may land on: the answers :data:`DISPUTES` and
:data:`RULE_PARAGRAPHS` point at, so a link lands on the sentence that settles it, not a screen above."""


@dataclass(frozen=True, slots=True)
class Dispute:
    """A question tables argue about, and the paragraph that answers it."""

    question: str
    """The question in English, the message id (``_()`` it to show)."""
    anchor: str
    """The id of the answering paragraph, on the page :data:`ANCHOR_PAGES` names."""


DISPUTES: Mapping[str, tuple[Dispute, ...]] = {
    MEXICAN_TRAIN.id: (
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
    ),
    SUPER_DOMINO.id: (
        Dispute(N_("What does a 15 do?"), "sd-15"),
        Dispute(N_("What does a 14 do?"), "sd-14"),
        Dispute(N_("What does a 13 do?"), "sd-13"),
        Dispute(N_("What does a 3 do?"), "sd-3"),
        Dispute(N_("What does a double do?"), "sd-double"),
    ),
    chicken_foot.KIND_ID: tuple(Dispute(question, anchor) for question, anchor in chicken_foot.DISPUTES),
}
"""game kind id -> the questions tables argue about most, each with the paragraph that answers it; its rules
page lists them under "Disputes" (``disputes``, ``super-domino-disputes``)."""

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
    "sd-no-drawing": "sd-stuck",
    "sd-must-play-before-drawing": "sd-stuck",
    "sd-spell": "sd-13",
    **chicken_foot.RULE_PARAGRAPHS,
}
"""rule id -> the paragraph that states it, for rules whose section is longer than a screen; the glossary links
there. The checker still links the rule's section (rules/rulebook.py), until it links these too."""

COMPARE_ROWS = ("dealing", "engine", "first-turn", "doubles", "markers", "mexican-train")
"""The points the presets comparison has a row for (``compare-<point>``)."""


def _anchor_pages() -> dict[str, str]:
    pages: dict[str, str] = {}
    ids: dict[str, list[str]] = {
        RULES_PAGE: list(MEXICAN_TRAIN.reference_ids),
        VARIANTS_PAGE: [
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
        ],
        SUPER_DOMINO_PAGE: [
            *SUPER_DOMINO.reference_ids,
            *(f"sd-preset-{name}" for name in SUPER_PRESETS),
            *(f"rule-{rule}" for rule in SUPER_DOMINO_RULES),
        ],
        chicken_foot.PAGE: list(chicken_foot.anchors()),
    }
    for page, sections in SECTIONS.items():
        subsections = [sub for section in sections for sub in SUBSECTIONS.get(section, ())]
        for anchor in dict.fromkeys((*sections, *subsections, *ids[page], *PARAGRAPHS[page])):
            assert anchor not in pages, f"#{anchor} is on two reference pages"
            pages[anchor] = page
    return pages


ANCHOR_PAGES: Mapping[str, str] = _anchor_pages()
"""anchor -> the endpoint of the one reference page that has it (every id on the pages but ``contents``)."""


def reference_url(anchor: str) -> str:
    """The address of the reference page with that anchor, anchor included: "/rules/variants#presets".

    An anchor no page has lands on the Mexican Train rules page.
    """
    page = ANCHOR_PAGES.get(anchor, RULES_PAGE)
    path = url_for(page) if has_request_context() else PATHS[page]
    return f"{path}#{anchor}"


@dataclass(frozen=True, slots=True)
class DealGrid:
    """One set's deal table, a column per distinct table: presets that deal alike share a column.

    A cell is ``None`` where those presets cannot deal that many hands from the set.
    """

    highest: int
    tiles: int
    columns: tuple[tuple[str, ...], ...]
    """The preset ids behind each column, in :data:`PRESETS` order."""
    rows: tuple[tuple[int, tuple[int | None, ...]], ...]
    """(players, tiles each in every column)."""


@dataclass(frozen=True, slots=True)
class SetFacts:
    """What the equipment and game sections say about one set."""

    highest: int
    tiles: int
    pips: int
    rounds: int
    most_players: int


def deal_grids(presets: Sequence[Preset], sets: Sequence[int] = SUPPORTED_SETS) -> list[DealGrid]:
    """Every set's deal table side by side for the given presets, straight from their options."""
    grids = []
    for highest in sets:
        columns: dict[tuple[tuple[int, int], ...], list[str]] = {}
        for p in presets:
            counts = tuple(sorted(p.options.deals.get(highest, {}).items()))
            columns.setdefault(counts, []).append(p.name)
        tables = [dict(counts) for counts in columns]
        players = sorted({n for t in tables for n in t})
        rows = tuple((n, tuple(t.get(n) for t in tables)) for n in players)
        grids.append(DealGrid(highest, DominoSet(highest).tile_count, tuple(map(tuple, columns.values())), rows))
    return grids


def deal_summary(table: DealTable, highest: int) -> str:
    """A deal table row in one line, runs of equal hands merged: "2–4 players: 15 · 5–6 players: 12"."""
    counts = sorted(table.get(highest, {}).items())
    runs: list[list[int]] = []  # [first players, last players, tiles]
    for players, tiles in counts:
        if runs and runs[-1][2] == tiles and runs[-1][1] == players - 1:
            runs[-1][1] = players
        else:
            runs.append([players, players, tiles])
    parts = [
        ngettext("%(first)s–%(num)s player: %(tiles)s", "%(first)s–%(num)s players: %(tiles)s", b, first=a, tiles=t)
        if a != b
        else ngettext("%(num)s player: %(tiles)s", "%(num)s players: %(tiles)s", a, tiles=t)
        for a, b, t in runs
    ]
    return " · ".join(parts)


def set_facts(sets: Sequence[int] = SUPPORTED_SETS) -> list[SetFacts]:
    """Tiles, pips, rounds and the most players for each set, as the equipment section quotes them."""
    out = []
    for highest in sets:
        s = DominoSet(highest)
        out.append(SetFacts(highest, s.tile_count, s.pip_total, s.rounds, max(STANDARD_DEALS[highest])))
    return out


# an option that only matters when another one is on: a preset without markers has no say on how they come off
_ONLY_WITH = {
    "mexican_before_own": "mexican_train",
    "mexican_start": "mexican_train",
    "play_on_marked": "markers",
    "marker_removed_by": "markers",
    "mark_unfollowed_double": "markers",
}


HOUSE_RULE_NAMES = frozenset(rule.name for rule in HOUSE_RULES)
"""The options a table can pick when it starts a game; any other answer no preset gives only the move checker's
JSON takes, and the reference must not pass it off as a house rule."""


def presets_by_option(
    presets: Sequence[Preset], names: Sequence[str] = OPTION_NAMES
) -> dict[str, dict[object, list[str]]]:
    """option -> value -> the presets that choose it, so the page says "used by" from the presets themselves.

    A preset is left out of an option that its other options make moot (no Mexican train, no markers).
    """
    uses: dict[str, dict[object, list[str]]] = {}
    for name in names:
        if name == "deals":  # a table, not a choice; the deal tables show it
            continue
        choices = uses.setdefault(name, {})
        for p in presets:
            parent = _ONLY_WITH.get(name)
            if parent is None or getattr(p.options, parent):
                choices.setdefault(getattr(p.options, name), []).append(p.name)
    return uses


def rules_by_anchor(rules: Mapping[str, tuple[str, str]] = RULES) -> dict[str, list[str]]:
    """Rule ids grouped under the section that explains them, in :data:`RULES` order."""
    grouped: dict[str, list[str]] = {}
    for rule, (_title, anchor) in rules.items():
        grouped.setdefault(anchor, []).append(rule)
    return grouped


@dataclass(frozen=True, slots=True)
class SuperDominoFacts:
    """The numbers the Super Domino part of the page quotes, from the engine."""

    highest: int
    tiles: int
    hand: int
    most_players: int
    example_players: int
    example_boneyard: int
    big_set_most_players: int


def super_domino_facts(example_players: int = 4) -> SuperDominoFacts:
    """The set, hand and player limits the Super Domino page quotes, with a worked example deal."""
    tiles = DominoSet(15).tile_count
    return SuperDominoFacts(
        highest=15,
        tiles=tiles,
        hand=SUPER_DOMINO_HAND,
        most_players=super_domino_max_players(15),
        example_players=example_players,
        example_boneyard=tiles - example_players * SUPER_DOMINO_HAND,
        big_set_most_players=super_domino_max_players(18),
    )


_NAMED_OPTION = re.compile(r"\s*\([^()]*\b[a-z0-9]+(?:_[a-z0-9]+)+\b[^()]*\)")


def without_option_ids(text: str) -> str:
    """A preset's description as players read it: without the brackets that name an option id for the API.

    >>> without_option_ids("The tile may go elsewhere (option follow_up_elsewhere); then the turn ends.")
    'The tile may go elsewhere; then the turn ends.'
    """
    return _NAMED_OPTION.sub("", text)
