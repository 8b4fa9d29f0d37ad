"""A round filled in from several phones records the double that started it, where the house rule for a missing
engine lets another double stand in: any phone says which (as the blocked and ended-on-a-double marks), and the
round is stored with it."""

from __future__ import annotations

import html
import re
from typing import Any

from flask.testing import FlaskClient

from .helpers import text


def _game(client: FlaskClient, house_rules: dict[str, Any]) -> str:
    made = client.post("/api/v1/games", json={"players": ["Ana", "Ben", "Cleo"], "rules": "czech", **house_rules})
    assert made.status_code == 201, made.get_json()
    return f"/games/{made.get_json()['id']}"


def _send(client: FlaskClient, game: str, seat: object, **fields: str) -> Any:
    data = {"seat": str(seat), **fields}
    return client.post(f"{game}/rounds/1/mine", data=data, headers={"Accept": "application/json"})


def _rounds(client: FlaskClient, game: str) -> list[dict[str, Any]]:
    rounds: list[dict[str, Any]] = client.get(game.replace("/games/", "/api/v1/games/")).get_json()["rounds"]
    return rounds


def test_the_phones_record_the_double_that_started_the_round(client: FlaskClient) -> None:
    game = _game(client, {"house_rules": {"missing_engine": "highest-double"}})
    assert _send(client, game, 0, **{"pips-0": "0", "went_out": "0"}).get_json()["stored"] is False
    said = _send(client, game, "engine", engine="9")
    assert said.status_code == 200 and said.get_json()["stored"] is False
    form = html.unescape(text(client.get(f"{game}/rounds/new")))
    assert '<option value="9" selected>9-9' in form  # every phone shows what was said
    assert 'name="seat" value="engine"' in form
    _send(client, game, 1, **{"pips-1": "10"})
    assert _send(client, game, 2, **{"pips-2": "4"}).get_json()["stored"] is True
    assert _rounds(client, game)[0]["engine"] == 9
    assert "1 · 9-9 (for 12-12)" in html.unescape(text(client.get(game)))
    # undone, the round reopens with its double, and stored again keeps it
    client.post(f"{game}/rounds/undo", data={"number": "1"})
    assert '<option value="9" selected>9-9' in html.unescape(text(client.get(f"{game}/rounds/new")))
    assert _send(client, game, 2, **{"pips-2": "5"}).get_json()["stored"] is True
    assert _rounds(client, game)[0]["engine"] == 9


def test_a_game_without_the_rule_refuses_another_double_from_a_phone(client: FlaskClient) -> None:
    game = _game(client, {})
    refused = _send(client, game, "engine", engine="9")
    assert refused.status_code == 422
    assert "only with the house rule for a missing engine" in refused.get_json()["errors"]["engine"]
    assert 'value="engine"' not in text(client.get(f"{game}/rounds/new"))  # nor does its form ask
    for seat, pips in enumerate(("0", "3", "8")):
        _send(client, game, seat, **{f"pips-{seat}": pips, "went_out": "0" if seat == 0 else ""})
    assert _rounds(client, game)[0]["engine"] == 12


def test_a_double_the_set_lacks_is_refused_on_its_field(client: FlaskClient) -> None:
    game = _game(client, {"house_rules": {"missing_engine": "next-double"}})
    refused = _send(client, game, "engine", engine="13")
    assert refused.status_code == 422 and "0-0 to 12-12" in refused.get_json()["errors"]["engine"]
    page = client.post(f"{game}/rounds/1/mine", data={"seat": "engine", "engine": "13"})
    errors = [html.unescape(e) for e in re.findall(r'class="error"[^>]*>([^<]*)<', text(page))]
    assert any("0-0 to 12-12" in e for e in errors), errors  # without the page's script, beside the question
