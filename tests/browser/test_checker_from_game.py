"""At 360 px: the checker opened from a game shows as playing now the player the table screen names to play first,
after a few rounds and once a player has left."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, expect

SMALL_PHONE = {"width": 360, "height": 740}


def test_the_checker_from_the_table_starts_on_who_plays_first(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str, artifacts: Path
) -> None:
    page = browser.new_context(**{**browser_context_args, "viewport": SMALL_PHONE}).new_page()
    made = page.request.post(f"{live_server}/api/v1/games", data={"players": ["Ana", "João", "Cleo", "Dan"]})
    game_id = made.json()["id"]
    api = f"{live_server}/api/v1/games/{game_id}"
    for _ in range(2):
        page.request.post(f"{api}/rounds", data={"pips": {"Ana": 0, "João": 5, "Cleo": 7, "Dan": 9}, "went_out": "Ana"})
    page.request.patch(f"{api}/seats/2", data={"left": True})  # Cleo leaves after round 2
    for _ in range(2):
        page.goto(f"{live_server}/games/{game_id}")
        first = page.locator(".dealer strong").last.inner_text()
        page.get_by_role("link", name="Can I play this?").click()
        plays = page.locator(".train:has(.plays:visible) .train-name span")
        expect(plays).to_have_text(f"{first}'s train")
        expect(page.locator("#turn")).to_have_value(str(["Ana", "João", "Dan"].index(first)))
        expect(page.get_by_text("Cleo's train")).to_have_count(0)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        page.request.post(f"{api}/rounds", data={"pips": {"Ana": 3, "João": 0, "Dan": 4}, "went_out": "João"})
    page.screenshot(path=str(artifacts / "checker-from-game-360.png"))
