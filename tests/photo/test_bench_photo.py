"""scripts/bench_photo.py, briefly: on three synthetic photos it prints its table, saves the set with its labels
and draws every miss, so that `make bench-photo` keeps working as the counter and the generator change."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from scorekeeper.photo.synth import render

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_photo.py"


def test_the_benchmark_prints_its_figures_saves_the_set_and_draws_the_misses(tmp_path: Path) -> None:
    run = subprocess.run(
        [
            sys.executable,
            str(SCRIPT),
            "--n",
            "3",
            "--singles",
            "2",
            "--no-dev",
            "--save",
            str(tmp_path / "set"),
            "--failures",
            str(tmp_path / "misses"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    for figure in ("exact total", "mean abs error", "tiles right", "multi-tile exact", "max CPU s/photo", "peak RSS"):
        assert figure in run.stdout
    assert "synthetic 3" in run.stdout and "single tiles 2" in run.stdout
    assert "drawing a synthetic photo" in run.stdout
    labels = json.loads((tmp_path / "set" / "labels.json").read_text(encoding="utf-8"))
    assert [label["seed"] for label in labels] == [0, 1, 2]
    # the saved photos are the generator's own, bytes for bytes, with its labels (seed 3 would be a double-6)
    first = render(0)
    assert (tmp_path / "set" / labels[0]["file"]).read_bytes() == first.jpeg
    assert labels[0]["tiles"] == [list(tile) for tile in first.tiles] and labels[0]["highest"] == 12
    misses = (tmp_path / "misses" / "failures.tsv").read_text(encoding="utf-8").splitlines()
    assert misses[0].startswith("photo\texpected\tfound")
    assert {path.name for path in (tmp_path / "misses").glob("*.jpg")} == {
        line.split("\t")[0] + ".jpg" for line in misses[1:]
    }
