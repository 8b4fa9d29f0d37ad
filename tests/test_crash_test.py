"""scripts/crash_test.py, briefly: rounds acknowledged before a SIGKILL of gunicorn are all there after a restart."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "crash_test.py"


def test_acknowledged_rounds_survive_a_sigkill_of_the_server() -> None:
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--seconds", "3", "--games", "3"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "OK: every acknowledged round survived the kill" in run.stdout
