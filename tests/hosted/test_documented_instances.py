"""docs/hosting.md's recipe, run: its units and environment file start two instances on one PostgreSQL and one
redis, after `scorekeeper upgrade-db`, and a round played through both is the same round on both."""

from __future__ import annotations

import json
import os
import re
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
def instances(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    if not DATABASE.startswith("postgres"):
        needs("TEST_DATABASE_URL names no PostgreSQL database")
    if not Path(recipe.REDIS_SERVER).exists():
        needs(f"no redis-server at {recipe.REDIS_SERVER} (apt-get install redis-server)")
    with recipe.documented_instances(2, DATABASE, tmp_path_factory.mktemp("hosting")) as served:
        yield served.bases


def call(base: str, method: str, path: str, body: object = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def test_a_round_started_on_one_instance_and_entered_on_the_other_reads_the_same_on_both(
    instances: list[str],
) -> None:
    first, second = instances
    status, game = call(first + "/api/v1", "POST", "/games", {"players": ["Ana", "Ben", "Cleo"]})
    assert status == 201, game
    rounds = f"/games/{game['id']}/rounds"
    hand = {"number": 1, "pips": {"Ana": 0, "Ben": 23, "Cleo": 41}, "went_out": "Ana"}
    status, after = call(second + "/api/v1", "POST", rounds, hand)
    assert status == 201, after
    assert call(second + "/api/v1", "POST", rounds, hand)[0] in (200, 201)  # sent again: still one round
    for base in (first, second):
        status, read = call(base + "/api/v1", "GET", f"/games/{game['id']}")
        assert status == 200
        assert [r["pips"] for r in read["rounds"]] == [{"Ana": 0, "Ben": 23, "Cleo": 41}]
        assert read["version"] == after["version"]


def test_every_instance_says_the_same_game_changed_when_the_other_wrote(instances: list[str]) -> None:
    first, second = instances
    _, game = call(first + "/api/v1", "POST", "/games", {"players": ["Ana", "Ben"]})
    live = f"/api/v1/games/{game['id']}/live"
    tags = set()
    for base in (first, second):
        with urllib.request.urlopen(base + live, timeout=10) as answer:
            tags.add(answer.headers["ETag"])
    assert len(tags) == 1
    hand = {"number": 1, "pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"}
    assert call(first + "/api/v1", "POST", f"/games/{game['id']}/rounds", hand)[0] == 201
    for base in (first, second):  # each asks as a phone holding the old tag does
        request = urllib.request.Request(base + live, headers={"If-None-Match": tags.copy().pop()})
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status == 200 and answer.headers["ETag"] not in tags


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
