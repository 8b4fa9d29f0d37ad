"""Undo takes a round back without throwing away what was typed: the round reopens with its values as its drafts,
every phone says which round went back and on whose phone, and an Undo that does not name its round (or names one
already gone) takes back nothing and says so."""

from __future__ import annotations

import html
import re

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import services
from scorekeeper.db import session

from .helpers import enter_round, start_game, text


def _game(client: FlaskClient) -> str:
    """Ana, Ben and Zoë with two rounds played; the table screen's path."""
    game = start_game(client, "Ana", "Ben", "Zoë")
    assert enter_round(client, game, 0, 10, 20, went_out="0").status_code == 302
    assert enter_round(client, game, 7, 0, 12, went_out="1").status_code == 302
    return game


def _undo(client: FlaskClient, game: str, number: int | None):  # type: ignore[no-untyped-def]
    data = {} if number is None else {"number": str(number)}
    return client.post(f"{game}/rounds/undo", data=data, follow_redirects=True)


def _notices(page: str) -> list[str]:
    return [
        " ".join(html.unescape(n).split()) for n in re.findall(r'<p class="flash undone"[^>]*>(.*?)</p>', page, re.S)
    ]


def _rounds(client: FlaskClient, game: str) -> int:
    return len(client.get(f"/api/v1/games/{game.rsplit('/', 1)[-1]}").get_json()["rounds"])


def test_an_undone_round_reopens_with_its_values_and_one_fix_saves_it(client: FlaskClient) -> None:
    game = _game(client)
    assert _undo(client, game, 2).status_code == 200
    assert _rounds(client, game) == 1
    form = text(client.get(f"{game}/rounds/new"))
    assert "End of round 2" in form
    # every value as it was, each marked as sent, Ben still the one who went out
    assert [re.search(rf'name="pips-{i}"[^>]*value="(\d+)"', form).group(1) for i in range(3)] == ["7", "0", "12"]  # type: ignore[union-attr]
    assert re.search(r'name="went_out" value="1"[^>]*checked', form)
    assert form.count('class="mark sent"') == 3
    # Zoë had 21, not 12: her phone sends the fix and the round is stored again with it
    sent = client.post(f"{game}/rounds/2/mine", data={"seat": "2", "pips-2": "21"})
    assert sent.status_code == 302
    body = client.get(f"/api/v1/games/{game.rsplit('/', 1)[-1]}").get_json()
    assert [r["number"] for r in body["rounds"]] == [1, 2]
    assert body["rounds"][1]["pips"] == {"Ana": 7, "Ben": 0, "Zoë": 21}


def test_an_undo_through_the_api_reopens_the_round_too(client: FlaskClient) -> None:
    game = _game(client)
    game_id = game.rsplit("/", 1)[-1]
    assert client.delete(f"/api/v1/games/{game_id}/rounds/2").status_code == 200
    form = text(client.get(f"{game}/rounds/new"))
    assert re.search(r'name="pips-2"[^>]*value="12"', form)
    assert _notices(text(client.get(game))) == [
        "Round 2 was undone. Its values are back in its form: fix what was wrong and save it again."
    ]


def test_every_phone_says_which_round_was_undone_and_on_whose_phone(app: Flask) -> None:
    ana, zoe = app.test_client(), app.test_client()
    game = _game(ana)
    zoe.post(f"{game}/me", data={"seat": "2"})  # "I am Zoë"
    assert _undo(zoe, game, 2).status_code == 200
    said = "Round 2 was undone on Zoë's phone."
    fix = " Its values are back in its form: fix what was wrong and save it again."
    for phone in (ana, zoe):
        assert _notices(text(phone.get(game))) == [said + fix]  # the table screen
        assert _notices(text(phone.get(f"{game}/rounds/new"))) == [said + fix]  # the round's form
    with app.app_context():
        code = services.watch_code(session(), game.rsplit("/", 1)[-1])
    assert _notices(text(ana.get(f"/watch/{code}"))) == [said]  # the watch page changes nothing
    # saved again, the round is no longer undone: the notice goes
    assert enter_round(ana, game, 7, 0, 21, went_out="1").status_code == 302
    assert _notices(text(ana.get(game))) == [] and _notices(text(zoe.get(game))) == []


def test_an_undo_that_names_no_round_takes_back_nothing_and_says_so(client: FlaskClient) -> None:
    game = _game(client)
    for _ in range(3):
        page = text(_undo(client, game, None))
        assert "Nothing was undone: the Undo did not say which round." in html.unescape(page)
    assert _rounds(client, game) == 2


def test_an_undo_sent_again_takes_back_nothing_more(client: FlaskClient) -> None:
    game = _game(client)
    assert "Round 2 was undone" in text(_undo(client, game, 2))
    again = text(_undo(client, game, 2))
    assert "Round 2 was already undone on another phone." in again
    assert _rounds(client, game) == 1
    stale = text(_undo(client, game, 2))  # and once more, from a page older still
    assert "Round 2 was already undone on another phone." in stale
    assert _rounds(client, game) == 1
    # the API the same: a repeated DELETE of the round is refused and round 1 stays
    api = f"/api/v1/games/{game.rsplit('/', 1)[-1]}/rounds"
    repeated = client.delete(f"{api}/2")
    assert repeated.status_code == 409 and "already undone" in repeated.get_json()["error"]
    assert _rounds(client, game) == 1
