"""Mid-game changes on a phone at the table: a late joiner starts at the highest total, a renamed player shows
under the new name everywhere, and one who leaves stays in the standings, marked, with no further rounds."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

SMALL_PHONE = {"width": 360, "height": 640}


def _start(page: Page, base: str, names: list[str]) -> str:
    response = page.request.post(f"{base}/api/v1/games", data={"players": names})
    assert response.status == 201, response.text()
    return str(response.json()["id"])


def _round(page: Page, base: str, game: str, pips: dict[str, int]) -> None:
    out = next(p for p, v in pips.items() if v == 0)
    response = page.request.post(f"{base}/api/v1/games/{game}/rounds", data={"pips": pips, "went_out": out})
    assert response.status == 201, response.text()


def _total(page: Page, name: str) -> str:
    return page.locator(".standings li", has=page.locator(".name", has_text=name)).locator(".total").inner_text()


def test_a_late_joiner_starts_at_the_highest_total_and_a_rename_shows_everywhere(
    page: Page, live_server: str, artifacts: Path
) -> None:
    page.set_viewport_size(SMALL_PHONE)
    game = _start(page, live_server, ["Ana", "Jaon", "Cleo"])
    _round(page, live_server, game, {"Ana": 0, "Jaon": 20, "Cleo": 35})
    table = f"{live_server}/games/{game}"
    page.goto(table)

    # the changes wait in a compact menu under the standings, not as big buttons
    players = page.locator("details.players-menu")
    expect(players.get_by_role("link", name="A player joins")).to_be_hidden()
    players.locator("summary").click()
    players.get_by_role("link", name="A player joins").click()
    page.get_by_label("Name", exact=True).fill("Eve")
    expect(page.get_by_label("The highest total at the table")).to_be_checked()
    page.get_by_role("button", name="Add the player").click()

    expect(page).to_have_url(table)
    expect(page.locator(".flash").first).to_contain_text("Eve joins from round 2.")
    assert _total(page, "Eve") == "35"  # Cleo's 35, the highest at the table
    expect(page.locator(".deal strong")).to_have_text("15")

    # a typo fixed: Jaon is João
    page.locator("details.players-menu summary").click()
    page.get_by_role("link", name="Rename a player").click()
    page.locator("#rename").get_by_label("Player").select_option(label="Jaon")
    page.get_by_label("New name").fill("João")
    page.get_by_role("button", name="Rename").click()
    expect(page.locator(".flash").first).to_contain_text("The player is now called João.")
    page.screenshot(path=str(artifacts / "seat-changes-table.png"))

    # the round form asks for Eve now, and calls Jaon João
    page.get_by_role("link", name="End round 2: enter pips").click()
    expect(page.locator(".seat-name")).to_have_text(["Ana", "João", "Cleo", "Eve"])
    for name, pips in (("Ana", "5"), ("João", "0"), ("Cleo", "12"), ("Eve", "3")):
        page.get_by_label(name, exact=True).fill(pips)
    page.get_by_role("radio", name="João went out").check()
    page.get_by_role("button", name="Save round 2").click()
    expect(page).to_have_url(table)
    assert _total(page, "Eve") == "38" and _total(page, "João") == "20"

    # everywhere: the table, the history, the chart, the watch page and the API
    expect(page.locator("body")).not_to_contain_text("Jaon")
    expect(page.locator(".legend .who")).to_have_text(["Ana", "João", "Cleo", "Eve"])
    page.goto(f"{table}/history")
    expect(page.locator(".history")).to_contain_text("entered Ana 0 · João 20 · Cleo 35")
    expect(page.locator(".history")).to_contain_text("Jaon renamed to João")
    expect(page.locator(".history")).to_contain_text("Eve joined the game, starting at 35")
    page.goto(f"{table}/join")
    watch = page.locator(".join-address a").nth(1).get_attribute("href")
    assert watch is not None
    page.goto(live_server + "/watch/" + watch.rsplit("/watch/", 1)[1])  # the address is the Wi-Fi one
    expect(page.locator(".standings")).to_contain_text("João")
    expect(page.locator("main")).not_to_contain_text("Jaon")
    answer = page.request.get(f"{live_server}/api/v1/games/{game}").json()
    assert answer["players"] == ["Ana", "João", "Cleo", "Eve"]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_player_who_leaves_stays_in_the_standings_and_leaves_the_round_form(
    page: Page, live_server: str, artifacts: Path
) -> None:
    page.set_viewport_size(SMALL_PHONE)
    game = _start(page, live_server, ["Ana", "Ben", "Cleo", "Dan", "Eve"])
    _round(page, live_server, game, {"Ana": 0, "Ben": 20, "Cleo": 35, "Dan": 8, "Eve": 3})
    table = f"{live_server}/games/{game}"
    page.goto(table)
    expect(page.locator(".deal strong")).to_have_text("12")
    page.locator("details.players-menu summary").click()
    page.get_by_role("link", name="A player leaves").click()
    page.locator("#leave").get_by_label("Player").select_option(label="Ben")
    page.get_by_role("button", name="Leave the game").click()
    expect(page.locator(".flash").first).to_contain_text("Ben left the game and keeps their total.")
    ben = page.locator(".standings li", has=page.locator(".name", has_text="Ben"))
    expect(ben.locator(".gone")).to_have_text("left after round 1")
    expect(ben.locator(".total")).to_have_text("20")
    expect(page.locator(".deal strong")).to_have_text("15")  # four players now
    page.screenshot(path=str(artifacts / "seat-changes-left.png"))
    page.get_by_role("link", name="End round 2: enter pips").click()
    expect(page.locator(".seat-name")).to_have_text(["Ana", "Cleo", "Dan", "Eve"])
    for name, pips in (("Ana", "4"), ("Cleo", "0"), ("Dan", "9"), ("Eve", "2")):
        page.get_by_label(name, exact=True).fill(pips)
    page.get_by_role("radio", name="Cleo went out").check()
    page.get_by_role("button", name="Save round 2").click()
    expect(page).to_have_url(table)
    expect(page.locator(".flash").first).to_contain_text("Round 2 saved: Ana 4, Cleo 0 (out), Dan 9, Eve 2")
    expect(ben.locator(".total")).to_have_text("20")
    expect(page.locator(".dealer")).to_contain_text("Dan shuffles and deals")  # Ben's turn to deal is skipped
