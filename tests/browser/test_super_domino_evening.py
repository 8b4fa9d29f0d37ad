"""A Super Domino evening on a phone: hands, the pip calculator filling tiles too, a blocked hand, the end."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect


def test_a_super_domino_evening(page: Page, live_server: str, artifacts: Path) -> None:
    page.goto(live_server + "/games/new")
    page.get_by_label("Super Domino").check()
    for i, name in enumerate(["Ana", "Ben", "Cleo"]):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".round-no")).to_have_text("Hand 1")
    expect(page.locator(".deal")).to_contain_text("draws 9 tiles")

    # hand 1: Ana goes out; Ben counts his two tiles on the calculator
    page.get_by_role("link", name="End hand 1: who went out?").click()
    page.get_by_role("radio", name="Ana went out").check()
    expect(page.get_by_label("Ana tiles left")).to_have_value("0")
    page.get_by_role("button", name="Count Ben's tiles").click()
    dialog = page.locator("dialog#picker")
    for tile in ("15-13", "7-2"):
        dialog.get_by_role("button", name=tile, exact=True).click()
    dialog.get_by_role("button", name="Use this sum").click()
    expect(page.get_by_label("Ben pips")).to_have_value("37")
    expect(page.get_by_label("Ben tiles left")).to_have_value("2")
    page.get_by_label("Cleo pips").fill("12")
    page.get_by_label("Cleo tiles left").fill("1")
    page.get_by_role("button", name="Save hand 1").click()

    # hand 2: blocked; Cleo holds the fewest tiles
    page.get_by_role("link", name="End hand 2: who went out?").click()
    for name, pips, tiles in (("Ana", "20", "3"), ("Ben", "5", "2"), ("Cleo", "9", "1")):
        page.get_by_label(f"{name} pips").fill(pips)
        page.get_by_label(f"{name} tiles left").fill(tiles)
    page.get_by_role("radio", name="Blocked hand: nobody could play").check()
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.locator(".rounds")).to_contain_text("won by Cleo")

    page.once("dialog", lambda d: d.accept())
    page.get_by_role("button", name="End the game").click()
    # one hand each for Ana and Cleo; Ana has fewer pips over the evening (20 against 21)
    expect(page.locator(".winner")).to_contain_text("Ana wins with 1 hand won")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(artifacts / "super-domino-result.png"), full_page=True)
