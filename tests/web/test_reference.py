"""The rules reference, three pages: every anchor the checker links to exists on exactly one of them, links between
the pages land on the right one, each page stays under the weight budget, and the tables agree with the engine."""

from __future__ import annotations

import html as htmllib
import re
from collections import Counter
from html.parser import HTMLParser

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.games.mexican_train import KIND as MEXICAN_TRAIN
from scorekeeper.games.mexican_train.reference import VARIANTS_PAGE
from scorekeeper.games.super_domino import KIND as SUPER_DOMINO
from scorekeeper.reference_pages import without_option_ids
from scorekeeper.rules import (
    ANCHORS,
    MEXICAN_TRAIN_RULES,
    OPTION_NAMES,
    PRESETS,
    RULES,
    SUPER_DOMINO_ANCHORS,
    SUPER_DOMINO_RULES,
    SUPPORTED_SETS,
    DealError,
    deal_size,
)
from scorekeeper.services.reference import (
    ANCHOR_PAGES,
    PATHS,
    SECTIONS,
    SUBSECTIONS,
    reference_url,
)

from .helpers import OPEN_DOUBLE_POSITION, plain_names, text

RULES_PAGE = MEXICAN_TRAIN.reference_page
SUPER_DOMINO_PAGE = SUPER_DOMINO.reference_page

BUDGET = 50_000  # bytes: a page's HTML with the CSS and JS it links, uncompressed (as tests/web/test_pwa.py)
PAGE_IDS = {"main", "contents"}  # every page has these: base.html's main, and the page's own table of contents


