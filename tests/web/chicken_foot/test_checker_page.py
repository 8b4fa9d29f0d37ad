"""The Chicken Foot checker page: a dispute on a chicken-footed double settled in a few taps, with the picture."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from ..helpers import start_game, text
from ..test_pwa import BUDGET

FOOTED = (
    "game_kind=chicken-foot&rules=chicken-foot&players=4&turn=2&centre=9"
    "&end-0=4&end-1=9&end-2=2&end-3=9&end-4=7&end-5=3&end-6=5&end-7=5&waiting-6=on&waiting-7=on"
)
"""The centre's six feet down, a 5-5 waiting for two more toes on ends 7 and 8."""


def test_a_tile_elsewhere_while_a_foot_waits_is_not_allowed_and_links_the_paragraph(client: FlaskClient) -> None:
    page = text(client.get(f"/check?{FOOTED}&tile=4-0&end=0&action=play&check=1"))
    verdict = page[page.index('id="verdict"') :]
    assert "Not allowed" in verdict
    assert "The double 5-5 needs its three toes before play goes elsewhere" in verdict
    assert '<a href="/rules/chicken-foot#cf-foot-first">A double takes its three toes' in verdict
    allowed = text(client.get(f"/check?{FOOTED}&tile=5-3&end=6&action=play&check=1"))
    assert '<p class="verdict">Allowed</p>' in allowed


def test_the_picture_draws_the_centre_its_six_feet_and_the_foot_waiting_for_toes(client: FlaskClient) -> None:
    page = text(client.get(f"/check?{FOOTED}"))
    table = page[page.index('<svg class="cf-table"') : page.index("</svg>", page.index('<svg class="cf-table"'))]
    assert table.count('<line class="cf-foot"') == 6
    assert 'aria-label="Centre double: 9-9"' in page
    foot = page[page.index('class="cf-foot-svg"') :]
    assert foot.count('<circle class="cf-end waiting"') == 2 and foot.count('<circle class="cf-end"') == 1
    assert "Chicken foot on 5-5: 1 of 3 toes down." in page


def test_before_the_centre_is_down_every_foot_waits(client: FlaskClient) -> None:
    page = text(client.get("/check?game_kind=chicken-foot&rules=chicken-foot-double-6&centre=6"))
    assert page.count('<line class="cf-foot waiting"') == 4  # the double-6 preset lays four around the centre
    assert "cf-foot-svg" not in page
    laid = text(client.get("/check?game_kind=chicken-foot&rules=chicken-foot&centre=9&tile=9-9&end=centre&check=1"))
    assert '<p class="verdict">Allowed</p>' in laid


def test_a_game_in_progress_opens_the_checker_on_its_players_and_round_double(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo", game="chicken-foot", cf_rules="chicken-foot")
    game_id = game.rstrip("/").rsplit("/", 1)[-1]
    page = text(client.get(f"/check?game={game_id}"))
    assert re.search(r'<option value="9" selected>9-9</option>', page)
    assert ">Ana</option>" in page and ">Cleo</option>" in page


FOOTED_12 = FOOTED.replace("rules=chicken-foot&", "rules=chicken-foot-double-12&").replace("centre=9", "centre=12")
"""The same table on a double-12 set: 91 tiles in each picker."""


@pytest.mark.parametrize("table", [FOOTED, FOOTED_12], ids=["double-9", "double-12"])
@pytest.mark.parametrize("language", ["en", "it", "cs", "pt", "de"])
def test_the_checker_page_stays_under_the_budget_at_its_fullest(client: FlaskClient, language: str, table: str) -> None:
    response = client.get(f"/check?lang={language}&{table}&tile=4-0&end=0&action=play&check=1&pick_hand=1")
    assert "12-12" in response.get_data(as_text=True) or table == FOOTED
    html = response.get_data(as_text=True)
    assets = re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"', html)
    weight = len(response.get_data()) + sum(len(client.get(a).get_data()) for a in assets)
    assert weight < BUDGET, f"{weight:,} bytes"


def test_the_checker_opened_from_a_game_judges_by_its_house_rules(client: FlaskClient) -> None:
    game = start_game(
        client,
        "Ana",
        "Ben",
        "Cleo",
        game="chicken-foot",
        cf_rules="chicken-foot",
        house_centre_tiles="4",
        house_draw="until-playable",
    )
    game_id = game.rstrip("/").rsplit("/", 1)[-1]
    opened = text(client.get(f"/check?game={game_id}"))
    assert opened.count('<line class="cf-foot waiting"') == 4  # a cross, not the double-9 preset's six
    assert "House rules: four tiles around the centre double · draw until a tile fits" in opened
    # the cross is down; the mover drew a tile that fits nowhere: under "draw until a tile fits" they draw again
    table = "centre=9&end-0=4&end-1=2&end-2=7&end-3=3&hand=1-0&drawn=on&action=draw&check=1"
    again = text(client.get(f"/check?game={game_id}&{table}"))
    assert '<p class="verdict">Allowed</p>' in again
    plain = text(client.get(f"/check?game_kind=chicken-foot&rules=chicken-foot&{table}&end-4=9&end-5=9"))
    assert '<p class="verdict">Allowed</p>' not in plain  # the preset: one tile drawn a turn, then pass
