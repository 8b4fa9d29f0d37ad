"""The rules reference: three printable pages, a stable anchor for every rule, each anchor on one page.

``/rules`` has the Mexican Train rules, ``/rules/variants`` the deal tables, the presets, the house
rules and the rule-id glossary, ``/rules/super-domino`` Super Domino. :func:`reference_url` knows
which page has which anchor, so the checker and the API link straight to it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flask import Blueprint, has_request_context, render_template, url_for

from ..i18n import ngettext

from ..rules import (
    OPTION_NAMES,
    PRESETS,
    RULES,
    STANDARD_DEALS,
    SUPER_DOMINO_HAND,
    SUPER_OPTION_NAMES,
    SUPER_PRESETS,
    SUPPORTED_SETS,
    DealTable,
    DominoSet,
    Preset,
    boneyard_after_deal,
    deal_size,
    rule_title,
    section_title,
    super_domino_max_players,
)
from ..rules.rulebook import MEXICAN_TRAIN_RULES, SUPER_DOMINO_RULES

bp = Blueprint("reference", __name__)

RULES_PAGE = "reference.rules"
VARIANTS_PAGE = "reference.variants"
SUPER_DOMINO_PAGE = "reference.super_domino"

PATHS: Mapping[str, str] = {RULES_PAGE: "/rules", VARIANTS_PAGE: "/rules/variants", SUPER_DOMINO_PAGE: "/rules/super-domino"}
"""page endpoint -> its address, in the order the pages nav shows them."""

SECTIONS: Mapping[str, tuple[str, ...]] = {
    RULES_PAGE: ("equipment", "engine", "dealing", "turns", "trains", "mexican-train", "first-turn", "doubles",
                 "drawing", "markers", "passing", "last-tile", "ending", "scoring", "game"),
    VARIANTS_PAGE: ("deal-tables", "presets", "house-rules", "rule-ids"),
    SUPER_DOMINO_PAGE: ("super-domino", "super-domino-start", "super-domino-turns", "super-domino-edges",
                        "super-domino-doubles", "super-domino-specials", "super-domino-spell", "super-domino-stuck",
                        "super-domino-ending", "super-domino-choices", "super-domino-rule-ids"),
}
"""page endpoint -> the ids of its sections (its ``<h2>`` headings and its table of contents), in reading order."""

COMPARE_ROWS = ("dealing", "engine", "first-turn", "doubles", "markers", "mexican-train")
"""The points the presets comparison has a row for (``compare-<point>``)."""


def _anchor_pages() -> dict[str, str]:
    pages: dict[str, str] = {}
    ids: dict[str, list[str]] = {
        RULES_PAGE: ["engine-placement", "double-follow-up", "double-cover"],
        VARIANTS_PAGE: ["deal-notes", "preset-descriptions", "choices", "other-house-rules",
                        *(f"deal-{n}" for n in SUPPORTED_SETS),
                        *(f"{kind}-{name}" for name in PRESETS for kind in ("preset", "compare")),
                        *(f"compare-{row}" for row in COMPARE_ROWS),
                        *(f"option-{name}" for name in OPTION_NAMES),
                        *(f"rule-{rule}" for rule in MEXICAN_TRAIN_RULES)],
        SUPER_DOMINO_PAGE: ["super-domino-equipment", "super-domino-deal", "super-domino-presets", "super-domino-compare",
                            *(f"sd-preset-{name}" for name in SUPER_PRESETS),
                            *(f"rule-{rule}" for rule in SUPER_DOMINO_RULES)],
    }
    for page, sections in SECTIONS.items():
        for anchor in (*sections, *ids[page]):
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
    parts = [ngettext("%(first)s–%(num)s player: %(tiles)s", "%(first)s–%(num)s players: %(tiles)s", b, first=a, tiles=t)
             if a != b else ngettext("%(num)s player: %(tiles)s", "%(num)s players: %(tiles)s", a, tiles=t)
             for a, b, t in runs]
    return " · ".join(parts)


def set_facts(sets: Sequence[int] = SUPPORTED_SETS) -> list[SetFacts]:
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


def presets_by_option(presets: Sequence[Preset], names: Sequence[str] = OPTION_NAMES) -> dict[str, dict[object, list[str]]]:
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


def _page(page: str, template: str, **context: object) -> str:
    """Render one reference page with what every page needs: its sections, the pages nav, and links that
    stay on the page for its own anchors and go to the right page for the others."""

    def link(anchor: str) -> str:
        return f"#{anchor}" if ANCHOR_PAGES.get(anchor) == page else reference_url(anchor)

    return render_template(template, page=page, pages=list(PATHS), sections=SECTIONS[page], link=link,
                           section_title=section_title, rule_title=rule_title, rules_by_anchor=rules_by_anchor(), **context)


@bp.get(PATHS[RULES_PAGE])
def rules() -> str:
    """The Mexican Train rules, from the equipment to the whole game."""
    example_players = 4
    return _page(
        RULES_PAGE,
        "reference/rules.html",
        uses=presets_by_option(list(PRESETS.values())),
        standard_deal=deal_summary(PRESETS["standard"].options.deals, 12),
        sets=set_facts(),
        example={
            "players": example_players,
            "hand": deal_size(example_players, 12),
            "boneyard": boneyard_after_deal(example_players, 12),
        },
    )


@bp.get(PATHS[VARIANTS_PAGE])
def variants() -> str:
    """Rule sets and house rules: every deal table, the presets side by side, the options, the rule ids."""
    presets = list(PRESETS.values())
    return _page(
        VARIANTS_PAGE,
        "reference/variants.html",
        rule_ids=MEXICAN_TRAIN_RULES,
        PRESETS=PRESETS,
        OPTION_NAMES=OPTION_NAMES,
        presets=presets,
        deal_grids=deal_grids(presets),
        deal_summaries={p.name: deal_summary(p.options.deals, 12) for p in presets},
        uses=presets_by_option(presets),
    )


@bp.get(PATHS[SUPER_DOMINO_PAGE])
def super_domino() -> str:
    """Super Domino, its two presets and the choices made."""
    return _page(
        SUPER_DOMINO_PAGE,
        "reference/super_domino.html",
        rule_ids=SUPER_DOMINO_RULES,
        SUPER_PRESETS=SUPER_PRESETS,
        SUPER_OPTION_NAMES=SUPER_OPTION_NAMES,
        super_domino=super_domino_facts(),
    )


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
