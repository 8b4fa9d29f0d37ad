"""The same game on PostgreSQL: DATABASE_URL switches databases with no code change.

Runs when TEST_DATABASE_URL names a PostgreSQL database it may wipe (CI sets one up).
"""

from __future__ import annotations

import os

import pytest
from sqlalchemy import create_engine, text

from scorekeeper import create_app
from scorekeeper.db import upgrade

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
    assert client.put(f"{rounds}/1", json={"pips": {"Ana": 100, "Šárka": 0, "João": 0}}).status_code == 200
    body = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert body["finished"] is True
    assert body["winners"] == ["Šárka"]
    assert [s["total"] for s in body["standings"]] == [0, 156, 178]
    assert client.delete(f"{rounds}/13").get_json()["finished"] is False
    assert "round undone" in client.get(f"/games/{game['id']}/history").get_data(as_text=True)
