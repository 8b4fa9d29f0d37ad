"""Web benchmark: requests per second and latency of the app's pages next to a Flask hello-world app.

Both are served by gunicorn with `make run`'s settings (scorekeeper.serve.gunicorn_args) on 127.0.0.1; each
target gets --connections clients (separate processes, each sending one request after another) for --seconds.
Prints requests/s, p50 and p99 per target, and each target's cost as a multiple of hello-world's: how many
hello-world requests the server answers in the time of one of the target's (its requests/s share, inverted),
and its p99 over hello-world's. The live check is what every open page of a game asks every 1.5 s.

    .venv/bin/python scripts/bench_web.py --seconds 10 --connections 16
"""

from __future__ import annotations

import argparse
import http.client
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from served import call, free_port, fresh_database, start, stop_server  # noqa: E402  (scripts/ is not a package)


def _client(port: int, path: str, headers: dict[str, str], seconds: float) -> tuple[int, list[float], int]:
    """One client: requests one after another until the time is up; (answered, latencies, failures)."""
    latencies: list[float] = []
    failures = 0
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        began = time.monotonic()
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", path, headers=headers)
            response = connection.getresponse()
            response.read()
            connection.close()
            if response.status >= 400:
                failures += 1
                continue
        except OSError:
            failures += 1
            continue
        latencies.append(time.monotonic() - began)
    return len(latencies), latencies, failures


def measure(port: int, path: str, headers: dict[str, str], seconds: float, connections: int) -> dict[str, float]:
    with ProcessPoolExecutor(max_workers=connections) as pool:
        runs = list(pool.map(_client, *zip(*[(port, path, headers, seconds)] * connections)))
    latencies = sorted(x for _, lat, _ in runs for x in lat)
    answered = sum(n for n, _, _ in runs)
    return {
        "rps": answered / seconds,
        "p50": latencies[len(latencies) // 2] if latencies else float("nan"),
        "p99": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else float("nan"),
        "failures": float(sum(f for _, _, f in runs)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per target")
    parser.add_argument("--connections", type=int, default=16, help="clients sending at once")
    options = parser.parse_args(argv)

    work, env = fresh_database("scorekeeper-bench-")
    results: dict[str, dict[str, float]] = {}
    hello_port = free_port()
    hello = start(env, hello_port, work / "hello.log", app="scripts.hello_app:app")
    try:
        results["Flask hello-world"] = measure(hello_port, "/", {}, options.seconds, options.connections)
    finally:
        stop_server(hello)

    port = free_port()
    server = start(env, port, work / "gunicorn.log")
    try:
        api = f"http://127.0.0.1:{port}/api/v1"
        players = ["Ana", "Ben", "Cleo", "Dan"]
        _, game = call(api, "POST", "/games", {"players": players})
        for number in range(1, 8):
            pips = {name: (0 if i == 0 else 5 * i + number) for i, name in enumerate(players)}
            call(api, "POST", f"/games/{game['id']}/rounds", {"number": number, "pips": pips, "went_out": "Ana"})
        _, tag = call(api, "GET", f"/games/{game['id']}/live")
        targets = {
            "live check, unchanged (304)": (f"/api/v1/games/{game['id']}/live", {"If-None-Match": f'"{tag["tag"]}"'}),
            "table screen GET /games/<id>": (f"/games/{game['id']}", {}),
            "GET /api/v1/games/<id>": (f"/api/v1/games/{game['id']}", {}),
        }
        for label, (path, headers) in targets.items():
            results[label] = measure(port, path, headers, options.seconds, options.connections)
    finally:
        stop_server(server)

    floor = results["Flask hello-world"]
    print(f"gunicorn as `make run` serves; {options.connections} clients, {options.seconds:.0f} s per target")
    print(f"{'target':34} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'cost':>6} {'p99 x':>6}")
    for label, r in results.items():
        cost = floor["rps"] / r["rps"] if r["rps"] else float("inf")
        print(
            f"{label:34} {r['rps']:8.0f} {r['p50'] * 1000:8.1f} {r['p99'] * 1000:8.1f}"
            f" {cost:6.2f} {r['p99'] / floor['p99']:6.2f}"
            + (f"  ({r['failures']:.0f} failed)" if r["failures"] else "")
        )
    print("cost: hello-world requests answered in the time of one of the target's (1.00 = as cheap as hello-world)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
