"""The rules reference: every game's printable pages, which page has which anchor, and links straight to it.

Each game declares its pages in its own package (``PAGES`` in ``scorekeeper/games/<game>/reference.py``, built
from :mod:`scorekeeper.reference_pages`); here they are gathered in the registry's order. Every id on them
(sections, subheadings, the paragraphs disputes and rules point at) is on exactly one page, so
:func:`reference_url` brings the checker and the API straight to it.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import has_request_context, url_for

from ..games import DEFAULT_KIND, KINDS, has_part, part
from ..kinds import GameKind
from ..reference_pages import Dispute, ReferencePage

PAGE_KINDS: Mapping[str, GameKind] = {
    page.endpoint: kind
    for kind in KINDS.values()
    if has_part(kind, "reference")
    for page in part(kind, "reference").PAGES
}
"""page endpoint -> the game whose page it is."""

PAGES: tuple[ReferencePage, ...] = tuple(
    page for kind in KINDS.values() if has_part(kind, "reference") for page in part(kind, "reference").PAGES
)
"""Every game's rules pages, in the order the pages nav shows them."""

BY_ENDPOINT: Mapping[str, ReferencePage] = {page.endpoint: page for page in PAGES}

PATHS: Mapping[str, str] = {page.endpoint: page.path for page in PAGES}
"""page endpoint -> its address, in the order the pages nav shows them."""

SECTIONS: Mapping[str, tuple[str, ...]] = {page.endpoint: page.sections for page in PAGES}
"""page endpoint -> the ids of its sections (its ``<h2>`` headings and its table of contents), in reading order."""

SUBSECTIONS: Mapping[str, tuple[str, ...]] = {
    section: subs for page in PAGES for section, subs in page.subsections.items()
}
"""section id -> the ids of its ``<h3>`` subheadings, in reading order: each is in the contents under its section."""

PARAGRAPHS: Mapping[str, tuple[str, ...]] = {page.endpoint: page.paragraphs for page in PAGES}
"""page endpoint -> the ids of its paragraphs a link may land on: the answers :data:`DISPUTES` and
:data:`RULE_PARAGRAPHS` point at, so a link lands on the sentence that settles it, not a screen above."""

DISPUTES: Mapping[str, tuple[Dispute, ...]] = {
    kind.id: page.disputes or ()
    for kind in KINDS.values()
    if (page := BY_ENDPOINT.get(kind.reference_page)) is not None
}
"""game kind id -> the questions tables argue about most, each with the paragraph that answers it; its rules
page lists them first, under its first section."""

RULE_PARAGRAPHS: Mapping[str, str] = {rule: p for page in PAGES for rule, p in page.rule_paragraphs.items()}
"""rule id -> the paragraph that states it, for rules whose section is longer than a screen; the glossary links
there. The checker still links the rule's section (rules/rulebook.py), until it links these too."""

HOUSE_RULE_NAMES = frozenset(rule.name for kind in KINDS.values() for rule in kind.house_rules)
"""The options a table can pick when it starts a game; any other answer no preset gives only the move checker's
JSON takes, and the reference must not pass it off as a house rule."""


def _anchor_pages() -> dict[str, str]:
    pages: dict[str, str] = {}
    for page in PAGES:
        subsections = [sub for section in page.sections for sub in page.subsections.get(section, ())]
        for anchor in dict.fromkeys((*page.sections, *subsections, *page.ids, *page.paragraphs)):
            assert anchor not in pages, f"#{anchor} is on two reference pages"
            pages[anchor] = page.endpoint
    return pages


ANCHOR_PAGES: Mapping[str, str] = _anchor_pages()
"""anchor -> the endpoint of the one reference page that has it (every id on the pages but ``contents``)."""


def reference_url(anchor: str) -> str:
    """The address of the reference page with that anchor, anchor included: "/rules/variants#presets".

    An anchor no page has lands on the default game's rules page.
    """
    page = ANCHOR_PAGES.get(anchor, DEFAULT_KIND.reference_page)
    path = url_for(page) if has_request_context() else PATHS[page]
    return f"{path}#{anchor}"
