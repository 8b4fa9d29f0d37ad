"""Send N malformed requests (default 10,000) to every endpoint and print how each was answered.

    .venv/bin/python scripts/fuzz.py                       # a fresh SQLite file in a temporary folder
    .venv/bin/python scripts/fuzz.py -n 20000 --wipe --url postgresql://user:pass@127.0.0.1/scratch
    make fuzz FUZZ_DATABASE_URL=postgresql://user:pass@127.0.0.1/scratch   # 10,000 on SQLite, then PostgreSQL

The generators are those of tests/web/test_fuzz.py (tests/web/fuzzing.py). The database is migrated and gets
a few games of its own; use a scratch database. Exits 1 if any request got a 5xx, an /api/ error that is not
JSON with an "error" sentence, or an error that echoes a long value back.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flask.testing import FlaskClient  # noqa: E402
from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis.strategies import SearchStrategy  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.services.results import upgrade  # noqa: E402
from tests.web.fuzzing import Request, endpoints, fuzz_app, problem, send, setup_games  # noqa: E402


def fuzz(client: FlaskClient, strategy: SearchStrategy[Request], n: int, problems: list[str]) -> Counter[int]:
    """Send ``n`` requests drawn from ``strategy``; the answers' statuses, counted."""
    counts: Counter[int] = Counter()

    @settings(
        max_examples=n, deadline=None, database=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck)
    )
    @given(strategy)
    def run(request: Request) -> None:
        response = send(client, request)
        counts[response.status_code] += 1
        found = problem(request, response)
        if found is not None:
            problems.append(found)

    run()
    return counts


def wipe(url: str) -> None:
    """Empty a scratch database: its tables and the migrations' record of them go."""
    from sqlalchemy import MetaData, create_engine

    engine = create_engine(url)
    tables = MetaData()
    tables.reflect(engine)
    tables.drop_all(engine)
    engine.dispose()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--requests", type=int, default=10_000, help="how many requests in all")
    parser.add_argument("--url", help="DATABASE_URL (default: a new SQLite file)")
    parser.add_argument("--csrf", action="store_true", help="keep CSRF checks on (forms then mostly answer 400)")
    parser.add_argument("--wipe", action="store_true", help="drop every table of the --url database first")
    args = parser.parse_args()
    url = args.url or f"sqlite:///{Path(tempfile.mkdtemp()) / 'fuzz.sqlite3'}"
    if args.wipe and args.url:
        wipe(args.url)
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "fuzz", "WTF_CSRF_ENABLED": args.csrf})
    upgrade(app.config["DATABASE_URL"])
    fuzz_app(app)
    client = app.test_client()
    games = setup_games(client)
    strategies = endpoints(games)
    per_endpoint = max(1, -(-args.requests // len(strategies)))  # rounded up: at least as many as asked
    statuses: Counter[int] = Counter()
    by_endpoint: dict[str, Counter[int]] = {}
    problems: list[str] = []
    started = time.monotonic()
    print(f"{per_endpoint * len(strategies)} requests, {per_endpoint} per endpoint, on {url.split('@')[-1]}")
    for name, strategy in strategies.items():
        counts = fuzz(client, strategy, per_endpoint, problems)
        by_endpoint[name] = counts
        statuses.update(counts)
        print(f"  {name:40} {sum(counts.values()):6}  " + "  ".join(f"{s}: {n}" for s, n in sorted(counts.items())))
    print(f"all {sum(statuses.values())} in {time.monotonic() - started:.0f} s: ", end="")
    print(", ".join(f"{s}: {n}" for s, n in sorted(statuses.items())))
    for found in problems[:20]:
        print("PROBLEM", found[:400])
    print(f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
