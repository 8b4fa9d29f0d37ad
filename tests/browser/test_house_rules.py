"""House rules on a phone (issue 15): chosen in the new-game form's panel, named on the table screen, applied by
the round form, and the totals still read at a glance with eight players."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from .test_table_glance import EIGHT
from .test_table_glance import SMALL_PHONE as SMALL


def test_a_round_with_the_going_out_bonus_and_the_double_end_rule_on_a_phone(
    page: Page, live_server: str, artifacts: Path
) -> None:
    page.set_viewport_size(SMALL)
    page.goto(live_server + "/games/new")
    for i, name in enumerate(["Ana", "João", "Cleo"]):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    panel = page.locator("details#house-rules")
    expect(panel).not_to_have_attribute("open", "")
    page.get_by_text("House rules (optional)").click()
    page.get_by_label("Points for going out (a bonus is negative, like −10)").fill("-10")
    page.get_by_label("Ending the round on a double doubles the others' pips").check()
    page.screenshot(path=str(artifacts / "house-rules-panel-360x640.png"), full_page=True)
    page.get_by_role("button", name="Start the game").click()

    expect(page.locator(".house-line")).to_contain_text(
        "House rules: going out −10 · ending on a double doubles the others"
    )
    page.get_by_role("link", name="End round 1: enter pips").click()
    expect(page.get_by_label("Marker still on the train")).to_have_count(0)  # that rule is off
    page.get_by_label("João", exact=True).fill("12")
    page.get_by_label("Cleo", exact=True).fill("7")
    page.get_by_role("radio", name="Ana went out").check()
    # ticking the mark sends it at once and brings in the other phones' version: the went-out chosen here stays
    with page.expect_response(lambda r: r.request.method == "POST" and "/rounds/" in r.url):
        page.get_by_label("Ended on a double: the others count twice").check()
    page.wait_for_load_state("networkidle")
    expect(page.get_by_role("radio", name="Ana went out")).to_be_checked()
    page.get_by_role("button", name="Save round 1").click()

    totals = {
        page.locator(".standings li").nth(i).locator(".name").inner_text(): page.locator(".standings li")
        .nth(i)
        .locator(".total")
        .inner_text()
        for i in range(3)
    }
    assert totals == {"Ana": "−10", "João": "24", "Cleo": "14"} or totals == {"Ana": "-10", "João": "24", "Cleo": "14"}
    expect(page.locator(".standings li").first.locator(".name")).to_have_text("Ana")
    page.screenshot(path=str(artifacts / "house-rules-table-360x640.png"))

    page.get_by_role("link", name="History").click()
    expect(page.locator(".history")).to_contain_text("João 12 → 24 (ended on a double)")
    expect(page.locator(".history")).to_contain_text("Ana 0 → −10 (went out −10)")


def test_with_eight_players_and_house_rules_every_total_is_still_on_the_first_screen(
    page: Page, live_server: str, artifacts: Path
) -> None:
    page.set_viewport_size(SMALL)
    names = EIGHT  # the table-glance test's long names
    house = {"going_out": -10, "double_end": True, "marker_penalty": 10}
    created = page.request.post(f"{live_server}/api/v1/games", data={"players": names, "house_rules": house})
    assert created.status == 201, created.text()
    game = created.json()["id"]
    for number in range(5):
        pips = {name: (number * 7 + seat * 13) % 40 for seat, name in enumerate(names)}
        out = names[number % len(names)]
        pips[out] = 0
        sent = page.request.post(
            f"{live_server}/api/v1/games/{game}/rounds",
            data={"pips": pips, "went_out": out, "ended_on_double": number % 2 == 0, "markers": [names[-1]]},
        )
        assert sent.status == 201, sent.text()
    page.goto(f"{live_server}/games/{game}")
    expect(page.locator(".house-line")).to_be_visible()
    expect(page.locator(".standings .total")).to_have_count(8)
    page.screenshot(path=str(artifacts / "house-rules-eight-360x640.png"))
    for element in page.locator(".standings .total").all():
        box = element.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SMALL["height"], element.inner_text()


def test_ticking_ended_on_a_double_reaches_the_other_phones(page: Page, live_server: str) -> None:
    page.set_viewport_size(SMALL)
    created = page.request.post(
        f"{live_server}/api/v1/games", data={"players": ["Ana", "Ben"], "house_rules": {"double_end": True}}
    )
    game = created.json()["id"]
    page.goto(f"{live_server}/games/{game}/rounds/new")
    expect(page.get_by_role("button", name="Send the double mark")).to_be_hidden()  # ticking is enough
    with page.expect_response(lambda r: r.request.method == "POST" and r.status == 200):
        page.get_by_label("Ended on a double: the others count twice").check()
    other = page.context.new_page()
    other.goto(f"{live_server}/games/{game}/rounds/new")
    expect(other.get_by_label("Ended on a double: the others count twice")).to_be_checked()


def test_choosing_the_double_that_started_the_round_reaches_the_other_phones(page: Page, live_server: str) -> None:
    page.set_viewport_size(SMALL)
    created = page.request.post(
        f"{live_server}/api/v1/games",
        data={"players": ["Ana", "Ben"], "rules": "czech", "house_rules": {"missing_engine": "highest-double"}},
    )
    game = created.json()["id"]
    page.goto(f"{live_server}/games/{game}/rounds/new")
    expect(page.get_by_role("button", name="Send the double that started it")).to_be_hidden()  # choosing is enough
    with page.expect_response(lambda r: r.request.method == "POST" and r.status == 200):
        page.get_by_label("The double that started the round").select_option("9")
    other = page.context.new_page()
    other.goto(f"{live_server}/games/{game}/rounds/new")
    expect(other.get_by_label("The double that started the round")).to_have_value("9")
    expect(page.get_by_label("The double that started the round")).to_have_value("9")  # kept here too
