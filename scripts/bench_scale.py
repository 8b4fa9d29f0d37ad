"""Scale benchmark: do the pages stay as fast, and the workers as small, with 100,000 games as with 10?

For each size, fills a fresh SQLite database in bulk (plain SQL, one transaction per chunk: games of 4 seats and
7 rounds with their scores and a few lines of history; a tenth Super Domino evenings, one in a hundred in the
trash), serves it with gunicorn as `make run` does, behind a household password so that the list shows every
game, and times the games list, a table screen, the new-game page, the trash, and the household's stats: the
leaderboard for each period, a person's page and the players API (the median of --requests each, one connection
per request, and the first request of each alone, cold), and each stats page again right after a change (a
finished game's last round corrected through the API, which moves its players' tallies). Then times the stats' SQL
itself, in-process: every person's records for each period, and one person's records, head to head and series.
The person is Ana, who sat in every game: the household's heaviest page. Prints each figure per size, the ratio
largest to smallest size, and each gunicorn worker's resident memory (VmRSS) before and after the requests.

    .venv/bin/python scripts/bench_scale.py                 # 10 and 100,000 games
    .venv/bin/python scripts/bench_scale.py --sizes 10,10000,100000
    .venv/bin/python scripts/bench_scale.py --sizes 10,1000 --requests 50
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import re
import secrets
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from served import cpu_ticks, free_port, fresh_database, start, steal_line, stop_server  # noqa: E402  (scripts/ is not a package)

PASSWORD = "bench-scale"
SEATS = ("Ana", "Ben", "Cleo", "Dan")
ROUNDS = 7
CHUNK = 5000
"""Games written per transaction."""
STAMP = "%Y-%m-%d %H:%M:%S.%f"
"""How SQLAlchemy keeps a time in SQLite: the lists compare these strings, so the fill must write the same."""


def _games(count: int, seed: int = 12) -> Iterator[tuple[list[tuple[object, ...]], ...]]:
    """Chunks of rows (games, seats, rounds, scores, history), oldest game first, ending a few minutes ago."""
    rng = random.Random(seed)
    now = datetime.now(UTC)
    first = now - timedelta(minutes=30 * count + 10)
    round_id = 0
    for begin in range(0, count, CHUNK):
        games: list[tuple[object, ...]] = []
        seats: list[tuple[object, ...]] = []
        rounds: list[tuple[object, ...]] = []
        scores: list[tuple[object, ...]] = []
        history: list[tuple[object, ...]] = []
        for n in range(begin, min(count, begin + CHUNK)):
            game_id = secrets.token_urlsafe(12)
            started = first + timedelta(minutes=30 * n)
            touched = started + timedelta(minutes=25)
            evening = n % 10 == 9  # a Super Domino evening, ended by the table after its hands
            trashed = (now - timedelta(days=1)).strftime(STAMP) if n % 100 == 50 else None
            games.append(
                (
                    game_id,
                    "super-domino" if evening else "mexican-train",
                    started.strftime(STAMP),
                    touched.strftime(STAMP),
                    15 if evening else 12,
                    None if evening else (ROUNDS if n % 3 == 0 else 13),  # a third played to the end
                    touched.strftime(STAMP) if evening else None,
                    trashed,
                    1 + ROUNDS,
                )
            )
            seats += [(game_id, p, name) for p, name in enumerate(SEATS)]
            for number in range(1, ROUNDS + 1):
                round_id += 1
                out = rng.randrange(len(SEATS))
                at = (started + timedelta(minutes=3 * number)).strftime(STAMP)
                rounds.append((round_id, game_id, number, None if evening else 13 - number, 0, at))
                for p in range(len(SEATS)):
                    pips = 0 if p == out else rng.randrange(1, 60)
                    tiles = (0 if p == out else rng.randrange(1, 6)) if evening else None
                    scores.append((round_id, p, pips, tiles, int(p == out)))
            history += [(game_id, touched.strftime(STAMP), "entered", ROUNDS, name, None, "17") for name in SEATS]
        yield games, seats, rounds, scores, history


def fill(database: Path, count: int) -> float:
    """Write ``count`` games into the migrated database; returns the seconds it took."""
    began = time.monotonic()
    connection = sqlite3.connect(database)
    try:
        for games, seats, rounds, scores, history in _games(count):
            with connection:  # one transaction per chunk
                connection.executemany(
                    "INSERT INTO game (id, kind, created_at, updated_at, set_highest, ascending, rounds_planned,"
                    " finished_at, double_blank, rules, deleted_at, version, first_dealer, drafts, draft_blocked)"
                    " VALUES (?, ?, ?, ?, ?, 0, ?, ?, 0, 'standard', ?, ?, 0, 0, 0)",
                    games,
                )
                connection.executemany("INSERT INTO seat (game_id, position, name) VALUES (?, ?, ?)", seats)
                connection.executemany(
                    "INSERT INTO round (id, game_id, number, engine, blocked, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                    rounds,
                )
                connection.executemany(
                    "INSERT INTO score (round_id, seat_position, pips, tiles, went_out) VALUES (?, ?, ?, ?, ?)",
                    scores,
                )
                connection.executemany(
                    "INSERT INTO change (game_id, at, action, round_number, player, old, new)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    history,
                )
    finally:
        connection.close()
    _link_people(database)
    return time.monotonic() - began


def settle(database: Path) -> float:
    """Work out every game's seat results, as an upgrade does for games stored before they were kept (the fill
    writes around the app, so each game is marked due); returns the seconds it took."""
    from sqlalchemy.orm import Session

    from scorekeeper.db import make_engine
    from scorekeeper.services.results import settle_due

    began = time.monotonic()
    connection = sqlite3.connect(database)
    try:
        with connection:
            connection.execute("INSERT INTO result_due (game_id) SELECT id FROM game")
    finally:
        connection.close()
    with Session(make_engine(f"sqlite:///{database}")) as db:
        settle_due(db)
    return time.monotonic() - began


def _link_people(database: Path) -> None:
    """The seats written around the ORM above get their people, as the app links the seats it writes."""
    from sqlalchemy.orm import Session

    from scorekeeper.db import make_engine
    from scorekeeper.services.people import link_seats

    with Session(make_engine(f"sqlite:///{database}")) as db:
        link_seats(db)


def _one_game(database: Path) -> str:
    """A game in use from the middle of the table: its screen is timed."""
    connection = sqlite3.connect(database)
    try:
        (count,) = connection.execute("SELECT count(*) FROM game WHERE deleted_at IS NULL").fetchone()
        (game_id,) = connection.execute(
            "SELECT id FROM game WHERE deleted_at IS NULL ORDER BY created_at LIMIT 1 OFFSET ?", (count // 2,)
        ).fetchone()
        return str(game_id)
    finally:
        connection.close()


def _finished_game(database: Path) -> str:
    """A finished Mexican Train game from the middle of the table: its last round is corrected to make a change
    that moves its players' results and tallies."""
    connection = sqlite3.connect(database)
    try:
        (count,) = connection.execute("SELECT count(*) FROM game WHERE deleted_at IS NULL").fetchone()
        (game_id,) = connection.execute(
            "SELECT id FROM game WHERE deleted_at IS NULL AND kind = 'mexican-train' AND rounds_planned = ?"
            " ORDER BY created_at LIMIT 1 OFFSET ?",
            (ROUNDS, count // 6),
        ).fetchone()
        return str(game_id)
    finally:
        connection.close()


def _change(port: int, cookie: str, game_id: str, turn: int) -> float:
    """Correct the game's last round (other pips each turn, so the results change); returns the seconds it took."""
    pips = {name: 0 if i == 0 else 5 + i + turn % 7 for i, name in enumerate(SEATS)}
    body = json.dumps({"pips": pips, "went_out": SEATS[0]}).encode()
    began = time.perf_counter()
    status, answer, _response = _get(port, f"/api/v1/games/{game_id}/rounds/{ROUNDS}", cookie, "PUT", body)
    took = time.perf_counter() - began
    if status != 200:
        raise SystemExit(f"correcting a round answered {status}: {answer[:200]!r}")
    return took


STATS_PAGES = ("stats", "person", "players", "player")
"""The pages timed right after a change too (by the start of their label)."""


def _one_person(database: Path) -> int:
    """The person of the first seat, who sat in every game: their page is the heaviest one."""
    connection = sqlite3.connect(database)
    try:
        (person_id,) = connection.execute("SELECT id FROM person WHERE name = ?", (SEATS[0],)).fetchone()
        return int(person_id)
    finally:
        connection.close()


def stats_sql(database: Path, person_id: int, repeat: int = 3) -> dict[str, float]:
    """The best of ``repeat`` timings (seconds) of each stats query, read in-process with nothing kept: what a
    page costs the first time after a game changed."""
    from sqlalchemy.orm import Session

    from scorekeeper.db import make_engine
    from scorekeeper.services import stats

    queries = {
        "records, all time": lambda db: stats.records(db, None, "all"),
        "records, this year": lambda db: stats.records(db, None, "year"),
        "records, this month": lambda db: stats.records(db, None, "month"),
        "one person's records": lambda db: stats.records(db, None, person_id=person_id),
        "head to head": lambda db: stats.head_to_head(db, person_id, None),
        "series": lambda db: stats.series(db, person_id, None, stats.SERIES),
    }
    best: dict[str, float] = {}
    with Session(make_engine(f"sqlite:///{database}")) as db:
        for label, query in queries.items():
            times = []
            for _n in range(repeat):
                began = time.perf_counter()
                query(db)
                times.append(time.perf_counter() - began)
            best[label] = min(times)
    return best


def _get(
    port: int, path: str, cookie: str = "", method: str = "GET", body: bytes | None = None
) -> tuple[int, bytes, http.client.HTTPResponse]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Cookie": cookie} if cookie else {}
    if body is not None:
        headers["Content-Type"] = "application/json"
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read(), response
    finally:
        connection.close()


def sign_in(port: int) -> str:
    """POST /login with the household password (and the form's CSRF token); returns the session cookie."""
    status, body, response = _get(port, "/login")
    cookie = (response.getheader("Set-Cookie") or "").split(";", 1)[0]
    token = re.search(rb'name="csrf_token"[^>]*value="([^"]+)"', body)
    assert status == 200 and token is not None, status
    form = urllib.parse.urlencode({"csrf_token": token.group(1).decode(), "password": PASSWORD})
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request(
            "POST", "/login", body=form, headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}
        )
        answer = connection.getresponse()
        answer.read()
        signed = (answer.getheader("Set-Cookie") or "").split(";", 1)[0]
    finally:
        connection.close()
    if answer.status != 302:
        raise SystemExit(f"signing in answered {answer.status}")
    return signed or cookie


