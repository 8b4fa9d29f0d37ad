"""The new-game form's "Who deals first" offers the players by the names typed above it, not "Player 1…15"."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient

from .helpers import start_game, text


def _offered(page: str) -> list[str]:
    """The choices of "Who deals first" a player can pick, as shown."""
    select = re.search(r'<select id="first_dealer" name="first_dealer">(.*?)</select>', page, re.S)
    assert select, page
    options = re.findall(r"<option([^>]*)>([^<]*)</option>", select.group(1))
    return [html.unescape(label) for attrs, label in options if "hidden" not in attrs]


def test_a_form_sent_back_offers_the_names_typed(client: FlaskClient) -> None:
    # Ben's field left empty, and a set that does not exist: the form comes back with the names typed
    data = {"players-0": "Ana", "players-2": " Cleo  Maria ", "players-3": "Dan", "set": "99", "first_dealer": "3"}
    page = text(client.post("/games/new", data=data))
    assert _offered(page) == ["The first player named", "Ana", "Cleo Maria", "Dan"]
    assert re.search(r'<option data-unnamed="Player 4" selected value="3">Dan</option>', page)


def test_the_same_players_as_last_game_are_offered_by_name(client: FlaskClient) -> None:
    start_game(client, "Ana", "João", "Zoë")
    page = text(client.get("/games/new?reuse=1"))
    assert _offered(page) == ["The first player named", "Ana", "João", "Zoë"]


def test_a_blank_form_names_the_fields_as_their_placeholders_do(client: FlaskClient) -> None:
    page = text(client.get("/games/new"))
    offered = _offered(page)
    assert offered[:3] == ["The first player named", "Player 1", "Player 2"] and len(offered) == 16
    # each choice carries the field's own label for the page's script to fall back on
    assert 'data-unnamed="Player 15" value="14"' in page
