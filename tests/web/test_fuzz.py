"""Thousands of malformed requests across every JSON endpoint and HTML form: never a 5xx, and every /api/ error
is JSON with a short "error" sentence. ``scripts/fuzz.py`` runs the same generators for as long as asked."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, Phase, given, settings

from .fuzzing import Games, Request, endpoints, fuzz_app, problem, send, setup_games

EXAMPLES = 100
"""Requests per endpoint: 26 endpoints, about 2,600 requests in all (`make fuzz` sends 10,000 on each database)."""


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory, app_factory) -> Iterator[tuple[FlaskClient, Games]]:  # type: ignore[no-untyped-def]
    tmp: Path = tmp_path_factory.mktemp("fuzz")
    app = fuzz_app(app_factory(tmp, WTF_CSRF_ENABLED=False))
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
