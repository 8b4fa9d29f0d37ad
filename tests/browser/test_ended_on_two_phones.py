"""Two phones at a 360 px table on the evening of issue 23 (13 rounds planned, Cleo leaves after round 4 with the
lowest total, Dani joins with the highest): phone 2 ends the game after round 7 while phone 1 is on the table
screen and had already sent Ben's pips for round 8. Phone 1 follows to the result, shares it with Cleo marked as
gone and the early end said, and when phone 2 undoes round 7 both phones reopen it with its own values."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, BrowserContext, expect

SMALL_PHONE = {"width": 360, "height": 740}
ROUNDS = (
    {"Ana": 20, "Ben": 30, "Cleo": 0, "Eve": 25, "Zoë": 18},
    {"Ana": 15, "Ben": 0, "Cleo": 10, "Eve": 30, "Zoë": 22},
    {"Ana": 0, "Ben": 25, "Cleo": 30, "Eve": 20, "Zoë": 14},
    {"Ana": 35, "Ben": 12, "Cleo": 24, "Eve": 0, "Zoë": 16},
    {"Ana": 0, "Ben": 10, "Eve": 12, "Zoë": 9, "Dani": 5},
    {"Ana": 8, "Ben": 0, "Eve": 9, "Zoë": 11, "Dani": 6},
    {"Ana": 5, "Ben": 14, "Eve": 0, "Zoë": 7, "Dani": 3},
)
"""After round 4: Ana 70, Ben 67, Cleo 64 (the lowest), Eve 75, Zoë 70; Dani joins with 75. After round 7:
Ana 83, Dani 89, Ben 91, Eve 96, Zoë 97."""


def _phone(browser: Browser, browser_context_args: dict[str, Any], live_server: str) -> BrowserContext:
    context = browser.new_context(**{**browser_context_args, "viewport": SMALL_PHONE}, accept_downloads=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    context.add_init_script("delete Navigator.prototype.share; delete Navigator.prototype.canShare;")
    return context


def test_phone_2_ends_the_evening_phone_1_follows_shares_and_both_reopen_on_undo(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str
) -> None:
    one = _phone(browser, browser_context_args, live_server).new_page()
    two = _phone(browser, browser_context_args, live_server).new_page()
    made = one.request.post(f"{live_server}/api/v1/games", data={"players": ["Ana", "Ben", "Cleo", "Eve", "Zoë"]})
    api = f"{live_server}/api/v1/games/{made.json()['id']}"
    game = api.replace("/api/v1/games/", "/games/")
    for number, pips in enumerate(ROUNDS, start=1):
        if number == 5:
            assert one.request.patch(f"{api}/seats/2", data={"left": True}).ok
            assert one.request.post(f"{api}/seats", data={"name": "Dani", "start": "highest"}).ok
        out = next(p for p, v in pips.items() if v == 0)
        assert one.request.post(f"{api}/rounds", data={"pips": pips, "went_out": out}).status == 201

    # phone 1 sends Ben's 15 for round 8, then shows the table; phone 2 ends the game after round 7
    one.goto(game + "/rounds/new")
    one.get_by_label("Ben", exact=True).fill("15")
    one.locator('button.send[value="1"]').click()
    expect(one.locator('.mark.sent[data-mark="1"]')).to_have_count(1)
    one.goto(game)
    two.goto(game)
    two.once("dialog", lambda dialog: dialog.accept())
    two.get_by_role("button", name="End the game now").click()
    expect(two.locator("h1")).to_have_text("Game over")

    expect(one.locator("h1")).to_have_text("Game over", timeout=6000)
    expect(one.locator(".ended")).to_have_text("ended after round 7 of 13")
    expect(one.locator(".podium-name")).to_have_text(["Ana", "Dani", "Ben"])
    with one.expect_download():
        one.get_by_role("button", name="Share the result").click()
    expect(one.get_by_role("status")).to_have_text("Result copied; the picture is saved.")
    assert one.evaluate("navigator.clipboard.readText()").splitlines()[1:] == [
        "Ana wins with 83 pips",
        "1. Ana: 83 pips",
        "2. Dani: 89 pips",
        "3. Ben: 91 pips",
        "4. Eve: 96 pips",
        "5. Zoë: 97 pips",
        "– Cleo (left after round 4): 64 pips",
        "ended after round 7 of 13",
    ]

    two.once("dialog", lambda dialog: dialog.accept())
    two.get_by_role("button", name="Undo round 7").click()
    for phone in (one, two):
        expect(phone.locator(".round-no")).to_have_text("Round 7 of 13", timeout=6000)
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    one.goto(game + "/rounds/new")
    expect(one.locator("h1")).to_contain_text("End of round 7")
    expect(one.get_by_label("Ben", exact=True)).to_have_value("14")  # round 7's, not the 15 sent for round 8
    expect(one.get_by_label("Dani", exact=True)).to_have_value("3")
