"""Three phones of one household at one table, served by two instances in turn (docs/hosting.md's recipe, hosted
mode, behind a round-robin proxy, so each phone's page, poll and post may reach either instance): rounds entered
from different phones show on every phone within 3 s, and each is stored once."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import recipe  # noqa: E402  (scripts/recipe.py: the page's instances, started here)
from round_robin import RoundRobin  # noqa: E402

SMALL_PHONE = {"width": 360, "height": 740}
LIVE = 3000
"""Milliseconds within which a round entered on one phone must show on every other one."""
DATABASE = os.environ.get("TEST_DATABASE_URL", "")
PLAYERS = ("Ana", "Ben", "Cleo")
PASSPHRASE = "double twelve on the kitchen table"


@pytest.fixture(scope="module")
def proxy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoundRobin]:
    """Two documented instances on one PostgreSQL and one redis, behind the round-robin proxy."""
    missing = None
    if not DATABASE.startswith("postgres"):
        missing = "TEST_DATABASE_URL names no PostgreSQL database"
    elif not Path(recipe.REDIS_SERVER).exists():
        missing = f"no redis-server at {recipe.REDIS_SERVER} (apt-get install redis-server)"
    if missing:
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(f"REQUIRE_BROWSER=1 but {missing}")
        pytest.skip(missing)
    with recipe.documented_instances(2, DATABASE, tmp_path_factory.mktemp("alternating")) as served:
        balancer = RoundRobin(served.bases).start()
        try:
            yield balancer
        finally:
            balancer.stop()


def enter_round(page: Page, game_url: str, number: int) -> dict[str, int]:
    """Enter round ``number`` whole from this phone: someone went out, the others' pips; what was entered."""
    out = PLAYERS[number % len(PLAYERS)]
    pips = {name: (0 if name == out else 5 * number + seat) for seat, name in enumerate(PLAYERS)}
    page.goto(game_url + "/rounds/new")
    page.get_by_role("radio", name=f"{out} went out").check()
    for name, value in pips.items():
        if name != out:
            page.get_by_label(name, exact=True).fill(str(value))
    page.get_by_role("button", name=re.compile(r"^Save round")).click()
    return pips


def test_phones_served_by_alternating_instances_see_every_round_once(
    browser: Browser, browser_context_args: dict[str, Any], proxy: RoundRobin
) -> None:
    phone = {**browser_context_args, "viewport": SMALL_PHONE}
    a, b, c = (browser.new_context(**phone).new_page() for _ in range(3))
    # hosted mode, as the page configures it: A creates the household
    a.goto(proxy.url + "/games/new")
    create = a.locator("#create")
    create.get_by_label("Household name").fill("The Novaks")
    create.get_by_label("Passphrase (at least 10 characters)").fill(PASSPHRASE)
    create.get_by_label("The same passphrase again").fill(PASSPHRASE)
    create.get_by_label("Your name (whose phone this is)").fill("Ana")
    create.get_by_role("button", name="Create the household").click()
    expect(a).to_have_url(proxy.url + "/")
    # B joins by the invite link on A's settings page (the page's public address: the proxy stands in for it)
    a.goto(proxy.url + "/settings")
    invite = a.locator("a.invite-link").get_attribute("href") or ""
    public = recipe.Recipe.read().settings["SCOREKEEPER_PUBLIC_URL"]
    assert invite.startswith(public + "/invite/"), invite
    b.goto(proxy.url + invite[len(public) :])
    b.get_by_label("Your name").fill("Ben")
    b.get_by_role("button", name="Join the household").click()
    expect(b).to_have_url(proxy.url + "/")
    # C signs in with the household's name and passphrase
    c.goto(proxy.url + "/")
    sign_in = c.locator("#sign-in")
    sign_in.get_by_label("Household name").fill("The Novaks")
    sign_in.get_by_label("Passphrase", exact=True).fill(PASSPHRASE)
    sign_in.get_by_label("Your name (whose phone this is)").fill("Cleo")
    sign_in.get_by_role("button", name="Sign in").click()
    expect(c).to_have_url(proxy.url + "/")

    a.goto(proxy.url + "/games/new")
    for seat, name in enumerate(PLAYERS, start=1):
        a.get_by_label(f"Player {seat}", exact=True).fill(name)
    a.get_by_role("button", name="Start the game").click()
    expect(a.locator(".round-no")).to_have_text("Round 1 of 13")
    game_url = a.url.split("?")[0].rstrip("/")
    for joiner in (b, c):
        joiner.goto(game_url)
        expect(joiner.locator(".round-no")).to_have_text("Round 1 of 13")

    entered = {}
    for number, by in enumerate((a, b, c, b, a, c), start=1):
        entered[number] = enter_round(by, game_url, number)
        for page in (a, b, c):  # the phone that entered it, and the two that only watch their table screen
            expect(page.locator(".round-no")).to_have_text(f"Round {number + 1} of 13", timeout=LIVE)

    game_id = game_url.rsplit("/", 1)[1]
    stored = a.request.get(f"{proxy.url}/api/v1/games/{game_id}").json()["rounds"]
    assert [r["number"] for r in stored] == list(entered)  # none lost, none twice
    assert [r["pips"] for r in stored] == list(entered.values())
    assert min(proxy.answered.values()) > 20 and len(proxy.answered) == 2  # both instances served the phones
