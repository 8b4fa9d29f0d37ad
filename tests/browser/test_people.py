"""The people pages on a phone: find a person, see their records, merge "Mumsy" into "Mommy" and undo it."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect


def _game(page: Page, server: str, players: list[str]) -> str:
    response = page.request.post(f"{server}/api/v1/games", data={"players": players, "set": 6})
    assert response.status == 201, response.text()
    game = str(response.json()["id"])
    for _n in range(7):
        pips = {p: 0 if i == 0 else 11 for i, p in enumerate(players)}
        done = page.request.post(f"{server}/api/v1/games/{game}/rounds", data={"pips": pips, "went_out": players[0]})
        assert done.status == 201, done.text()
    return game


def test_merge_two_names_of_one_person_and_undo_it(page: Page, live_server: str, artifacts: Path) -> None:
    first = _game(page, live_server, ["Mumsy", "Bertie"])
    _game(page, live_server, ["Mommy", "Clem"])
    page.goto(live_server + "/people")
    expect(page.locator(".people-list .who")).to_have_text(["Bertie", "Clem", "Mommy", "Mumsy"])
    page.get_by_role("link", name="Mumsy").click()
    expect(page.get_by_role("heading", name="Mumsy", exact=True)).to_be_visible()
    expect(page.locator(".records").first).to_contain_text("Win rate")
    expect(page.locator(".person-chart polyline")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(artifacts / "person.png"), full_page=True)

    page.get_by_label("The same person as").select_option(label="Mommy")
    page.get_by_role("button", name="See what changes").click()
    expect(page.get_by_role("heading", name="Merge Mumsy into Mommy")).to_be_visible()
    expect(page.locator(".merge-games")).to_contain_text("Mumsy, Bertie")
    page.get_by_role("button", name="Merge").click()
    expect(page.get_by_role("heading", name="Mommy", exact=True)).to_be_visible()
    expect(page.locator(".flash").first).to_contain_text("Mumsy and Mommy are one person now.")
    expect(page.locator(".records").first).to_contain_text("2")  # two games now
    assert page.request.get(f"{live_server}/api/v1/games/{first}").json()["players"] == ["Mommy", "Bertie"]

    page.get_by_role("button", name="Undo the merge").click()
    expect(page.get_by_role("heading", name="Mumsy", exact=True)).to_be_visible()
    assert page.request.get(f"{live_server}/api/v1/games/{first}").json()["players"] == ["Mumsy", "Bertie"]

    page.get_by_label("New name").fill("Mumsie")
    page.get_by_role("button", name="Rename").click()
    expect(page.locator(".flash").first).to_contain_text("Mumsy is now Mumsie in every game.")


def test_the_leaderboard_and_a_games_downloads_on_a_phone(page: Page, live_server: str, artifacts: Path) -> None:
    game = _game(page, live_server, ["Wilma", "Fred"])
    page.goto(live_server + "/stats")
    expect(page.locator(".board").first).to_contain_text("Wilma")
    page.get_by_role("link", name="This month").click()
    expect(page.get_by_role("link", name="This month")).to_have_attribute("aria-current", "page")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(artifacts / "leaderboard.png"), full_page=True)
    page.goto(f"{live_server}/games/{game}/export")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the score sheet (CSV)").click()
    assert download.value.suggested_filename == f"scorekeeper-game-{game}.csv"


def test_the_records_pages_fit_a_phone_in_german_with_both_games(page: Page, live_server: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})  # the narrowest common phone
    names = ["Maximiliane", "Bartholomäus", "Cleopatra"]
    _game(page, live_server, names)
    evening = page.request.post(f"{live_server}/api/v1/games", data={"game": "super-domino", "players": names})
    hand = {"pips": {names[0]: 0, names[1]: 31, names[2]: 24}, "tiles": {names[0]: 0, names[1]: 4, names[2]: 3}}
    assert page.request.post(
        f"{live_server}/api/v1/games/{evening.json()['id']}/rounds", data={**hand, "went_out": names[0]}
    ).ok
    assert page.request.post(f"{live_server}/api/v1/games/{evening.json()['id']}/finish", data={}).ok
    page.goto(live_server + "/stats?lang=de")
    expect(page.locator(".board")).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.get_by_role("link", name=names[1]).first.click()
    expect(page.locator(".rivals")).to_have_count(2)  # a table per game: Mexican Train, then Super Domino
    expect(page.locator(".rivals").first).to_contain_text(names[0])
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
