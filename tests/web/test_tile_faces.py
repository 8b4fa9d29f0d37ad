"""Every tile face is drawn in pips, as the box prints it: 10, 11 and 12 on the table screen and the watch page
look like the 10, 11 and 12 in the players' hands, not like numerals."""

from __future__ import annotations

import math
import re

import pytest
from flask.testing import FlaskClient

from scorekeeper.templating import HALF, pip_layout

from .chicken_foot.test_checker_page import FOOTED_12
from .helpers import start_game, text


@pytest.mark.parametrize("n", range(19))
def test_every_number_up_to_18_is_its_own_count_of_dots_apart_and_inside_its_half(n: int) -> None:
    radius, dots = pip_layout(n)
    assert len(dots) == n == len(set(dots))
    assert radius >= 2.5  # about 3 CSS px across on the smallest drawn tile
    for x, y in dots:
        assert radius + 2 <= x <= HALF - radius - 2 and radius + 2 <= y <= HALF - radius - 2, (x, y)
    for i, (x1, y1) in enumerate(dots):
        for x2, y2 in dots[i + 1 :]:
            assert math.dist((x1, y1), (x2, y2)) >= 2 * radius + 1, ((x1, y1), (x2, y2))
    # the face reads the same upside down, as a tile laid either way round does
    assert sorted(dots) == sorted((round(HALF - x, 2), round(HALF - y, 2)) for x, y in dots)


def test_no_half_beyond_the_biggest_set() -> None:
    with pytest.raises(ValueError, match="double-18"):
        pip_layout(19)


def engine_tile(page: str) -> str:
    found = re.search(r'<svg class="domino"[^>]*aria-label="[^"]*12[^"]*">(.*?)</svg>', page, re.S)
    assert found, "no engine tile"
    return found.group(1)


def test_the_double_12_engine_is_drawn_in_pips_on_the_table_and_the_watch_page(client: FlaskClient) -> None:
    path = start_game(client, "Ana", "Ben", "Cleo")
    table = engine_tile(text(client.get(path)))
    watch_path = re.search(r"/watch/[\w-]+", text(client.get(f"{path}/join")))
    assert watch_path
    watch = engine_tile(text(client.get(watch_path.group(0))))
    for tile in (table, watch):
        assert len(re.findall(r"M[\d.]+ [\d.]+h0", tile)) == 24 and "<text" not in tile


def test_the_checker_draws_a_double_12_centre_as_the_table_does(client: FlaskClient) -> None:
    page = text(client.get(f"/check?lang=en&{FOOTED_12}"))
    centre = re.search(r'<svg class="domino"[^>]*>(.*?)</svg>', page, re.S)
    assert centre, "no tile drawn in the checker's picture"
    assert len(re.findall(r"M[\d.]+ [\d.]+h0", centre.group(1))) == 24 and "<text" not in centre.group(1)
