"""Web benchmark: requests per second and latency of the app's pages next to a Flask hello-world app.

Both are served by gunicorn with `make run`'s settings (scorekeeper.serve.gunicorn_args) on 127.0.0.1, side by
side; each target is measured alternately with hello-world (hello, target, hello, target, each for half of
--seconds) so that both see the same machine. Each client is a separate process sending one request after
another on its own connection. Prints requests/s, p50 and p99 per target and, against hello-world measured
alongside it, its share of hello-world's requests/s and its p99 as a multiple of hello-world's. The round POST
is measured beside a third app too, the least a durable round write costs (scripts/write_floor_app.py).

    .venv/bin/python scripts/bench_web.py --seconds 10 --connections 16
    .venv/bin/python scripts/bench_web.py --scale      # the lists at 10 and 100,000 games (scripts/bench_scale.py)
    .venv/bin/python scripts/bench_web.py --database-url postgresql://...   # the app on PostgreSQL
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_phone import report as as_a_phone  # noqa: E402
from served import call, cpu_ticks, free_port, fresh_database, start, steal_line, stop_server  # noqa: E402  (scripts/ is not a package)


@dataclass(frozen=True)
class Target:
    method: str
    path: str
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes | None = None
    spread: tuple[str, ...] = ()
    """Paths to take turns with instead of ``path``: writes spread over many games, none growing long."""


def _client(port: int, target: Target, seconds: float) -> tuple[list[float], int]:
    """One client on one kept-open connection: requests one after another until the time is up."""
    latencies: list[float] = []
    failures = 0
    connection: http.client.HTTPConnection | None = None
    ends = time.monotonic() + seconds
    turn = random.randrange(1_000_000)
    while time.monotonic() < ends:
        began = time.monotonic()
        turn += 1
        path = target.spread[turn % len(target.spread)] if target.spread else target.path
        try:
            connection = connection or http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request(target.method, path, body=target.body, headers=target.headers)
            response = connection.getresponse()
            response.read()
            if response.getheader("Connection", "").lower() == "close":
                connection.close()
                connection = None
        except (OSError, http.client.HTTPException):
            if connection is not None:
                connection.close()
            connection = None
            failures += 1
            continue
        if response.status >= 400:
            failures += 1
            continue
        latencies.append(time.monotonic() - began)
    return latencies, failures


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    failures: int = 0
    seconds: float = 0.0

    def add(self, port: int, target: Target, seconds: float, connections: int) -> None:
        with ProcessPoolExecutor(max_workers=connections) as pool:
            runs = list(pool.map(_client, [port] * connections, [target] * connections, [seconds] * connections))
        for latencies, failures in runs:
            self.latencies.extend(latencies)
            self.failures += failures
        self.seconds += seconds

    @property
    def rps(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def quantile(self, share: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("nan")


def _fill(port: int) -> dict[str, Target]:
    """A 4-player game with 7 rounds (as the issue measured), and 200 open Super Domino evenings to write hands
    to in turn (one evening would grow by thousands of hands during the run and slow down as it grows)."""
    api = f"http://127.0.0.1:{port}/api/v1"
    players = ["Ana", "Ben", "Cleo", "Dan"]
    _, game = call(api, "POST", "/games", {"players": players})
    for number in range(1, 8):
        pips = {name: (0 if i == 0 else 5 * i + number) for i, name in enumerate(players)}
        call(api, "POST", f"/games/{game['id']}/rounds", {"number": number, "pips": pips, "went_out": "Ana"})
    _, tag = call(api, "GET", f"/games/{game['id']}/live")
    evenings = [call(api, "POST", "/games", {"game": "super-domino", "players": players})[1] for _ in range(200)]
    hand = {"pips": {"Ana": 0, "Ben": 12, "Cleo": 20, "Dan": 7}, "tiles": {"Ana": 0, "Ben": 2, "Cleo": 3, "Dan": 1}}
    body = json.dumps({**hand, "went_out": "Ana"}).encode()
    return {
        "live check, unchanged (304)": Target(
            "GET", f"/api/v1/games/{game['id']}/live", {"If-None-Match": f'"{tag["tag"]}"'}
        ),
        TABLE: Target("GET", f"/games/{game['id']}"),
        "GET /api/v1/games/<id>": Target("GET", f"/api/v1/games/{game['id']}"),
        "GET /rules": Target("GET", "/rules"),
        ROUND_POST: Target(
            "POST",
            "",
            JSON,
            body,
            tuple(f"/api/v1/games/{e['id']}/rounds" for e in evenings),
        ),
    }


TABLE = "table screen GET /games/<id>"
ROUND_POST = "POST /api/v1/games/<id>/rounds"
WRITE_FLOOR = "  durable write floor (same POST)"
JSON = {"Content-Type": "application/json"}


def _floor_target(body: bytes) -> Target:
    """The same round sent to scripts/write_floor_app.py, spread over its 200 games."""
    return Target("POST", "", JSON, body, tuple(f"/games/{n}/rounds" for n in range(200)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per target (and as long for hello-world)")
    parser.add_argument("--connections", type=int, default=16, help="clients sending at once")
    parser.add_argument("--scale", action="store_true", help="time the lists at 10 and 100,000 games instead")
    parser.add_argument("--only", default="", help="measure only the targets whose label holds this text")
    parser.add_argument("--no-phone", action="store_true", help="leave out the figures as a phone asks")
    parser.add_argument(
        "--database-url",
        default="",
        help="serve this database (migrated first; games are added to it) instead of a "
        "fresh SQLite file, e.g. postgresql://user:password@127.0.0.1/scratch",
    )
    options = parser.parse_args(argv)
    if options.scale:
        from bench_scale import main as scale

        return scale([])

    work, env = fresh_database("scorekeeper-bench-")
    if options.database_url:
        from scorekeeper.services.results import upgrade

        upgrade(options.database_url)
        env["DATABASE_URL"] = options.database_url
    hello_port, port, write_floor_port = free_port(), free_port(), free_port()
    hello = start(env, hello_port, work / "hello.log", app="scripts.hello_app:app")
    server = start(env, port, work / "gunicorn.log")
    floor_env = {**env, "FLOOR_DATABASE": str(work / "write-floor.sqlite3")}
    write_floor = start(floor_env, write_floor_port, work / "write-floor.log", app="scripts.write_floor_app:app")
    rows: list[tuple[str, Tally, Tally]] = []
    began = cpu_ticks()
    try:
        targets = _fill(port)
        table = targets[TABLE].path
        half = options.seconds / 2
        for label, target in targets.items():
            if options.only not in label:
                continue
            # the round POST is measured beside the least a durable write costs, too (scripts/write_floor_app.py)
            beside = _floor_target(target.body or b"") if label == ROUND_POST else None
            hello_run, measured, bare_write = Tally(), Tally(), Tally()
            for _ in range(2):  # alternately, so that all see the same machine
                hello_run.add(hello_port, Target("GET", "/"), half, options.connections)
                measured.add(port, target, half, options.connections)
                if beside is not None:
                    bare_write.add(write_floor_port, beside, half, options.connections)
            rows.append((label, measured, hello_run))
            if beside is not None:
                rows.append((WRITE_FLOOR, bare_write, hello_run))
        if not options.no_phone:
            phone = as_a_phone(port, hello_port, server.pid, hello.pid, table.rsplit("/", 1)[1], options.seconds)
    finally:
        stop_server(server)
        stop_server(hello)
        stop_server(write_floor)

    print(f"gunicorn as `make run` serves; {options.connections} clients, {options.seconds:.0f} s per target")
    print(f"{'target':32} {'req/s':>7} {'p50 ms':>7} {'p99 ms':>7} {'hello req/s':>11} {'share':>6} {'p99 x':>6}")
    for label, r, hello_run in rows:
        failed = f"  ({r.failures} failed)" if r.failures else ""
        print(
            f"{label:32} {r.rps:7.0f} {r.quantile(0.5) * 1000:7.1f} {r.quantile(0.99) * 1000:7.1f}"
            f" {hello_run.rps:11.0f} {r.rps / hello_run.rps:6.2f}"
            f" {r.quantile(0.99) / hello_run.quantile(0.99):6.2f}{failed}"
        )
    print("share: the target's requests/s over hello-world's measured alongside (1.00 = as cheap as hello-world)")
    measured_rows = {label: r for label, r, _ in rows}
    if ROUND_POST in measured_rows and WRITE_FLOOR in measured_rows:
        post, bare_write = measured_rows[ROUND_POST], measured_rows[WRITE_FLOOR]
        print(
            f"round POST: {post.rps / bare_write.rps:.2f} of the durable write floor's requests/s, p99"
            f" {post.quantile(0.99) / bare_write.quantile(0.99):.2f}x its (the floor writes the same round and"
            " answers its version, with none of the app's checks, rules, history or game view)"
        )
    if not options.no_phone:
        print(phone)
    print(steal_line(began, cpu_ticks()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
