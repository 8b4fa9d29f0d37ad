"""The same game on PostgreSQL: DATABASE_URL switches databases with no code change.

Runs when TEST_DATABASE_URL names a PostgreSQL database it may wipe (CI sets one up).
"""

from __future__ import annotations

import os

import pytest
from sqlalchemy import create_engine, text

from scorekeeper import create_app
from scorekeeper.services.results import upgrade

URL = os.environ.get("TEST_DATABASE_URL", "")

pytestmark = pytest.mark.skipif(not URL.startswith("postgres"), reason="TEST_DATABASE_URL names no PostgreSQL database")


def test_a_whole_game_on_postgresql() -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": URL, "SECRET_KEY": "test"})
    url = app.config["DATABASE_URL"]
    with create_engine(url).begin() as connection:  # a clean slate each run
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    upgrade(url)
    client = app.test_client()
    game = client.post("/api/v1/games", json={"players": ["Ana", "Šárka", "João"]}).get_json()
    rounds = f"/api/v1/games/{game['id']}/rounds"
    for r in range(13):
        response = client.post(rounds, json={"pips": {"Ana": r, "Šárka": 0, "João": 2 * r}, "went_out": "Šárka"})
        assert response.status_code == 201
    assert (
        client.put(f"{rounds}/1", json={"pips": {"Ana": 100, "Šárka": 0, "João": 0}, "went_out": "Šárka"}).status_code
        == 200
    )
    body = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert body["finished"] is True
    assert body["winners"] == ["Šárka"]
    assert [s["total"] for s in body["standings"]] == [0, 156, 178]
    assert client.delete(f"{rounds}/13").get_json()["finished"] is False
    assert "round undone" in client.get(f"/games/{game['id']}/history").get_data(as_text=True)


def test_two_app_servers_on_one_postgresql_fill_a_round_together() -> None:
    """Two apps (two servers) on one database: what one phone sends, the other's phones see and complete."""
    first = create_app({"TESTING": True, "DATABASE_URL": URL, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})
    second = create_app({"TESTING": True, "DATABASE_URL": URL, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})
    upgrade(URL)
    a, b = first.test_client(), second.test_client()
    game = a.post("/api/v1/games", json={"players": ["Ana", "Ben"]}).get_json()
    live = f"/api/v1/games/{game['id']}/live"
    tag = b.get(live).get_json()["tag"]
    json_please = {"Accept": "application/json"}
    sent = a.post(f"/games/{game['id']}/rounds/1/mine", data={"seat": "1", "pips-1": "14"}, headers=json_please)
    assert sent.status_code == 200 and sent.get_json()["stored"] is False
    moved = b.get(live, headers={"If-None-Match": f'"{tag}"'})
    assert moved.status_code == 200 and moved.get_json()["tag"] != tag  # the other server sees it at once
    assert 'value="14"' in b.get(f"/games/{game['id']}/rounds/new").get_data(as_text=True)
    done = b.post(
        f"/games/{game['id']}/rounds/1/mine", data={"seat": "0", "pips-0": "0", "went_out": "0"}, headers=json_please
    )
    assert done.get_json()["stored"] is True
    stored = a.get(f"/api/v1/games/{game['id']}").get_json()["rounds"]
    assert len(stored) == 1 and stored[0]["pips"] == {"Ana": 0, "Ben": 14} and stored[0]["went_out"] == "Ana"
