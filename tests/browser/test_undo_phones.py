"""Three phones at a 360 px table: Zoë's phone undoes a round, every phone says so and the round comes back with
its values, one fix and it is saved again."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

SMALL_PHONE = {"width": 360, "height": 740}


def _phone(browser: Browser, browser_context_args: dict[str, Any]) -> Page:
    return browser.new_context(**{**browser_context_args, "viewport": SMALL_PHONE}).new_page()


def test_an_undo_on_zoes_phone_reopens_the_round_on_every_phone(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str, artifacts: Path
) -> None:
    ana, ben, zoe, typing, wall = (_phone(browser, browser_context_args) for _ in range(5))
    made = ana.request.post(f"{live_server}/api/v1/games", data={"players": ["Ana", "Ben", "Zoë"]})
    game_id = made.json()["id"]
    game = f"{live_server}/games/{game_id}"
    first = {"pips": {"Ana": 0, "Ben": 14, "Zoë": 9}, "went_out": "Ana"}
    assert ana.request.post(f"{game.replace('/games/', '/api/v1/games/')}/rounds", data=first).status == 201

    # Zoë says whose phone it is; Ana watches the table screen, Ben has round 2's form open, nothing typed
    zoe.goto(game + "/rounds/new")
    zoe.get_by_label("Whose phone is this?").select_option(label="I am Zoë")  # choosing is enough
    expect(zoe.get_by_role("button", name="Send mine")).to_be_visible()
    ana.goto(game)
    ben.goto(game + "/rounds/new")
    expect(ben.locator("h1")).to_contain_text("End of round 2")
    # a fourth phone has round 2's values half typed; a screen on the wall watches
    typing.goto(game + "/rounds/new")
    typing.get_by_label("Ana", exact=True).fill("33")
    joining = ana.request.get(f"{game}/join").text()
    watch = re.search(r'href="[^"]*(/watch/[^"]+)"', joining)
    assert watch
    wall.goto(live_server + watch.group(1))

    zoe.goto(game)
    zoe.once("dialog", lambda dialog: dialog.accept())
    zoe.get_by_role("button", name="Undo round 1").click()
    said = "Round 1 was undone on Zoë's phone."
    expect(zoe.locator(".flash.undone")).to_contain_text(said)
    expect(ana.locator(".flash.undone")).to_contain_text(said, timeout=4000)
    expect(ana.locator(".round-no")).to_have_text("Round 1 of 13")
    # Ben's form is round 1's again, with the values as they were
    expect(ben.locator(".flash.undone")).to_contain_text(said, timeout=4000)
    expect(ben.locator("h1")).to_contain_text("End of round 1")
    expect(ben.get_by_label("Ben", exact=True)).to_have_value("14")
    expect(ben.get_by_label("Zoë", exact=True)).to_have_value("9")
    expect(ben.get_by_role("radio", name="Ana went out")).to_be_checked()
    # the phone with values typed says so over them and keeps them; the wall says it too
    expect(typing.locator(".live-banner")).to_contain_text(said, timeout=4000)
    expect(typing.get_by_label("Ana", exact=True)).to_have_value("33")
    expect(wall.locator(".flash.undone")).to_have_text(said, timeout=4000)
    for phone in (ana, ben, zoe, typing, wall):
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    ben.screenshot(path=str(artifacts / "undo-reopened-360.png"), full_page=True)

    # Ben held 41, not 14: one fix, and the round is saved again
    ben.get_by_label("Ben", exact=True).fill("41")
    ben.get_by_role("button", name=re.compile(r"^Save round 1")).click()
    expect(ben.locator(".round-no")).to_have_text("Round 2 of 13")
    expect(ana.locator(".round-no")).to_have_text("Round 2 of 13", timeout=4000)
    expect(ana.locator(".flash.undone")).to_have_count(0)
    rounds = ben.request.get(f"{live_server}/api/v1/games/{game_id}").json()["rounds"]
    assert [r["pips"] for r in rounds] == [{"Ana": 0, "Ben": 41, "Zoë": 9}]
