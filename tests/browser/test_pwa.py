"""The app on the phone: service worker and offline use, rounds that survive a reload, the screen kept on,
and an accessibility sweep of the main pages at phone size.

http://127.0.0.1 counts as a secure context, so the live server gets the service worker.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page, expect

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]


def start_game(page: Page, live_server: str) -> str:
    """Start a four-player game through the form; returns the table screen's address."""
    page.goto(live_server + "/games/new")
    for i, name in enumerate(PLAYERS):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".round-no")).to_have_text("Round 1 of 13")
    return page.url


def wait_for_worker(page: Page) -> None:
    # polled from here: wait_for_function would evaluate a string, which the page's CSP forbids.
    # A page whose navigation began while the worker was still activating stays uncontrolled until
    # it is loaded again (clients.claim() only takes the pages open at that moment): reload it once.
    reloaded = False
    for _ in range(400):
        if page.evaluate("navigator.serviceWorker.controller !== null"):
            break
        active = page.evaluate("navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))")
        if active and not reloaded:
            page.wait_for_timeout(200)
            if not page.evaluate("navigator.serviceWorker.controller !== null"):
                page.reload()
                reloaded = True
            continue
        page.wait_for_timeout(100)
    else:
        pytest.fail("the service worker never took control of the page")
    assert page.evaluate("navigator.serviceWorker.ready.then(r => r.active.state)") in ("activating", "activated")


@pytest.fixture
def errors(page: Page) -> Iterator[list[str]]:
    """Script errors on any page; each test ends by asserting there were none."""
    seen: list[str] = []
    page.on("pageerror", lambda error: seen.append(str(error)))
    yield seen


def test_the_service_worker_keeps_the_rules_and_says_when_scores_are_out_of_reach(
    page: Page, context: BrowserContext, live_server: str, errors: list[str]
) -> None:
    table = start_game(page, live_server)
    wait_for_worker(page)
    page.reload()  # seen by the worker: kept as last seen

    context.set_offline(True)
    try:
        page.goto(live_server + "/rules")
        expect(page.locator("h1")).to_be_visible()
        expect(page.locator("link[href^='/static/reference.'][href$='.css']")).to_have_count(1)  # its hashed name
        assert page.evaluate("getComputedStyle(document.body).fontSize") == "18px"  # the CSS came from the cache
        part = page.locator("main a[href^='/rules/']").first
        if part.count():  # the other parts of the reference were kept at install too
            page.goto(live_server + str(part.get_attribute("href")))
            expect(page.get_by_role("heading", name="No connection to the scorekeeper")).to_have_count(0)
            expect(page.locator("h1")).to_be_visible()

        page.goto(live_server + "/deal?players=5&set=12&rules=standard")  # never opened: the plain lookup answers
        expect(page.get_by_role("heading", name="How many tiles?")).to_be_visible()

        page.goto(table)  # a score page seen before opens as last seen (tests/browser/test_offline.py)
        expect(page.locator(".round-no")).to_have_text("Round 1 of 13")
        page.goto(table + "/history")  # one never seen here says plainly that it cannot be reached
        expect(page.get_by_role("heading", name="No connection to the scorekeeper")).to_be_visible()
        expect(page.get_by_text("Nothing is lost")).to_be_visible()
        expect(page).to_have_url(table + "/history")  # "Try again" reloads this very address

        page.goto(live_server + "/")
        expect(page.get_by_role("heading", name="No connection to the scorekeeper")).to_be_visible()
    finally:
        context.set_offline(False)
    page.get_by_role("link", name="Try again").click()
    expect(page.get_by_role("link", name="Start a new game")).to_be_visible()  # fresh from the server again
    assert errors == []


