"""A Chicken Foot evening for four on phones at 360 px: the new game, rounds entered (two phones sending their
own pips), a dispute on a chicken-footed double settled on the checker, then the end screen with the winner."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page, expect

SMALL_PHONE = {"width": 360, "height": 740}
LIVE = 3000
"""Milliseconds within which another phone's change must show, with nobody reloading."""
PLAYERS = ("Ana", "Ben", "Cleo", "Dan")


def send_mine(page: Page, base: str, game_path: str, name: str, pips: int, went_out: bool = False) -> None:
    page.goto(base + game_path + "/rounds/new")
    page.get_by_label("Whose phone is this?").select_option(label=f"I am {name}")
    expect(page.get_by_role("button", name="Send mine")).to_be_visible()
    if went_out:
        page.get_by_role("radio", name=f"{name} went out").check()
    else:
        page.get_by_label(name, exact=True).fill(str(pips))
    page.get_by_role("button", name="Send mine").click()


def enter_round(page: Page, pips: dict[str, int], out: str) -> None:
    page.get_by_role("link", name=re.compile(r"^End round \d+: enter pips")).click()
    page.get_by_role("radio", name=f"{out} went out").check()
    for name, value in pips.items():
        if name != out:
            page.get_by_label(name, exact=True).fill(str(value))
    page.get_by_role("button", name=re.compile(r"^Save round")).click()


def fits(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def test_a_chicken_foot_evening_for_four(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str, artifacts: Path
) -> None:
    phone = {**browser_context_args, "viewport": SMALL_PHONE}
    a, b = (browser.new_context(**phone).new_page() for _ in range(2))

    # the new game: Chicken Foot with the usual double-9 rules, three rounds for the evening
    a.goto(live_server + "/games/new")
    a.get_by_label("Chicken Foot").check()
    for seat, name in enumerate(PLAYERS, start=1):
        a.get_by_label(f"Player {seat}", exact=True).fill(name)
    a.locator("details.options", has_text="Chicken Foot: rules, set and rounds").locator("summary").click()
    a.get_by_label("Rules and set").select_option("chicken-foot")
    a.get_by_label("Rounds to play").last.fill("3")
    assert fits(a)
    a.get_by_role("button", name="Start the game").click()
    expect(a.locator(".round-no")).to_have_text("Round 1 of 3")
    expect(a.locator(".engine-name")).to_contain_text("double-9")
    expect(a.locator(".deal")).to_contain_text("draws 11 tiles")
    assert fits(a)
    game_path = urlsplit(a.url).path

    # round 1 on one phone
    enter_round(a, {"Ana": 0, "Ben": 14, "Cleo": 30, "Dan": 9}, out="Ana")
    expect(a.locator(".round-no")).to_have_text("Round 2 of 3")
    expect(a.locator(".engine-name")).to_contain_text("double-8")

    # round 2: Ben sends his own pips from his phone, Ana the rest from hers
    b.goto(live_server + game_path)
    send_mine(b, live_server, game_path, "Ben", 0, went_out=True)
    expect(b.locator('[data-mark="1"]')).to_contain_text("Went out", timeout=LIVE)
    a.goto(live_server + game_path + "/rounds/new")
    for name, pips in (("Ana", 12), ("Cleo", 50), ("Dan", 3)):
        a.get_by_label(name, exact=True).fill(str(pips))
    a.get_by_role("button", name=re.compile(r"^Save round")).click()
    for page in (a, b):
        expect(page.locator(".round-no")).to_have_text("Round 3 of 3", timeout=LIVE)

    # round 3: a dispute. Cleo wants to lay 4-0 elsewhere while Ben's 5-5 still waits for two toes
    a.goto(live_server + game_path)
    a.locator("nav.settle").get_by_role("link", name="Can I play this?").click()
    expect(a.locator("h1")).to_contain_text("Can I play this?")
    a.get_by_label("Player to move").select_option(label="Cleo")
    for end, number in enumerate((4, 7, 2, 7, 6, 3, 5, 5)):
        a.get_by_label(f"Number showing on end {end + 1}", exact=True).fill(str(number))
    for end in (7, 8):
        a.get_by_label(f"End {end} waits for a tile", exact=True).check()
    a.get_by_role("button", name="Which tile?").click()
    sheet = a.get_by_role("dialog", name="Which tile?")
    sheet.get_by_role("radio", name="4-0", exact=True).click()
    expect(sheet).to_be_hidden()
    a.get_by_role("radio", name="End 1", exact=True).check()
    a.get_by_role("button", name="Check").click()
    verdict = a.locator("#verdict")
    expect(verdict.locator(".verdict")).to_have_text("Not allowed")
    expect(verdict).to_contain_text("needs its three toes before play goes elsewhere")
    expect(a.locator(".cf-open-foot figcaption")).to_contain_text("Chicken foot on 5-5: 1 of 3 toes down.")
    assert fits(a)
    a.screenshot(path=str(artifacts / "chicken-foot-dispute.png"), full_page=True)
    a.locator("#verdict .rule a").click()
    expect(a.locator("#cf-foot-first")).to_be_visible()

    # the last round, then the end screen
    a.goto(live_server + game_path)
    enter_round(a, {"Ana": 20, "Ben": 7, "Cleo": 0, "Dan": 11}, out="Cleo")
    # Ana 0 + 12 + 20 = 32, Ben 14 + 0 + 7 = 21, Cleo 30 + 50 + 0 = 80, Dan 9 + 3 + 11 = 23
    expect(a.locator(".winner")).to_contain_text("Ben")
    expect(a.locator(".winner")).to_contain_text("wins with 21 pips")
    assert fits(a)
    a.screenshot(path=str(artifacts / "chicken-foot-result.png"), full_page=True)
