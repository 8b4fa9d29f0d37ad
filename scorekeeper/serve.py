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


def gunicorn_args(bind: str) -> list[str]:
    """The server settings `make run` uses (the benchmarks and load scripts serve with the same)."""
    return ["--bind", bind, "--workers", os.environ.get("WORKERS", "2")]


if __name__ == "__main__":
    main()