class Page(HTMLParser):
    """The parts of a page the tests look at: ids, links, attributes, and the text of some elements."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.html = html
        self.ids: Counter[str] = Counter()
        self.hrefs: list[str] = []
        self.toc_hrefs: list[str] = []
        self.pages_nav: list[tuple[str, str | None]] = []  # (href, aria-current)
        self.heading_ids: list[str] = []
        self.subheadings: list[str | None] = []  # the id of every <h3>, None where it has none
        self.h1 = ""
        self.stylesheets: list[str] = []
        self.scripts: list[str] = []
        self.attrs: list[tuple[str, str, str | None]] = []  # (tag, attribute, value)
        self.tags: Counter[str] = Counter()
        self.inline_scripts = 0
        self.cells: list[tuple[int, str, int, str]] = []  # deal-table cells: (set, presets, players, text)
        self.glossary: dict[str, str] = {}  # rule id -> its <dd> text
        self._nav: str | None = None
        self._in_h1 = False
        self._set = 0
        self._columns: list[str] = []  # data-presets of the deal table's column headers
        self._players = 0
        self._column = -1
        self._cell: tuple[int, str, int] | None = None
        self._cell_text = ""
        self._rule: str | None = None
        self._dd: str | None = None
        self._dd_text = ""
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags[tag] += 1
        if tag == "script":
            if a.get("src"):
                self.scripts.append(a["src"] or "")
            else:
                self.inline_scripts += 1
        if tag == "link" and a.get("rel") == "stylesheet":
            self.stylesheets.append(a.get("href") or "")
        self.attrs.extend((tag, k, v) for k, v in attrs)
        if a.get("id"):
            self.ids[a["id"] or ""] += 1
        if tag == "nav":
            self._nav = a.get("class")
        if tag == "h1":
            self._in_h1 = True
        if tag == "a" and a.get("href"):
            href = a["href"] or ""
            self.hrefs.append(href)
            if self._nav == "toc":
                self.toc_hrefs.append(href)
            if self._nav == "pages":
                self.pages_nav.append((href, a.get("aria-current")))
        if tag == "h2" and a.get("id"):
            self.heading_ids.append(a["id"] or "")
        if tag == "h3":
            self.subheadings.append(a.get("id"))
        if tag == "table" and (a.get("id") or "").startswith("deal-"):
            self._set = int((a["id"] or "")[len("deal-") :])
            self._columns = []
        if self._set and tag == "th" and a.get("data-presets"):
            self._columns.append(a["data-presets"] or "")
        if self._set and tag == "tr":
            self._column = -1
        if self._set and tag == "th" and a.get("scope") == "row":
            self._cell, self._cell_text = None, ""
            self._players = -1
        if self._set and tag == "td":
            self._column += 1
            self._cell = (self._set, self._columns[self._column], self._players)
            self._cell_text = ""
        if tag == "dt" and (a.get("id") or "").startswith("rule-"):
            self._rule = (a["id"] or "")[len("rule-") :]
        if tag == "dd" and self._rule:
            self._dd, self._rule = self._rule, None
            self._dd_text = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "nav":
            self._nav = None
        if tag == "h1":
            self._in_h1 = False
        if tag == "table":
            self._set = 0
        if tag == "td" and self._cell:
            self.cells.append((*self._cell, self._cell_text.strip()))
            self._cell = None
        if tag == "dd" and self._dd:
            self.glossary[self._dd] = " ".join(self._dd_text.split())
            self._dd = None

    def handle_data(self, data: str) -> None:
        if self._in_h1:
            self.h1 += data
        if self._set and self._players == -1:
            self._players = int(data)
        if self._cell:
            self._cell_text += data
        if self._dd:
            self._dd_text += data


@pytest.fixture
def pages(client: FlaskClient) -> dict[str, Page]:
    """endpoint -> its page, as English speakers get it."""
    out = {}
    for endpoint, path in PATHS.items():
        response = client.get(path)
        assert response.status_code == 200, path
        out[endpoint] = Page(text(response))
    return out


@pytest.fixture
def page(pages: dict[str, Page]) -> Page:
    return pages[RULES_PAGE]


@pytest.fixture
def variants(pages: dict[str, Page]) -> Page:
    return pages[VARIANTS_PAGE]


@pytest.fixture
def super_domino(pages: dict[str, Page]) -> Page:
    return pages[SUPER_DOMINO_PAGE]


def where(pages: dict[str, Page], anchor: str) -> list[str]:
    return [endpoint for endpoint, p in pages.items() for _ in range(p.ids[anchor])]


# -- the three pages ---------------------------------------------------------------------


def test_the_three_pages_answer_with_their_titles_and_the_stylesheet(
    client: FlaskClient, pages: dict[str, Page]
) -> None:
    assert PATHS == {
        RULES_PAGE: "/rules",
        VARIANTS_PAGE: "/rules/variants",
        SUPER_DOMINO_PAGE: "/rules/super-domino",
        "reference.chicken_foot_rules": "/rules/chicken-foot",
    }
    assert pages[RULES_PAGE].h1 == "Mexican Train: the rules"
    assert pages[VARIANTS_PAGE].h1 == "Rule sets and house rules"
    assert pages[SUPER_DOMINO_PAGE].h1 == "Super Domino: the rules"
    assert pages["reference.chicken_foot_rules"].h1 == "Chicken Foot: the rules"
    for p in pages.values():
        assert plain_names(p.stylesheets[-1]) == "/static/reference.css"


def test_each_page_links_the_other_two_and_marks_itself(pages: dict[str, Page]) -> None:
    for endpoint, p in pages.items():
        assert [href for href, _ in p.pages_nav] == list(PATHS.values())
        assert [href for href, current in p.pages_nav if current == "page"] == [PATHS[endpoint]]


def test_each_page_has_a_table_of_contents_of_its_own_sections_in_page_order(pages: dict[str, Page]) -> None:
    for endpoint, p in pages.items():
        sections = [h for h in p.heading_ids if h != "contents"]
        assert sections == list(SECTIONS[endpoint]), endpoint
        wanted = [f"#{h}" for section in sections for h in (section, *SUBSECTIONS.get(section, ()))]
        assert p.toc_hrefs == wanted, endpoint


def test_every_subheading_has_an_id_and_is_in_the_contents_under_its_section(pages: dict[str, Page]) -> None:
    for endpoint, p in pages.items():
        assert p.subheadings and None not in p.subheadings, f"{endpoint}: a subheading without an id"
        for sub in p.subheadings:
            assert f"#{sub}" in p.toc_hrefs, f"{endpoint}: #{sub} is not in the contents"
        listed = [sub for section in SECTIONS[endpoint] for sub in SUBSECTIONS.get(section, ())]
        assert p.subheadings == listed, endpoint


def test_every_section_links_back_to_its_pages_contents(pages: dict[str, Page]) -> None:
    for endpoint, p in pages.items():
        assert p.hrefs.count("#contents") == len(SECTIONS[endpoint]), endpoint


@pytest.mark.parametrize("path", list(PATHS.values()))
def test_each_page_with_its_css_and_js_stays_under_50_kb(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    p = Page(response.get_data(as_text=True))
    assert p.stylesheets and p.scripts, "the page links its CSS and JS"
    assets = [client.get(url) for url in p.stylesheets + p.scripts]
    assert all(a.status_code == 200 for a in assets)
    weight = len(response.get_data()) + sum(len(a.get_data()) for a in assets)
    assert weight < BUDGET, f"{path}: {weight:,} bytes, {weight - BUDGET:,} over the {BUDGET:,} budget"


@pytest.mark.parametrize("language", ["en", "it", "cs", "pt", "de"])
def test_every_page_renders_in_every_language(client: FlaskClient, language: str) -> None:
    for path in PATHS.values():
        response = client.get(f"{path}?lang={language}")
        assert response.status_code == 200, (path, language)
        assert f'<html lang="{language}">' in text(response)


def test_no_inline_script_or_style(pages: dict[str, Page]) -> None:
    """The content security policy would block them anyway; a player would just see a broken page."""
    for p in pages.values():
        assert p.inline_scripts == 0
        assert p.tags["style"] == 0
        assert [(t, a) for t, a, _ in p.attrs if a == "style" or a.startswith("on")] == []


def test_the_stylesheet_is_served_with_print_and_target_rules(client: FlaskClient) -> None:
    response = client.get("/static/reference.css")
    assert response.status_code == 200
    css = response.get_data(as_text=True)
    response.close()
    assert "@media print" in css and ":target" in css and ".table-scroll" in css and ".pages" in css


# -- anchors and links -------------------------------------------------------------------


def test_every_anchor_a_rule_or_a_section_names_is_on_exactly_one_page_and_reference_url_finds_it(
    app: Flask, pages: dict[str, Page]
) -> None:
    anchors = {anchor for _title, anchor in RULES.values()} | set(ANCHORS)
    for anchor in anchors:
        [endpoint] = where(pages, anchor)
        assert reference_url(anchor) == f"{PATHS[endpoint]}#{anchor}"
        with app.test_request_context():
            assert reference_url(anchor) == f"{PATHS[endpoint]}#{anchor}"


def test_every_checker_section_is_a_heading_with_exactly_that_id(pages: dict[str, Page]) -> None:
    for anchor in ANCHORS:
        [endpoint] = where(pages, anchor)
        assert anchor in pages[endpoint].heading_ids, f"{anchor} should be a section heading"


def test_the_map_of_anchors_is_exactly_what_the_pages_have(pages: dict[str, Page]) -> None:
    for endpoint, p in pages.items():
        assert [i for i, n in p.ids.items() if n > 1] == [], endpoint
        for anchor in p.ids.keys() - PAGE_IDS:
            assert ANCHOR_PAGES.get(anchor) == endpoint, f"#{anchor} is on {endpoint}"
    for anchor, endpoint in ANCHOR_PAGES.items():
        assert where(pages, anchor) == [endpoint], anchor


@pytest.mark.parametrize(
    "anchor",
    [
        "presets",
        "house-rules",
        "rule-ids",
        "deal-tables",
        "deal-12",
        "option-markers",
        "preset-italian",
        "compare-doubles",
        "rule-double-must-be-covered",
    ],
)
def test_the_variants_anchors_are_on_the_variants_page(anchor: str) -> None:
    assert reference_url(anchor) == f"/rules/variants#{anchor}"


@pytest.mark.parametrize(
    "anchor",
    ["equipment", "engine", "engine-placement", "dealing", "last-tile", "scoring", "game", "doubles", "double-cover"],
)
def test_the_rules_anchors_are_on_the_rules_page(anchor: str) -> None:
    assert reference_url(anchor) == f"/rules#{anchor}"


def test_every_link_between_and_within_the_pages_has_a_target(pages: dict[str, Page]) -> None:
    by_path = {path: pages[endpoint] for endpoint, path in PATHS.items()}
    for endpoint, p in pages.items():
        for href in p.hrefs:
            path, _, anchor = href.partition("#")
            if not anchor or (path and path not in by_path):
                continue
            target = by_path[path] if path else p
            assert target.ids[anchor] == 1, f"{endpoint} links {href}"
            if path:
                assert path != PATHS[endpoint], f"{endpoint} links {href}: a link within the page needs only #{anchor}"


def test_the_checker_verdict_for_an_open_double_lands_on_the_doubles_section(
    client: FlaskClient, pages: dict[str, Page]
) -> None:
    position = OPEN_DOUBLE_POSITION
    body = client.post(
        "/api/v1/check", json={"position": position, "move": {"action": "play", "tile": "3-3", "train": "mexican"}}
    ).get_json()
    assert body["rule"] == "double-must-be-covered"
    path, _, anchor = body["reference"].partition("#")
    assert anchor == "doubles"
    landing = client.get(path)
    assert landing.status_code == 200
    assert text(landing).count('id="doubles"') == 1


def test_services_reference_link_asks_the_reference(app: Flask) -> None:
    from scorekeeper.services import reference_link

    with app.test_request_context():
        assert reference_link("doubles") == "/rules#doubles"
        assert reference_link("super-domino-spell") == "/rules/super-domino#super-domino-spell"
        assert reference_link("presets") == "/rules/variants#presets"


# -- the Mexican Train rules -------------------------------------------------------------


@pytest.mark.parametrize(
    "section",
    ["equipment", "engine", "dealing", "last-tile", "scoring", "game"],
)
def test_the_other_sections_have_stable_ids(page: Page, section: str) -> None:
    assert section in page.heading_ids


def test_the_dealing_section_gives_the_standard_deal_and_links_the_tables(client: FlaskClient, page: Page) -> None:
    from scorekeeper.reference_pages import deal_summary

    assert deal_summary(PRESETS["standard"].options.deals, 12) in page.html
    assert "/rules/variants#deal-tables" in page.hrefs


def test_each_section_names_the_rule_ids_it_explains(pages: dict[str, Page]) -> None:
    for rule, (_title, anchor) in RULES.items():
        [endpoint] = where(pages, anchor)
        [glossary] = where(pages, f"rule-{rule}")
        wanted = f"#rule-{rule}" if glossary == endpoint else f"{PATHS[glossary]}#rule-{rule}"
        assert pages[endpoint].hrefs.count(wanted) >= 1, rule


# -- rule sets and house rules -----------------------------------------------------------


@pytest.mark.parametrize("section", ["deal-tables", "presets", "house-rules", "rule-ids"])
def test_the_variants_sections_have_stable_ids(variants: Page, section: str) -> None:
    assert section in variants.heading_ids


def test_every_rule_id_is_in_its_games_glossary_with_its_title_and_section(variants: Page, super_domino: Page) -> None:
    assert set(variants.glossary) == set(MEXICAN_TRAIN_RULES)
    assert set(super_domino.glossary) == set(SUPER_DOMINO_RULES)
    for rule, (title, anchor) in {**MEXICAN_TRAIN_RULES, **SUPER_DOMINO_RULES}.items():  # Chicken Foot's: its folder
        glossary = super_domino.glossary if rule.startswith("sd-") else variants.glossary
        assert title in glossary[rule]
        assert ANCHORS[anchor] in glossary[rule]


def test_every_option_is_described_under_house_rules(variants: Page) -> None:
    for name in OPTION_NAMES:
        assert variants.ids[f"option-{name}"] == 1, name
    assert "undescribed" not in variants.html


def test_every_preset_is_compared_and_described(variants: Page) -> None:
    shown = htmllib.unescape(variants.html)
    for name, preset in PRESETS.items():
        assert variants.ids[f"preset-{name}"] == 1
        assert variants.ids[f"compare-{name}"] == 1
        assert preset.title in shown
        assert without_option_ids(preset.description) in shown
    for row in ("dealing", "engine", "first-turn", "doubles", "markers", "mexican-train"):
        assert variants.ids[f"compare-{row}"] == 1


def _deal_or_dash(players: int, highest: int, preset: str) -> str:
    try:
        return str(deal_size(players, highest, rules=preset))
    except DealError:
        return "–"


def test_every_deal_cell_agrees_with_the_engine(variants: Page) -> None:
    assert {f"deal-{n}" for n in SUPPORTED_SETS} <= set(variants.ids)
    seen: set[tuple[int, str, int]] = set()
    for highest, presets, players, shown in variants.cells:
        for name in presets.split():
            assert shown == _deal_or_dash(players, highest, name), (highest, name, players)
            seen.add((highest, name, players))
    # every preset, every set, every player count the preset deals for, is on the page
    for name, preset in PRESETS.items():
        for highest in SUPPORTED_SETS:
            for players in preset.options.deals[highest]:
                assert (highest, name, players) in seen, (highest, name, players)


@pytest.mark.parametrize(
    ("highest", "players", "preset", "shown"),
    [
        (12, 4, "standard", "15"),
        (12, 5, "italian", "14"),
        (12, 2, "italian", "16"),
        (12, 8, "italian", "9"),
        (12, 7, "czech", "10"),
        (12, 6, "portuguese", "15"),
        (12, 7, "portuguese", "–"),
        (6, 4, "standard", "6"),
    ],
)
def test_a_few_deal_cells_a_player_would_look_up(
    variants: Page, highest: int, players: int, preset: str, shown: str
) -> None:
    [cell] = [t for h, p, n, t in variants.cells if h == highest and n == players and preset in p.split()]
    assert cell == shown == _deal_or_dash(players, highest, preset)


def test_the_comparison_sums_up_each_deal_in_one_line(variants: Page) -> None:
    from scorekeeper.reference_pages import deal_summary

    italian = deal_summary(PRESETS["italian"].options.deals, 12)
    assert italian == "2–3 players: 16 · 4 players: 15 · 5 players: 14 · 6 players: 12 · 7 players: 10 · 8 players: 9"
    assert deal_summary(PRESETS["portuguese"].options.deals, 12) == "2–6 players: 15"
    assert italian in variants.html


# -- Super Domino ------------------------------------------------------------------------


def test_every_super_domino_anchor_is_a_heading_in_its_pages_contents(super_domino: Page) -> None:
    assert set(SUPER_DOMINO_ANCHORS) <= set(ANCHORS)
    assert set(SUPER_DOMINO_RULES) <= set(RULES)
    for anchor in SUPER_DOMINO_ANCHORS:
        assert super_domino.ids[anchor] == 1 and anchor in super_domino.heading_ids, anchor
        assert f"#{anchor}" in super_domino.toc_hrefs, anchor
    for rule, (_title, anchor) in SUPER_DOMINO_RULES.items():
        assert anchor.startswith("super-domino-") and super_domino.ids[anchor] == 1, rule
        assert super_domino.hrefs.count(f"#rule-{rule}") >= 1 and super_domino.ids[f"rule-{rule}"] == 1, rule


def test_super_domino_sections_in_reading_order(super_domino: Page) -> None:
    order = super_domino.heading_ids
    assert order.index("super-domino") < order.index("super-domino-start") < order.index("super-domino-choices")
    assert order.index("super-domino-choices") < order.index("super-domino-rule-ids")


def test_super_domino_facts_come_from_the_engine(super_domino: Page) -> None:
    from scorekeeper.rules import SUPER_DOMINO_HAND, DominoSet, super_domino_max_players

    assert f"{DominoSet(15).tile_count} tiles" in super_domino.html
    assert f"at most {super_domino_max_players(15)} with a double-15 set" in super_domino.html
    assert f"<strong>{SUPER_DOMINO_HAND} tiles</strong>" in super_domino.html


def test_super_domino_special_tiles_table_covers_every_effect(super_domino: Page) -> None:
    for row in (
        "a tile leaving a 15",
        "a tile leaving a 14",
        "a tile leaving a 13",
        "a tile leaving a 3",
        "a double, ending your turn",
        "15-15 as the spinner",
        "14-14 as the spinner",
        "13-13 as the spinner",
        "3-3 as the spinner",
    ):
        assert f'<th scope="row">{row}</th>' in super_domino.html, row


def test_super_domino_presets_are_described_and_compared(super_domino: Page) -> None:
    from scorekeeper.rules import SUPER_OPTION_NAMES, SUPER_PRESETS

    shown = htmllib.unescape(super_domino.html)
    assert super_domino.ids["super-domino-compare"] == 1
    for name, preset in SUPER_PRESETS.items():
        assert super_domino.ids[f"sd-preset-{name}"] == 1
        assert without_option_ids(preset.description) in shown
    table = shown[shown.index('id="super-domino-compare"') :]
    table = table[: table.index("</table>")]
    assert table.count('<th scope="row">') == len(SUPER_OPTION_NAMES)
    for option in SUPER_OPTION_NAMES:
        assert option not in table, f"{option}: an option id, where players read its name"


@pytest.mark.parametrize("path", ["/rules", "/rules/variants", "/rules/super-domino", "/rules/chicken-foot"])
def test_the_search_matcher_is_named_where_the_service_worker_keeps_it_for_offline(
    client: FlaskClient, path: str
) -> None:
    """static/sw.js keeps every /static/ address a rules page names as src="..." or href="..."."""
    page = client.get(path).get_data(as_text=True)
    named = re.findall(r'(?:href|src)="([^"#?]+)[^"]*"', page)  # sw.js's own pattern
    matcher = [url for url in named if "/static/rules-search." in url]
    assert matcher and client.get(matcher[0]).status_code == 200
