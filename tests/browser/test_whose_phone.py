"""Two phones at 360 px: Ben's phone joins by the join link, is asked once which player it is, and its main button
then sends Ben's pips (not the whole round, which would answer with an error for every other player)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page, expect

SMALL_PHONE = {"width": 360, "height": 740}


def _phone(browser: Browser, browser_context_args: dict[str, Any]) -> Page:
    return browser.new_context(**{**browser_context_args, "viewport": SMALL_PHONE}).new_page()


def test_a_joining_phone_says_whose_it_is_and_its_main_button_sends_that_players_pips(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str, artifacts: Path
) -> None:
    host, ben = _phone(browser, browser_context_args), _phone(browser, browser_context_args)
    host.goto(live_server + "/games/new")
    for i, name in enumerate(("Ana", "Ben", "Cleo"), start=1):
        host.get_by_label(f"Player {i}", exact=True).fill(name)
    host.get_by_role("button", name="Start the game").click()
    expect(host.locator(".round-no")).to_have_text("Round 1 of 13")
    game = host.url
    host.get_by_role("link", name="Join from another phone").click()
    shown = host.locator(".join-address a").first.get_attribute("href")
    assert shown is not None
    link = live_server + urlsplit(shown).path  # the page shows the LAN address; the test serves on loopback

    # the joining phone: asked once, then the table screen
    ben.goto(link)
    expect(ben.get_by_role("heading", name="Which player are you?")).to_be_visible()
    assert ben.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    ben.screenshot(path=str(artifacts / "whose-phone-360.png"))
    ben.get_by_role("button", name="I am Ben").click()
    expect(ben.locator(".round-no")).to_have_text("Round 1 of 13")
    ben.goto(link)  # the same link again: no question this time
    expect(ben.locator(".round-no")).to_have_text("Round 1 of 13")

    host.goto(game + "/rounds/new")
    ben.get_by_role("link", name="End round 1: enter pips").click()
    mine = ben.get_by_role("button", name="Send mine")
    expect(mine).to_have_class("send primary big")
    expect(ben.get_by_role("button", name="Save round 1")).not_to_have_class("primary")
    ben.get_by_label("Ben", exact=True).fill("15")
    mine.click()
    expect(ben.locator('[data-mark="1"]')).to_have_text("Sent: 15")
    expect(ben.locator(".error")).to_have_count(0)
    assert ben.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    ben.screenshot(path=str(artifacts / "send-mine-360.png"), full_page=True)
    # the other phone sees it within a poll
    expect(host.locator('[data-mark="1"]')).to_have_text("Sent: 15", timeout=4000)
