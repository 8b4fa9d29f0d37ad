"""A whole 13-round game played on a phone-sized Chromium, as a family would."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]


def no_horizontal_scroll(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def enter_round(page: Page, pips: list[int], went_out: int | None = None) -> None:
    for i, value in enumerate(pips):
        if i == went_out:
            page.get_by_role("radio", name=f"{PLAYERS[i]} went out").check()
        else:
            page.get_by_label(PLAYERS[i], exact=True).fill(str(value))
    page.get_by_role("button", name=re.compile(r"^Save")).click()


def test_a_four_player_game_from_start_to_winner(page: Page, live_server: str, artifacts: Path) -> None:
    page.goto(live_server + "/")
    page.get_by_role("link", name="Start a new game").click()
    for i, name in enumerate(PLAYERS):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()

    expect(page.locator(".round-no")).to_have_text("Round 1 of 13")
    expect(page.locator(".deal")).to_contain_text("draws 15 tiles")
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / "table-screen-round-1.png"), full_page=True)

    # round 1: Ana went out; everyone else types their pips
    page.get_by_role("link", name="End round 1: enter pips").click()
    enter_round(page, [0, 12, 30, 7], went_out=0)
    expect(page.locator(".round-no")).to_have_text("Round 2 of 13")

    # round 2: Ben counts his hand on the pip calculator instead of adding in his head
    page.get_by_role("link", name="End round 2: enter pips").click()
    page.get_by_role("button", name="Count Ben's tiles").click()
    dialog = page.locator("dialog#picker")
    expect(dialog).to_be_visible()
    for tile in ("12-5", "3-1", "0-0"):
        dialog.get_by_role("button", name=tile, exact=True).click()
    expect(dialog.locator(".picker-sum")).to_have_text("21 pips · 3 tiles")
    expect(dialog.get_by_role("button", name="11-11", exact=True)).to_be_disabled()  # the engine is on the table
    dialog.get_by_role("button", name="Use this sum").click()
    expect(page.get_by_label("Ben", exact=True)).to_have_value("21")
    page.get_by_label("Ana", exact=True).fill("4")
    page.get_by_role("radio", name="Cleo went out").check()
    expect(page.get_by_label("Cleo", exact=True)).to_have_value("0")
    page.get_by_label("Dan", exact=True).fill("9")
    page.get_by_role("button", name="Save round 2").click()

    # a wrong entry: the message sits beside the field and the other values survive
    page.get_by_role("link", name="End round 3: enter pips").click()
    page.get_by_label("Ana", exact=True).fill("-4")
    page.get_by_label("Ben", exact=True).fill("8")
    page.get_by_role("radio", name="Cleo went out").check()
    page.get_by_label("Dan", exact=True).fill("15")
    page.get_by_role("button", name="Save round 3").click()
    expect(page.locator(".error")).to_contain_text("Ana: pips cannot be negative")
    expect(page.get_by_label("Ben", exact=True)).to_have_value("8")
    page.get_by_label("Ana", exact=True).fill("4")
    page.get_by_role("button", name="Save round 3").click()

    for number in range(4, 14):
        page.get_by_role("link", name=f"End round {number}: enter pips").click()
        enter_round(page, [5, 10, 0, 20], went_out=2)

    # Cleo leads on 0+0+0...: correct round 1 and undo the last round, then replay it
    expect(page.locator("h1")).to_have_text("Game over")
    page.get_by_role("link", name="Correct round 1", exact=True).click()
    page.get_by_label("Cleo", exact=True).fill("3")
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator(".flash")).to_contain_text("Round 1 corrected")

    page.once("dialog", lambda d: d.accept())
    page.get_by_role("button", name="Undo round 13").click()
    expect(page.locator(".round-no")).to_have_text("Round 13 of 13")
    page.get_by_role("link", name="End round 13: enter pips").click()
    enter_round(page, [0, 10, 7, 20], went_out=0)

    # Ana: 0+4+4+50+0 = 58; Cleo: 3+0+0+0*10+7 = 10
    expect(page.locator(".winner")).to_contain_text("Cleo wins with 10 pips")
    first = page.locator(".standings li").first
    expect(first.locator(".name")).to_have_text("Cleo")
    expect(page.locator(".chart svg polyline")).to_have_count(4)
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / "final-result.png"), full_page=True)

    page.get_by_role("link", name="History").click()
    expect(page.locator(".history")).to_contain_text("30 → 3")
    expect(page.locator(".history")).to_contain_text("round undone")


def test_eight_long_names_fit_a_360_px_phone(page: Page, live_server: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server + "/games/new")
    names = [
        "Maximiliánová-Šárka",
        "João Gonçalves da Silva",
        "Wolfgang Amadeus",
        "Ana",
        "Bartholomew",
        "Cleopatra Philopator",
        "Dan",
        "Giuseppe Garibaldi",
    ]
    for i, name in enumerate(names):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".deal")).to_contain_text("draws 10 tiles")
    assert no_horizontal_scroll(page)
    page.get_by_role("link", name="End round 1: enter pips").click()
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / "round-entry-8-players.png"), full_page=True)
    for name in names:
        page.get_by_label(name, exact=True).fill("12")
    page.get_by_role("radio", name="Blocked round: nobody went out").check()
    page.get_by_role("button", name="Save round 1").click()
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / "table-screen-8-players.png"), full_page=True)
