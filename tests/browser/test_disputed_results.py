"""The evening of issue 23 on a small phone: a 13-round Mexican Train game where Cleo leaves after round 4 with the
lowest total, Dani joins with the highest, and the table stops after round 7. The end screen names the right
winner, keeps Cleo off the podium, says when the game ended, and the chart's legend agrees with the standings."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

SMALL_PHONE = {"width": 360, "height": 740}


def _enter(page: Page, number: int, pips: dict[str, int]) -> None:
    """Fill in a round on the round form, tapping who went out (the player on 0)."""
    page.get_by_role("link", name=f"End round {number}: enter pips").click()
    for name, value in pips.items():
        page.get_by_label(name, exact=True).fill(str(value))
    out = next(name for name, value in pips.items() if value == 0)
    page.get_by_role("radio", name=f"{out} went out").check()
    page.get_by_role("button", name=f"Save round {number}").click()
    expect(page.locator(".flash").first).to_contain_text(f"Round {number} saved")


def test_a_table_ends_early_with_a_leaver_and_a_late_joiner(page: Page, live_server: str, artifacts: Path) -> None:
    page.set_viewport_size(SMALL_PHONE)
    started = page.request.post(f"{live_server}/api/v1/games", data={"players": ["Ana", "Ben", "Cleo", "Eve"]})
    game = started.json()["id"]
    table = f"{live_server}/games/{game}"
    page.goto(table)
    for number, pips in enumerate(
        (
            {"Ana": 20, "Ben": 30, "Cleo": 0, "Eve": 25},
            {"Ana": 15, "Ben": 0, "Cleo": 10, "Eve": 30},
            {"Ana": 0, "Ben": 25, "Cleo": 30, "Eve": 20},
            {"Ana": 35, "Ben": 12, "Cleo": 24, "Eve": 0},
        ),
        start=1,
    ):
        _enter(page, number, pips)

    page.locator("details.players-menu summary").click()
    page.get_by_role("link", name="A player leaves").click()
    page.locator("#leave").get_by_label("Player").select_option(label="Cleo")
    page.get_by_role("button", name="Leave the game").click()
    cleo = page.locator(".standings li", has=page.locator(".name", has_text="Cleo"))
    expect(cleo.locator(".gone")).to_have_text("left after round 4")
    expect(page.locator(".standings li.leader .name")).to_have_text("Ben")  # 67: Cleo's 64 leads no more

    page.locator("details.players-menu summary").click()
    page.get_by_role("link", name="A player joins").click()
    page.get_by_label("Name", exact=True).fill("Dani")
    page.get_by_role("button", name="Add the player").click()
    expect(page.locator(".legend li", has_text="Dani")).to_contain_text("75")  # his start, not 0

    for number, pips in enumerate(
        (
            {"Ana": 0, "Ben": 10, "Eve": 12, "Dani": 5},
            {"Ana": 8, "Ben": 0, "Eve": 9, "Dani": 6},
            {"Ana": 5, "Ben": 14, "Eve": 0, "Dani": 3},
        ),
        start=5,
    ):
        _enter(page, number, pips)

    asked: list[str] = []
    page.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    page.get_by_role("button", name="End the game now").click()
    expect(page.locator("h1")).to_have_text("Game over")
    assert asked == ["End the game after round 7 of 13? The standings become final."]
    expect(page.locator(".winner")).to_have_text("Ana wins with 83 pips")
    expect(page.locator(".ended")).to_have_text("ended after round 7 of 13")
    expect(page.locator(".podium-name")).to_have_text(["Ana", "Dani", "Ben"])
    expect(page.locator(".standings .name")).to_have_text(
        ["Ana", "Dani", "Ben", "Eve", "Cleo left after round 4"], use_inner_text=True
    )
    expect(page.locator(".legend .score")).to_have_text(["83", "91", "64", "96", "89"])
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(artifacts / "ended-early-result.png"), full_page=True)

    page.get_by_role("link", name="Print").click()
    expect(page.locator(".sheet .winner")).to_have_text("Ana wins with 83 pips")
    expect(page.locator(".sheet")).to_contain_text("joined later")
    page.goto(f"{live_server}/")
    expect(page.locator(".game-row", has_text="Dani")).to_contain_text("won by Ana · ended after round 7 of 13")

    # Undo of the last round reopens the game
    page.goto(table)
    page.once("dialog", lambda d: d.accept())
    page.get_by_role("button", name="Undo round 7").click()
    expect(page.get_by_role("link", name="End round 7: enter pips")).to_be_visible()
