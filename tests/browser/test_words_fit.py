"""Words that cannot be misread at 360 px, in each of the five languages: the site header is one line, and no
table breaks a word inside itself or widens the page (a wide table scrolls in its own box).

To measure another page, add its address to ``PAGES`` (``{game}`` is a finished game with four players,
``{person}`` one of them, ``{watch}`` the game's watch code); ``CONFLICT`` is the round form's "Stored / Yours"
screen, reached by a stale Save.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

LANGUAGES = ["en", "it", "cs", "pt", "de"]
PHONE_360 = {"width": 360, "height": 740}
PLAYERS = ["Šárka", "João", "Maximiliane", "Niccolò"]

PAGES = [
    "/",
    "/games/new",
    "/games/{game}",
    "/games/{game}/history",
    "/games/{game}/grid",
    "/games/{game}/players",
    "/games/{game}/print",
    "/watch/{watch}",
    "/trash",
    "/people",
    "/people/{person}",
    "/stats",
    "/settings",
    "/check",
    "/deal?players=4",
    "/rules",
]

# the text of every word of every table and of every header link, with the distinct lines each word's boxes sit
# on: a word on two lines was broken inside itself
_WORD_LINES = """(selector) => {
  const found = [];
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.bottom)));
        if (tops.size > 1) found.push(match[0]);
      }
    }
  }
  return found;
}"""

# the header's own pieces (the name and each link), each the lines it spans, and the link boxes' sizes
_HEADER = """() => {
  const bar = document.querySelector('header.bar');
  const links = [...bar.querySelectorAll('a:not(.skip)')];
  const rects = links.map(a => a.getBoundingClientRect());
  return {
    height: bar.getBoundingClientRect().height,
    tops: [...new Set(rects.map(r => Math.round(r.top + r.height / 2)))],
    smallest: Math.min(...rects.map(r => Math.min(r.width, r.height))),
    texts: links.map(a => a.textContent.trim()),
  };
}"""

# what reaches past the phone's right edge, to name in a failure
_WIDE = """() => [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > innerWidth + 1)
  .slice(0, 5).map(e => `${e.tagName.toLowerCase()}.${e.className} "${e.textContent.trim().slice(0, 30)}"`)"""


@pytest.fixture(scope="module")
def played(browser: Browser, live_server: str) -> dict[str, str]:
    """A finished four-player game (so that the people, stats and history pages have rows), one person and the
    game's watch code."""
    page = browser.new_page()
    api = page.request
    created = api.post(f"{live_server}/api/v1/games", data={"players": PLAYERS, "rounds": 2})
    assert created.status == 201, created.text()
    game = str(created.json()["id"])
    for pips in ((0, 12, 5, 30), (0, 8, 5, 10)):
        body: dict[str, Any] = {"pips": dict(zip(PLAYERS, pips)), "went_out": PLAYERS[0]}
        assert api.post(f"{live_server}/api/v1/games/{game}/rounds", data=body).status == 201
    page.goto(f"{live_server}/people")
    person = page.locator("a.person-row").first.get_attribute("href")
    assert person is not None
    watch = re.search(r"/watch/([\w-]+)", api.get(f"{live_server}/games/{game}/join").text())
    assert watch is not None
    page.close()
    return {"game": game, "person": person.rsplit("/", 1)[1], "watch": watch.group(1)}


def _conflict(page: Page, live_server: str) -> None:
    """The round form of a new game, sent after another phone stored the round with other values: the "Stored /
    Yours" table. The form is sent as it is (form.submit skips the page's scripts), with the pips typed."""
    created = page.request.post(f"{live_server}/api/v1/games", data={"players": PLAYERS})
    game = str(created.json()["id"])
    # without live.js, which would move the open form on to round 2 once it sees round 1 stored
    page.route("**/static/live.*", lambda route: route.abort())
    page.goto(f"{live_server}/games/{game}/rounds/new")
    body = {"pips": dict(zip(PLAYERS, (0, 12, 5, 30))), "went_out": PLAYERS[0]}
    assert page.request.post(f"{live_server}/api/v1/games/{game}/rounds", data=body).status == 201
    page.evaluate(
        """() => {
          document.querySelector('[name="number"]').value = '1';
          document.querySelectorAll('[name^="pips-"]').forEach((f, i) => { f.value = String(i === 1 ? 0 : 3 + i); });
          const out = document.querySelector('[name="went_out"][value="1"]');
          out.checked = true;
          out.form.submit();
        }"""
    )
    expect(page.locator("table.clash-values")).to_have_count(1, timeout=20_000)
    page.unroute("**/static/live.*")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_header_is_one_line_and_no_table_breaks_a_word_at_360_px(
    browser: Browser, live_server: str, played: dict[str, str], language: str
) -> None:
    context = browser.new_context(viewport=PHONE_360, is_mobile=True, has_touch=True, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server}/?lang={language}")
    found: list[str] = []
    one_line: float | None = None
    pages = [path.format(**played) for path in PAGES]
    for path in [*pages, "CONFLICT"]:
        if path == "CONFLICT":
            _conflict(page, live_server)
        else:
            response = page.goto(live_server + path)
            assert response is not None and response.ok, f"{path}: {response and response.status}"
        assert page.locator("html").get_attribute("lang") == language
        header = page.evaluate(_HEADER)
        if len(header["tops"]) != 1:
            found.append(f"{path}: the header takes {len(header['tops'])} lines: {header['texts']}")
        if broken := page.evaluate(_WORD_LINES, "header.bar"):
            found.append(f"{path}: header words broken across lines: {broken}")
        if header["smallest"] < 44:
            found.append(f"{path}: a header link is {header['smallest']:.0f} px, under 44 px")
        one_line = one_line or header["height"]
        if header["height"] != one_line or one_line > 56:
            found.append(f"{path}: the header is {header['height']} px tall ({one_line} px on the first page)")
        if broken := page.evaluate(_WORD_LINES, "table, .standings-head"):
            found.append(f"{path}: words broken inside a table: {broken}")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE_360["width"]:
            wide = page.evaluate(_WIDE)
            found.append(f"{path}: the page is {width} px wide, wider than the phone; too wide: {wide}")
    context.close()
    assert not found, "\n".join(found)
