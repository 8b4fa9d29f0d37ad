"""The checker's tiles at 360 px: every tile in a sheet is a target at least 44 x 44 CSS px, and nothing spills
sideways, for each game's set (double-12, double-15, double-9)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

SMALL_PHONE = {"width": 360, "height": 740}
SIZES = "ls => ls.map(l => { const r = l.getBoundingClientRect(); return [r.width, r.height]; })"


@pytest.mark.parametrize(
    ("query", "tiles"),
    [("", 91), ("game_kind=super-domino", 136), ("game_kind=chicken-foot", 55)],
    ids=["mexican-train", "super-domino", "chicken-foot"],
)
def test_every_tile_in_the_sheet_is_a_44_px_target(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str, query: str, tiles: int
) -> None:
    context = browser.new_context(**{**browser_context_args, "viewport": SMALL_PHONE})
    page = context.new_page()
    page.goto(f"{live_server}/check?lang=en&{query}")
    page.locator(".pick-button:visible").first.click()
    sheet = page.locator("dialog.sheet[open]")
    expect(sheet).to_be_visible()
    sizes = sheet.locator(".tile-picker label").evaluate_all(SIZES)
    assert len(sizes) == tiles
    small = [size for size in sizes if size[0] < 44 or size[1] < 44]
    assert not small, f"{len(small)} tiles under 44 x 44 px, as {small[0]}"
    assert sheet.evaluate("d => d.scrollWidth <= d.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()


def test_without_script_the_inline_tiles_are_44_px_targets_too(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str
) -> None:
    context = browser.new_context(**{**browser_context_args, "viewport": SMALL_PHONE, "java_script_enabled": False})
    page = context.new_page()
    page.goto(f"{live_server}/check?lang=en")
    sizes = page.locator(".tile-picker label:visible").evaluate_all(SIZES)
    assert len(sizes) >= 91  # the double-12 set, inline
    assert all(width >= 44 and height >= 44 for width, height in sizes), min(sizes)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