def workers_rss(master: int) -> dict[int, int]:
    """Each gunicorn worker's resident memory in KB, by pid (the workers are the master's children)."""
    found = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True, check=False).stdout.split()
    sizes: dict[int, int] = {}
    for pid in map(int, found):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
        if match:
            sizes[pid] = int(match.group(1))
    return sizes


def _time_get(port: int, path: str, cookie: str) -> float:
    """The seconds of one GET of the page, on a new connection."""
    began = time.perf_counter()
    status, _body, _response = _get(port, path, cookie)
    took = time.perf_counter() - began
    if status != 200:
        raise SystemExit(f"GET {path} answered {status}")
    return took


@dataclass(frozen=True)
class Run:
    """What one size measured."""

    filled: float
    """Seconds the fill took."""
    medians: dict[str, float]
    """Each page's median seconds."""
    changed: dict[str, float]
    """Each stats page's median seconds right after a change to a finished game (a round corrected)."""
    firsts: dict[str, float]
    """Each page's first request, in seconds."""
    sql: dict[str, float]
    """Each stats query's best seconds, nothing kept."""
    before: dict[int, int]
    """Each worker's VmRSS in KB before the requests, by pid."""
    after: dict[int, int]


@dataclass
class _Served:
    """One size's database, filled, and its server, answering."""

    size: int
    work: Path
    database: Path
    filled: float
    server: subprocess.Popen[bytes]
    port: int
    cookie: str
    pages: dict[str, str]
    person_id: int
    finished: str


