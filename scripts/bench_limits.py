"""What hosted mode's limits cost a request: a signed-in phone's check for changes (``GET .../live``, the request
every open table screen sends every second or two) and a write, through the whole Flask app in this process, with
the limits off, counted in memory, and counted in a throwaway Redis (what several instances share). Prints
microseconds per request (median of five runs) and the extra each way of counting costs.

    .venv/bin/python scripts/bench_limits.py --requests 2000
"""

from __future__ import annotations

import argparse
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from flask import Flask

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scorekeeper import create_app, throttle  # noqa: E402
from scorekeeper.services.results import upgrade  # noqa: E402

PASSPHRASE = "four dominoes on the train"


def _app(folder: Path, storage: str | None) -> Flask:
    url = f"sqlite:///{folder / 'bench.sqlite3'}"
    upgrade(url)
    generous = dict.fromkeys(throttle.HOSTED_DEFAULTS, "1000000 per minute")
    config = {"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False}
    app = create_app(
        {**config, "SCOREKEEPER_HOSTED": True, "RATELIMIT_STORAGE_URI": storage or "memory://", **generous}
    )
    if storage is None:  # the limits taken out: what the request costs without them
        app.before_request_funcs[None].remove(throttle._check_hosted)
    return app


def _per_request(app: Flask, requests: int) -> tuple[float, float]:
    """Microseconds per live check and per write (median of five runs)."""
    client = app.test_client()
    made = client.post(
        "/welcome/create",
        data={
            "create-name": f"Bench {time.monotonic_ns()}",
            "create-passphrase": PASSPHRASE,
            "create-passphrase_again": PASSPHRASE,
            "create-player": "Ana",
        },
    )
    assert made.status_code == 302, made.status_code
    game = client.post("/api/v1/games", json={"players": ["Ana", "Bo"]}).get_json()["id"]
    live = f"/api/v1/games/{game}/live"
    write = f"/api/v1/games/{game}/seats"  # a refused write (422: no name) costs the checks, stores nothing

    def timed(send: object) -> float:
        runs = []
        for _ in range(5):
            began = time.perf_counter()
            for _ in range(requests):
                send()  # type: ignore[operator]
            runs.append((time.perf_counter() - began) / requests * 1e6)
        return statistics.median(runs)

    return timed(lambda: client.get(live)), timed(lambda: client.post(write, json={}))


def _redis(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    binary = shutil.which("redis-server")
    if binary is None:
        sys.exit("redis-server is not installed (apt-get install redis-server)")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    args = [
        binary,
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        str(folder),
    ]
    server = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import redis

    for _ in range(200):
        try:
            redis.Redis(port=port).ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    return server, f"redis://127.0.0.1:{port}/0"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=2000)
    requests = parser.parse_args().requests
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        server, url = _redis(folder)
        try:
            rows = []
            for label, storage in (("no limits", None), ("in memory", "memory://"), ("in Redis", url)):
                where = folder / label.replace(" ", "-")
                where.mkdir()
                rows.append((label, *_per_request(_app(where, storage), requests)))
        finally:
            server.terminate()
            server.wait()
    base_live, base_write = rows[0][1], rows[0][2]
    print(f"{'limits':<10} {'live check µs':>14} {'extra':>7} {'write µs':>9} {'extra':>7}")
    for label, live, write in rows:
        print(f"{label:<10} {live:>14.0f} {live - base_live:>+7.0f} {write:>9.0f} {write - base_write:>+7.0f}")


if __name__ == "__main__":
    main()
