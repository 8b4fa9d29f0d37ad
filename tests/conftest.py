"""Fixtures shared by the web and browser tests: an app on a fresh, migrated database."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.db import upgrade


def make_app(tmp_path: Path, **config: object) -> Flask:
    url = f"sqlite:///{tmp_path / 'test.sqlite3'}"
    upgrade(url)  # the same migrations `make run` applies
    return create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "test", **config})


@pytest.fixture(scope="session")
def app_factory() -> Callable[..., Flask]:
    """make_app, for fixtures in sub-folders that build their own app."""
    return make_app


@pytest.fixture
def app_with_csrf(tmp_path: Path) -> Flask:
    """The app as in production: CSRF checks on."""
    return make_app(tmp_path)


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return make_app(tmp_path, WTF_CSRF_ENABLED=False)


@pytest.fixture
def client(app: Flask) -> Iterator[FlaskClient]:
    with app.test_client() as c:
        yield c
