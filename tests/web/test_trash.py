"""The trash: a deleted game leaves the list, its pages and the API, keeps its history, and comes back on Undo
or Restore until it has waited TRASH_DAYS and is purged."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update

from scorekeeper.db import session
from scorekeeper.models import Change, Game, Round, Seat

from .helpers import enter_round, start_game, text

pytestmark = pytest.mark.dates  # every deletion is stamped with the clock, and the trash is purged by it


def _id(game: str) -> str:
    return game.rsplit("/", 1)[-1]


def _count(app: Flask, model: type, game_id: str) -> int:
    with app.app_context():
        column = model.id if model is Game else model.game_id  # type: ignore[attr-defined]
        return int(session().scalar(select(func.count()).select_from(model).where(column == game_id)) or 0)


def _played(client: FlaskClient, *names: str) -> str:
    game = start_game(client, *names)
    enter_round(client, game, 0, 23, went_out="0")
    enter_round(client, game, 31, 0, went_out="1")
    return game


def test_delete_moves_the_game_to_the_trash_and_keeps_its_history(app: Flask, client: FlaskClient) -> None:
    game = _played(client, "Ana", "Ben")
    api = f"/api/v1/games/{_id(game)}"
    before = client.get(api).get_json()
    history = _count(app, Change, _id(game))
    assert history > 0
    assert "The game goes to the trash" in text(client.get(f"{game}/delete"))
    response = client.post(f"{game}/delete")
    assert response.status_code == 302
    page = client.get(response.headers["Location"])
    html = text(page)
    assert "Game deleted." in html and f'action="{game}/restore"' in html
    assert f'href="{game}"' not in html
    assert client.get(game).status_code == 404
    assert client.get(f"{game}/history").status_code == 404
    assert client.get(api).status_code == 404
    assert client.post(f"{api}/rounds", json={"pips": {"Ana": 0, "Ben": 5}, "went_out": "Ana"}).status_code == 404
    assert _count(app, Change, _id(game)) == history
    assert _count(app, Round, _id(game)) == 2
    with app.app_context():
        stored = session().get(Game, _id(game))
        assert stored is not None and stored.deleted_at is not None and stored.version == before["version"] + 1


def test_undo_brings_the_game_back_with_every_round(client: FlaskClient) -> None:
    game = _played(client, "Ana", "Ben")
    api = f"/api/v1/games/{_id(game)}"
    before = client.get(api).get_json()
    client.post(f"{game}/delete")
    response = client.post(f"{game}/restore")
    assert response.status_code == 302 and response.headers["Location"] == game
    assert "Game restored." in text(client.get(game))
    after = client.get(api).get_json()
    assert after["rounds"] == before["rounds"] and after["players"] == before["players"]
    assert after["version"] == before["version"] + 2
    # restoring twice is harmless
    assert client.post(f"{game}/restore").status_code == 302
    assert client.get(api).get_json()["version"] == after["version"]
    assert f'href="{game}"' in text(client.get("/"))
    assert "Game deleted." not in text(client.get(f"/?deleted={_id(game)}"))


def test_deleting_twice_changes_nothing_more(app: Flask, client: FlaskClient) -> None:
    game = _played(client, "Ana", "Ben")
    client.post(f"{game}/delete")
    with app.app_context():
        first = session().get(Game, _id(game))
        assert first is not None
        version, deleted_at = first.version, first.deleted_at
    assert client.post(f"{game}/delete").status_code == 404
    with app.app_context():
        again = session().get(Game, _id(game))
        assert again is not None and (again.version, again.deleted_at) == (version, deleted_at)


def test_the_trash_lists_deleted_games_newest_first(client: FlaskClient) -> None:
    assert 'href="/trash"' in text(client.get("/"))
    assert "The trash is empty." in text(client.get("/trash"))
    first = _played(client, "Ana", "Ben")
    second = start_game(client, "Cleo", "Dan")
    kept = start_game(client, "Eva", "Fay")
    client.post(f"{first}/delete")
    client.post(f"{second}/delete")
    html = text(client.get("/trash"))
    assert html.index("Cleo, Dan") < html.index("Ana, Ben")
    assert "Eva, Fay" not in html
    assert f'action="{first}/restore"' in html and f'action="{second}/restore"' in html
    client.post(f"{first}/restore")
    html = text(client.get("/trash"))
    assert "Ana, Ben" not in html and "Cleo, Dan" in html
    assert client.get(first).status_code == 200 and client.get(kept).status_code == 200


def test_games_in_the_trash_for_more_than_30_days_are_purged(app: Flask, client: FlaskClient) -> None:
    old = _played(client, "Ana", "Ben")
    recent = _played(client, "Cleo", "Dan")
    kept = _played(client, "Eva", "Fay")
    client.post(f"{old}/delete")
    client.post(f"{recent}/delete")
    with app.app_context():
        db = session()
        db.execute(update(Game).where(Game.id == _id(old)).values(deleted_at=datetime.now(UTC) - timedelta(days=31)))
        db.execute(update(Game).where(Game.id == _id(recent)).values(deleted_at=datetime.now(UTC) - timedelta(days=29)))
        db.commit()
    html = text(client.get("/trash"))
    assert "Ana, Ben" not in html and "Cleo, Dan" in html
    for model in (Game, Seat, Round, Change):
        assert _count(app, model, _id(old)) == 0
        assert _count(app, model, _id(recent)) > 0
        assert _count(app, model, _id(kept)) > 0
    assert client.post(f"{old}/restore").status_code == 404  # purged: no game to restore, said at once
    assert client.get(old).status_code == 404
    assert client.post(f"{recent}/restore").status_code == 302
    assert client.get(recent).status_code == 200 and client.get(kept).status_code == 200


def test_undo_and_restore_need_the_csrf_token(app_with_csrf: Flask) -> None:
    with app_with_csrf.test_client() as client:
        created = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "set": 12})
        assert created.status_code == 201
        game = f"/games/{created.get_json()['id']}"
        with client.session_transaction() as s:
            s["games"] = [_id(game)]  # as if this phone had opened it
        with app_with_csrf.app_context():
            db = session()
            db.execute(update(Game).where(Game.id == _id(game)).values(deleted_at=datetime.now(UTC)))
            db.commit()
        assert client.post(f"{game}/restore").status_code == 400
        assert client.get(game).status_code == 404
        html = text(client.get("/trash"))
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
        assert token and "Ana, Ben" in html
        assert client.post(f"{game}/restore", data={"csrf_token": token.group(1)}).status_code == 302
        assert client.get(game).status_code == 200


def test_the_backup_carries_the_trash(app: Flask, client: FlaskClient) -> None:
    from scorekeeper.services.backup import backup_document

    game = _played(client, "Ana", "Ben")
    client.post(f"{game}/delete")
    with app.app_context():
        document = backup_document(session())
    games = document["games"]
    assert isinstance(games, list)
    (stored,) = [g for g in games if isinstance(g, dict) and g["id"] == _id(game)]
    assert stored["deleted_at"] is not None and len(stored["history"]) > 0  # type: ignore[arg-type]


def test_the_trash_shows_a_phone_only_its_own_games(app: Flask, client: FlaskClient) -> None:
    mine = start_game(client, "Ana", "Ben")
    client.post(f"{mine}/delete")
    with app.test_client() as other:
        theirs = start_game(other, "Cleo", "Dan")
        other.post(f"{theirs}/delete")
        html = text(other.get("/trash"))
        assert "Cleo, Dan" in html and "Ana, Ben" not in html
    html = text(client.get("/trash"))
    assert "Ana, Ben" in html and "Cleo, Dan" not in html
