"""Share the result, on a 360 px phone: the share sheet gets the result's text and its picture, and never the
game's own address; a browser without a share sheet saves the picture and copies the text."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect

PLAYERS = ["Šárka", "João", "Zoë"]
SMALL_PHONE = {"width": 360, "height": 740}

# a share sheet that takes files, standing in for a phone's: it keeps what it was given for the test to read
SHARE_SHEET = """
navigator.canShare = (data) => Boolean(data);
navigator.share = async (data) => {
  const files = await Promise.all((data.files || []).map(async (f) => ({
    name: f.name, type: f.type, size: f.size,
    head: Array.from(new Uint8Array(await f.slice(0, 8).arrayBuffer())),
  })));
  window.shared = { title: data.title, text: data.text, url: data.url ?? null, files };
};
"""
PNG_SIGNATURE = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]


def _finished_game(browser: Browser, server: str) -> str:
    context = browser.new_context()
    try:
        game = context.request.post(f"{server}/api/v1/games", data={"players": PLAYERS, "set": 6, "rounds": 2}).json()
        for out, pips in (("Šárka", {"Šárka": 0, "João": 12, "Zoë": 20}), ("João", {"Šárka": 5, "João": 0, "Zoë": 9})):
            answer = context.request.post(
                f"{server}/api/v1/games/{game['id']}/rounds", data={"pips": pips, "went_out": out}
            )
            assert answer.status == 201, answer.text()
        return str(game["id"])
    finally:
        context.close()


def _phone(browser: Browser, **options: Any) -> Any:
    return browser.new_context(viewport=SMALL_PHONE, is_mobile=True, has_touch=True, locale="en-GB", **options)


def test_the_share_sheet_gets_the_text_and_the_picture_never_the_games_address(
    browser: Browser, live_server: str
) -> None:
    game = _finished_game(browser, live_server)
    context = _phone(browser)
    context.add_init_script(SHARE_SHEET)
    page = context.new_page()
    page.goto(f"{live_server}/games/{game}")
    button = page.get_by_role("button", name="Share the result")
    expect(button).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # nothing off the side
    box = button.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["width"]
    button.click()
    page.wait_for_function("() => window.shared !== undefined")
    shared = page.evaluate("window.shared")
    assert shared["title"] == "Mexican Train: Final result"
    assert shared["text"].splitlines()[1:] == [
        "Šárka wins with 5 pips",
        "1. Šárka: 5 pips",
        "2. João: 12 pips",
        "3. Zoë: 29 pips",
    ]
    assert shared["url"] is None and game not in shared["text"] and "/games/" not in shared["text"]
    [picture] = shared["files"]
    assert picture["type"] == "image/png" and picture["name"].endswith(".png") and picture["head"] == PNG_SIGNATURE
    assert 5_000 < picture["size"] < 300_000
    context.close()


def test_without_a_share_sheet_the_picture_is_saved_and_the_text_copied(browser: Browser, live_server: str) -> None:
    game = _finished_game(browser, live_server)
    context = _phone(browser, accept_downloads=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    context.add_init_script("delete Navigator.prototype.share; delete Navigator.prototype.canShare;")
    page = context.new_page()
    page.goto(f"{live_server}/games/{game}")
    with page.expect_download() as saving:
        page.get_by_role("button", name="Share the result").click()
    download = saving.value
    assert download.suggested_filename.endswith(".png") and download.url.endswith(f"/games/{game}/result.png")
    expect(page.get_by_role("status")).to_have_text("Result copied; the picture is saved.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("Mexican Train: Final result\nŠárka wins with 5 pips\n")
    assert game not in copied
    context.close()
