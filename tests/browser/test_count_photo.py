"""Counting a hand from a photo on the round form at 360 px (issue 27): a photo chosen as the phone's camera would
give it, every tile found outlined and labelled over the photo, one corrected, its total used, the round saved with
the corrected total. And the "I am" phone's own row has the camera too."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from scorekeeper.photo.synth import render

PHONE = {"width": 360, "height": 740}
HAND = ((12, 5), (6, 3), (9, 9), (4, 0))


@pytest.fixture(scope="module")
def photo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A synthetic photo of four tiles, as a phone's camera would hand it over."""
    drawn = render(27, width=1200, tiles=HAND, face="black", background="cloth", layout="scatter")
    path = tmp_path_factory.mktemp("photos") / "hand.jpg"
    path.write_bytes(drawn.jpeg)
    return path


def choose(page: Page, camera: Locator, path: Path) -> list[str]:
    """The photo chosen with ``camera``: the tiles the server found in it, as the calculator names them."""
    with page.expect_response(lambda r: r.url.endswith("/api/v1/count")) as answer:
        camera.set_input_files(path)
    assert answer.value.status == 200, answer.value.text()
    found = [f"{max(t)}-{min(t)}" for t in answer.value.json()["tiles"]]
    assert found, "the counter finds the tiles of the synthetic photo"
    return found


def round_form(page: Page, base: str) -> str:
    response = page.request.post(f"{base}/api/v1/games", data={"players": ["Ana", "João", "Cleo", "Dan"]})
    assert response.status == 201, response.text()
    game = response.json()["id"]
    page.goto(f"{base}/games/{game}/rounds/new")
    return str(game)


def pips(tile: str) -> int:
    return sum(int(half) for half in tile.split("-"))


def test_a_photo_counts_a_hand_a_tile_is_corrected_and_the_round_stores_the_total(
    browser: Browser, live_server: str, photo: Path, artifacts: Path
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    game = round_form(page, live_server)
    page.get_by_role("button", name="Count João's tiles").click()
    dialog = page.locator("dialog#picker")
    found = choose(page, dialog.get_by_label("Count the tiles from a photo"), photo)
    boxes = dialog.locator("figure.photo .box")
    expect(boxes).to_have_count(len(found))
    expect(boxes.locator("span")).to_have_text([t.replace("-", "|") for t in found])
    # each box lies over the photo as drawn at 360 px
    frame = dialog.locator("figure.photo canvas").bounding_box()
    assert frame and frame["width"] <= PHONE["width"]
    for box in boxes.all():
        b = box.bounding_box()
        assert b and frame["x"] - 1 <= b["x"] and b["x"] + b["width"] <= frame["x"] + frame["width"] + 1
    total = sum(pips(t) for t in set(found))
    use = dialog.locator(".picker-actions [value=use]")
    expect(use).to_have_text(f"Use {total}")
    expect(dialog.get_by_role("group", name="Tiles counted").get_by_role("button")).to_have_count(len(set(found)))
    page.screenshot(path=str(artifacts / "count-photo-360.png"))

    # the first tile was misread: tapped in the photo, put right with a tile from the sheet
    wrong = found[0]
    right = next(t for t in ("0-0", "1-0", "2-1", "3-2", "11-10") if t not in found)
    boxes.first.click()
    expect(boxes.first).to_have_attribute("aria-pressed", "true")
    dialog.locator(".tiles").get_by_role("button", name=right, exact=True).click()
    expect(boxes.first.locator("span")).to_have_text(right.replace("-", "|"))
    corrected = total - (pips(wrong) if found.count(wrong) == 1 else 0) + pips(right)
    expect(use).to_have_text(f"Use {corrected}")
    expect(dialog.locator(".tiles").get_by_role("button", name=right, exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    use.click()
    expect(page.get_by_label("João", exact=True)).to_have_value(str(corrected))
    for name, value in (("Cleo", "7"), ("Dan", "30")):
        page.get_by_label(name, exact=True).fill(value)
    page.get_by_label("Ana went out").check()
    page.locator("#save-round").click()
    expect(page.locator(".flash.saved")).to_contain_text(f"João {corrected}")
    stored = page.request.get(f"{live_server}/api/v1/games/{game}").json()
    assert stored["rounds"][0]["pips"] == {"Ana": 0, "João": corrected, "Cleo": 7, "Dan": 30}
    context.close()


def test_the_phone_that_said_whose_it_is_has_the_camera_on_its_own_row(
    browser: Browser, live_server: str, photo: Path
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    round_form(page, live_server)
    page.locator("#whose").select_option(label="I am Cleo")  # the form goes by itself, and the page comes back
    row = page.locator(".seat.me")
    expect(row.locator(".seat-name")).to_have_text("Cleo")
    camera = row.get_by_label("Count the tiles from a photo")
    expect(row.locator("label.camera")).to_be_visible()
    box = row.locator("label.camera").bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44 and box["x"] + box["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    found = choose(page, camera, photo)
    dialog = page.locator("dialog#picker")
    expect(dialog).to_have_attribute("open", "")
    expect(dialog.locator("#picker-title")).to_contain_text("Cleo")
    expect(dialog.locator("figure.photo .box")).to_have_count(len(found))
    total = sum(pips(t) for t in set(found))
    dialog.get_by_role("button", name=f"Use {total}").click()
    expect(page.get_by_label("Cleo", exact=True)).to_have_value(str(total))
    context.close()


def test_a_photo_that_cannot_be_counted_says_why_in_the_dialog_in_the_pages_language(
    browser: Browser, live_server: str, tmp_path: Path
) -> None:
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    round_form(page, live_server)
    notes = tmp_path / "notes.jpg"
    notes.write_bytes(b"Ana 12, Ben 30: not a photo")
    page.locator("button.calc").first.click()
    dialog = page.locator("dialog#picker")
    dialog.locator(".camera input").set_input_files(notes)
    expect(dialog.locator("figure.photo [role=alert]")).to_contain_text("JPEG")
    expect(dialog.locator("figure.photo [role=alert]")).to_contain_text("Foto")
    expect(dialog.locator("figure.photo .box")).to_have_count(0)
    context.close()


def test_a_tile_found_is_taken_away_and_a_missed_one_added_and_the_total_follows(
    browser: Browser, live_server: str, photo: Path
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    round_form(page, live_server)
    page.get_by_role("button", name="Count Cleo's tiles").click()
    dialog = page.locator("dialog#picker")
    found = choose(page, dialog.get_by_label("Count the tiles from a photo"), photo)
    total = sum(pips(t) for t in set(found))
    use = dialog.locator(".picker-actions [value=use]")
    expect(use).to_have_text(f"Use {total}")
    gone = found[-1]
    boxes = dialog.locator("figure.photo .box")
    boxes.last.click()
    dialog.locator("figure.photo").get_by_role("button", name=f"Take {gone} away").click()  # the box's ×
    expect(boxes.last).to_be_hidden()
    if found.count(gone) == 1:
        total -= pips(gone)
    expect(use).to_have_text(f"Use {total}")
    missed = next(t for t in ("0-0", "1-0", "2-1", "3-2", "11-10") if t not in found)
    dialog.locator(".tiles").get_by_role("button", name=missed, exact=True).click()  # no box chosen: one more tile
    expect(use).to_have_text(f"Use {total + pips(missed)}")
    use.click()
    expect(page.get_by_label("Cleo", exact=True)).to_have_value(str(total + pips(missed)))
    context.close()
