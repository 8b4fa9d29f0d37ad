"""The `scorekeeper` command: serve the app, upgrade the database, make and restore backups, count a photo.

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
    """Run one subcommand; the exit status is 0 when it did what it was asked, 1 when not (2 for a photo that
    cannot be counted)."""
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
    count = commands.add_parser("count", help="count the pips of the tiles in a photo (as POST /api/v1/count)")
    count.add_argument("photo", metavar="PHOTO", help="the photo of the tiles, face up; - for standard input")
    count.add_argument("--set", default=None, metavar="N", help="the set's highest double, 6 to 18 (default 12)")
    count.add_argument("--json", action="store_true", help="print the JSON the API answers")
    args = parser.parse_args(argv)

    if args.command == "serve":
        from .serve import main as serve

        serve()  # replaces this process with gunicorn
        return 0
    if args.command == "upgrade-db":
        return _upgrade_db()
    if args.command == "backup":
        return _backup(args.file)
    if args.command == "count":
        return _count(args.photo, args.set, as_json=args.json)
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


PHOTO_REFUSED = 2
"""The exit status when the photo cannot be counted (or read): the reason is on standard error."""


def _count(file: str, highest: str | None, *, as_json: bool) -> int:
    """Print each tile found in the photo and the total (or the API's JSON); a photo that cannot be counted prints
    the reason, the same sentence the API gives, and exits with :data:`PHOTO_REFUSED`."""
    from .services import ServiceError
    from .services.photos import count_json, count_photo

    try:
        with sys.stdin.buffer if file == "-" else Path(file).open("rb") as photo:
            counted = count_photo(photo, highest)
    except OSError as e:
        print(f"scorekeeper: cannot read {file}: {e.strerror or e}", file=sys.stderr)
        return PHOTO_REFUSED
    except ServiceError as e:
        print(f"scorekeeper: {file}: {e.message}", file=sys.stderr)
        return PHOTO_REFUSED
    if as_json:
        print(json.dumps(count_json(counted)))
        return 0
    for (a, b), (x, y, w, h) in zip(counted.tiles, counted.boxes, strict=True):
        print(f"{a:>2}-{b:<2}  {a + b:>3} pips   at x {x}, y {y} ({w} × {h})")
    tiles = len(counted.tiles)
    print(f"Total: {counted.total} pips in {tiles} tile{'' if tiles == 1 else 's'} (double-{counted.highest} set)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
