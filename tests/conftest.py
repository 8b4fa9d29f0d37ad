"""Fixtures shared by the web and browser tests: an app on a fresh, migrated database; and the clock a year
ahead when TEST_CLOCK_AHEAD_DAYS asks for it."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import time_machine
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.services.results import upgrade

CLOCK_AHEAD = "TEST_CLOCK_AHEAD_DAYS"
"""Days to move the clock ahead for the whole run (`make test` runs ``pytest -m dates`` 400 days ahead), so that
a test that only passes near the day it was written fails at once instead of on some later day."""

_travel: time_machine.travel | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _travel
    days = os.environ.get(CLOCK_AHEAD, "").strip()
    if days:
        # tick: the clock runs on from there, so times taken one after another still differ and keep their order
        _travel = time_machine.travel(datetime.now(UTC) + timedelta(days=int(days)), tick=True)
        _travel.start()


def pytest_unconfigure(config: pytest.Config) -> None:
    if _travel is not None:
        _travel.stop()


def pytest_report_header(config: pytest.Config) -> str | None:
    return (
        f"clock: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC ({CLOCK_AHEAD}={os.environ[CLOCK_AHEAD]})" if _travel else None
    )


@pytest.hookimpl(tryfirst=True)  # before `-m` picks the tests
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # a test on a clock of its own reads the date, so the year-ahead run takes it too
    for item in items:
        on_a_clock = item.get_closest_marker("time_machine") or "time_machine" in getattr(item, "fixturenames", ())
        if on_a_clock and not item.get_closest_marker("dates"):
            item.add_marker(pytest.mark.dates)


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


REDIS_SERVER = "redis-server"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A throwaway Redis (Debian's ``redis-server``) on a free port for the whole run, nothing kept on disk: its
    address. Skipped without the binary, unless REQUIRE_BROWSER=1 (CI), where a missing Redis must fail."""
    binary = shutil.which(REDIS_SERVER)
    if binary is None:
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail("REQUIRE_BROWSER=1 but redis-server is not installed (apt-get install redis-server)")
        pytest.skip("redis-server is not installed")
    import redis

    port = _free_port()
    folder = tmp_path_factory.mktemp("redis")
    args = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    server = subprocess.Popen([*args, "--dir", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url)
    try:
        for _ in range(200):  # it listens within a few milliseconds; up to ten seconds on a busy machine
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if server.poll() is not None:
                    pytest.fail(f"redis-server stopped at once (exit code {server.returncode})")
                time.sleep(0.05)
        else:
            pytest.fail("redis-server did not answer within ten seconds")
        yield url
    finally:
        client.close()
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture
def redis_url(redis_server: str) -> str:
    """The throwaway Redis, emptied for this test: the address to give ``RATELIMIT_STORAGE_URI``."""
    import redis

    with redis.Redis.from_url(redis_server) as client:
        client.flushall()
    return redis_server
