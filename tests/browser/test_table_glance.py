"""The table screen read at a glance on a small phone (360 x 640), the end screen and playing again, the chart's
legend, and keeping the screen on over plain HTTP."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserType, Page, expect

SMALL_PHONE = {"width": 360, "height": 640}
EIGHT = [
    "Grandpa Maximilián",
    "João Gonçalves",
    "Wolfgang Amadeus",
    "Ana",
    "Bartholomew",
    "Cleopatra",
    "Dan",
    "Šárka Nováková",
]


def start(page: Page, base: str, names: list[str], **setup: Any) -> str:
    """A game started through the API (the new-game form is not what these tests look at); its id."""
    response = page.request.post(f"{base}/api/v1/games", data={"players": names, **setup})
    assert response.status == 201, response.text()
    return str(response.json()["id"])


def score_rounds(page: Page, base: str, game: str, names: list[str], count: int) -> None:
    for number in range(count):
        pips = {name: (number * 7 + seat * 13) % 40 for seat, name in enumerate(names)}
        out = names[number % len(names)]
        pips[out] = 0
        response = page.request.post(f"{base}/api/v1/games/{game}/rounds", data={"pips": pips, "went_out": out})
        assert response.status == 201, response.text()


def inside_first_screen(page: Page, selector: str) -> list[str]:
    """The texts of the elements matching ``selector`` that are not wholly inside the first screen."""
    outside = []
    for element in page.locator(selector).all():
        box = element.bounding_box()
        assert box is not None
        if box["y"] < 0 or box["y"] + box["height"] > SMALL_PHONE["height"] or box["x"] + box["width"] > 360:
            outside.append(element.inner_text())
    return outside


def test_with_eight_players_every_total_is_on_the_first_screen(page: Page, live_server: str, artifacts: Path) -> None:
    page.set_viewport_size(SMALL_PHONE)
    game = start(page, live_server, EIGHT)
    score_rounds(page, live_server, game, EIGHT, 12)
    page.goto(f"{live_server}/games/{game}")

    expect(page.locator(".round-no")).to_have_text("Round 13 of 13")
    expect(page.locator(".standings .total")).to_have_count(8)
    assert inside_first_screen(page, ".standings .total") == []
    assert inside_first_screen(page, ".standings .rank") == []
    assert inside_first_screen(page, ".round-no, .engine-name, .deal, .dealer") == []
    for name in EIGHT:  # every name whole, next to its total
        expect(page.locator(".standings .name", has_text=name)).to_have_count(1)

    # the totals are the numbers to read from across the table: bigger and bolder than the round's title
    sizes = page.evaluate(
        """() => [".standings .total", ".round-no"].map((s) => {
             const style = getComputedStyle(document.querySelector(s));
             return [parseFloat(style.fontSize), Number(style.fontWeight)];
           })"""
    )
    (total_size, total_weight), (title_size, title_weight) = sizes
    assert total_size > title_size and total_weight > title_weight

    # the big button comes right under the standings, full width and thumb-sized
    button = page.get_by_role("link", name="End round 13: enter pips")
    box = button.bounding_box()
    assert box is not None and box["height"] >= 56 and box["width"] >= 300
    last_row = page.locator(".standings li").last.bounding_box()
    assert last_row is not None and 0 <= box["y"] - (last_row["y"] + last_row["height"]) < 24
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(artifacts / "table-glance-8-players.png"))


def test_the_engine_double_11_never_breaks_at_its_hyphen(page: Page, live_server: str) -> None:
    page.set_viewport_size(SMALL_PHONE)
    game = start(page, live_server, EIGHT)
    score_rounds(page, live_server, game, EIGHT, 1)
    page.goto(f"{live_server}/games/{game}")
    engine = page.locator(".engine-name strong")
    expect(engine).to_have_text("double-11")
    assert engine.evaluate("(e) => e.getClientRects().length") == 1  # one line box: not "double-" then "11"
    assert inside_first_screen(page, ".standings .total") == []


def test_the_end_screen_celebrates_and_play_again_starts_the_same_table(
    page: Page, live_server: str, artifacts: Path
) -> None:
    page.set_viewport_size(SMALL_PHONE)
    names = ["Ana", "Ben", "Cleo", "Dan"]
    game = start(page, live_server, names, rounds=2, first_dealer="Dan")
    for pips, out in (
        ({"Ana": 0, "Ben": 12, "Cleo": 5, "Dan": 30}, "Ana"),
        ({"Ana": 0, "Ben": 8, "Cleo": 5, "Dan": 9}, "Ana"),
    ):
        response = page.request.post(f"{live_server}/api/v1/games/{game}/rounds", data={"pips": pips, "went_out": out})
        assert response.status == 201
    page.goto(f"{live_server}/games/{game}")

    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    expect(page.locator(".winner")).to_have_text("Ana wins with 0 pips")
    podium = page.get_by_role("list", name="Podium")
    expect(podium.locator(".podium-name")).to_have_text(["Ana", "Cleo", "Ben"])
    expect(podium.locator(".podium-score")).to_have_text(["0 pips", "10 pips", "20 pips"])
    # first in the middle and highest, second on its left
    first, second, third = (podium.locator("li").nth(i).bounding_box() for i in range(3))
    assert first and second and third
    assert second["x"] < first["x"] < third["x"]
    assert inside_first_screen(page, ".winner strong, .podium li") == []
    # the winner's row no longer "leads": the game is over
    expect(page.locator(".standings li").first.locator(".gap")).to_have_text("")
    expect(page.locator(".standings")).not_to_contain_text("lead")
    # deleting hides behind "More"
    expect(page.get_by_role("link", name="Delete game")).to_be_hidden()
    expect(page.locator(".result .danger")).to_have_count(0)
    page.screenshot(path=str(artifacts / "end-screen.png"))

    expect(page.get_by_text("Ana deals the first round")).to_be_visible()  # Dan dealt first: Ana is next
    page.get_by_role("button", name="Play again with the same players").click()
    expect(page.locator(".round-no")).to_have_text("Round 1 of 2")
    assert not page.url.endswith(game)
    expect(page.locator(".dealer")).to_contain_text("Ana deals the first round")
    expect(page.locator(".standings .name")).to_have_text(names)  # all on nought: seat order
    expect(page.locator(".standings .total")).to_have_text(["0"] * 4)


def test_the_chart_legend_shows_a_long_name_whole(page: Page, live_server: str) -> None:
    page.set_viewport_size(SMALL_PHONE)
    names = ["Grandpa Maximilián", "Ana", "Ben"]
    game = start(page, live_server, names)
    score_rounds(page, live_server, game, names, 3)
    page.goto(f"{live_server}/games/{game}")
    legend = page.locator(".chart .legend")
    expect(legend.locator(".who")).to_have_text(names)
    entry = legend.locator("li", has_text="Grandpa Maximilián")
    entry.scroll_into_view_if_needed()
    box = entry.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["width"]
    who = entry.locator(".who")
    assert who.evaluate("(e) => e.scrollWidth <= e.clientWidth + 1")  # not cut off
    # each player's line has its own marker shape at every round
    markers = page.locator(".chart marker")
    expect(markers).to_have_count(3)
    shapes = {m.evaluate("(e) => e.firstElementChild.outerHTML") for m in markers.all()}
    assert len(shapes) == 3


def test_keep_screen_on_over_plain_http_plays_the_silent_video(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], live_server: str
) -> None:
    # http://scorekeeper.lan:port is not a secure context, unlike 127.0.0.1: no Wake Lock API there
    port = live_server.rsplit(":", 1)[1]
    args = [*browser_type_launch_args.get("args", []), "--host-resolver-rules=MAP scorekeeper.lan 127.0.0.1"]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    try:
        context = browser.new_context(viewport=SMALL_PHONE, has_touch=True, is_mobile=True, locale="en-GB")
        page = context.new_page()
        seen: list[str] = []
        page.on("pageerror", lambda error: seen.append(str(error)))
        lan = f"http://scorekeeper.lan:{port}"
        game = start(page, live_server, ["Ana", "Ben"])  # the API request does not go through the browser
        page.goto(f"{lan}/games/{game}")
        assert page.evaluate("window.isSecureContext") is False
        assert page.evaluate("'wakeLock' in navigator") is False
        toggle = page.get_by_role("button", name="Keep screen on")
        expect(toggle).to_have_attribute("aria-pressed", "false")
        toggle.tap()
        expect(toggle).to_have_attribute("aria-pressed", "true")
        video = page.locator("video.wake-video")
        expect(video).to_have_count(1)
        assert video.evaluate("(v) => !v.paused && v.muted && v.loop && v.playsInline")
        # invisible, yet across the whole screen: what a browser asks of a video before it keeps the screen on
        box = video.bounding_box()
        assert box is not None and box["width"] >= 360 and box["height"] >= 640
        assert video.evaluate("(v) => getComputedStyle(v).opacity") == "0"
        page.get_by_role("link", name="History").click()  # a link under the video still takes the tap
        expect(page).to_have_url(f"{lan}/games/{game}/history")
        page.go_back()
        expect(toggle).to_have_attribute("aria-pressed", "true")  # remembered; muted video needs no new tap
        toggle.tap()
        expect(toggle).to_have_attribute("aria-pressed", "false")
        assert video.evaluate("(v) => v.paused")
        assert seen == []
    finally:
        browser.close()


def test_undo_asks_first_and_a_no_keeps_the_round(page: Page, live_server: str) -> None:
    game = start(page, live_server, ["Ana", "Ben"], rounds=2)
    score_rounds(page, live_server, game, ["Ana", "Ben"], 2)
    page.goto(f"{live_server}/games/{game}")
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    asked: list[str] = []

    def answer(dialog: Any, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda d: answer(d, False))
    page.get_by_role("button", name="Undo round 2").click()
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    page.once("dialog", lambda d: answer(d, True))
    page.get_by_role("button", name="Undo round 2").click()
    expect(page.locator(".round-no")).to_have_text("Round 2 of 2")
    assert asked == ["Undo round 2? Its scores stay in the history."] * 2
