"""docs/architecture.md tells the two paths a round takes; this test walks both and keeps the story true.

Each hop of the two traced sections is written as `path.py:function` (a path under ``scorekeeper/``). The
test sends a round through the web form and one through the API with a profiler on, and asserts every hop
the document names was called, in the order the document gives (the first call of each). A hop renamed,
removed or taken out of the path makes it fail, so the document cannot drift from the code unseen.
The caches section names each thing kept in memory the same way: each must exist.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType

import pytest
from flask import Flask

from tests.web.helpers import start_game

DOC = Path(__file__).resolve().parent.parent / "docs" / "architecture.md"
HOP = re.compile(r"`((?:[a-z_]+/)*[a-z_]+\.py):([A-Za-z_][\w.]*)`")

FORM_SECTION = "## A round from the form"
API_SECTION = "## A round from the API"
KEPT_SECTION = "## What is kept in memory"


def section(heading: str) -> str:
    """The text of one `##` section of the document (heading line excluded)."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start + len(heading) : end if end != -1 else len(text)]


def hops(heading: str) -> list[str]:
    """The hops a section names, in its order, as ``module:qualname`` (``views/games.py:x`` is
    ``scorekeeper.views.games:x``)."""
    named = []
    for path, name in HOP.findall(section(heading)):
        module = "scorekeeper." + path.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
        hop = f"{module}:{name}"
        if hop not in named:
            named.append(hop)
    return named


def traced(action: Callable[[], object]) -> list[str]:
    """Every scorekeeper function `action` calls, once each, in the order of their first call."""
    seen: dict[str, None] = {}

    def profile(frame: FrameType, event: str, _arg: object) -> None:
        if event == "call":
            module = frame.f_globals.get("__name__", "")
            if module.startswith("scorekeeper"):
                seen.setdefault(f"{module}:{frame.f_code.co_qualname}", None)

    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)
    return list(seen)


def in_order(named: list[str], calls: list[str]) -> list[str]:
    """What is wrong with `named` as a story of `calls`: hops never called, or told out of order."""
    wrong = [f"{hop} is never called" for hop in named if hop not in calls]
    if wrong:
        return wrong
    places = [calls.index(hop) for hop in named]
    return [
        f"{named[i + 1]} is told after {named[i]} but first called before it"
        for i in range(len(named) - 1)
        if places[i + 1] < places[i]
    ]


@pytest.fixture
def game(app: Flask) -> tuple[Flask, str]:
    with app.test_client() as client:
        path = start_game(client, "Ana", "Bo", "Cy")
        client.get(path)  # the table screen, seen before the round is entered, as at a table
    return app, path.rsplit("/", 1)[-1]


def test_the_form_path_is_the_one_the_document_tells(game: tuple[Flask, str]) -> None:
    app, game_id = game
    client = app.test_client()
    named = hops(FORM_SECTION)
    assert len(named) >= 8, "the form section names its hops as `path.py:function`"

    def post() -> None:
        response = client.post(
            f"/games/{game_id}/rounds/new", data={"pips-0": "12", "pips-1": "0", "pips-2": "30", "went_out": "1"}
        )
        assert response.status_code == 302, response.get_data(as_text=True)

    assert in_order(named, traced(post)) == []


def test_the_api_path_is_the_one_the_document_tells(game: tuple[Flask, str]) -> None:
    app, game_id = game
    client = app.test_client()
    named = hops(API_SECTION)
    assert len(named) >= 6, "the API section names its hops as `path.py:function`"
    version = client.get(f"/api/v1/games/{game_id}").headers["ETag"]

    def post() -> None:
        response = client.post(
            f"/api/v1/games/{game_id}/rounds",
            json={"number": 1, "pips": {"Ana": 12, "Bo": 0, "Cy": 30}, "went_out": "Bo"},
            headers={"If-Match": version},
        )
        assert response.status_code in (200, 201), response.get_data(as_text=True)

    assert in_order(named, traced(post)) == []


def test_every_thing_kept_in_memory_is_named_where_it_lives() -> None:
    named = hops(KEPT_SECTION)
    assert named, "the caches section names each cache as `path.py:name`"
    for hop in named:
        module, name = hop.split(":")
        target: object = importlib.import_module(module)
        for part in name.split("."):
            assert hasattr(target, part), f"{hop} is named in {KEPT_SECTION!r} but does not exist"
            target = getattr(target, part)
