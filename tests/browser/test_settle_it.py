"""Settling a dispute on a phone: open the checker from a game, get a refusal, read the rule; look up a deal."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect


def no_horizontal_scroll(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def test_a_double_must_be_covered_dispute(page: Page, live_server: str, artifacts: Path) -> None:
    page.goto(live_server + "/games/new")
    for i, name in enumerate(["Ana", "Ben", "Cleo", "Dan"]):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()

    page.get_by_role("link", name="Can I play this?").click()
    expect(page.get_by_role("heading", name="Can I play this?")).to_be_visible()
    expect(page.get_by_text("Judged by Mexican Train (standard)")).to_be_visible()

    # Ana laid 5-5 on her train and nobody covered it; Ben wants to lay 9-4 on his own train
    page.get_by_label("Player to move").select_option(label="Ben")
    page.get_by_role("button", name="Which tile?").click()
    page.get_by_role("dialog", name="Which tile?").get_by_role("radio", name="9-4", exact=True).check()
    expect(page.get_by_role("radio", name="Ben's train")).to_be_checked()  # the mover's own train, untapped
    page.get_by_role("button", name="Open end of Ana's train").click()
    page.get_by_role("dialog", name="Open end of Ana's train").get_by_role("button", name="5-5", exact=True).click()
    page.get_by_role("button", name="Check", exact=True).click()

    card = page.locator("#verdict")
    expect(card.locator(".verdict")).to_have_text("Not allowed")
    expect(card.locator(".reason")).to_contain_text("5-5 on Ana's train must be covered")
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / "checker-refusal.png"), full_page=False)

    card.get_by_role("link", name="An open double must be covered first").click()
    expect(page).to_have_url(f"{live_server}/rules#double-uncovered")  # the paragraph that states the rule
    section = page.locator("#double-uncovered")
    expect(section).to_be_visible()
    assert section.evaluate("el => el.getBoundingClientRect().top") < 200  # scrolled to the rule


def test_deal_for_seven_players(page: Page, live_server: str) -> None:
    page.goto(live_server + "/")
    page.get_by_role("link", name="Deal").first.click()
    page.get_by_label("Players").select_option("7")
    page.get_by_role("button", name="Look up").click()
    expect(page.locator(".big-number")).to_have_text("10 tiles each")
    expect(page.locator(".answer")).to_contain_text("20 tiles stay in the boneyard")
    expect(page.locator("tr.here th")).to_have_text("7")
    assert no_horizontal_scroll(page)
