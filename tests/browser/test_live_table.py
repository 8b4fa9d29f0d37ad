"""Three phones at one table: B and C join by the QR code on A, each player sends their own pips, everyone
sees who has sent, and every table screen moves on to round 2 by itself once the round is complete."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Browser, Page, expect

SMALL_PHONE = {"width": 360, "height": 740}
LIVE = 3000
"""Milliseconds within which another phone's change must show, with nobody reloading."""


def send_mine(page: Page, game_path: str, name: str, pips: int, went_out: bool = False) -> None:
    page.goto(page.url.split("/games/")[0] + game_path + "/rounds/new")
    page.get_by_label("Whose phone is this?").select_option(label=f"I am {name}")
    expect(page.get_by_role("button", name="Send mine")).to_be_visible()  # the page came back as its phone
    if went_out:
        page.get_by_role("radio", name=f"{name} went out").check()
    else:
        page.get_by_label(name, exact=True).fill(str(pips))
    page.get_by_role("button", name="Send mine").click()


def test_three_phones_fill_one_round_each_with_their_own_pips(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str, artifacts: Path
) -> None:
    phone = {**browser_context_args, "viewport": SMALL_PHONE}
    a, b, c = (browser.new_context(**phone).new_page() for _ in range(3))

    a.goto(live_server + "/games/new")
    for seat, name in enumerate(("Ana", "Ben", "Cleo"), start=1):
        a.get_by_label(f"Player {seat}", exact=True).fill(name)
    a.get_by_role("button", name="Start the game").click()
    expect(a.locator(".round-no")).to_have_text("Round 1 of 13")
    game_path = urlsplit(a.url).path

    # A shows the QR code; B and C scan it (the server listens on loopback only: same path, 127.0.0.1)
    a.get_by_role("link", name="Join from another phone").click()
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(a.locator("#join-qr svg").screenshot())))
    assert len(found) == 1 and urlsplit(found[0].text).path == game_path + "/whose"
    for joiner in (b, c):
        joiner.goto(live_server + game_path)
        expect(joiner.locator(".round-no")).to_have_text("Round 1 of 13")
    a.goto(live_server + game_path)

    # Ben sends his pips from his phone; A's table screen shows it without a reload
    send_mine(b, game_path, "Ben", 23)
    expect(b.locator('[data-mark="1"]')).to_contain_text("Sent: 23", timeout=LIVE)
    marks = a.locator(".filling-marks")
    expect(marks.locator("li.sent")).to_have_count(1, timeout=LIVE)
    expect(marks.locator("li.sent")).to_contain_text("Ben")
    expect(marks.locator("li.waiting")).to_have_count(2)

    # Cleo went out; Ben's phone, still on the round page, shows her mark come in
    send_mine(c, game_path, "Cleo", 0, went_out=True)
    expect(marks.locator("li.sent")).to_have_count(2, timeout=LIVE)
    expect(b.locator('[data-mark="2"]')).to_contain_text("Went out", timeout=LIVE)
    a.screenshot(path=str(artifacts / "live-table-marks.png"), full_page=True)

    # Ana sends last: the round is complete and stored once, and every phone moves on by itself
    send_mine(a, game_path, "Ana", 41)
    for page in (a, b, c):
        expect(page.locator(".round-no")).to_have_text("Round 2 of 13", timeout=LIVE)
    stored = a.request.get(f"{live_server}/api/v1{game_path}").json()["rounds"]
    assert len(stored) == 1
    assert stored[0]["pips"] == {"Ana": 41, "Ben": 23, "Cleo": 0} and stored[0]["went_out"] == "Cleo"
    c.screenshot(path=str(artifacts / "live-table-round-2.png"), full_page=True)


@pytest.mark.page_errors_expected("offline, the browser cannot fetch the service worker's script and says so")
def test_a_phone_that_was_asleep_catches_up_at_once(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str
) -> None:
    phone = {**browser_context_args, "viewport": SMALL_PHONE}
    a, b = (browser.new_context(**phone).new_page() for _ in range(2))
    a.goto(live_server + "/games/new")
    a.get_by_label("Player 1", exact=True).fill("Ana")
    a.get_by_label("Player 2", exact=True).fill("Ben")
    a.get_by_role("button", name="Start the game").click()
    game_path = urlsplit(a.url).path
    b.goto(live_server + game_path + "/history")
    lines = b.locator(".history li")
    before = lines.count()
    b.context.set_offline(True)
    api = f"{live_server}/api/v1{game_path}/rounds"
    answer = a.request.post(api, data={"number": 1, "pips": {"Ana": 0, "Ben": 17}, "went_out": "Ana"})
    assert answer.status == 201
    b.wait_for_timeout(2000)  # polls fail while offline; the page keeps what it had
    expect(lines).to_have_count(before)
    b.context.set_offline(False)
    b.evaluate("window.dispatchEvent(new Event('online'))")
    expect(lines).to_have_count(before + 1, timeout=LIVE)  # round 1 entered: Ana 0, Ben 17
    expect(lines.last).to_contain_text("17")
