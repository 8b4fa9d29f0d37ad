"""Keeping the photo of a hand with the round, at 360 × 640 on a touch screen (issue 27): the player counts a hand
from a photo, turns "Keep the photo with the round" on, uses the total and saves the round, then opens the photo
from the table screen. And two phones on one game ("I am Ana", "I am João"), each counting its own hand from a
photo on its own row and sending it: the first phone sees both sent and saves the round with both values."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from scorekeeper.app import ROOT

PHONE = {"width": 360, "height": 640}
DEV_PHOTOS = next(
    (p for p in (ROOT.parent / "shared" / "photos-dev", ROOT.parents[1] / "shared" / "photos-dev") if p.is_dir()),
    ROOT.parent / "shared" / "photos-dev",
)
"""The development photos beside the checkout (or its work tree's folder); without them these tests skip."""

pytestmark = pytest.mark.skipif(not DEV_PHOTOS.is_dir(), reason="no ../shared/photos-dev beside the checkout")


def phone(browser: Browser) -> Page:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    return context.new_page()


def new_game(page: Page, base: str, *players: str) -> str:
    response = page.request.post(f"{base}/api/v1/games", data={"players": list(players)})
    assert response.status == 201, response.text()
    return f"{base}/games/{response.json()['id']}"


def counted(page: Page, camera: Locator, photo: Path) -> int:
    """The photo chosen with ``camera``; the total of the tiles the server found in it."""
    with page.expect_response(lambda r: r.url.endswith("/api/v1/count")) as answer:
        camera.set_input_files(photo)
    assert answer.value.status == 200, answer.value.text()
    tiles = {(max(t), min(t)) for t in answer.value.json()["tiles"]}
    assert tiles, "the counter finds the tiles of a development photo"
    return sum(a + b for a, b in tiles)


def keep_and_use(page: Page, total: int) -> str:
    """Turn keeping on, tap "Use <total>": the photo is kept before the calculator closes; its token."""
    dialog = page.locator("dialog#picker")
    keep = dialog.get_by_label("Keep the photo with the round")
    expect(keep).not_to_be_checked()  # off until the player asks
    box = dialog.locator(".keep-photo").bounding_box()
    assert box and box["height"] >= 44
    keep.tap()
    with page.expect_response(lambda r: r.url.endswith("/photos") and r.request.method == "POST") as kept:
        dialog.get_by_role("button", name=f"Use {total}").tap()
    assert kept.value.status == 201, kept.value.text()
    expect(dialog).to_be_hidden()
    return str(kept.value.json()["token"])


def test_a_player_keeps_the_photo_with_the_round_and_opens_it_from_the_table(
    browser: Browser, live_server: str, artifacts: Path
) -> None:
    page = phone(browser)
    game = new_game(page, live_server, "Ana", "João", "Cleo")
    page.goto(f"{game}/rounds/new")
    page.get_by_role("button", name="Count João's tiles").tap()
    dialog = page.locator("dialog#picker")
    total = counted(page, dialog.get_by_label("Count the tiles from a photo"), DEV_PHOTOS / "dev05.jpg")
    expect(dialog.get_by_label("Keep the photo with the round")).to_be_visible()
    page.screenshot(path=str(artifacts / "keep-photo-dialog-360.png"))
    token = keep_and_use(page, total)
    expect(page.get_by_label("João", exact=True)).to_have_value(str(total))
    assert page.locator("input[name=photo-1]").input_value() == token
    page.get_by_label("Cleo", exact=True).fill("12")
    page.get_by_label("Ana went out").tap()
    page.locator("#save-round").tap()
    expect(page.locator(".flash.saved")).to_contain_text(f"João {total}")
    mark = page.get_by_role("link", name="The photo of João's tiles")
    expect(mark).to_have_text("João")
    mark.scroll_into_view_if_needed()
    box = mark.bounding_box()
    assert box and box["height"] >= 44 and box["x"] + box["width"] <= PHONE["width"]
    mark.tap()
    expect(page.locator("h1")).to_contain_text("João's hand")
    picture = page.get_by_role("img", name="The photo of João's tiles")
    expect(picture).to_be_visible()
    assert page.evaluate("document.querySelector('figure.kept img').naturalWidth") > 0  # the JPEG came
    expect(page.locator("figure.kept figcaption")).to_contain_text(f"{total} pips")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(artifacts / "keep-photo-page-360.png"), full_page=True)
    page.context.close()


def test_two_phones_each_send_their_own_pips_counted_from_a_photo(browser: Browser, live_server: str) -> None:
    ana, joao = phone(browser), phone(browser)
    game = new_game(ana, live_server, "Ana", "João", "Cleo")
    totals = {}
    for page, name, photo in ((joao, "João", "dev05.jpg"), (ana, "Ana", "dev01.jpg")):
        page.goto(f"{game}/rounds/new")
        page.locator("#whose").select_option(label=f"I am {name}")  # the page comes back with this row first
        row = page.locator(".seat.me")
        expect(row.locator(".seat-name")).to_have_text(name)
        expect(row.locator("label.camera")).to_be_visible()  # shown once camera.js has wired it
        totals[name] = counted(page, row.get_by_label("Count the tiles from a photo"), DEV_PHOTOS / photo)
        keep_and_use(page, totals[name])
        expect(page.get_by_label(name, exact=True)).to_have_value(str(totals[name]))
        page.locator("#send-mine").tap()
        expect(row.locator(".mark")).to_have_text(f"Sent: {totals[name]}")
    # the first phone sees both, fills in Cleo, who went out, and saves the round
    expect(ana.locator('[data-mark="0"]')).to_have_text(f"Sent: {totals['Ana']}")
    expect(ana.locator('[data-mark="1"]')).to_have_text(f"Sent: {totals['João']}", timeout=5000)
    ana.get_by_label("Cleo", exact=True).fill("0")
    ana.get_by_label("Cleo went out").tap()
    ana.locator("#save-round").tap()
    expect(ana.locator(".flash.saved")).to_contain_text(f"Ana {totals['Ana']}")
    stored = ana.request.get(game.replace("/games/", "/api/v1/games/")).json()
    assert stored["rounds"][0]["pips"] == {"Ana": totals["Ana"], "João": totals["João"], "Cleo": 0}
    # both photos are kept with the round: João's came with his Send, Ana's with her form's save
    expect(ana.locator("a.photo-mark")).to_have_text(["Ana", "João"])
    for page in (ana, joao):
        page.context.close()
