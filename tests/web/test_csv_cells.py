"""A score sheet downloaded as CSV never hands a spreadsheet a formula: a player's name that a spreadsheet would
run ("=1+1", "@SUM(A1)", "+1", "-1", or one starting with a tab or a carriage return) is kept as text."""

from __future__ import annotations

import csv
import io

import pytest
from flask.testing import FlaskClient

from scorekeeper.services.export import _cell

FORMULAS = ["=1+1", "@SUM(A1)", "+1+1", "-2+3"]


def test_names_a_spreadsheet_would_run_are_kept_as_text(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"players": [*FORMULAS, "Ana"], "set": 12}).get_json()["id"]
    sheet = client.get(f"/api/v1/games/{game}/export?format=csv").get_data(as_text=True)
    header = next(csv.reader(io.StringIO(sheet)))
    assert header == ["Round", "'=1+1", "'@SUM(A1)", "'+1+1", "'-2+3", "Ana", "Went out"]


@pytest.mark.parametrize("name", ["\t=1+1", "\r=1+1", *FORMULAS])
def test_every_character_that_starts_a_formula_is_defused(name: str) -> None:
    # a name is trimmed before it is stored, so a tab or a carriage return never starts one the app made; a cell
    # is defused on its own all the same, whatever a later column of the sheet holds
    assert _cell(name) == "'" + name
    assert _cell("Ana " + name) == "Ana " + name  # only a formula's first character matters
