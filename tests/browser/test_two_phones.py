"""Two phones at one table, both on "End round N": the round is stored once, the later phone chooses."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

SMALL_PHONE = {"width": 360, "height": 740}


def fill_round(page: Page, out: str, other: str, pips: int) -> None:
    page.get_by_role("radio", name=f"{out} went out").check()
    page.get_by_label(other, exact=True).fill(str(pips))


def save_round(page: Page, out: str, other: str, pips: int) -> None:
    fill_round(page, out, other, pips)
    page.get_by_role("button", name=re.compile(r"^Save round")).click()


def rounds(page: Page, live_server: str, game_id: str) -> list[dict[str, Any]]:
    answer: list[dict[str, Any]] = page.request.get(f"{live_server}/api/v1/games/{game_id}").json()["rounds"]
    return answer


def test_the_second_phone_sees_the_clash_and_keeps_either(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str, artifacts: Path
) -> None:
    phone = {**browser_context_args, "viewport": SMALL_PHONE}
    a = browser.new_context(**phone).new_page()
    b = browser.new_context(**phone).new_page()

    a.goto(live_server + "/games/new")
    a.get_by_label("Player 1", exact=True).fill("Ana")
    a.get_by_label("Player 2", exact=True).fill("Ben")
    a.get_by_role("button", name="Start the game").click()
    expect(a.locator(".round-no")).to_have_text("Round 1 of 13")
    game_url = a.url
    game_id = game_url.rstrip("/").rsplit("/", 1)[1]

    # round 1: both open it and type; A saves; B, still typing, is told at once and saves its values anyway
    a.goto(game_url + "/rounds/new")
    b.goto(game_url + "/rounds/new")
    fill_round(b, "Ben", "Ana", 30)
    save_round(a, "Ana", "Ben", 12)
    expect(a.locator(".round-no")).to_have_text("Round 2 of 13")
    told = b.locator(".live-banner")
    expect(told).to_contain_text("Round 1 was already entered on another phone.", timeout=3000)
    expect(b.get_by_label("Ana", exact=True)).to_have_value("30")  # what B typed is still there
    b.get_by_role("button", name=re.compile(r"^Save round")).click()
    clash = b.get_by_role("alert").filter(has_text="Round 1 was already entered on another phone.")
    expect(clash).to_be_visible()
    expect(clash.locator("td.stored").first).to_contain_text("0")
    expect(clash.locator("td.yours").first).to_contain_text("30")
    assert b.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    b.screenshot(path=str(artifacts / "two-phones-clash.png"), full_page=True)
    assert len(rounds(b, live_server, game_id)) == 1
    b.get_by_role("button", name="Save mine instead").click()
    expect(b.locator(".round-no")).to_have_text("Round 2 of 13")
    stored = rounds(b, live_server, game_id)
    assert len(stored) == 1 and stored[0]["pips"] == {"Ana": 30, "Ben": 0}

    # round 2: the same, and this time B keeps what A stored
    a.goto(game_url + "/rounds/new")
    b.goto(game_url + "/rounds/new")
    fill_round(b, "Ben", "Ana", 9)
    save_round(a, "Ana", "Ben", 7)
    expect(b.locator(".live-banner")).to_be_visible(timeout=3000)
    b.get_by_role("button", name="Compare with mine").click()
    expect(b.get_by_text("Round 2 was already entered on another phone.")).to_be_visible()
    b.get_by_role("link", name="Keep the stored values").click()
    expect(b.locator(".round-no")).to_have_text("Round 3 of 13")
    stored = rounds(b, live_server, game_id)
    assert len(stored) == 2 and stored[1]["pips"] == {"Ana": 0, "Ben": 7}
