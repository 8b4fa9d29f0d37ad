"""Serving the app for the scripts that measure it: gunicorn with `make run`'s settings on 127.0.0.1, a fresh
SQLite database of its own, and a small JSON client. Shared by crash_test, live_load and bench_web."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper.serve import gunicorn_args  # noqa: E402  (the path above makes the package importable)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def call(base: str, method: str, path: str, body: object = None, timeout: float = 5) -> tuple[int, Any]:
    """One JSON request; the status and the decoded body (None when there is none)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def fresh_database(prefix: str) -> tuple[Path, dict[str, str]]:
    """A new folder with a migrated SQLite database, and the environment that points the app at it."""
    from scorekeeper.services.results import upgrade

    work = Path(tempfile.mkdtemp(prefix=prefix))
    url = f"sqlite:///{work / 'scorekeeper.sqlite3'}"
    upgrade(url)
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": prefix, "SCOREKEEPER_INSTANCE": str(work)}
    return work, env


def start(env: dict[str, str], port: int, log: Path, app: str = "scorekeeper.wsgi:app") -> subprocess.Popen[bytes]:
    """gunicorn as `make run` starts it, in its own process group (one signal takes the master and its workers);
    returns once it answers."""
    gunicorn = Path(sys.executable).parent / "gunicorn"
    args = [str(gunicorn), *gunicorn_args(f"127.0.0.1:{port}"), app]
    with log.open("ab") as out:
        server = subprocess.Popen(args, env=env, cwd=ROOT, stdout=out, stderr=out, start_new_session=True)
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1):
                return server
        except urllib.error.HTTPError:
            return server  # any answer at all: it is up
        except OSError:
            pass
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited with {server.returncode}; see {log}")
        time.sleep(0.1)
    raise SystemExit(f"gunicorn did not answer within 30 s; see {log}")


def stop_server(server: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    os.killpg(server.pid, sig)
    server.wait()


def cpu_ticks() -> list[int] | None:
    """The machine's CPU time so far by kind (/proc/stat's first line), None where there is no /proc."""
    try:
        with open("/proc/stat") as stat:
            return [int(n) for n in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return None


def stolen_share(before: list[int] | None, after: list[int] | None) -> float | None:
    """The share of the CPU time between two cpu_ticks() that the host of a virtual machine took for others
    ("steal"): while it is more than a few percent, figures measured meanwhile do not compare with other runs."""
    if not before or not after or len(before) < 8 or len(after) < 8:
        return None
    spent = [b - a for a, b in zip(before, after, strict=False)]
    return spent[7] / sum(spent) if sum(spent) else 0.0


def steal_line(before: list[int] | None, after: list[int] | None) -> str:
    share = stolen_share(before, after)
    if share is None:
        return "steal: not known on this system"
    return f"steal: the host took {share:.0%} of this machine's CPU time during the run"