def test_a_round_typed_on_the_phone_survives_a_reload_and_a_lost_connection(
    page: Page, context: BrowserContext, live_server: str, errors: list[str]
) -> None:
    table = start_game(page, live_server)
    page.get_by_role("link", name="End round 1: enter pips").click()
    form = page.url
    page.get_by_label("Ana", exact=True).fill("12")
    page.get_by_label("Ben", exact=True).fill("7")
    page.get_by_role("radio", name="Cleo went out").check()
    page.get_by_label("Dan", exact=True).fill("30")

    page.reload()
    expect(page.get_by_label("Ana", exact=True)).to_have_value("12")
    expect(page.get_by_label("Ben", exact=True)).to_have_value("7")
    expect(page.get_by_label("Cleo", exact=True)).to_have_value("0")
    expect(page.get_by_role("radio", name="Cleo went out")).to_be_checked()
    expect(page.get_by_label("Dan", exact=True)).to_have_value("30")
    expect(page.get_by_role("status")).to_contain_text("typed on this phone before")

    # no network: the round is kept on the phone to be sent later, and the form moves on (static/offline.js)
    expect(page.locator("html[data-offline-keeper]")).to_have_count(1)
    context.set_offline(True)
    try:
        page.get_by_role("button", name="Save round 1").click()
        expect(page.get_by_role("status")).to_have_text("Offline · 1 round waiting")
        expect(page).to_have_url(form)
        expect(page.get_by_label("Ben", exact=True)).to_have_value("")
    finally:
        context.set_offline(False)

    # the network is back: the round is sent, and what was typed for it is forgotten, so round 2 starts empty
    expect(page.locator(".round-no")).to_have_text("Round 2 of 13")
    expect(page).to_have_url(table)
    page.get_by_role("link", name="End round 2: enter pips").click()
    expect(page.get_by_label("Ana", exact=True)).to_have_value("")
    expect(page.locator(".pwa-note")).to_have_count(0)
    assert errors == []


def test_cancel_forgets_the_round_and_merely_opening_a_correction_keeps_nothing(
    page: Page, live_server: str, errors: list[str]
) -> None:
    table = start_game(page, live_server)
    page.get_by_role("link", name="End round 1: enter pips").click()
    page.get_by_label("Ana", exact=True).fill("99")
    page.get_by_role("link", name="Cancel").click()
    expect(page).to_have_url(table)
    page.get_by_role("link", name="End round 1: enter pips").click()
    expect(page.get_by_label("Ana", exact=True)).to_have_value("")

    for name, pips in zip(PLAYERS, ("0", "5", "6", "7")):
        page.get_by_label(name, exact=True).fill(pips)
    page.get_by_role("radio", name="Ana went out").check()
    page.get_by_role("button", name="Save round 1").click()
    page.get_by_role("link", name="Correct round 1", exact=True).click()
    page.go_back()
    kept = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('scorekeeper:draft:'))")
    assert kept == []  # a later correction from another phone must not be overwritten by these old values
    assert errors == []


def test_a_round_sent_when_the_phone_thinks_it_is_online_but_the_server_is_gone(
    page: Page, context: BrowserContext, live_server: str, errors: list[str]
) -> None:
    start_game(page, live_server)
    wait_for_worker(page)
    page.get_by_role("link", name="End round 1: enter pips").click()
    form = page.url
    for name, pips in zip(PLAYERS, ("4", "0", "9", "16")):
        page.get_by_label(name, exact=True).fill(pips)
    page.get_by_role("radio", name="Ben went out").check()

    # Wi-Fi up but the laptop asleep: navigator.onLine still says yes, the request fails. The round is kept on the
    # phone as it is offline (static/offline.js), the form moves on, and it goes by itself once the server is back
    page.evaluate("Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true })")
    expect(page.locator("html[data-offline-keeper]")).to_have_count(1)
    context.set_offline(True)
    try:
        page.get_by_role("button", name="Save round 1").click()
        expect(page.locator("#offline-banner")).to_have_text("Offline · 1 round waiting")
        expect(page.locator("h1")).to_contain_text("End of round 2")
        expect(page).to_have_url(form)
    finally:
        context.set_offline(False)
    expect(page.locator(".round-no")).to_have_text("Round 2 of 13", timeout=15_000)
    expect(page.locator("ol.rounds > li")).to_have_count(1)
    assert errors == []


