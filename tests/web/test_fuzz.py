"""Thousands of malformed requests across every JSON endpoint and HTML form: never a 5xx, and every /api/ error
is JSON with a short "error" sentence. ``scripts/fuzz.py`` runs the same generators for as long as asked."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, Phase, given, settings

from .fuzzing import Games, Request, endpoints, fuzz_app, problem, send, setup_games
from .helpers import DATABASES, POSTGRES_URL, fresh_postgres_app
from .test_openapi import test_schemathesis_finds_no_5xx_and_no_undocumented_answer as schemathesis_run

EXAMPLES = 100
"""Requests per endpoint: 27 endpoints, about 2,700 requests in all (`make fuzz` sends 10,000 on each database)."""


@pytest.fixture(scope="module", params=DATABASES)
def fuzzed(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, app_factory
) -> Iterator[tuple[FlaskClient, Games]]:  # type: ignore[no-untyped-def]
    """A client and its games on SQLite, and on PostgreSQL when TEST_DATABASE_URL names one."""
    if request.param == "sqlite":
        tmp: Path = tmp_path_factory.mktemp("fuzz")
        app = fuzz_app(app_factory(tmp, WTF_CSRF_ENABLED=False))
    else:
        app = fuzz_app(fresh_postgres_app(WTF_CSRF_ENABLED=False))
    with app.test_client() as client:
        yield client, setup_games(client)


NAMES = sorted(endpoints(Games(("x",))))


@pytest.mark.parametrize("endpoint", NAMES)
def test_malformed_requests_get_a_clear_4xx(fuzzed: tuple[FlaskClient, Games], endpoint: str) -> None:
    client, games = fuzzed
    requests = endpoints(games)[endpoint]

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    @given(requests)
    def run(request: Request) -> None:
        found = problem(request, send(client, request))
        assert found is None, found

    run()


@pytest.mark.skipif(not POSTGRES_URL.startswith("postgres"), reason="TEST_DATABASE_URL names no PostgreSQL database")
def test_schemathesis_finds_no_5xx_on_postgresql() -> None:
    """The schema-driven fuzz of tests/web/test_openapi.py, on PostgreSQL (which refuses what SQLite lets by)."""
    schemathesis_run(fuzz_app(fresh_postgres_app(WTF_CSRF_ENABLED=False)))
