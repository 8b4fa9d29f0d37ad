"""The dark theme on a small phone set to dark: every text readable against what is really behind it, and the
light / dark / as-the-phone picker in the footer, kept on the phone across pages and reloads."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

SMALL = {"width": 360, "height": 640}
PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]

# Every visible piece of text, its colour against the background it is drawn on (the nearest opaque
# background up its ancestors, with any see-through ones laid over it), with WCAG's thresholds: 3:1 for
# large text (24 px, or 18.66 px bold), 4.5:1 for the rest. Disabled controls are exempt, as WCAG has it.
UNREADABLE = """() => {
  const rgba = (css) => {  // as getComputedStyle gives it: rgb(), rgba(), or color(srgb) from a color-mix()
    if (css === 'none') return [0, 0, 0, 0];
    const n = (css.match(/[\\d.]+/g) || []).map(Number);
    if (css.startsWith('color(srgb ')) n.splice(0, 3, ...n.slice(0, 3).map((v) => v * 255));
    else if (!css.startsWith('rgb')) throw new Error(`a colour this test cannot read: ${css}`);
    return [n[0], n[1], n[2], n.length > 3 ? n[3] : 1];
  };
  const over = (top, under) => top.slice(0, 3).map((c, i) => c * top[3] + under[i] * (1 - top[3])).concat(1);
  const luminance = (c) => {
    const linear = (v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    const [r, g, b] = c.slice(0, 3).map((v) => linear(v / 255));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (high + 0.05) / (low + 0.05);
  };
  const backdrop = (el) => {
    const layers = [];
    for (let at = el; at; at = at.parentElement) {
      if (at instanceof SVGElement && at.closest('.domino') && at.tagName !== 'svg') {
        layers.push(rgba(getComputedStyle(at.closest('.domino').querySelector('rect')).fill));
      } else {
        layers.push(rgba(getComputedStyle(at).backgroundColor));
      }
      if (layers[layers.length - 1][3] === 1) break;
    }
    let colour = [255, 255, 255, 1];  // the canvas, were nothing opaque found
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility === 'visible'
    && !el.closest('.sr-only, [hidden], dialog:not([open]), title, option, script, style, template')
    && !el.closest(':disabled, [aria-disabled=true]');
  const field = (el) => el.matches('input:not([type=hidden], [type=radio], [type=checkbox]), select, textarea');
  const texts = [...document.querySelectorAll('body *')].filter((el) => shown(el) && (
    [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim())
    || (field(el) && (el.value || el.placeholder))));
  const problems = [];
  for (const el of texts) {
    const style = getComputedStyle(el);
    const back = backdrop(el);
    const hint = field(el) && !el.value;  // an empty field shows its placeholder, the only label some have
    const colour = hint ? getComputedStyle(el, '::placeholder').color
      : el instanceof SVGElement ? style.fill : style.color;
    const ink = over(rgba(colour), back);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const got = ratio(ink, back);
    if (got < (large ? 3 : 4.5)) {
      const words = (el.value || el.placeholder || el.textContent).trim().replace(/\\s+/g, ' ').slice(0, 40);
      const name = el.tagName.toLowerCase() + [...el.classList].map((c) => '.' + c).join('');
      const css = (c) => `rgb(${c.slice(0, 3).map(Math.round)})`;
      problems.push(`${name} "${words}": ${got.toFixed(2)}:1, ${css(ink)} on ${css(back)}`);
    }
  }
  return problems;
}"""

BODY_BACKGROUND = "() => getComputedStyle(document.body).backgroundColor"


def lightness(css: str) -> float:
    """The mean of a computed rgb() colour's channels, 0 to 255."""
    channels = [float(n) for n in css[css.index("(") + 1 : css.index(")")].replace(",", " ").split()[:3]]
    return sum(channels) / 3


def phone(browser: Browser, browser_context_args: dict[str, Any], scheme: str) -> BrowserContext:
    return browser.new_context(**{**browser_context_args, "viewport": SMALL, "color_scheme": scheme})


@pytest.fixture
def dark(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    """A page on a 360 x 640 phone set to dark."""
    context = phone(browser, browser_context_args, "dark")
    yield context.new_page()
    context.close()


@pytest.fixture(scope="module")
def table(live_server: str, browser: Browser) -> str:
    """A game two rounds in (a leader, chips, the chart, the round list), by the API; its table screen's path."""
    context = browser.new_context()
    api = context.request
    game = api.post(live_server + "/api/v1/games", data={"players": PLAYERS}).json()["id"]
    for pips in ([0, 12, 7, 30], [9, 0, 14, 3]):
        went_out = PLAYERS[pips.index(0)]
        answer = api.post(
            f"{live_server}/api/v1/games/{game}/rounds",
            data={"pips": dict(zip(PLAYERS, pips)), "went_out": went_out},
        )
        assert answer.ok, answer.text()
    context.close()
    return f"/games/{game}"


PAGES = {
    "games": "/",
    "new-game": "/games/new",
    "table": "{table}",
    "score-grid": "{table}/grid",
    "round-form": "{table}/rounds/new",
    "checker": "/check",
    "checker-verdict": "/check?check=1&turn=1&action=play&tile=9-4&train=1&end-0=5&double-0=on",
    "rules": "/rules",
    "rules-landed-on": "/rules#doubles",  # where the checker's "Rule:" link lands, highlighted
    "variants": "/rules/variants",
}


@pytest.mark.parametrize("name", PAGES)
def test_every_text_is_readable_in_the_dark(
    dark: Page, live_server: str, table: str, name: str, artifacts: Path
) -> None:
    dark.goto(live_server + PAGES[name].format(table=table))
    assert lightness(dark.evaluate(BODY_BACKGROUND)) < 40, "the page stayed light on a phone set to dark"
    folded = dark.locator("details:not([open]) > summary:visible")  # the new-game form hides the other games' panels
    for _ in range(folded.count()):  # the folded options too
        folded.first.click()
    problems = dark.evaluate(UNREADABLE)
    dark.screenshot(path=str(artifacts / f"dark-{name}.png"), full_page=True)
    assert problems == [], f"{name}: hard to read in the dark:\n" + "\n".join(problems)


def test_the_round_form_s_tile_picker_is_readable_in_the_dark(dark: Page, live_server: str, table: str) -> None:
    dark.goto(live_server + table + "/rounds/new")
    dark.get_by_role("button", name="Count Ben's tiles").click()
    expect(dark.locator("dialog#picker")).to_be_visible()
    dark.locator(".tiles button").first.click()  # one picked, one not
    assert dark.evaluate(UNREADABLE) == []


def test_the_theme_is_set_before_the_page_is_drawn_and_the_server_sends_no_theme(dark: Page, live_server: str) -> None:
    # what <html> carries at the moment <body> is parsed: theme.js has already run by then
    dark.add_init_script("""new MutationObserver((changes, watcher) => {
      if (!document.body) return;
      window.themeAtBody = document.documentElement.dataset.theme || 'none';
      watcher.disconnect();
    }).observe(document, { childList: true, subtree: true });""")
    dark.goto(live_server + "/rules")
    theme = "head script[src^='/static/theme.']:not([defer], [async])"  # its name: theme.<digest>.js
    assert dark.evaluate(f'document.querySelector("{theme}") !== null')
    dark.get_by_role("radio", name="Light").check()
    dark.goto(live_server + "/")
    assert dark.evaluate("window.themeAtBody") == "light"
    html = dark.request.get(live_server + "/").text()
    assert "data-theme" not in html.split("<body", 1)[0]  # the same page for every phone, cached and shared


def test_the_picker_switches_at_once_and_the_phone_remembers(dark: Page, live_server: str, table: str) -> None:
    dark.goto(live_server + table)
    picker = dark.get_by_role("group", name="Colours")
    expect(picker).to_be_visible()
    expect(picker.get_by_role("radio", name="As the phone")).to_be_checked()
    assert lightness(dark.evaluate(BODY_BACKGROUND)) < 40

    picker.get_by_role("radio", name="Light").check()  # no reload: the page turns light where it is
    expect(dark.locator("html")).to_have_attribute("data-theme", "light")
    assert lightness(dark.evaluate(BODY_BACKGROUND)) > 200
    assert dark.evaluate(UNREADABLE) == []

    dark.reload()
    expect(dark.locator("html")).to_have_attribute("data-theme", "light")
    expect(picker.get_by_role("radio", name="Light")).to_be_checked()
    assert lightness(dark.evaluate(BODY_BACKGROUND)) > 200
    dark.goto(live_server + "/rules")  # and on every other page
    assert lightness(dark.evaluate(BODY_BACKGROUND)) > 200

    picker.get_by_role("radio", name="As the phone").check()
    expect(dark.locator("html")).not_to_have_attribute("data-theme", "light")
    assert lightness(dark.evaluate(BODY_BACKGROUND)) < 40
    dark.reload()
    assert lightness(dark.evaluate(BODY_BACKGROUND)) < 40


def test_a_light_phone_can_pick_dark(browser: Browser, browser_context_args: dict[str, Any], live_server: str) -> None:
    context = phone(browser, browser_context_args, "light")
    page = context.new_page()
    page.goto(live_server + "/games/new")
    assert lightness(page.evaluate(BODY_BACKGROUND)) > 200
    page.get_by_role("radio", name="Dark").check()
    assert lightness(page.evaluate(BODY_BACKGROUND)) < 40
    assert page.evaluate(UNREADABLE) == []
    page.goto(live_server + "/check")
    expect(page.get_by_role("radio", name="Dark")).to_be_checked()
    assert lightness(page.evaluate(BODY_BACKGROUND)) < 40
    context.close()


def test_a_page_printed_from_a_dark_phone_is_dark_ink_on_white(dark: Page, live_server: str) -> None:
    dark.goto(live_server + "/rules")
    dark.get_by_role("radio", name="Dark").check()  # picked, and the phone's own setting: neither reaches paper
    dark.emulate_media(media="print")
    assert lightness(dark.evaluate(BODY_BACKGROUND)) > 200
    assert lightness(dark.evaluate("() => getComputedStyle(document.body).color")) < 60
