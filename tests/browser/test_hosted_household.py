"""Hosted mode on two phones at 360 px: one creates the household and a game, the other joins by the invite link and
says who it is, both see the game; the first signs the second out on the settings page, and the second's next page
is the welcome page."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from werkzeug.serving import make_server

SMALL_PHONE = {"width": 360, "height": 740}
PASSPHRASE = "double six on the engine"


@pytest.fixture(scope="module")
def hosted_server(tmp_path_factory: pytest.TempPathFactory, app_factory: Callable[..., Any]) -> Iterator[str]:
    """The real app in hosted mode (CSRF on) on a free loopback port."""
    app = app_factory(tmp_path_factory.mktemp("hosted"), SCOREKEEPER_HOSTED=True)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def fits(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def test_two_phones_join_one_household_and_one_signs_the_other_out(
    browser: Browser, browser_context_args: dict[str, Any], hosted_server: str, artifacts: Path
) -> None:
    phone = {**browser_context_args, "viewport": SMALL_PHONE}
    ana = browser.new_context(**phone).new_page()
    ben = browser.new_context(**phone).new_page()

    ana.goto(hosted_server + "/")
    expect(ana).to_have_url(re.compile(r"/welcome"))
    assert fits(ana)
    ana.screenshot(path=str(artifacts / "hosted-welcome.png"), full_page=True)
    create = ana.locator("#create")
    create.get_by_label("Household name").fill("The Rossis")
    create.get_by_label("Passphrase (at least 10 characters)").fill(PASSPHRASE)
    create.get_by_label("The same passphrase again").fill(PASSPHRASE)
    create.get_by_label("Your name (whose phone this is)").fill("Ana")
    create.get_by_role("button", name="Create the household").click()
    expect(ana).to_have_url(hosted_server + "/")

    ana.goto(hosted_server + "/games/new")
    ana.get_by_label("Player 1", exact=True).fill("Ana")
    ana.get_by_label("Player 2", exact=True).fill("Ben")
    ana.get_by_role("button", name="Start the game").click()
    expect(ana.locator(".round-no")).to_have_text("Round 1 of 13")
    game_url = ana.url

    ana.goto(hosted_server + "/settings")
    invite = ana.locator("a.invite-link").get_attribute("href")
    assert invite is not None and "/invite/" in invite
    expect(ana.locator("#household svg")).to_be_visible()  # the invite's QR code

    ben.goto(invite)
    expect(ben.get_by_role("heading", name="Which player are you?")).to_be_visible()
    assert fits(ben)
    ben.get_by_label("Your name").fill("Ben")
    ben.get_by_role("button", name="Join the household").click()
    expect(ben).to_have_url(hosted_server + "/")
    ben.get_by_role("link", name=re.compile("Ana, Ben")).first.click()
    expect(ben).to_have_url(re.compile(re.escape(game_url)))
    expect(ben.locator(".round-no")).to_have_text("Round 1 of 13")

    ana.reload()
    expect(ana.locator(".phones")).to_contain_text("Ana (this phone)")
    assert fits(ana)
    ana.screenshot(path=str(artifacts / "hosted-settings.png"), full_page=True)
    ana.get_by_role("button", name="Sign Ben out").click()
    expect(ana.get_by_role("status").filter(has_text="That phone is signed out.")).to_be_visible()
    expect(ana.locator(".phones")).not_to_contain_text("Ben")

    ben.goto(hosted_server + "/")
    expect(ben).to_have_url(re.compile(r"/welcome"))
    expect(ben.get_by_role("heading", name="Create a household")).to_be_visible()
