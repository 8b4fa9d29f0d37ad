"""The rules reference: every game's printable pages, a stable anchor for every rule, each anchor on one page.

Which pages there are, and which page has which anchor, come from services.reference (each game declares its own
pages in its package); here every page gets its route, and what every page needs to be drawn.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, Response, render_template

from ..games import KINDS
from ..page_cache import cached_page
from ..reference_pages import ReferencePage, rules_by_anchor, without_option_ids
from ..rules import rule_title, section_title
from ..services.reference import (
    ANCHOR_PAGES,
    HOUSE_RULE_NAMES,
    PAGE_KINDS,
    PAGES,
    RULE_PARAGRAPHS,
    SUBSECTIONS,
    reference_url,
)

bp = Blueprint("reference", __name__)


def _draw(page: ReferencePage) -> str:
    """Draw one reference page with what every page needs: its sections, the pages nav, and links that stay on
    the page for its own anchors and go to the right page for the others."""

    def link(anchor: str) -> str:
        return f"#{anchor}" if ANCHOR_PAGES.get(anchor) == page.endpoint else reference_url(anchor)

    extra = {"disputes": page.disputes} if page.disputes is not None else {}
    return render_template(
        page.template,
        page=page.endpoint,
        page_title=page.title,
        pages=PAGES,
        sections=page.sections,
        subsections=SUBSECTIONS,
        link=link,
        rule_paragraphs=RULE_PARAGRAPHS,
        kinds=KINDS,
        kind=PAGE_KINDS[page.endpoint],
        section_title=section_title,
        rule_title=rule_title,
        rules_by_anchor=rules_by_anchor(),
        without_option_ids=without_option_ids,
        house_rule_names=HOUSE_RULE_NAMES,
        **extra,
        **page.context(),
    )


def _route(page: ReferencePage) -> Callable[[], Response]:
    def show() -> Response:
        """One rules page, the same until the next deployment."""
        return cached_page(lambda: _draw(page))

    return show


for _page in PAGES:
    blueprint_name, endpoint = _page.endpoint.split(".", 1)
    assert blueprint_name == bp.name, f"{_page.endpoint}: a reference page's endpoint is reference.<name>"
    bp.add_url_rule(_page.path, endpoint=endpoint, view_func=_route(_page), methods=["GET"])
