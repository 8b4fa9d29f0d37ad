"""The end screen on a small phone (360 x 640): after the last round's Save, the winner and the podium are the first
thing on the screen; the note of that Save, with its Undo, waits under them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, expect

SMALL_PHONE = {"width": 360, "height": 640}
NAMES = ["Grandpa Maximilián", "João Gonçalves", "Wolfgang Amadeus", "Ana", "Šárka Nováková"]


def test_after_the_last_save_the_winner_and_podium_open_the_screen(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str, artifacts: Path
) -> None:
    page = browser.new_context(**{**browser_context_args, "viewport": SMALL_PHONE}).new_page()
    response = page.request.post(f"{live_server}/api/v1/games", data={"players": NAMES, "rounds": 1})
    assert response.status == 201, response.text()
    game = response.json()["id"]

    # the last round saved through the round form, as a phone does: the table screen then shows its note
    form = page.request.get(f"{live_server}/games/{game}/rounds/new").text()
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form)
    assert token
    data = {"csrf_token": token.group(1), "went_out": "3"} | {f"pips-{i}": str(10 + 7 * i) for i in range(5)}
    data["pips-3"] = "0"
    saved = page.request.post(f"{live_server}/games/{game}/rounds/new", form=data, max_redirects=0)
    assert saved.status == 302, saved.text()
    page.goto(f"{live_server}/games/{game}")

    note = page.locator(".flash.saved")
    expect(note).to_be_visible()
    expect(page.locator(".result .winner")).to_contain_text("Ana")
    header = page.locator("header.bar").bounding_box()
    result = page.locator(".result").bounding_box()
    podium = page.locator(".podium").bounding_box()
    assert header and result and podium and note.bounding_box()
    assert result["y"] - (header["y"] + header["height"]) < 40, result  # right under the header, nothing between
    assert podium["y"] + podium["height"] <= SMALL_PHONE["height"], podium
    assert note.bounding_box()["y"] > podium["y"]  # type: ignore[index]
    page.screenshot(path=str(artifacts / "end-screen-after-save-360x640.png"), full_page=True)
    page.context.close()