def test_keep_screen_on_works_or_is_absent_never_an_error(page: Page, live_server: str, errors: list[str]) -> None:
    start_game(page, live_server)
    toggle = page.get_by_role("button", name="Keep screen on")
    if not page.evaluate("'wakeLock' in navigator"):
        expect(toggle).to_have_count(0)
        return
    expect(toggle).to_have_attribute("aria-pressed", "false")
    box = toggle.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44
    toggle.click()
    expect(page.locator(".keep-awake[aria-busy]")).to_have_count(0)  # the browser has answered
    pressed = toggle.get_attribute("aria-pressed")
    if pressed == "true":  # granted: remembered for the next visit
        page.reload()
        expect(toggle).to_have_attribute("aria-pressed", "true")
        toggle.click()
        expect(toggle).to_have_attribute("aria-pressed", "false")
    else:  # refused (headless Chromium may): shown as off, with a word why
        expect(toggle).to_have_attribute("aria-pressed", "false")
        expect(page.get_by_role("status")).to_contain_text("would not keep the screen on")
    assert errors == []


def test_over_plain_http_on_a_lan_address_everything_but_the_worker_works(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], live_server: str
) -> None:
    # a phone opening http://scorekeeper.lan:port is not a secure context, unlike 127.0.0.1
    port = live_server.rsplit(":", 1)[1]
    args = [*browser_type_launch_args.get("args", []), "--host-resolver-rules=MAP scorekeeper.lan 127.0.0.1"]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    try:
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-GB"
        )
        page = context.new_page()
        seen: list[str] = []
        page.on("pageerror", lambda error: seen.append(str(error)))
        lan = f"http://scorekeeper.lan:{port}"
        start_game(page, lan)
        assert page.evaluate("window.isSecureContext") is False
        expect(page.get_by_role("button", name="Keep screen on")).to_be_visible()  # wake.js: the video way
        page.get_by_role("link", name="End round 1: enter pips").click()
        page.get_by_label("Ben", exact=True).fill("21")
        page.reload()
        expect(page.get_by_label("Ben", exact=True)).to_have_value("21")  # the round keeper needs no HTTPS
        page.goto(lan + "/rules")
        assert page.evaluate("navigator.serviceWorker ? navigator.serviceWorker.controller : null") is None
        assert seen == []
    finally:
        browser.close()


def test_nothing_is_shown_for_the_screen_where_there_is_no_round_in_play(page: Page, live_server: str) -> None:
    page.goto(live_server + "/rules")
    expect(page.locator(".keep-awake")).to_have_count(0)


# --- accessibility at phone size -----------------------------------------------------------------------

UNNAMED_CONTROLS = """() => {
  const named = (el) => {
    if ((el.getAttribute('aria-label') || '').trim()) return true;
    const ids = (el.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean);
    if (ids.some((id) => (document.getElementById(id)?.textContent || '').trim())) return true;
    return [...(el.labels || [])].some((label) => label.textContent.trim());
  };
  return [...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
    .filter((el) => !named(el)).map(describe);
}"""

SMALL_TARGETS = """() => {
  const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden'
    && !el.closest('dialog:not([open]), [hidden], .sr-only');
  // a link inside running text (a sentence in a paragraph, list item or table cell) is exempt:
  // it is read, not aimed at; a link that stands alone is a target and must be big enough
  const inText = (el) => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
    return !!block && block.textContent.trim().length > el.textContent.trim().length;
  };
  const box = (el) => {
    const own = el.getBoundingClientRect();
    const label = el.closest('label');  // a checkbox or radio is hit anywhere on its wrapping label
    if (!label) return own;
    const outer = label.getBoundingClientRect();
    return outer.width * outer.height > own.width * own.height ? outer : own;
  };
  return [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')]
    .filter((el) => visible(el) && !inText(el))
    .filter((el) => { const b = box(el); return Math.round(b.width) < 44 || Math.round(b.height) < 44; })
    .map((el) => { const b = box(el); return `${describe(el)} is ${Math.round(b.width)}x${Math.round(b.height)}`; });
}"""

