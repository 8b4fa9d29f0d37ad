"""The rules reference page: every anchor the checker links to exists, and the tables agree with the engine."""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import ANCHORS, OPTION_NAMES, PRESETS, RULES, SUPPORTED_SETS, DealError, deal_size

from .helpers import text


class Page(HTMLParser):
    """The parts of the page the tests look at: ids, links, attributes, and the text of some elements."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: Counter[str] = Counter()
        self.hrefs: list[str] = []
        self.toc_hrefs: list[str] = []
        self.heading_ids: list[str] = []
        self.attrs: list[tuple[str, str, str | None]] = []  # (tag, attribute, value)
        self.tags: Counter[str] = Counter()
        self.inline_scripts = 0
        self.cells: list[tuple[int, str, int, str]] = []  # deal-table cells: (set, presets, players, text)
        self.glossary: dict[str, str] = {}  # rule id -> its <dd> text
        self._in_toc = False
        self._set = 0
        self._cell: tuple[int, str, int] | None = None
        self._cell_text = ""
        self._rule: str | None = None
        self._dd: str | None = None
        self._dd_text = ""
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags[tag] += 1
        if tag == "script" and not a.get("src"):
            self.inline_scripts += 1
        self.attrs.extend((tag, k, v) for k, v in attrs)
        if a.get("id"):
            self.ids[a["id"] or ""] += 1
        if tag == "nav" and "toc" in (a.get("class") or ""):
            self._in_toc = True
        if tag == "a" and a.get("href"):
            self.hrefs.append(a["href"] or "")
            if self._in_toc:
                self.toc_hrefs.append(a["href"] or "")
        if tag == "h2" and a.get("id"):
            self.heading_ids.append(a["id"] or "")
        if tag == "table" and (a.get("id") or "").startswith("deal-"):
            self._set = int((a["id"] or "")[len("deal-"):])
        if tag == "td" and a.get("data-presets"):
            self._cell = (self._set, a["data-presets"] or "", int(a["data-players"] or 0))
            self._cell_text = ""
        if tag == "dt" and (a.get("id") or "").startswith("rule-"):
            self._rule = (a["id"] or "")[len("rule-"):]
        if tag == "dd" and self._rule:
            self._dd, self._rule = self._rule, None
            self._dd_text = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "nav":
            self._in_toc = False
        if tag == "td" and self._cell:
            self.cells.append((*self._cell, self._cell_text.strip()))
            self._cell = None
        if tag == "dd" and self._dd:
            self.glossary[self._dd] = " ".join(self._dd_text.split())
            self._dd = None

    def handle_data(self, data: str) -> None:
        if self._cell:
            self._cell_text += data
        if self._dd:
            self._dd_text += data


@pytest.fixture
def page(client: FlaskClient) -> Page:
    response = client.get("/rules")
    assert response.status_code == 200
    return Page(text(response))


def test_the_rules_page_answers(client: FlaskClient) -> None:
    response = client.get("/rules")
    assert response.status_code == 200
    html = text(response)
    assert "<h1>Mexican Train: the rules</h1>" in html
    assert "reference.css" in html


def test_every_checker_section_is_a_heading_with_exactly_that_id(page: Page) -> None:
    for anchor in ANCHORS:
        assert page.ids[anchor] == 1, anchor
        assert anchor in page.heading_ids, f"{anchor} should be a section heading"


def test_every_anchor_a_rule_links_to_exists_once(page: Page) -> None:
    for rule, (_title, anchor) in RULES.items():
        assert page.ids[anchor] == 1, f"{rule} links to #{anchor}"


def test_no_id_is_used_twice(page: Page) -> None:
    assert [i for i, n in page.ids.items() if n > 1] == []


def test_every_in_page_link_has_a_target(page: Page) -> None:
    missing = [h for h in page.hrefs if h.startswith("#") and page.ids[h[1:]] != 1]
    assert missing == []


@pytest.mark.parametrize(
    "section",
    ["equipment", "engine", "dealing", "last-tile", "scoring", "game", "presets", "house-rules", "rule-ids"],
)
def test_the_other_sections_have_stable_ids(page: Page, section: str) -> None:
    assert section in page.heading_ids


def test_the_contents_link_every_section_in_page_order(page: Page) -> None:
    sections = [h for h in page.heading_ids if h != "contents"]
    assert page.toc_hrefs == [f"#{h}" for h in sections]


def test_every_section_links_back_to_the_contents(page: Page) -> None:
    sections = [h for h in page.heading_ids if h != "contents"]
    assert page.hrefs.count("#contents") == len(sections)


def test_every_rule_id_is_in_the_glossary_with_its_title_and_section(page: Page) -> None:
    assert set(page.glossary) == set(RULES)
    for rule, (title, anchor) in RULES.items():
        assert page.ids[f"rule-{rule}"] == 1
        assert title in page.glossary[rule]
        assert ANCHORS[anchor] in page.glossary[rule]


def test_each_section_names_the_rule_ids_it_explains(page: Page) -> None:
    for rule in RULES:
        assert page.hrefs.count(f"#rule-{rule}") >= 1, rule


def test_every_option_is_described_under_house_rules(client: FlaskClient, page: Page) -> None:
    for name in OPTION_NAMES:
        assert page.ids[f"option-{name}"] == 1, name
    assert "undescribed" not in text(client.get("/rules"))


def test_every_preset_is_compared_and_described(client: FlaskClient, page: Page) -> None:
    html = text(client.get("/rules"))
    for name, preset in PRESETS.items():
        assert page.ids[f"preset-{name}"] == 1
        assert page.ids[f"compare-{name}"] == 1
        assert preset.title in html
        assert preset.description.replace("'", "&#39;") in html
    for row in ("dealing", "engine", "first-turn", "doubles", "markers", "mexican-train"):
        assert page.ids[f"compare-{row}"] == 1


def _deal_or_dash(players: int, highest: int, preset: str) -> str:
    try:
        return str(deal_size(players, highest, rules=preset))
    except DealError:
        return "–"


def test_every_deal_cell_agrees_with_the_engine(page: Page) -> None:
    assert {f"deal-{n}" for n in SUPPORTED_SETS} <= set(page.ids)
    seen: set[tuple[int, str, int]] = set()
    for highest, presets, players, shown in page.cells:
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
    [(12, 4, "standard", "15"), (12, 5, "italian", "14"), (12, 2, "italian", "16"), (12, 8, "italian", "9"),
     (12, 7, "czech", "10"), (12, 6, "portuguese", "15"), (12, 7, "portuguese", "–"), (6, 4, "standard", "6")],
)
def test_a_few_deal_cells_a_player_would_look_up(page: Page, highest: int, players: int, preset: str, shown: str) -> None:
    [cell] = [t for h, p, n, t in page.cells if h == highest and n == players and preset in p.split()]
    assert cell == shown == _deal_or_dash(players, highest, preset)


def test_no_inline_script_or_style(page: Page) -> None:
    """The content security policy would block them anyway; a player would just see a broken page."""
    assert page.inline_scripts == 0
    assert page.tags["style"] == 0
    assert [(t, a) for t, a, _ in page.attrs if a == "style" or a.startswith("on")] == []


def test_the_stylesheet_is_served_with_print_and_target_rules(client: FlaskClient) -> None:
    response = client.get("/static/reference.css")
    assert response.status_code == 200
    css = response.get_data(as_text=True)
    response.close()
    assert "@media print" in css and ":target" in css and ".table-scroll" in css


def test_the_comparison_sums_up_each_deal_in_one_line(client: FlaskClient) -> None:
    from scorekeeper.views.reference import deal_summary

    italian = deal_summary(PRESETS["italian"].options.deals, 12)
    assert italian == "2–3 players: 16 · 4 players: 15 · 5 players: 14 · 6 players: 12 · 7 players: 10 · 8 players: 9"
    assert deal_summary(PRESETS["portuguese"].options.deals, 12) == "2–6 players: 15"
    assert italian in text(client.get("/rules"))


# -- Super Domino ------------------------------------------------------------------------


def test_every_super_domino_anchor_is_a_heading_in_the_contents(page: Page) -> None:
    from scorekeeper.rules.rulebook import SUPER_DOMINO_ANCHORS, SUPER_DOMINO_RULES

    assert set(SUPER_DOMINO_ANCHORS) <= set(ANCHORS)
    assert set(SUPER_DOMINO_RULES) <= set(RULES)
    for anchor in SUPER_DOMINO_ANCHORS:
        assert page.ids[anchor] == 1 and anchor in page.heading_ids, anchor
        assert f"#{anchor}" in page.toc_hrefs, anchor
    for rule, (_title, anchor) in SUPER_DOMINO_RULES.items():
        assert anchor.startswith("super-domino-") and page.ids[anchor] == 1, rule
        assert page.hrefs.count(f"#rule-{rule}") >= 1 and page.ids[f"rule-{rule}"] == 1, rule


def test_super_domino_part_comes_after_the_mexican_train_rules(page: Page) -> None:
    order = page.heading_ids
    assert order.index("house-rules") < order.index("super-domino") < order.index("super-domino-start")
    assert order.index("super-domino-choices") < order.index("rule-ids")


def test_super_domino_facts_come_from_the_engine(client: FlaskClient) -> None:
    from scorekeeper.rules import SUPER_DOMINO_HAND, DominoSet, super_domino_max_players

    html = text(client.get("/rules"))
    assert f"{DominoSet(15).tile_count} tiles" in html
    assert f"at most {super_domino_max_players(15)} with a double-15 set" in html
    assert f"<strong>{SUPER_DOMINO_HAND} tiles</strong>" in html


def test_super_domino_special_tiles_table_covers_every_effect(client: FlaskClient) -> None:
    html = text(client.get("/rules"))
    for row in ("a tile leaving a 15", "a tile leaving a 14", "a tile leaving a 13", "a tile leaving a 3",
                "a double, ending your turn", "15-15 as the spinner", "14-14 as the spinner",
                "13-13 as the spinner", "3-3 as the spinner"):
        assert f'<th scope="row">{row}</th>' in html, row


def test_super_domino_presets_are_described_and_compared(client: FlaskClient, page: Page) -> None:
    from scorekeeper.rules import SUPER_OPTION_NAMES, SUPER_PRESETS

    html = text(client.get("/rules"))
    assert page.ids["super-domino-compare"] == 1
    for name, preset in SUPER_PRESETS.items():
        assert page.ids[f"sd-preset-{name}"] == 1
        assert preset.description.replace("'", "&#39;") in html
    for option in SUPER_OPTION_NAMES:
        assert f"<code>{option}</code>" in html, option
