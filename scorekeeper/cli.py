"""The `scorekeeper` command: serve the app, upgrade the database, make and restore backups.

It finds the database the way the app does (``create_app``: ``instance/config.py``, then
``DATABASE_URL`` in the environment), so a backup taken here is of the games the app shows.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from flask import Flask
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; the exit status is 0 when it did what it was asked, 1 when not."""
    parser = argparse.ArgumentParser(
        prog="scorekeeper", description="A score sheet for games played with a domino set."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("serve", help="serve the app with gunicorn (HOST, PORT, WORKERS, THREADS: README)")
    commands.add_parser("upgrade-db", help="bring the database schema up to date")
    backup = commands.add_parser("backup", help="write every game, with its history, to a JSON file")
    backup.add_argument("file", metavar="FILE", help="where to write the backup; - for standard output")
    restore = commands.add_parser(
        "restore", help="add the games of a backup that the database lacks (games already here are kept)"
    )
    restore.add_argument("file", metavar="FILE", help="the backup to read; - for standard input")
    args = parser.parse_args(argv)

    if args.command == "serve":
        from .serve import main as serve

        serve()  # replaces this process with gunicorn
        return 0
    if args.command == "upgrade-db":
        return _upgrade_db()
    if args.command == "backup":
        return _backup(args.file)
    return _restore(args.file)


def _app() -> Flask:
    from . import create_app

    return create_app()


def _session(app: Flask) -> Session:
    db: Session = app.extensions["db_sessionmaker"]()
    return db


def _fail(message: str) -> int:
    print(f"scorekeeper: {message}", file=sys.stderr)
    return 1


def _reason(e: SQLAlchemyError) -> str:
    # the driver's own words ("no such table: game"), without SQLAlchemy's statement dump
    return str(getattr(e, "orig", None) or e).strip()


def _upgrade_db() -> int:
    from .services.results import upgrade

    upgrade(_app().config["DATABASE_URL"])
    print("Database is up to date.")
    return 0


def _backup(file: str) -> int:
    from .services.backup import backup_document

    try:
        with _session(_app()) as db:
            doc = backup_document(db)
    except SQLAlchemyError as e:
        return _fail(f"cannot read the database: {_reason(e)}")
    text = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    if file == "-":
        sys.stdout.write(text)
        return 0
    path = Path(file)
    partial = path.with_name(f".{path.name}.partial")
    try:
        # written aside and renamed: a backup interrupted halfway never replaces a good one
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
    except OSError as e:
        return _fail(f"cannot write {file}: {e.strerror or e}")
    print(f"{len(doc['games'])} games written to {file}.", file=sys.stderr)
    return 0


def _restore(file: str) -> int:
    from .services.backup import FormatError, restore_document
    from .services.results import upgrade

    try:
        raw = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return _fail(f"cannot read {file}: {getattr(e, 'strerror', None) or e}")
    try:
        doc = json.loads(raw)
    except json.JSONDecodeError as e:
        return _fail(f"{file} is not a backup: not JSON ({e})")
    app = _app()
    try:
        upgrade(app.config["DATABASE_URL"])  # an empty database gets its tables first
        with _session(app) as db:
            report = restore_document(db, doc)
    except FormatError as e:
        return _fail(f"{file} cannot be restored, nothing was changed: {e}")
    except SQLAlchemyError as e:
        return _fail(f"the database refused the restore, nothing was changed: {_reason(e)}")
    print(report.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
