"""The score grid on a small phone (360 x 640), in German with long names: it scrolls sideways inside its own box,
the round column and the names held in view, the page itself never scrolls sideways, no name or word is broken,
and each round's number is a thumb-sized way to correct it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

SMALL_PHONE = {"width": 360, "height": 640}
LONG_NAMES = [
    "Großvater Maximilian",
    "Wolfgang Amadeus",
    "Friederike-Charlotte",
    "Hildegard",
    "Bartholomäus",
    "Konstantin",
]
JOINER = "Rumpelstilzchen"


def _game(page: Page, base: str) -> str:
    """Six players with long names, three rounds, then a joiner and a fourth round with a stand-in engine."""
    response = page.request.post(f"{base}/api/v1/games", data={"players": LONG_NAMES})
    assert response.status == 201, response.text()
    game = str(response.json()["id"])
    at_table = list(LONG_NAMES)
    for number in range(4):
        if number == 3:
            joined = page.request.post(f"{base}/api/v1/games/{game}/seats", data={"name": JOINER, "start": "highest"})
            assert joined.status == 201, joined.text()
            at_table.append(JOINER)
        pips = {name: 11 + (number * 7 + seat * 13) % 140 for seat, name in enumerate(at_table)}
        pips[at_table[number]] = 0
        body = {"pips": pips, "went_out": at_table[number]}
        answer = page.request.post(f"{base}/api/v1/games/{game}/rounds", data=body)
        assert answer.status == 201, answer.text()
    return game


# the rectangles the test reads, as the phone lays them out
MEASURE = """() => {
  const box = document.querySelector('.grid-box').getBoundingClientRect();
  const rect = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const lines = (el) => {  // how many lines each word of an element's text takes: 1 unless broken
    const broken = [];
    for (const node of el.querySelectorAll('*')) {
      for (const text of node.childNodes) {
        if (text.nodeType !== 3) continue;
        const re = /\\S+/g; let m;
        while ((m = re.exec(text.textContent))) {
          const range = document.createRange();
          range.setStart(text, m.index); range.setEnd(text, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  };
  const table = document.querySelector('.score-grid');
  return {
    page: [document.documentElement.scrollWidth, window.innerWidth, document.body.scrollWidth],
    box: [box.left, box.top, box.right, box.bottom],
    scroll: [document.querySelector('.grid-box').scrollWidth, document.querySelector('.grid-box').clientWidth],
    names: [...table.querySelectorAll('thead .who .name')].map((el) => [el.textContent, ...rect(el)]),
    heads: [...table.querySelectorAll('thead th')].map((el) => rect(el)),
    rounds: [...table.querySelectorAll('tbody th[scope=row]')].map((el) => [el.textContent.trim(), ...rect(el)]),
    links: [...table.querySelectorAll('tbody th[scope=row] a')].map((el) => rect(el)),
    broken: lines(table),
  };
}"""


def _shown(inner: list[float], outer: list[float]) -> bool:
    """A rectangle lies inside another (left, top, right, bottom), a pixel of rounding allowed."""
    return (
        inner[0] >= outer[0] - 1 and inner[1] >= outer[1] - 1 and inner[2] <= outer[2] + 1 and inner[3] <= outer[3] + 1
    )


def test_the_grid_scrolls_in_its_box_with_names_and_rounds_in_view_in_german(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str, artifacts: Path
) -> None:
    context = browser.new_context(**{**browser_context_args, "viewport": SMALL_PHONE, "locale": "de-DE"})
    page = context.new_page()
    game = _game(page, live_server)
    page.goto(f"{live_server}/games/{game}")
    page.locator("a.grid-link").click()
    page.wait_for_url(f"**/games/{game}/grid")
    assert page.locator("html").get_attribute("lang") == "de"
    first = page.evaluate(MEASURE)
    width, inner, body = first["page"]
    assert width <= inner and body <= inner, first["page"]  # the page never scrolls sideways
    assert first["scroll"][0] > first["scroll"][1] + 200, first["scroll"]  # the grid does, inside its box
    assert [n[0] for n in first["names"]] == [*LONG_NAMES, JOINER]
    assert first["broken"] == [], first["broken"]  # no name or word split over two lines
    assert len(first["links"]) == 4
    for left, top, right, bottom in first["links"]:  # each round's number: a way to correct it, thumb-sized
        assert right - left >= 44 and bottom - top >= 44
    page.screenshot(path=str(artifacts / "score-grid-de.png"), full_page=True)

    # to the far right and the bottom of the box: the last player's column, the round numbers and the names in view
    page.locator(".grid-box").evaluate("box => { box.scrollLeft = box.scrollWidth; box.scrollTop = box.scrollHeight; }")
    page.locator(".grid-box").scroll_into_view_if_needed()
    last = page.evaluate(MEASURE)
    box = last["box"]
    assert last["page"][0] <= last["page"][1]
    shown_rounds = [r[0] for r in last["rounds"] if r[1] >= box[0] - 1 and r[1] < box[0] + 5]
    assert len(shown_rounds) == len(last["rounds"])  # the round column holds at the left edge of the box
    assert _shown(last["names"][-1][1:], box)  # the last name is in view at the top
    tops = {round(head[1]) for head in last["heads"]}
    assert len(tops) == 1 and abs(tops.pop() - box[1]) <= 2, last["heads"]  # the names' row held at the top of the box
    first_name = last["names"][0]
    assert first_name[1] < box[0] + 40  # scrolled: the first name went under the round column
    page.screenshot(path=str(artifacts / "score-grid-de-scrolled.png"))
    context.close()


def _media_box(pdf: bytes) -> tuple[float, float]:
    """The first page's width and height in points, from its /MediaBox."""
    found = re.search(rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    assert found, "no page size in the PDF"
    left, bottom, right, top = (float(n) for n in found.groups())
    return right - left, top - bottom


def test_more_than_8_players_print_across_a_landscape_page(page: Page, live_server: str, artifacts: Path) -> None:
    twelve = [f"Spielerin {n}" for n in range(1, 13)]
    response = page.request.post(f"{live_server}/api/v1/games", data={"players": twelve, "game": "super-domino"})
    assert response.status == 201, response.text()
    game = response.json()["id"]
    for number in range(5):
        out = twelve[number]
        pips = {p: 0 if p == out else 5 + i for i, p in enumerate(twelve)}
        tiles = {p: 0 if p == out else 1 + i % 3 for i, p in enumerate(twelve)}
        body = {"pips": pips, "tiles": tiles, "went_out": out}
        assert page.request.post(f"{live_server}/api/v1/games/{game}/rounds", data=body).status == 201
    page.goto(f"{live_server}/games/{game}/print")
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    (artifacts / "print-landscape.pdf").write_bytes(pdf)
    width, height = _media_box(pdf)
    assert width > height, (width, height)  # A4 landscape: 842 x 595 points
    eight = page.request.post(f"{live_server}/api/v1/games", data={"players": twelve[:8]}).json()["id"]
    page.goto(f"{live_server}/games/{eight}/print")
    width, height = _media_box(page.pdf(prefer_css_page_size=True))
    assert width < height, (width, height)  # up to 8 players: A4 portrait


def test_the_grid_follows_a_round_saved_on_another_phone_and_keeps_its_place(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str
) -> None:
    context = browser.new_context(**{**browser_context_args, "viewport": SMALL_PHONE})
    page = context.new_page()
    game = _game(page, live_server)
    page.goto(f"{live_server}/games/{game}/grid")
    box = page.locator(".grid-box")
    box.evaluate("box => { box.scrollLeft = 250; }")
    assert box.evaluate("box => box.scrollLeft") >= 250
    seated = [*LONG_NAMES, JOINER]
    pips = {name: 0 if seat == 4 else 3 + seat for seat, name in enumerate(seated)}
    other = context.request.post(
        f"{live_server}/api/v1/games/{game}/rounds", data={"pips": pips, "went_out": seated[4]}
    )
    assert other.status == 201, other.text()
    expect(page.locator(".score-grid tbody th a")).to_have_count(5, timeout=10_000)  # live.js drew it anew
    assert page.locator(".score-grid tbody tr").last.locator("th").inner_text().startswith("5")
    assert box.evaluate("box => box.scrollLeft") >= 250  # still where the player was reading
    context.close()


@pytest.mark.parametrize("language", ["en", "it", "cs", "pt", "de"])
def test_the_grid_fits_a_small_phone_in_every_language(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str, language: str, artifacts: Path
) -> None:
    """A blocked round, a stand-in engine and a player who left: the longest words the grid shows, in each language,
    none broken, the page not wider than the phone."""
    context = browser.new_context(**{**browser_context_args, "viewport": SMALL_PHONE})
    page = context.new_page()
    names = ["João Gonçalves", "Šárka", "Niccolò", "Jürgen"]
    body = {"players": names, "rules": "czech", "house_rules": {"missing_engine": "highest-double"}}
    game = page.request.post(f"{live_server}/api/v1/games", data=body).json()["id"]
    rounds: list[dict[str, Any]] = [
        {"pips": dict(zip(names, (0, 14, 9, 30))), "went_out": names[0], "engine": 10},
        {"pips": dict(zip(names, (4, 7, 12, 6))), "blocked": True},
    ]
    for entry in rounds:
        assert page.request.post(f"{live_server}/api/v1/games/{game}/rounds", data=entry).status == 201
    assert page.request.patch(f"{live_server}/api/v1/games/{game}/seats/3", data={"left": True}).ok
    page.goto(f"{live_server}/games/{game}/grid?lang={language}")
    assert page.locator("html").get_attribute("lang") == language
    seen = page.evaluate(MEASURE)
    assert seen["page"][0] <= SMALL_PHONE["width"], seen["page"]
    assert seen["broken"] == [], seen["broken"]
    page.screenshot(path=str(artifacts / f"score-grid-{language}.png"), full_page=True)
    context.close()
