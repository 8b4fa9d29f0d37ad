"""The watch page after round 1: the round's line and its engine tile agree on which double is the engine."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from .helpers import enter_round, start_game, text


def glance(page: str) -> str:
    card = re.search(r'<section class="card glance">(.*?)</section>', page, re.S)
    assert card, "no glance card"
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", card.group(1))))


@pytest.mark.parametrize(("order", "engine"), [("down", 11), ("up", 1)])
def test_after_round_1_the_watch_page_names_one_engine(client: FlaskClient, order: str, engine: int) -> None:
    path = start_game(client, "Ana", "Ben", "Cleo", order=order)
    assert enter_round(client, path, 0, 10, 20, went_out="0").status_code == 302
    watch = re.search(r"/watch/[\w-]+", text(client.get(f"{path}/join")))
    assert watch
    card = glance(text(client.get(watch.group(0))))
    assert "Round 2 of 13" in card and f"Engine double-{engine}" in card, card
    doubles = set(re.findall(r"double-(\d+)\b(?! set)", card))
    assert doubles == {str(engine)}, card  # the set, if named, is called a set
    table = glance(text(client.get(path)))
    assert f"Engine double-{engine}" in table
