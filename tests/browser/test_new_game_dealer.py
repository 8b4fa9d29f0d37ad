"""At 360 px: "Who deals first" follows the names as they are typed above it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, expect

SMALL_PHONE = {"width": 360, "height": 740}


def test_who_deals_first_lists_the_names_as_they_are_typed(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str, artifacts: Path
) -> None:
    page = browser.new_context(**{**browser_context_args, "viewport": SMALL_PHONE}).new_page()
    page.goto(live_server + "/games/new")
    dealer = page.get_by_label("Who deals first")
    offered = dealer.locator("option:not([hidden])")
    for i, name in enumerate(("Ana", "João", "Cleo"), start=1):
        page.get_by_label(f"Player {i}", exact=True).fill(name)
    expect(offered).to_have_text(["The first player named", "Ana", "João", "Cleo"])
    page.get_by_label("Player 2", exact=True).fill("Joana")  # a typo fixed: the choice follows
    expect(offered).to_have_text(["The first player named", "Ana", "Joana", "Cleo"])
    dealer.select_option(label="Cleo")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(artifacts / "new-game-dealer-360.png"))
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".dealer")).to_contain_text("Cleo deals the first round")
