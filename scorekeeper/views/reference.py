"""The rules reference: three printable pages, a stable anchor for every rule, each anchor on one page.

Which page has which anchor, and the tables the pages show, come from services.reference; here are the routes.
"""

from __future__ import annotations

from flask import Blueprint, Response, render_template

from ..games import KINDS
from ..games.chicken_foot import reference as chicken_foot
from ..kinds import GameKind
from ..page_cache import cached_page
from ..rules import (
    MEXICAN_TRAIN_RULES,
    OPTION_NAMES,
    PRESETS,
    SCORING_RULE_NAMES,
    SUPER_DOMINO_RULES,
    SUPER_OPTION_NAMES,
    SUPER_PRESETS,
    boneyard_after_deal,
    deal_size,
    rule_title,
    section_title,
)
from ..services.reference import (
    ANCHOR_PAGES,
    DISPUTES,
    HOUSE_RULE_NAMES,
    PATHS,
    RULE_PARAGRAPHS,
    RULES_PAGE,
    SECTIONS,
    SUBSECTIONS,
    SUPER_DOMINO_PAGE,
    VARIANTS_PAGE,
    deal_grids,
    deal_summary,
    presets_by_option,
    reference_url,
    rules_by_anchor,
    set_facts,
    super_domino_facts,
    without_option_ids,
)

bp = Blueprint("reference", __name__)


def _kind_of_page(page: str) -> GameKind:
    return next(kind for kind in KINDS.values() if kind.reference_page == page)


def _page(page: str, template: str, **context: object) -> str:
    """Render one reference page with what every page needs: its sections, the pages nav, and links that
    stay on the page for its own anchors and go to the right page for the others."""

    def link(anchor: str) -> str:
        return f"#{anchor}" if ANCHOR_PAGES.get(anchor) == page else reference_url(anchor)

    return render_template(
        template,
        page=page,
        pages=list(PATHS),
        sections=SECTIONS[page],
        subsections=SUBSECTIONS,
        link=link,
        rule_paragraphs=RULE_PARAGRAPHS,
        kinds=KINDS,
        section_title=section_title,
        rule_title=rule_title,
        rules_by_anchor=rules_by_anchor(),
        kind_pages={kind.reference_page: kind for kind in KINDS.values()},
        without_option_ids=without_option_ids,
        house_rule_names=HOUSE_RULE_NAMES,
        **context,
    )


@bp.get(PATHS[RULES_PAGE])
def rules() -> Response:
    """The Mexican Train rules, from the equipment to the whole game (the same until the next deployment)."""
    return cached_page(_rules)


def _rules() -> str:
    example_players = 4
    return _page(
        RULES_PAGE,
        "reference/rules.html",
        disputes=DISPUTES[_kind_of_page(RULES_PAGE).id],
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
def variants() -> Response:
    """Rule sets and house rules: every deal table, the presets side by side, the options, the rule ids."""
    return cached_page(_variants)


def _variants() -> str:
    presets = list(PRESETS.values())
    return _page(
        VARIANTS_PAGE,
        "reference/variants.html",
        rule_ids=MEXICAN_TRAIN_RULES,
        PRESETS=PRESETS,
        OPTION_NAMES=OPTION_NAMES,
        SCORING_RULE_NAMES=SCORING_RULE_NAMES,
        presets=presets,
        deal_grids=deal_grids(presets),
        deal_summaries={p.name: deal_summary(p.options.deals, 12) for p in presets},
        uses=presets_by_option(presets),
    )


@bp.get(PATHS[SUPER_DOMINO_PAGE])
def super_domino() -> Response:
    """Super Domino, its two presets and the choices made."""
    return cached_page(_super_domino)


def _super_domino() -> str:
    return _page(
        SUPER_DOMINO_PAGE,
        "reference/super_domino.html",
        disputes=DISPUTES[_kind_of_page(SUPER_DOMINO_PAGE).id],
        rule_ids=SUPER_DOMINO_RULES,
        SUPER_PRESETS=SUPER_PRESETS,
        SUPER_OPTION_NAMES=SUPER_OPTION_NAMES,
        super_domino=super_domino_facts(),
    )


@bp.get(chicken_foot.PATH)
def chicken_foot_rules() -> Response:
    """Chicken Foot: the centre double and its feet, the chicken foot on a later double, the disputes."""
    return cached_page(_chicken_foot)


def _chicken_foot() -> str:
    return _page(
        chicken_foot.PAGE,
        chicken_foot.TEMPLATE,
        disputes=DISPUTES[chicken_foot.KIND_ID],
        rule_ids=chicken_foot.rule_ids(),
        cf=chicken_foot.facts(),
    )
