"""The rules reference on a small phone (360x640): search as you type, in any language with or without accents,
and a dispute link that lands on the paragraph that settles it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

SMALL_PHONE = {"width": 360, "height": 640}


@pytest.fixture
def phone(browser: Any, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    context = browser.new_context(**{**browser_context_args, "viewport": SMALL_PHONE})
    yield context.new_page()
    context.close()


def matches(page: Page) -> int:
    """The count the page shows under the search box."""
    status = page.locator(".search-status").inner_text()
    digits = "".join(c for c in status if c.isdigit())
    assert digits, f"no count in {status!r}"
    return int(digits)


def visible_sections(page: Page) -> list[str]:
    return page.locator(".reference section:visible h2").evaluate_all("hs => hs.map(h => h.id)")


def search(page: Page, words: str) -> None:
    page.get_by_role("searchbox").fill(words)
    expect(page.locator(".search[data-ready]")).to_have_count(1)  # the matcher loads when the box is first touched


def test_typing_double_keeps_only_what_mentions_it_and_counts_it(
    phone: Page, live_server: str, artifacts: Path
) -> None:
    phone.goto(live_server + "/rules?lang=en")
    everything = visible_sections(phone)
    assert "last-tile" in everything and "doubles" in everything
    search(phone, "double")
    expect(phone.locator(".search-status")).to_contain_text("Matches:")
    shown = visible_sections(phone)
    assert "doubles" in shown and "last-tile" not in shown, shown
    assert len(shown) < len(everything)
    # a section whose heading holds the word stays whole; elsewhere every paragraph or item left holds the word
    leaves = phone.locator(".reference section:visible :is(p, li, dd):visible").evaluate_all(
        """els => els.filter(e => !e.querySelector('p, li, dd')
            && !e.closest('section').querySelector('h2').textContent.toLowerCase().includes('double'))
          .map(e => e.textContent.toLowerCase())"""
    )
    assert leaves and all("double" in text for text in leaves), [t for t in leaves if "double" not in t][:3]
    assert matches(phone) >= len(leaves) > 5
    expect(phone.locator(".toc")).to_be_hidden()
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    phone.screenshot(path=str(artifacts / "reference-search-double.png"))

    search(phone, "double nobody")  # every word must be there
    assert 0 < matches(phone) < len(leaves)

    search(phone, "qwertyuiop")
    expect(phone.locator(".search-status")).to_have_text("Nothing matches. Try another word, or fewer letters.")
    assert visible_sections(phone) == []

    search(phone, "")
    assert visible_sections(phone) == everything
    expect(phone.locator(".toc")).to_be_visible()


def test_czech_words_match_with_or_without_their_accents(phone: Page, live_server: str, artifacts: Path) -> None:
    phone.goto(live_server + "/rules?lang=cs")
    expect(phone.get_by_role("searchbox")).to_be_visible()
    counts = {}
    for word in ("lízání", "lizani", "LÍZÁNÍ"):
        search(phone, word)
        counts[word] = matches(phone)
        assert "drawing" in visible_sections(phone), word
        assert "equipment" not in visible_sections(phone), word
    assert len(set(counts.values())) == 1 and counts["lizani"] > 0, counts
    search(phone, "dvojice")
    with_accents = matches(phone)
    search(phone, "dvojice značky")
    assert 0 < matches(phone) < with_accents
    search(phone, "znacky")
    unaccented = matches(phone)
    search(phone, "značky")
    assert matches(phone) == unaccented > 0
    phone.screenshot(path=str(artifacts / "reference-search-cs.png"))


def test_a_dispute_link_lands_on_its_answer_in_view(phone: Page, live_server: str, artifacts: Path) -> None:
    phone.goto(live_server + "/rules?lang=en")
    phone.get_by_role("link", name="What if a double is not covered?").click()
    expect(phone).to_have_url(live_server + "/rules?lang=en#double-uncovered")
    answer = phone.locator("#double-uncovered")
    expect(answer).to_be_in_viewport()
    expect(answer).to_contain_text("Everyone must cover it")
    assert answer.evaluate("el => getComputedStyle(el).backgroundColor") != "rgba(0, 0, 0, 0)"  # marked
    phone.screenshot(path=str(artifacts / "reference-dispute-landing.png"))

    # a Super Domino dispute on its own page
    phone.goto(live_server + "/rules/super-domino?lang=en")
    phone.locator(".disputes a", has_text="What does a 13 do?").click()
    expect(phone.locator("#sd-13")).to_be_in_viewport()


def test_without_script_the_box_is_hidden_and_the_page_whole(
    browser: Any, browser_context_args: dict[str, Any], live_server: str
) -> None:
    context = browser.new_context(**{**browser_context_args, "viewport": SMALL_PHONE, "java_script_enabled": False})
    page = context.new_page()
    page.goto(live_server + "/rules?lang=de")
    expect(page.locator(".search")).to_be_hidden()
    expect(page.locator(".toc")).to_be_visible()
    assert page.locator(".reference section:visible").count() == page.locator(".reference section").count()
    context.close()


def marked_words(page: Page) -> list[str]:
    """The words the search marked, in the paragraphs it shows."""
    return page.locator(".reference section:visible mark:visible").evaluate_all("ms => ms.map(m => m.textContent)")


def leaves_shown(page: Page) -> int:
    return page.locator(".reference section :is(p, li, dd):visible").count()


def test_a_typo_still_finds_the_marker_paragraph_and_the_word_is_marked(
    phone: Page, live_server: str, artifacts: Path
) -> None:
    phone.goto(live_server + "/rules?lang=en")
    everything = leaves_shown(phone)
    paragraph = phone.locator(".reference li", has_text="any other player's train that carries a marker")
    before = paragraph.inner_html()
    search(phone, "markr")
    expect(paragraph).to_be_visible()
    words = marked_words(phone)
    assert "marker" in words and {w.lower() for w in words} <= {"mark", "marks", "marker", "markers"}, words
    expect(paragraph.locator("mark")).to_have_text(["marker", "Markers"])  # the second inside its link
    expect(paragraph.get_by_role("link", name="Markers")).to_have_attribute("href", "#markers")  # its link kept
    assert 0 < leaves_shown(phone) < everything / 4  # a typo forgiven is no flood
    phone.screenshot(path=str(artifacts / "reference-search-typo.png"))

    search(phone, "dobles")  # a Spanish-speaker's spelling, one letter off "doubles"
    assert "doubles" in visible_sections(phone)
    assert {w.lower() for w in marked_words(phone)} <= {"doubles", "double"}

    search(phone, "")  # the marks go with the query, the paragraph is as it was
    assert phone.locator("mark").count() == 0
    assert paragraph.inner_html() == before


@pytest.mark.parametrize(
    ("lang", "typed", "found"),
    [
        ("pt", "dupla", {"duplo", "duplos"}),  # the page says "duplo"
        ("it", "doppie", {"doppio", "doppi"}),
        ("de", "Steinen", {"stein", "steine"}),  # a German plural the page never uses
        ("cs", "kostkam", {"kostka", "kostky", "kostku", "kostkou", "kostce", "kostkách"}),  # no accent, other case
    ],
)
def test_other_forms_of_a_word_find_it_in_each_language(
    phone: Page, live_server: str, lang: str, typed: str, found: set[str]
) -> None:
    phone.goto(f"{live_server}/rules?lang={lang}")
    expect(phone.get_by_role("searchbox")).to_be_visible()
    everything = leaves_shown(phone)
    search(phone, typed)
    assert matches(phone) > 0
    words = {w.lower() for w in marked_words(phone)}
    assert words and words <= found, words
    assert leaves_shown(phone) < everything


@pytest.mark.parametrize("lang", ["en", "it", "cs", "pt", "de"])
def test_a_nonsense_word_finds_nothing_and_says_what_to_do(phone: Page, live_server: str, lang: str) -> None:
    phone.goto(f"{live_server}/rules?lang={lang}")
    box = phone.locator(".search")
    expect(box).to_be_visible()
    search(phone, "zqxjvk")
    expect(phone.locator(".search-status")).to_have_text(box.get_attribute("data-none") or "?")
    assert visible_sections(phone) == [] and phone.locator("mark").count() == 0


def test_offline_the_search_still_forgives(
    browser: Any, browser_context_args: dict[str, Any], live_server: str
) -> None:
    """The matcher is loaded only when the box is touched; the service worker kept it at install all the same."""
    from .test_pwa import wait_for_worker

    context = browser.new_context(**{**browser_context_args, "viewport": SMALL_PHONE})
    page = context.new_page()
    page.goto(live_server + "/rules?lang=en")
    wait_for_worker(page)
    context.set_offline(True)
    try:
        page.goto(live_server + "/rules")
        search(page, "markr")
        assert "markers" in visible_sections(page)
        assert "marker" in marked_words(page)
    finally:
        context.set_offline(False)
        context.close()
