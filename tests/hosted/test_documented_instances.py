"""docs/hosting.md's recipe, run: its units and environment file start two instances on one PostgreSQL and one
redis, after `scorekeeper upgrade-db`, and a round played through both is the same round on both."""

from __future__ import annotations

import os
import re
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import recipe  # noqa: E402  (scripts/recipe.py: the page's instances, started here)

DATABASE = os.environ.get("TEST_DATABASE_URL", "")


def needs(what: str) -> None:
    """Skip for want of ``what``, or fail where CI promised everything (REQUIRE_BROWSER=1)."""
    if os.environ.get("REQUIRE_BROWSER") == "1":
        pytest.fail(f"REQUIRE_BROWSER=1 but {what}")
    pytest.skip(what)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[recipe.Served]:
    if not DATABASE.startswith("postgres"):
        needs("TEST_DATABASE_URL names no PostgreSQL database")
    if not Path(recipe.REDIS_SERVER).exists():
        needs(f"no redis-server at {recipe.REDIS_SERVER} (apt-get install redis-server)")
    with recipe.documented_instances(2, DATABASE, tmp_path_factory.mktemp("hosting")) as started:
        yield started


@pytest.fixture(scope="module")
def instances(served: recipe.Served) -> list[str]:
    return served.bases


@pytest.fixture(scope="module")
def members(instances: list[str]) -> tuple[recipe.Member, recipe.Member]:
    """Two phones of one household: one created it on the first instance, the other signed in on the second."""
    first, second = instances
    ana = recipe.Member.create_household(first, "The Novaks", "dominoes every friday", "Ana")
    return ana, recipe.Member.sign_in(second, "The Novaks", "dominoes every friday", "Ben")


def test_a_round_started_on_one_instance_and_entered_on_the_other_reads_the_same_on_both(
    instances: list[str], members: tuple[recipe.Member, recipe.Member]
) -> None:
    first, second = instances
    ana, ben = members
    status, game = ana.call(first, "POST", "/api/v1/games", {"players": ["Ana", "Ben", "Cleo"]})
    assert status == 201, game
    rounds = f"/api/v1/games/{game['id']}/rounds"
    hand = {"number": 1, "pips": {"Ana": 0, "Ben": 23, "Cleo": 41}, "went_out": "Ana"}
    status, after = ben.call(second, "POST", rounds, hand)
    assert status == 201, after
    assert ben.call(second, "POST", rounds, hand)[0] == 200  # sent again: still one round
    for base in (first, second):
        for phone in (ana, ben):
            status, read = phone.call(base, "GET", f"/api/v1/games/{game['id']}")
            assert status == 200
            assert [r["pips"] for r in read["rounds"]] == [{"Ana": 0, "Ben": 23, "Cleo": 41}]
            assert read["version"] == after["version"]


def test_every_instance_says_the_game_changed_when_the_other_wrote(
    instances: list[str], members: tuple[recipe.Member, recipe.Member]
) -> None:
    first, second = instances
    ana, ben = members
    _, game = ana.call(first, "POST", "/api/v1/games", {"players": ["Ana", "Ben"]})
    live = f"/api/v1/games/{game['id']}/live"
    tags = set()
    for base in (first, second):
        with ana.opener.open(base + live, timeout=10) as answer:
            tags.add(answer.headers["ETag"])
    assert len(tags) == 1
    hand = {"number": 1, "pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"}
    assert ben.call(second, "POST", f"/api/v1/games/{game['id']}/rounds", hand)[0] == 201
    for base in (first, second):  # each asked as a phone holding the old tag asks
        request = urllib.request.Request(base + live, headers={"If-None-Match": next(iter(tags))})
        with ana.opener.open(request, timeout=10) as answer:
            assert answer.status == 200 and answer.headers["ETag"] not in tags


def test_without_signing_in_the_instances_open_nothing(instances: list[str]) -> None:
    for base in instances:
        status, body = recipe.Member().call(base, "POST", "/api/v1/games", {"players": ["Eve", "Mallory"]})
        assert status == 401, body


def test_the_documented_upgrade_keeps_every_phone_signed_in_and_every_game(
    served: recipe.Served, members: tuple[recipe.Member, recipe.Member]
) -> None:
    ana, ben = members
    first, second = served.bases
    _, game = ana.call(first, "POST", "/api/v1/games", {"players": ["Ana", "Ben"]})
    rounds = f"/api/v1/games/{game['id']}/rounds"
    assert ben.call(second, "POST", rounds, {"number": 1, "pips": {"Ana": 0, "Ben": 4}, "went_out": "Ana"})[0] == 201
    served.upgrade()  # scorekeeper upgrade-db again, the instances serving meanwhile
    for index, other in ((0, second), (1, first)):  # then one instance at a time
        served.restart(index)
        restarted = served.bases[index]
        for phone in (ana, ben):  # signed in before, still signed in: the session is the same on every instance
            status, read = phone.call(restarted, "GET", f"/api/v1/games/{game['id']}")
            assert status == 200 and len(read["rounds"]) == index + 1
        number = index + 2
        hand = {"number": number, "pips": {"Ana": 0, "Ben": number}, "went_out": "Ana"}
        assert ana.call(restarted, "POST", rounds, hand)[0] == 201
        assert len(ben.call(other, "GET", f"/api/v1/games/{game['id']}")[1]["rounds"]) == number


# the page itself: what the test above starts is what an administrator is told to write


PAGE = recipe.PAGE.read_text(encoding="utf-8")


def test_the_environment_file_sets_everything_hosted_mode_needs() -> None:
    settings = recipe.Recipe.read().settings
    assert settings["SCOREKEEPER_HOSTED"] == "1"
    for key in ("DATABASE_URL", "SECRET_KEY", "RATELIMIT_STORAGE_URI", "SCOREKEEPER_TRUSTED_PROXIES"):
        assert settings[key], key
    assert settings["DATABASE_URL"].startswith("postgresql")
    assert settings["RATELIMIT_STORAGE_URI"].startswith("redis://")
    assert settings["SCOREKEEPER_PUBLIC_URL"].startswith("https://")


def test_the_proxies_spread_over_the_instances_the_page_enables() -> None:
    enabled = set(re.findall(r"scorekeeper@(\d+)", recipe.fenced_block(PAGE, "systemctl daemon-reload")))
    caddy = recipe.fenced_block(PAGE, "scores.example.org {")
    nginx = recipe.fenced_block(PAGE, "upstream scorekeeper {")
    assert len(enabled) >= 2
    for config in (caddy, nginx):
        assert set(re.findall(r"127\.0\.0\.1:(\d+)", config)) == enabled
    upgrade = recipe.fenced_block(PAGE, "cd /srv/scorekeeper")
    assert upgrade.index("systemctl start scorekeeper-upgrade") < upgrade.index("systemctl restart scorekeeper@")
    assert set(re.search(r"for port in ([\d ]+);", upgrade).group(1).split()) == enabled  # type: ignore[union-attr]
