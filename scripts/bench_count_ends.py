"""The photo counter as its users reach it: ``scorekeeper count PHOTO --json`` and ``POST /api/v1/count`` on the real
server, each development photo once, pinned to one core (issue 27: under 1.5 s and 400 MB a photo).

The command is run afresh for every photo, so its time includes starting Python and loading NumPy and OpenCV:
what a script calling it pays. The API is the gunicorn server ``make run`` starts (``python -m scorekeeper.serve``),
with one worker and one thread, on 127.0.0.1 and a database of its own in a temporary folder; its time is the
request's wall time from this process, its CPU and memory the worker's own (``/proc``). The server stops at the end.

    .venv/bin/python scripts/bench_count_ends.py          # part of make bench-photo
"""

from __future__ import annotations

import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
ONE_CORE = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
TICKS = os.sysconf("SC_CLK_TCK")


def on_one_core() -> None:
    """Run in the child before it starts: pinned to the first core (OpenCV keeps a thread pool of its own)."""
    os.sched_setaffinity(0, {0})


def dev_folder() -> Path | None:
    for place in (ROOT.parent / "shared" / "photos-dev", ROOT.parent.parent / "shared" / "photos-dev"):
        if (place / "labels.json").is_file():
            return place
    return None


def run_command(photos: list[tuple[Path, int]]) -> list[tuple[str, float, float, bool]]:
    """Each photo through the command: (name, wall s, CPU s, right)."""
    rows = []
    for path, expected in photos:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(
            [str(BIN / "scorekeeper"), "count", str(path), "--json"],
            capture_output=True,
            text=True,
            env={**os.environ, **ONE_CORE},
            preexec_fn=on_one_core,
            check=False,
        )
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        total = json.loads(done.stdout)["total"] if done.returncode == 0 else None
        rows.append((path.name, wall, cpu, total == expected))
    return rows


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (gunicorn's workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def post_photo(url: str, path: Path) -> tuple[int, dict[str, object]]:
    boundary = uuid.uuid4().hex
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; filename="{path.name}"\r\n'
            "Content-Type: application/octet-stream\r\n\r\n"
        ).encode()
        + path.read_bytes()
        + f"\r\n--{boundary}--\r\n".encode()
    )
    request = urllib.request.Request(
        url, data=body, headers={"Content-Type": f"multipart/form-data; boundary={boundary}"}, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, {}


def run_api(photos: list[tuple[Path, int]]) -> tuple[list[tuple[str, float, float, bool]], float]:
    """Each photo through the API of a one-worker server: (name, wall s, worker CPU s, right), worker peak MB."""
    with tempfile.TemporaryDirectory() as instance:
        port = free_port()
        env = {**os.environ, **ONE_CORE, "SCOREKEEPER_INSTANCE": instance, "HOST": "127.0.0.1", "PORT": str(port)}
        env |= {"WORKERS": "1", "THREADS": "1"}
        subprocess.run(
            [str(BIN / "flask"), "--app", "scorekeeper", "upgrade-db"], env=env, check=True, capture_output=True
        )
        server = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.serve"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=on_one_core,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(200):
                try:
                    urllib.request.urlopen(f"{base}/healthz", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            workers = children(server.pid)
            rows = []
            for path, expected in photos:
                before = sum(cpu_seconds(worker) for worker in workers)
                start = time.perf_counter()
                status, answer = post_photo(f"{base}/api/v1/count", path)
                wall = time.perf_counter() - start
                cpu = sum(cpu_seconds(worker) for worker in workers) - before
                rows.append((path.name, wall, cpu, status == 200 and answer.get("total") == expected))
            peak = max((peak_mb(worker) for worker in workers), default=0.0)
        finally:
            server.terminate()
            server.wait(timeout=30)
    return rows, peak


def report(title: str, rows: list[tuple[str, float, float, bool]], peak: float) -> None:
    walls = [row[1] for row in rows]
    cpus = [row[2] for row in rows]
    right = sum(row[3] for row in rows)
    print(
        f"{title:36} right {right}/{len(rows)}  wall median {statistics.median(walls):.2f} s, max {max(walls):.2f} s"
        f"  CPU median {statistics.median(cpus):.2f} s, max {max(cpus):.2f} s  peak {peak:.0f} MB"
    )


def main() -> int:
    folder = dev_folder()
    if folder is None:
        print("the development photos (../shared/photos-dev) are not here: nothing to send")
        return 0
    labels = json.loads((folder / "labels.json").read_text(encoding="utf-8"))
    photos = [(folder / label["file"], int(label["total_pips"])) for label in labels]
    rows = run_command(photos)
    report("scorekeeper count PHOTO --json", rows, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)
    api_rows, peak = run_api(photos)
    report("POST /api/v1/count (1 worker)", api_rows, peak)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