DESCRIBE = """() => { window.describe = (el) => {
  let s = el.tagName.toLowerCase();
  if (el.id) s += '#' + el.id;
  for (const c of el.classList) s += '.' + c;
  if (el.name) s += `[name=${el.name}]`;
  const words = (el.getAttribute('aria-label') || el.textContent || el.value || '').trim().replace(/\\s+/g, ' ');
  const where = el.closest('[id], section, nav, header, footer, form');
  const context = where && where !== el ? where.tagName.toLowerCase() + (where.id ? '#' + where.id : '')
    + (where.className ? '.' + [...where.classList].join('.') : '') + ' ' : '';
  return context + s + (words ? ` "${words.slice(0, 30)}"` : '');
}; }"""

PAGES = [
    "/",
    "/games/new",
    "{table}",
    "{table}/rounds/new",
    "/check",
    "/check?set=18",
    "/deal",
    "/rules",
    "{table}/history",
    "/offline",
    "/trash",
]


@pytest.fixture
def table(page: Page, live_server: str) -> str:
    """A game with one round entered, so the table shows its standings, chart and round list."""
    address = start_game(page, live_server)
    page.get_by_role("link", name="End round 1: enter pips").click()
    for name, pips in zip(PLAYERS, ("0", "12", "7", "30")):
        page.get_by_label(name, exact=True).fill(pips)
    page.get_by_role("radio", name="Ana went out").check()
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".round-no")).to_have_text("Round 2 of 13")
    return address.removeprefix(live_server)


def audit(page: Page, script: str) -> list[str]:
    page.evaluate(DESCRIBE)
    return list(page.evaluate(script))


@pytest.mark.parametrize("path", PAGES)
def test_every_form_control_has_an_accessible_name(page: Page, live_server: str, table: str, path: str) -> None:
    page.goto(live_server + path.format(table=table))
    assert audit(page, UNNAMED_CONTROLS) == []


@pytest.mark.parametrize("path", PAGES)
def test_every_target_is_at_least_44_px_on_a_phone(page: Page, live_server: str, table: str, path: str) -> None:
    page.goto(live_server + path.format(table=table))
    assert audit(page, SMALL_TARGETS) == []
    if path.endswith("/rounds/new"):  # the tile picker too, once open
        page.get_by_role("button", name="Count Ben's tiles").click()
        expect(page.locator("dialog#picker")).to_be_visible()
        assert audit(page, SMALL_TARGETS) == []
        assert audit(page, UNNAMED_CONTROLS) == []


def test_tab_order_on_the_round_form_goes_down_the_page(page: Page, live_server: str, table: str) -> None:
    page.goto(live_server + table + "/rounds/new")
    page.get_by_label("Ana", exact=True).focus()
    seen: list[tuple[str, float, float, float]] = []
    while True:
        where = page.evaluate("""() => {
          const el = document.activeElement;
          if (!el || !el.closest('#round-form')) return null;
          const b = el.getBoundingClientRect();
          return [el.name || el.textContent.trim(), b.top + window.scrollY, b.bottom + window.scrollY, b.left];
        }""")
        if where is None or len(seen) > 60:
            break
        seen.append((str(where[0]), float(where[1]), float(where[2]), float(where[3])))
        page.keyboard.press("Tab")
    names = [s[0] for s in seen]
    assert names[0] == "pips-0" and "pips-3" in names and re.match("Save round 2", names[-2]) and names[-1] == "Cancel"
    for (name, top, bottom, left), (next_name, next_top, next_bottom, next_left) in zip(seen, seen[1:]):
        # down the page, or along the same row (a player's row holds controls of several heights) to the right
        same_row = next_top < bottom and top < next_bottom
        assert (next_top > top + 1 and not same_row) or (same_row and next_left > left), f"{name} -> {next_name}"
