"""`make run`: print where to open the app, then serve it with gunicorn."""

from __future__ import annotations

import os
import socket
import sys


def lan_address() -> str | None:
    """The address other devices on this network reach us at (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # UDP connect only picks a route; nothing is sent
        address: str = probe.getsockname()[0]
        return None if address.startswith("127.") else address
    except OSError:
        return None
    finally:
        probe.close()


def main() -> None:
    host = os.environ.get("HOST", "0.0.0.0")
    port = os.environ.get("PORT", "8000")
    print(f"scorekeeper is starting on {host}:{port}")
    print(f"  on this computer:  http://localhost:{port}/")
    lan = lan_address()
    if lan and host in ("0.0.0.0", "::", lan):
        print(f"  on a phone on the same Wi-Fi:  http://{lan}:{port}/")
    sys.stdout.flush()
    args = ["gunicorn", *gunicorn_args(f"{host}:{port}"), "--access-logfile", "-", "scorekeeper.wsgi:app"]
    os.execvp(os.path.join(os.path.dirname(sys.executable), "gunicorn"), args)


SETTINGS = {
    # environment variable: (gunicorn option, default)
    "WORKERS": ("--workers", "2"),
    "THREADS": ("--threads", "4"),
    "TIMEOUT": ("--timeout", "30"),
    "KEEPALIVE": ("--keep-alive", "5"),
    "GRACEFUL_TIMEOUT": ("--graceful-timeout", "10"),
}
"""What `make run` serves with, each changeable by its environment variable (README, "Serving"):

- two worker processes: one per core of a small machine, so a page being drawn never waits for another;
  each holds its own copy of the app (about 60 MB), which a Raspberry Pi with 1 GB can afford twice;
- four threads each (the gthread worker): most of a request is waiting for the database or for a phone's
  Wi-Fi to take the answer, and threads let one worker answer the other phones meanwhile; with keep-alive,
  a phone that checks its game every 1.5 s reuses its connection instead of opening a new one each time;
- a 30 s timeout: no page takes more than a fraction of a second, so a worker stuck that long is restarted."""


def gunicorn_args(bind: str) -> list[str]:
    """The server settings `make run` uses (the benchmarks and load scripts serve with the same)."""
    args = ["--bind", bind, "--worker-class", os.environ.get("WORKER_CLASS", "gthread")]
    args += ["--config", "python:scorekeeper.gunicorn_conf"]  # its hooks: a refused body closes its connection
    for variable, (option, default) in SETTINGS.items():
        args += [option, os.environ.get(variable, default)]
    return args


if __name__ == "__main__":
    main()
