"""The rules are a library: standard library only, never flask or sqlalchemy."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "scorekeeper" / "rules"
ROOT = RULES.parents[1]
WEB = ("flask", "flask_wtf", "sqlalchemy", "alembic", "jinja2", "werkzeug", "wtforms")


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_every_import_in_rules_is_stdlib_or_relative() -> None:
    paths = sorted(RULES.rglob("*.py"))
    assert any(path.parent != RULES for path in paths), "the game rooms (subpackages) are checked too"
    for path in paths:
        where = path.relative_to(RULES)
        depth = len(where.parts)  # rules/x.py is 1; rules/mexican_train/x.py is 2
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            elif isinstance(node, ast.ImportFrom):
                # a relative import may climb to scorekeeper/rules itself, never out of it into the app
                assert node.level <= depth, f"{where}: from {'.' * node.level}{node.module or ''} leaves the rules"
                continue
            else:
                continue
            for name in names:
                assert name.split(".")[0] in sys.stdlib_module_names or name == "__future__", f"{where}: {name}"


def test_import_scorekeeper_rules_loads_no_flask_or_sqlalchemy() -> None:
    out = _run(f"import sys, scorekeeper.rules; print(sorted(m for m in sys.modules if m.split('.')[0] in {WEB!r}))")
    assert out == "[]"
