"""A second phone joins the game by scanning the QR code on the first; a screen on the wall watches."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Browser, Locator, expect

SMALL_PHONE = {"width": 360, "height": 740}


def scan(qr: Locator) -> str:
    """What a camera pointed at this element reads."""
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(qr.screenshot())))
    assert len(found) == 1, "the QR code did not scan"
    return str(found[0].text)


@pytest.mark.browser
def test_a_second_phone_joins_by_the_qr_code(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str, artifacts: Path
) -> None:
    phone = {**browser_context_args, "viewport": SMALL_PHONE}
    # phone A in dark mode: the QR code stays black on white all the same
    a = browser.new_context(**phone, color_scheme="dark").new_page()
    b = browser.new_context(**phone).new_page()

    a.goto(live_server + "/games/new")
    a.get_by_label("Player 1", exact=True).fill("Ana")
    a.get_by_label("Player 2", exact=True).fill("Ben")
    a.get_by_role("button", name="Start the game").click()
    expect(a.locator(".round-no")).to_have_text("Round 1 of 13")
    game_path = urlsplit(a.url).path

    a.get_by_role("link", name="Join from another phone").click()
    qr = a.locator("#join-qr svg")
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    assert box is not None and 260 <= box["width"] <= SMALL_PHONE["width"]
    assert a.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    a.screenshot(path=str(artifacts / "join-from-another-phone.png"), full_page=True)

    address = urlsplit(scan(qr))
    assert address.path == game_path + "/whose"  # a joining phone is asked whose it is
    assert address.hostname != "localhost" and address.port == urlsplit(live_server).port
    expect(a.get_by_text(address.geturl(), exact=True)).to_be_visible()

    # phone B, on the same Wi-Fi; here the server listens on loopback only, so B goes there with the same path
    b.goto(live_server + address.path)
    b.get_by_role("button", name="I enter for everyone").click()
    expect(b.locator(".round-no")).to_have_text("Round 1 of 13")
    expect(b.locator(".standings")).to_contain_text("Ana")
    b.goto(live_server + "/")
    expect(b.get_by_role("link", name="Ana, Ben")).to_be_visible()

    # the read-only link, on a third screen: the standings, and nothing to tap that changes the game
    watch = urlsplit(scan(a.locator("#watch-qr svg")))
    assert watch.path.startswith("/watch/")
    tv = browser.new_context(**phone).new_page()
    tv.goto(live_server + watch.path)
    expect(tv.locator(".standings")).to_contain_text("Ben")
    expect(tv.get_by_text("Watch only")).to_be_visible()
    assert tv.locator("form").count() == 0
    tv.screenshot(path=str(artifacts / "watch-only.png"), full_page=True)
    assert game_path.rsplit("/", 1)[1] not in tv.content()

    # B, now at the table, ends round 1; the screen on the wall follows without a tap
    b.goto(live_server + game_path + "/rounds/new")
    b.get_by_role("radio", name="Ana went out").check()
    b.get_by_label("Ben", exact=True).fill("23")
    b.get_by_role("button", name=re.compile(r"^Save round")).click()
    expect(b.locator(".round-no")).to_have_text("Round 2 of 13")
    expect(tv.locator(".round-no")).to_contain_text("Round 2 of 13", timeout=10_000)
    expect(tv.locator(".standings li").last).to_contain_text("23")
    assert game_path.rsplit("/", 1)[1] not in tv.content()
