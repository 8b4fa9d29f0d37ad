"""At 360 px the new-game form shows the chosen game's options and seat limit only; without script, every game's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

SMALL_PHONE = {"width": 360, "height": 740}


def panels(page: Page) -> list[str]:
    """The games whose options panel shows, by the title its first summary opens with."""
    return [
        text.split(":")[0]
        for text in page.locator("form > div[data-games]:visible > .options:first-child > summary").all_inner_texts()
    ]


def name_fields(page: Page) -> int:
    return page.locator("input[name^=players-]:visible").count()


def dealer_choices(page: Page) -> list[str]:
    """What "Who deals first" offers: the seats a player can pick (a hidden or disabled option is not offered)."""
    return list(
        page.locator("select[name=first_dealer]").evaluate(
            "s => [...s.options].filter(o => !o.hidden && !o.disabled).map(o => o.textContent.trim())"
        )
    )


def test_only_the_chosen_games_panel_and_seats_show(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str, artifacts: Path
) -> None:
    page = browser.new_context(**{**browser_context_args, "viewport": SMALL_PHONE}).new_page()
    page.goto(live_server + "/games/new?lang=en")
    more = page.locator(".more-names > summary")
    limit = more.locator("span:visible")

    expect(page.get_by_role("radio", name="Mexican Train")).to_be_checked()
    assert panels(page) == ["Mexican Train"]
    expect(more).to_be_hidden()  # eight seats, all in sight
    assert name_fields(page) == 8
    # the dealer is one of the eight seats: no Player 9-15 while Mexican Train is chosen
    assert dealer_choices(page) == ["The first player named", *(f"Player {n}" for n in range(1, 9))]
    page.screenshot(path=str(artifacts / "new-game-mexican-train-360.png"))

    page.get_by_role("radio", name="Super Domino").check()
    assert panels(page) == ["Super Domino"]
    expect(limit).to_have_text("More players (Super Domino seats up to 15)")
    more.click()
    assert name_fields(page) == 15
    assert dealer_choices(page)[-1] == "Player 15"

    page.get_by_role("radio", name="Chicken Foot").check()
    assert panels(page) == ["Chicken Foot"]
    expect(limit).to_have_text("More players (Chicken Foot seats up to 10)")
    assert name_fields(page) == 10
    assert dealer_choices(page)[-1] == "Player 10"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # a name typed in a seat the next choice lacks stays in sight, so the refusal that counts it makes sense
    page.get_by_role("radio", name="Super Domino").check()
    page.get_by_placeholder("Player 12 (optional)").fill("Lia")
    page.get_by_role("radio", name="Chicken Foot").check()
    expect(page.get_by_placeholder("Player 12 (optional)")).to_be_visible()
    expect(page.get_by_placeholder("Player 13 (optional)")).to_be_hidden()


def test_without_script_every_game_can_still_be_set_up(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str
) -> None:
    context = browser.new_context(**{**browser_context_args, "viewport": SMALL_PHONE, "java_script_enabled": False})
    page = context.new_page()
    page.goto(live_server + "/games/new?lang=en")
    assert panels(page) == ["Mexican Train", "Super Domino", "Chicken Foot"]
    expect(page.locator(".more-names > summary > span:visible")).to_have_text(
        "More players (Super Domino seats up to 15)"
    )
    context.close()
