"""Entering a round on a small phone (360 x 640): Enter walks the fields, a round needs its end, unlikely pips are
asked about, and the table screen confirms the round with an Undo that works."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

SMALL = {"width": 360, "height": 640}
PLAYERS = ["Ana", "João", "Cleo", "Dan"]


@pytest.fixture
def round_page(page: Page, live_server: str) -> str:
    """A new four-player game at 360 x 640, on the page that ends round 1; returns the table screen's address."""
    page.set_viewport_size(SMALL)
    page.goto(live_server + "/games/new")
    for i, name in enumerate(PLAYERS):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    table = page.url
    page.get_by_role("link", name="End round 1: enter pips").click()
    page.wait_for_load_state()  # round.js in place: an Enter pressed before it loads submits the form, as without it
    return table


def rounds(page: Page) -> list[dict[str, Any]]:
    address = re.search(r"^(.*?)/games/([^/?#]+)", page.url)
    assert address
    found: list[dict[str, Any]] = page.request.get(f"{address[1]}/api/v1/games/{address[2]}").json()["rounds"]
    return found


def test_enter_moves_to_the_next_empty_field_then_to_the_ending_and_then_saves(
    page: Page, round_page: str, artifacts: Path
) -> None:
    ana = page.get_by_label("Ana", exact=True)
    ana.fill("4")
    ana.press("Enter")
    expect(page.get_by_label("João", exact=True)).to_be_focused()
    assert "/rounds/new" in page.url and rounds(page) == []  # nothing was sent
    page.keyboard.type("12")
    page.keyboard.press("Enter")
    expect(page.get_by_label("Cleo", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.type("30")
    page.keyboard.press("Enter")
    # the last field leads to how the round ended, not to a half-filled Save
    expect(page.get_by_role("radio", name="Ana went out")).to_be_focused()
    page.screenshot(path=str(artifacts / "round-entry-360x640.png"))
    # Cleo's "went out" fills her 0; every value is in, so Save is next
    page.get_by_role("radio", name="Cleo went out").check()
    expect(page.get_by_label("Cleo", exact=True)).to_have_value("0")
    expect(page.get_by_role("button", name="Save round 1")).to_be_focused()
    assert rounds(page) == []
    # Enter in a field once every value is in and the end is chosen saves the round
    page.get_by_label("Dan", exact=True).focus()
    page.keyboard.press("Enter")
    expect(page.locator(".round-no")).to_have_text("Round 2 of 13")
    stored = rounds(page)
    assert stored[0]["pips"] == {"Ana": 4, "João": 12, "Cleo": 0, "Dan": 30} and stored[0]["went_out"] == "Cleo"


def test_a_round_without_its_end_is_refused_at_that_choice(page: Page, round_page: str) -> None:
    for name, pips in zip(PLAYERS, ("4", "12", "7", "30")):
        page.get_by_label(name, exact=True).fill(pips)
    page.get_by_role("button", name="Save round 1").click()
    ending = page.locator("fieldset#ending")
    expect(ending.locator(".error")).to_have_text("Choose who went out, or that the round was blocked.")
    expect(ending).to_have_attribute("aria-describedby", "went_out-error")
    expect(page.get_by_label("João", exact=True)).to_have_value("12")  # nothing typed is lost
    assert rounds(page) == []
    # choosing "blocked" sends itself, and the page then brings in the other phones' version: the values this
    # phone typed, shown again by the refusal, are its own and stay (they were cleared when that came first)
    with page.expect_response(lambda r: r.request.method == "GET" and r.url.endswith("/rounds/new")):
        page.get_by_role("radio", name="Blocked round: nobody went out").check()
    expect(page.get_by_label("João", exact=True)).to_have_value("12")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".round-no")).to_have_text("Round 2 of 13")
    assert rounds(page)[0]["blocked"] is True


def test_unlikely_pips_are_saved_only_after_confirming(page: Page, round_page: str) -> None:
    page.get_by_role("radio", name="Ana went out").check()
    for name, pips in zip(PLAYERS[1:], ("1000", "7", "30")):
        page.get_by_label(name, exact=True).fill(pips)
    asked: list[str] = []

    def answer(accept: bool) -> Any:
        def reply(dialog: Any) -> None:
            asked.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()

        return reply

    page.once("dialog", answer(False))
    page.get_by_role("button", name="Save round 1").click()
    expect(page.get_by_label("João", exact=True)).to_have_value("1000")
    assert asked == ["Really 1000 for João?\nA hand rarely holds more than 360 pips in this round."]
    assert "/rounds/new" in page.url and rounds(page) == []

    page.once("dialog", answer(True))
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".round-no")).to_have_text("Round 2 of 13")
    assert len(asked) == 2
    assert rounds(page)[0]["pips"]["João"] == 1000


