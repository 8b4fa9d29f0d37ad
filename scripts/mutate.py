"""`make mutate`: mutation testing with mutmut 3, of every file [tool.mutmut] names or of a few of them, then the
kill figure.

    make mutate                                      every file of only_mutate against its test selection (hours)
    make mutate MUTATE_PATHS=scorekeeper/rules/scoresheet.py MUTATE_TESTS=tests/test_scoresheet.py
    make mutate MUTATE_SINCE=main                    only the files of only_mutate changed since that commit

mutmut reads its settings from pyproject.toml alone, so this narrows them in its own process (only_mutate, and
the test selection when MUTATE_TESTS names tests) before it runs mutmut there; the workers it forks inherit
them. What mutmut learns is kept in mutants/, so a second run of the same files only tests what changed.
"""

from __future__ import annotations

import argparse
import dataclasses
import fnmatch
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from mutmut import configuration
from mutmut.__main__ import cli
from mutmut.stats import status_by_exit_code


def changed_since(commit: str, patterns: list[str]) -> list[str]:
    """The Python files of ``patterns`` added or changed since ``commit`` (and not deleted since)."""
    names = subprocess.run(
        ["git", "diff", "--name-only", "--diff-filter=AMR", commit, "--", "*.py"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return sorted(n for n in names if any(fnmatch.fnmatch(n, p) for p in patterns))


def tally(files: list[str]) -> Counter[str]:
    """How the mutants of these files ended, by mutmut's word for it (killed, survived, no tests, timeout...)."""
    counts: Counter[str] = Counter()
    for name in files:
        meta = Path("mutants") / f"{name}.meta"
        if meta.exists():
            codes = json.loads(meta.read_text())["exit_code_by_key"]
            counts.update(status_by_exit_code[code] for code in codes.values())
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--paths", nargs="*", default=[], help="mutate these files only")
    parser.add_argument("--since", help="mutate only the files of only_mutate changed since this commit")
    parser.add_argument("--tests", nargs="*", default=[], help="run these tests instead of the configured selection")
    parser.add_argument("--max-children", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()

    settings = configuration.config()
    files = list(args.paths)
    if args.since:
        files += changed_since(args.since, settings.only_mutate)
        if not files:
            print(f"Nothing to mutate: no file of only_mutate changed since {args.since}.")
            return 0
    missing = [f for f in files if not Path(f).is_file() or not f.endswith(".py")]
    if missing:
        print(f"Not a Python file here: {', '.join(missing)}", file=sys.stderr)
        return 2
    configuration._config = dataclasses.replace(  # what every later config() answers
        settings,
        only_mutate=sorted(set(files)) or settings.only_mutate,
        pytest_add_cli_args_test_selection=list(args.tests) or settings.pytest_add_cli_args_test_selection,
    )

    try:
        cli(["run", "--max-children", str(args.max_children)], standalone_mode=False)
    except SystemExit as stopped:
        if stopped.code:
            return int(stopped.code) if isinstance(stopped.code, int) else 1

    counts = tally(files or [str(p) for p in Path(".").glob("scorekeeper/**/*.py") if settings.should_mutate(p)])
    tested = counts["killed"] + counts["survived"] + counts["timeout"]
    print(f"\nMutants of {', '.join(files) if files else 'only_mutate'}:")
    for status, count in counts.most_common():
        print(f"  {status}: {count}")
    if tested:
        print(f"Killed {counts['killed']} of {tested} tested ({100 * counts['killed'] / tested:.0f} %).")
    print("`.venv/bin/mutmut results` lists the survivors, `.venv/bin/mutmut show NAME` shows one.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