def _serve(size: int) -> _Served:
    work, env = fresh_database(f"scorekeeper-scale-{size}-")
    database = work / "scorekeeper.sqlite3"
    filled = fill(database, size)
    settled = settle(database)
    megabytes = database.stat().st_size / 1e6
    print(
        f"{size:>9,} games: filled in {filled:.1f} s, results worked out in {settled:.1f} s ({megabytes:.0f} MB)",
        flush=True,
    )
    env = {**env, "SCOREKEEPER_PASSWORD": PASSWORD}
    port = free_port()
    server = start(env, port, work / "gunicorn.log")
    game_id, person_id = _one_game(database), _one_person(database)
    pages = {
        "games list  GET /": "/",
        "table       GET /games/<id>": f"/games/{game_id}",
        "new game    GET /games/new": "/games/new",
        "trash       GET /trash": "/trash",
        "stats       GET /stats": "/stats",
        "stats       ?period=year": "/stats?period=year",
        "stats       ?period=month": "/stats?period=month",
        "person      GET /people/<id>": f"/people/{person_id}",
        "players     GET /api/v1/players": "/api/v1/players",
        "player      /api/v1/players/<id>": f"/api/v1/players/{person_id}",
    }
    return _Served(
        size, work, database, filled, server, port, sign_in(port), pages, person_id, _finished_game(database)
    )


