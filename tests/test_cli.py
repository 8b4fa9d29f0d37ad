"""The `scorekeeper` command, run as a person (or cron) runs it: a separate process, the database from DATABASE_URL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import create_app

SCRIPT = Path(sys.executable).parent / "scorekeeper"


def run(tmp_path: Path, database: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    command = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "scorekeeper.cli"]
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / database}",
        "SCOREKEEPER_INSTANCE": str(tmp_path / "instance"),
    }
    return subprocess.run(
        [*command, *args], env=env, cwd=tmp_path, input=stdin, capture_output=True, text=True, timeout=120
    )


def play(tmp_path: Path, database: str) -> list[str]:
    """Two games with rounds and a correction, written through the app into that database."""
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / database}", "SECRET_KEY": "t"})
    client = app.test_client()
    ids = []
    for players in (["Ana", "Šárka"], ["Ben", "Cleo", "Dana"]):
        game = client.post("/api/v1/games", json={"players": players}).get_json()
        rounds = f"/api/v1/games/{game['id']}/rounds"
        pips = {name: 3 * i for i, name in enumerate(players)}
        assert client.post(rounds, json={"pips": pips, "went_out": players[0]}).status_code == 201
        assert (
            client.put(f"{rounds}/1", json={"pips": {**pips, players[-1]: 1}, "went_out": players[0]}).status_code
            == 200
        )
        ids.append(game["id"])
    app.extensions["db_engine"].dispose()
    return ids


def without_stamp(doc: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in doc.items() if k != "created_at"}


def test_backup_and_restore_through_the_command(tmp_path: Path) -> None:
    upgraded = run(tmp_path, "one.sqlite3", "upgrade-db")
    assert upgraded.returncode == 0, upgraded.stderr
    assert "Database is up to date." in upgraded.stdout
    ids = play(tmp_path, "one.sqlite3")

    made = run(tmp_path, "one.sqlite3", "backup", "nightly.json")
    assert made.returncode == 0, made.stderr
    assert "2 games written to nightly.json" in made.stderr
    doc = json.loads((tmp_path / "nightly.json").read_text(encoding="utf-8"))
    assert doc["format"] == "scorekeeper-backup" and [g["id"] for g in doc["games"]] == ids

    # a database that does not exist yet: the restore creates its tables first
    restored = run(tmp_path, "two.sqlite3", "restore", "nightly.json")
    assert restored.returncode == 0, restored.stderr
    assert restored.stdout.strip() == "2 games restored, 0 games already here."
    again = run(tmp_path, "two.sqlite3", "restore", "-", stdin=(tmp_path / "nightly.json").read_text())
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip() == "0 games restored, 2 games already here."

    out = run(tmp_path, "two.sqlite3", "backup", "-")
    assert out.returncode == 0, out.stderr
    assert without_stamp(json.loads(out.stdout)) == without_stamp(doc)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "broken.json is not a backup: not JSON (Expecting property name"),
        ('{"format": "scorekeeper-backup", "version": 1, "games": [{"id": 7}]}', "games[0].id: expected a string"),
        (
            '{"format": "scorekeeper-backup", "version": 1, "games": [{"id": "x", "seats": [{"position": "1"}]}]}',
            "games[0].seats[0].position: expected a whole number",
        ),
    ],
)
def test_a_broken_backup_is_refused_in_one_line(tmp_path: Path, content: str, message: str) -> None:
    assert run(tmp_path, "db.sqlite3", "upgrade-db").returncode == 0
    ids = play(tmp_path, "db.sqlite3")
    (tmp_path / "broken.json").write_text(content)
    refused = run(tmp_path, "db.sqlite3", "restore", "broken.json")
    assert refused.returncode == 1
    assert message in refused.stderr
    assert "Traceback" not in refused.stderr
    out = run(tmp_path, "db.sqlite3", "backup", "-")
    assert [g["id"] for g in json.loads(out.stdout)["games"]] == ids


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    refused = run(tmp_path, "db.sqlite3", "restore", "nowhere.json")
    assert refused.returncode == 1
    assert refused.stderr.startswith("scorekeeper: cannot read nowhere.json: No such file or directory")


def test_the_command_lists_what_it_does(tmp_path: Path) -> None:
    helped = run(tmp_path, "db.sqlite3", "--help")
    assert helped.returncode == 0
    for command in ("serve", "upgrade-db", "backup", "restore"):
        assert command in helped.stdout
    assert run(tmp_path, "db.sqlite3").returncode == 2  # no subcommand: argparse's usage error
