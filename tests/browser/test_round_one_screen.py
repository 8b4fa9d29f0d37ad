"""The round form on one screen of a small phone (issue 26): at 360 x 640, in every language, each player's field,
each "went out" toggle, the blocked choice and Save are all on the first screen for 2, 5 and 8 players; a Super
Domino hand (pips and tiles per player) for 8 players on one screen and for 15 on two. Nothing scrolls sideways,
in the dark theme and on a phone that says whose it is too. And a five-player round takes five taps besides the
digits."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

SMALL = {"width": 360, "height": 640}
LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "cs": "Čeština", "pt": "Português", "de": "Deutsch"}
NAMES = [
    "Maximilian", "João Pedro", "Šárka", "Niccolò", "Jürgen", "Cleopatra", "Anneliese", "Zoë",
    "Bartholomew", "Conceição", "Přemysl", "Gianluca", "Friederike", "Henrique", "Ludmila",
]  # fmt: skip
# what must be on the first screen: every field (a Super Domino hand's tiles too), every "went out" toggle (the box
# that is tapped and the radio in it), the blocked choice and Save
MUST_SHOW = (
    "#round-form input.pips, #round-form .seat .out, #round-form input[name=went_out], .ending .blocked, #save-round"
)


@pytest.fixture(scope="module")
def small(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    context = browser.new_context(**{**browser_context_args, "viewport": SMALL})
    yield context
    context.close()


def start(page: Page, base: str, players: int, game: str = "mexican-train") -> str:
    """A game started through the API (the new-game form is not what this looks at): its round form's address."""
    response = page.request.post(f"{base}/api/v1/games", data={"players": NAMES[:players], "game": game})
    assert response.status == 201, response.text()
    return f"{base}/games/{response.json()['id']}/rounds/new"


def in_language(page: Page, address: str, language: str) -> None:
    """The form, switched to ``language`` with one tap on its name at the foot of the page, as a player does."""
    page.goto(address)
    page.get_by_role("link", name=LANGUAGE_NAMES[language]).click()
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.wait_for_load_state()
    page.evaluate("window.scrollTo(0, 0)")


def outside(page: Page, bottom: int) -> list[str]:
    """What of MUST_SHOW is not entirely between the top of the page and ``bottom`` (page unscrolled)."""
    found: list[str] = page.evaluate(
        """([selector, bottom]) => [...document.querySelectorAll(selector)].flatMap((el) => {
             const box = el.getBoundingClientRect();
             const name = el.id || el.name || el.className;
             return box.height > 0 && box.top >= 0 && box.bottom <= bottom && box.left >= 0 && box.right <= innerWidth
               ? [] : [`${name} ${Math.round(box.top)}..${Math.round(box.bottom)}`];
           })""",
        [MUST_SHOW, bottom],
    )
    return found


