"""The table screen in every language, at phone size, switched with one tap."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "cs": "Čeština", "pt": "Português", "de": "Deutsch"}


@pytest.fixture(scope="module")
def table(live_server: str, browser) -> str:  # type: ignore[no-untyped-def]
    page = browser.new_page()
    page.goto(live_server + "/games/new")
    for i, name in enumerate(["Šárka", "João", "Jürgen", "Niccolò"]):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    url = page.url
    page.close()
    return url


@pytest.mark.parametrize("language", ["en", "it", "cs", "pt", "de"])
def test_the_table_screen_speaks_each_language(page: Page, table: str, language: str, artifacts: Path) -> None:
    page.goto(table)
    page.get_by_role("link", name=LANGUAGE_NAMES[language]).click()
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator(".languages a[aria-current]")).to_have_text(LANGUAGE_NAMES[language])
    english = {"Standings", "History", "Delete game", "Can I play this?"}
    shown = set(page.locator("h2, .actions a, .settle a").all_inner_texts())
    if language != "en":
        assert not english & shown, f"English left on the {language} table screen: {english & shown}"
    for name in ("Šárka", "João", "Jürgen", "Niccolò"):
        expect(page.locator(".standings")).to_contain_text(name)
    assert _fits(page)
    page.screenshot(path=str(artifacts / f"table-screen-{language}.png"), full_page=True)

    # the choice is remembered: the next page opens in the same language
    page.goto(table.rsplit("/games/", 1)[0] + "/rules")
    expect(page.locator("html")).to_have_attribute("lang", language)


@pytest.mark.parametrize("language", ["en", "it", "cs", "pt", "de"])
@pytest.mark.parametrize("path", ["/rules", "/rules/variants", "/rules/super-domino"])
def test_the_rules_pages_fit_a_phone_in_each_language(page: Page, live_server: str, path: str, language: str) -> None:
    """The rules a table reads mid-dispute fit the phone's width: nothing to scroll sideways for (a wide table may
    scroll in its own box)."""
    page.goto(f"{live_server}{path}?lang={language}")
    expect(page.locator("html")).to_have_attribute("lang", language)
    assert _fits(page)


def _fits(page: Page) -> bool:
    """Nothing wider than the phone. Measured against the viewport the phone was given: on a mobile viewport
    ``window.innerWidth`` grows to the page's width, so comparing with it could never fail."""
    viewport = page.viewport_size
    assert viewport
    return bool(page.evaluate("document.documentElement.scrollWidth") <= viewport["width"])
