"""``GET /healthz`` tells a load balancer whether this instance can serve: 200 while the database answers, 503
with a short reason when it does not; open without signing in, and never kept by anyone."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from flask import Flask

from scorekeeper import create_app
from scorekeeper.db import engine


def test_healthz_answers_ok_while_the_database_answers(app: Flask) -> None:
    response = app.test_client().get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"ok": True}
    assert response.headers["Cache-Control"] == "no-store"


def test_healthz_needs_no_household_password(tmp_path: Path, app_factory: Callable[..., Flask]) -> None:
    guarded = app_factory(tmp_path, SCOREKEEPER_PASSWORD="dominoes at nonna's")
    with guarded.test_client() as client:
        assert client.get("/games").status_code == 302  # everything else asks for the password
        response = client.get("/healthz")
        assert response.status_code == 200 and response.get_json() == {"ok": True}


def test_healthz_answers_503_with_the_reason_when_the_database_does_not_answer(tmp_path: Path) -> None:
    unreachable = f"sqlite:///{tmp_path / 'no such folder' / 'scorekeeper.sqlite3'}"
    app = create_app({"TESTING": True, "DATABASE_URL": unreachable, "SECRET_KEY": "test"})
    response = app.test_client().get("/healthz")
    assert response.status_code == 503
    assert response.get_json() == {"ok": False, "error": "the database does not answer"}
    assert response.headers["Cache-Control"] == "no-store"


def test_healthz_answers_503_for_a_postgresql_server_that_is_not_there(tmp_path: Path) -> None:
    app = create_app(
        {"TESTING": True, "DATABASE_URL": "postgresql://sk:sk@127.0.0.1:1/none?connect_timeout=2", "SECRET_KEY": "t"}
    )
    response = app.test_client().get("/healthz")
    assert response.status_code == 503 and response.get_json()["ok"] is False


def test_healthz_asks_the_database_anew_each_time(tmp_path: Path, app_factory: Callable[..., Flask]) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    app = app_factory(folder)
    client = app.test_client()
    assert client.get("/healthz").status_code == 200
    with app.app_context():
        engine().dispose()  # its open connections closed: the next check has to reach the file again
    folder.rename(tmp_path / "gone")
    assert client.get("/healthz").status_code == 503
