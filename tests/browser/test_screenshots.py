"""The screens a player sees most, at 360 px, in light and dark, in English and Czech: kept as test artifacts
(test-artifacts/screens/) on every run, and copied into docs/screenshots/ with SCREENSHOTS_TO_DOCS=1
(`make screenshots`), where README shows them.

Each shot is checked before it is kept: the page is in the language asked for, the theme is the one asked for
(by the page's background), and nothing runs off the side of the phone."""

from __future__ import annotations

import json
import os
import shutil
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

SMALL = {"width": 360, "height": 640}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PLAYERS = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Filip", "Grandpa Maximilián", "Hana"]


def _api(base: str, method: str, path: str, body: object) -> Any:
    request = urllib.request.Request(
        base + "/api/v1" + path, json.dumps(body).encode(), {"Content-Type": "application/json"}, method=method
    )
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def _games(base: str) -> tuple[str, str]:
    """A game of 8 players 5 rounds in, and a finished 4-player game of 3 rounds."""
    playing = _api(base, "POST", "/games", {"players": PLAYERS})["id"]
    for number in range(1, 6):
        pips = {name: 0 if i == number % 8 else 3 + (i * 7 + number * 5) % 40 for i, name in enumerate(PLAYERS)}
        _api(base, "POST", f"/games/{playing}/rounds", {"pips": pips, "went_out": PLAYERS[number % 8]})
    done = _api(base, "POST", "/games", {"players": PLAYERS[:4], "rounds": 3})["id"]
    for number in range(1, 4):
        pips = {name: 0 if i == number else 5 + i * number for i, name in enumerate(PLAYERS[:4])}
        _api(base, "POST", f"/games/{done}/rounds", {"pips": pips, "went_out": PLAYERS[number]})
    return playing, done


def _background_is_dark(page: Page) -> bool:
    rgb = page.evaluate(
        "() => getComputedStyle(document.body).backgroundColor.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number)"
    )
    return bool(sum(rgb) / 3 < 80)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("locale", ["en-GB", "cs-CZ"])
def test_the_main_screens_at_360_px(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str, artifacts: Path, scheme: str, locale: str
) -> None:
    playing, done = _games(live_server)
    context = browser.new_context(
        **{**browser_context_args, "viewport": SMALL, "locale": locale, "color_scheme": scheme}
    )
    page = context.new_page()
    shots = artifacts / "screens"
    shots.mkdir(exist_ok=True)
    screens = {
        "table": f"/games/{playing}",
        "round": f"/games/{playing}/rounds/new",
        "end": f"/games/{done}",
        "checker": "/check",
    }
    language = locale[:2]
    for name, path in screens.items():
        page.goto(live_server + path)
        page.wait_for_load_state("networkidle")
        assert page.locator("html").get_attribute("lang") == language
        assert _background_is_dark(page) == (scheme == "dark"), f"{name} is not {scheme}"
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= SMALL["width"], f"{name} runs {wide - SMALL['width']} px off the side"
        target = shots / f"{name}-{language}-{scheme}.png"
        page.screenshot(path=str(target))
        assert target.stat().st_size > 5_000
        if os.environ.get("SCREENSHOTS_TO_DOCS") == "1":
            DOCS.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(target, DOCS / target.name)
    context.close()