@pytest.fixture
def phone(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    """A page on a phone of its own, in English (the module's phone was switched to other languages)."""
    context = browser.new_context(**{**browser_context_args, "viewport": SMALL})
    yield context.new_page()
    context.close()


def small_targets(page: Page) -> list[str]:
    """The row's buttons and toggles (field, went out, calculator, Send) smaller than a thumb's 44 x 44 CSS px."""
    found: list[str] = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].flatMap((el) => {
             const box = el.getBoundingClientRect();
             return box.width >= 44 && box.height >= 44 ? [] : [`${el.className} ${box.width}x${box.height}`];
           })""",
        "#round-form .seat :is(input.pips, .out, .calc, .send)",
    )
    return found


def fits_sideways(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth") <= SMALL["width"])


@pytest.mark.parametrize("language", list(LANGUAGE_NAMES))
@pytest.mark.parametrize("players", [2, 5, 8])
def test_the_whole_round_is_on_the_first_screen(
    small: BrowserContext, live_server: str, players: int, language: str
) -> None:
    page = small.new_page()
    in_language(page, start(page, live_server, players), language)
    assert page.evaluate("window.scrollY") == 0
    expect(page.locator("#round-form .seat")).to_have_count(players)
    assert page.locator(MUST_SHOW).count() == 3 * players + 3  # field, toggle, radio each; blocked box and radio; Save
    assert outside(page, SMALL["height"]) == []
    assert fits_sideways(page)
    assert small_targets(page) == []
    page.close()


@pytest.mark.parametrize("language", list(LANGUAGE_NAMES))
@pytest.mark.parametrize(("players", "screens"), [(8, 1), (15, 2)])
def test_a_super_domino_hand_is_on_one_screen_for_8_and_two_for_15(
    small: BrowserContext, live_server: str, players: int, screens: int, language: str
) -> None:
    page = small.new_page()
    in_language(page, start(page, live_server, players, "super-domino"), language)
    assert page.locator("#round-form input.tiles-left").count() == players
    assert outside(page, screens * SMALL["height"]) == []
    assert fits_sideways(page)
    assert small_targets(page) == []
    page.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("game", ["mexican-train", "super-domino"])
def test_the_form_of_a_phone_that_says_whose_it_is_fits_sideways(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str, scheme: str, game: str
) -> None:
    context = browser.new_context(**{**browser_context_args, "viewport": SMALL, "color_scheme": scheme})
    page = context.new_page()
    form = start(page, live_server, 8, game)
    page.goto(form)
    # another seat's value sent already: its mark says so in its row
    if game == "super-domino":  # its two fields named "João Pedro pips" and "João Pedro tiles left"
        page.get_by_label("João Pedro pips").fill("12")
        page.get_by_label("João Pedro tiles left").fill("2")
    else:
        page.get_by_label("João Pedro", exact=True).fill("12")
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.locator('.seat[data-seat="1"] button.send').click()
    expect(page.locator('[data-mark="1"]')).to_contain_text("Sent: 12")
    assert fits_sideways(page)
    page.get_by_label("Whose phone is this?").select_option(label="I am Šárka")
    expect(page.locator("#round-form .seat").first).to_have_attribute("data-seat", "2")
    expect(page.get_by_role("button", name="Send mine")).to_be_visible()
    assert fits_sideways(page)
    context.close()


def test_a_five_player_round_takes_five_taps_besides_the_digits(phone: Page, live_server: str) -> None:
    """Cleo went out (one tap, which fills her 0 and goes on to the first empty field); each Enter goes to the next
    empty field, and the Enter in the last one saves: 1 + 4. Every tap and key but the digits is counted."""
    page = phone
    names = ["Ana", "João", "Cleo", "Dan", "Eve"]
    response = page.request.post(f"{live_server}/api/v1/games", data={"players": names})
    table = f"{live_server}/games/{response.json()['id']}"
    page.goto(table + "/rounds/new")
    page.wait_for_load_state()
    taps = 0

    def tap(locator: Any) -> None:
        nonlocal taps
        taps += 1
        locator.tap()

    def enter() -> None:
        nonlocal taps
        taps += 1
        page.keyboard.press("Enter")

    tap(page.get_by_role("radio", name="Cleo went out"))
    expect(page.get_by_label("Cleo", exact=True)).to_have_value("0")
    for name, pips in (("Ana", "12"), ("João", "7"), ("Dan", "30"), ("Eve", "5")):
        expect(page.get_by_label(name, exact=True)).to_be_focused()
        page.keyboard.type(pips)  # the digits: not counted
        enter()
    expect(page).to_have_url(table)
    assert taps <= 5
    stored = page.request.get(f"{live_server}/api/v1/games/{response.json()['id']}").json()["rounds"]
    assert len(stored) == 1
    assert stored[0]["pips"] == {"Ana": 12, "João": 7, "Cleo": 0, "Dan": 30, "Eve": 5}
    assert stored[0]["went_out"] == "Cleo"


def test_the_unlikely_value_is_still_asked_about_before_enter_saves(phone: Page, live_server: str) -> None:
    """The Enter that saves asks "Really 1000 for João?" first, as Save does; no, and nothing is stored."""
    page = phone
    response = page.request.post(f"{live_server}/api/v1/games", data={"players": ["Ana", "João"]})
    game = response.json()["id"]
    page.goto(f"{live_server}/games/{game}/rounds/new")
    page.wait_for_load_state()
    page.get_by_role("radio", name="Ana went out").tap()
    expect(page.get_by_label("João", exact=True)).to_be_focused()
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.keyboard.type("1000")
    page.keyboard.press("Enter")
    expect(page.get_by_label("João", exact=True)).to_have_value("1000")
    assert asked and re.match(r"Really 1000 for João\?", asked[0])
    assert page.request.get(f"{live_server}/api/v1/games/{game}").json()["rounds"] == []


def test_the_phone_that_says_whose_it_is_shows_its_own_row_first_and_large(phone: Page, live_server: str) -> None:
    page = phone
    page.goto(start(page, live_server, 5))
    page.get_by_label("Whose phone is this?").select_option(label="I am Niccolò")
    rows = page.locator("#round-form .seat")
    expect(rows.first).to_have_attribute("data-seat", "3")
    # the others follow in their seats' order
    assert [r.get_attribute("data-seat") for r in rows.all()] == ["3", "0", "1", "2", "4"]
    mine, other = page.get_by_label("Niccolò", exact=True), page.get_by_label("Šárka", exact=True)
    # the page came back with the choice; its own row grows once the page's styles are in (a clean run once measured
    # both fields at 44 px, before they were)
    page.wait_for_function(
        "([a, b]) => a.getBoundingClientRect().height > b.getBoundingClientRect().height",
        arg=[mine.element_handle(), other.element_handle()],
    )
    mine_box, other_box = mine.bounding_box(), other.bounding_box()
    assert mine_box and other_box and mine_box["height"] > other_box["height"] and mine_box["y"] < other_box["y"]
    send = rows.first.get_by_role("button", name="Send mine")
    expect(send).to_have_class(re.compile(r"\bprimary\b"))
    assert rows.nth(1).get_by_role("button").filter(has_text=re.compile("Send")).count() == 0  # others: no Send
    # her own row and its Send on the first screen, the whole round's Save too
    assert outside(page, SMALL["height"]) == []
    box = send.bounding_box()
    assert box and box["y"] + box["height"] <= SMALL["height"]
    # Enter in her field sends her value
    mine.fill("9")
    with page.expect_response(lambda r: r.request.method == "POST"):
        mine.press("Enter")
    expect(page.locator('[data-mark="3"]')).to_contain_text("Sent: 9")


def test_without_the_page_script_the_rows_still_post_the_round(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str
) -> None:
    """No script at all: the row's "went out" is the plain radio, the calculator stays hidden, Save posts."""
    context = browser.new_context(**{**browser_context_args, "viewport": SMALL, "java_script_enabled": False})
    page = context.new_page()
    form = start(page, live_server, 3)
    page.goto(form)
    expect(page.locator("button.calc").first).to_be_hidden()
    page.get_by_label("Maximilian", exact=True).fill("11")
    page.get_by_label("João Pedro", exact=True).fill("0")
    page.get_by_label("Šárka", exact=True).fill("25")
    page.get_by_role("radio", name="João Pedro went out").check()
    assert outside(page, SMALL["height"]) == []
    page.get_by_role("button", name="Save round 1").click()
    expect(page).to_have_url(form.removesuffix("/rounds/new"))
    stored = page.request.get(form.replace("/games/", "/api/v1/games/").removesuffix("/rounds/new")).json()["rounds"]
    assert (
        stored[0]["pips"] == {"Maximilian": 11, "João Pedro": 0, "Šárka": 25} and stored[0]["went_out"] == "João Pedro"
    )
    context.close()


def test_once_every_value_is_in_save_is_the_main_button_and_send_mine_keeps_its_line(
    phone: Page, live_server: str
) -> None:
    page = phone
    page.goto(start(page, live_server, 2))
    for seat, pips in enumerate(("8", "13")):
        page.get_by_label(NAMES[seat], exact=True).fill(pips)
        with page.expect_response(lambda r: r.request.method == "POST"):
            page.locator(f'.seat[data-seat="{seat}"] button.send').click()
        expect(page.locator(f'[data-mark="{seat}"]')).to_contain_text(f"Sent: {pips}")
    page.get_by_label("Whose phone is this?").select_option(label="I am João Pedro")
    expect(page.get_by_role("button", name="Save round 1")).to_have_class(re.compile(r"\bprimary\b"))
    send = page.get_by_role("button", name="Send mine")
    expect(send).not_to_have_class(re.compile(r"\bprimary\b"))
    box, row = send.bounding_box(), page.locator(".seat.me").bounding_box()
    assert box and row and box["width"] > row["width"] * 0.8  # its own line, not squeezed into a 44 px square
    assert fits_sideways(page)