def measure(sizes: list[int], requests: int, keep: bool = False) -> dict[int, Run]:
    """Every size filled and served at once, then each page timed at every size in turn, request by request:
    pages of a few milliseconds move with whatever else the machine does, and measured side by side the sizes
    see the same machine (one size after the other, a busy minute made 100,000 games look twice as slow as 10).
    For each page: its first request, then the median of ``requests`` more after two untimed ones."""
    served: list[_Served] = []
    try:
        for size in sizes:
            served.append(_serve(size))
        before = {s.size: workers_rss(s.server.pid) for s in served}
        times: dict[tuple[int, str], list[float]] = {}
        for label in served[0].pages:
            for _ in range(requests + 3):
                for s in served:
                    times.setdefault((s.size, label), []).append(_time_get(s.port, s.pages[label], s.cookie))
        # right after a change: a round of a finished game corrected, then the page (nothing kept can answer it)
        changes: dict[int, list[float]] = {}
        for label in served[0].pages:
            if not label.startswith(STATS_PAGES):
                continue
            for turn in range(requests):
                for s in served:
                    changes.setdefault(s.size, []).append(_change(s.port, s.cookie, s.finished, turn))
                    times.setdefault((s.size, "changed " + label), []).append(
                        _time_get(s.port, s.pages[label], s.cookie)
                    )
        after = {s.size: workers_rss(s.server.pid) for s in served}
    finally:
        for s in served:
            stop_server(s.server)
    runs: dict[int, Run] = {}
    for s in served:
        try:
            sql = stats_sql(s.database, s.person_id)
        finally:
            if not keep:
                shutil.rmtree(s.work, ignore_errors=True)  # 100,000 games take some 360 MB
        firsts = {label: times[(s.size, label)][0] for label in s.pages}
        medians = {label: statistics.median(times[(s.size, label)][3:]) for label in s.pages}
        changed = {
            label: statistics.median(times[(s.size, "changed " + label)])
            for label in s.pages
            if label.startswith(STATS_PAGES)
        }
        print(f"{s.size:>9,} games:", flush=True)
        for label in s.pages:
            after_change = f"   after a change {changed[label] * 1000:9.1f} ms" if label in changed else ""
            print(
                f"  {label:30} first {firsts[label] * 1000:9.1f} ms   median {medians[label] * 1000:9.1f} ms"
                + after_change
            )
        print(f"  {'the change (PUT a round)':30} median {statistics.median(changes[s.size]) * 1000:9.1f} ms")
        for label, took in sql.items():
            print(f"  SQL {label:26} {took * 1000:9.1f} ms", flush=True)
        runs[s.size] = Run(s.filled, medians, changed, firsts, sql, before[s.size], after[s.size])
    return runs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", default="10,100000", help="numbers of games, comma-separated (default 10,100000)")
    parser.add_argument("--requests", type=int, default=20, help="timed requests per page (default 20)")
    parser.add_argument("--keep", action="store_true", help="keep each size's database and server log")
    options = parser.parse_args(argv)
    sizes = [int(s) for s in options.sizes.split(",")]

    began = cpu_ticks()
    results = measure(sizes, options.requests, options.keep)

    small, large = sizes[0], sizes[-1]
    print(f"\nmedian of {options.requests} requests, ms (gunicorn as `make run` serves, one request at a time)")
    labels = list(results[small].medians)
    print(f"{'page':30}" + "".join(f"{f'{s:,} games':>16}" for s in sizes) + f"{'ratio':>8}")
    for label in labels:
        row = [results[s].medians[label] for s in sizes]
        print(f"{label:30}" + "".join(f"{t * 1000:16.1f}" for t in row) + f"{row[-1] / row[0]:8.2f}")
    print(f"ratio: {large:,} games over {small:,}")
    print("\nthe first request of each page, ms (a stats page then counts its board anew)")
    print(f"{'page':30}" + "".join(f"{f'{s:,} games':>16}" for s in sizes) + f"{'ratio':>8}")
    for label in labels:
        row = [results[s].firsts[label] for s in sizes]
        print(f"{label:30}" + "".join(f"{t * 1000:16.1f}" for t in row) + f"{row[-1] / row[0]:8.2f}")
    print("\nright after a change (a finished game's round corrected, then the page), median, ms")
    print(f"{'page':30}" + "".join(f"{f'{s:,} games':>16}" for s in sizes) + f"{'ratio':>8}")
    for label in results[small].changed:
        row = [results[s].changed[label] for s in sizes]
        print(f"{label:30}" + "".join(f"{t * 1000:16.1f}" for t in row) + f"{row[-1] / row[0]:8.2f}")
    print("\nthe stats' SQL in-process, nothing kept, best of 3, ms")
    print(f"{'query':30}" + "".join(f"{f'{s:,} games':>16}" for s in sizes) + f"{'ratio':>8}")
    for label in results[small].sql:
        row = [results[s].sql[label] for s in sizes]
        print(f"{label:30}" + "".join(f"{t * 1000:16.1f}" for t in row) + f"{row[-1] / max(row[0], 1e-9):8.2f}")
    print("\nworker memory (VmRSS, MB) before -> after the requests")
    for size in sizes:
        before, after = results[size].before, results[size].after
        shown = ", ".join(
            f"pid {pid}: {before.get(pid, 0) / 1024:.0f} -> {after.get(pid, 0) / 1024:.0f}"
            for pid in sorted(set(before) | set(after))
        )
        print(f"{size:>9,} games: {shown}")
    print(steal_line(began, cpu_ticks()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