def test_after_saving_the_table_confirms_the_round_and_undo_takes_it_back(
    page: Page, round_page: str, artifacts: Path
) -> None:
    page.get_by_role("radio", name="Ana went out").check()
    for name, pips in zip(PLAYERS[1:], ("12", "7", "30")):
        page.get_by_label(name, exact=True).fill(pips)
    page.get_by_role("button", name="Save round 1").click()
    saved = page.locator(".flash.saved")
    expect(saved).to_contain_text("Round 1 saved: Ana 0 (out), João 12, Cleo 7, Dan 30")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(artifacts / "round-saved-360x640.png"))
    saved.get_by_role("button", name="Undo", exact=True).click()
    expect(page.locator(".round-no")).to_have_text("Round 1 of 13")
    expect(page.locator(".flash")).to_contain_text("Round 1 was undone")
    assert rounds(page) == []


def test_the_tile_picker_shows_one_numbers_tiles_without_scrolling(
    page: Page, round_page: str, artifacts: Path
) -> None:
    page.get_by_role("button", name="Count João's tiles").click()
    dialog = page.locator("dialog#picker")
    dialog.get_by_role("group", name="Show the tiles with").get_by_role("button", name="5", exact=True).click()
    tiles = dialog.locator(".tiles button:visible")
    expect(tiles).to_have_count(13)  # 5-0 to 12-5
    assert dialog.locator(".tiles").evaluate("el => el.scrollHeight <= el.clientHeight")
    page.screenshot(path=str(artifacts / "tile-picker-360x640.png"))
    dialog.get_by_role("button", name="12-5", exact=True).click()
    dialog.get_by_role("button", name="All", exact=True).click()
    dialog.get_by_role("button", name="3-1", exact=True).click()
    expect(dialog.locator(".picker-sum")).to_have_text("21 pips · 2 tiles")
    dialog.get_by_role("button", name="Use this sum").click()
    expect(page.get_by_label("João", exact=True)).to_have_value("21")


def test_the_tile_picker_shows_the_tiles_counted_and_a_tap_takes_one_away(page: Page, round_page: str) -> None:
    page.get_by_role("button", name="Count João's tiles").click()
    dialog = page.locator("dialog#picker")
    for tile in ("12-5", "3-1", "6-6"):
        dialog.get_by_role("button", name=tile, exact=True).click()
    tapped, untapped = (dialog.get_by_role("button", name=t, exact=True) for t in ("12-5", "12-4"))
    expect(tapped).to_have_attribute("aria-pressed", "true")
    expect(untapped).to_have_attribute("aria-pressed", "false")
    colour = "el => getComputedStyle(el).backgroundColor"
    assert tapped.evaluate(colour) != untapped.evaluate(colour)  # chosen shows, not only to a screen reader
    counted = dialog.get_by_role("group", name="Tiles counted").get_by_role("button")
    expect(counted).to_have_text(["12-5", "3-1", "6-6"])  # in the order tapped
    expect(dialog.locator(".picker-sum")).to_have_text("33 pips · 3 tiles")
    strip, total = (dialog.locator(s).bounding_box() for s in (".picked", ".picker-sum"))
    assert strip and total and strip["y"] + strip["height"] <= total["y"]  # above the sum
    dialog.get_by_role("button", name="Take 3-1 away").click()
    expect(counted).to_have_text(["12-5", "6-6"])
    expect(dialog.get_by_role("button", name="3-1", exact=True)).to_have_attribute("aria-pressed", "false")
    expect(dialog.locator(".picker-sum")).to_have_text("29 pips · 2 tiles")
    dialog.get_by_role("button", name="Use this sum").click()
    expect(page.get_by_label("João", exact=True)).to_have_value("29")
    # opened again, the hand is as it was left
    page.get_by_role("button", name="Count João's tiles").click()
    expect(counted).to_have_text(["12-5", "6-6"])
    dialog.get_by_role("button", name="Clear").click()
    expect(counted).to_have_count(0)


def test_went_out_tapped_before_the_page_script_ran_still_says_0_and_keeps_what_was_typed(
    browser: Browser, live_server: str
) -> None:
    """A slow phone: "Ana went out" tapped while app.js is still on its way; once it runs, her empty fields say 0.
    (No service worker: it would answer app.js from its cache, where the test cannot hold it back.)"""
    page = browser.new_context(viewport=SMALL, service_workers="block").new_page()
    page.goto(live_server + "/games/new")
    page.get_by_label("Super Domino").check()
    for i, name in enumerate(PLAYERS[:3]):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    held: list[Any] = []
    page.route(re.compile(r"/static/app(\.[0-9a-f]+)?\.js$"), lambda route: held.append(route))
    page.get_by_role("link", name="End hand 1: who went out?").click()
    page.get_by_label("Cleo tiles left").fill("3")
    page.get_by_role("radio", name="Ana went out").check()
    expect(page.get_by_label("Ana tiles left")).to_have_value("")  # nothing has run yet
    assert held, "the page asks for app.js"
    held[0].continue_()
    expect(page.get_by_label("Ana tiles left")).to_have_value("0")
    expect(page.get_by_label("Ana pips")).to_have_value("0")
    expect(page.get_by_label("Cleo tiles left")).to_have_value("3")
