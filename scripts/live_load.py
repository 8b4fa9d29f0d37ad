"""Live load: 40 phones on 8 games, each polling its game as the pages do; how long until every phone sees a write.

Serves the app as `make run` does (gunicorn, its default workers) on 127.0.0.1 with a fresh SQLite database,
or uses --url for a server already running (PostgreSQL behind several servers, say). Starts the games, then
runs one thread per phone: every PERIOD seconds it asks ``/api/v1/games/<id>/live`` with If-None-Match, as
static/live.js does. Meanwhile the next hand of a random game is entered every --every seconds; each phone
notes when it first sees the tag that write made. Prints the delay from each
write's answer to each phone seeing it and to the last phone of the game seeing it (p50, p99, max), the time
an unchanged check takes, and the errors; exits 1 on any error or a p99 over 3 s.

    .venv/bin/python scripts/live_load.py --phones 40 --games 8 --seconds 60
"""

from __future__ import annotations

import argparse
import http.client
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from served import call, free_port, fresh_database, start, stop_server  # noqa: E402  (scripts/ is not a package)

PERIOD = 1.5
"""Seconds between two checks of one phone: static/live.js's period."""
NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Filip", "Gita", "Hugo"]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


class Phone(threading.Thread):
    """One phone on one game's page: checks the live tag as the page does and notes when each tag arrives."""

    def __init__(self, base: str, game_id: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.path = f"/api/v1/games/{game_id}/live"
        self.stop = stop
        self.tag = ""
        self.seen: dict[str, float] = {}
        """Tag -> when this phone first saw it (time.monotonic())."""
        self.unchanged: list[float] = []
        """Seconds each 304 took."""
        self.errors: list[str] = []

    def run(self) -> None:
        time.sleep(random.uniform(0, PERIOD))  # phones do not all open the page at the same instant
        connection: http.client.HTTPConnection | None = None
        while not self.stop.is_set():
            began = time.monotonic()
            try:
                # one connection kept open, as a browser keeps it, opened again when the server closed it
                connection = connection or http.client.HTTPConnection(self.host, self.port, timeout=10)
                headers = {"If-None-Match": f'"{self.tag}"'} if self.tag else {}
                connection.request("GET", self.path, headers=headers)
                response = connection.getresponse()
                body = response.read()
                if response.getheader("Connection", "").lower() == "close":
                    connection.close()
                    connection = None
                now = time.monotonic()
                if response.status == 304:
                    self.unchanged.append(now - began)
                elif response.status == 200:
                    etag = (response.getheader("ETag") or "").strip('"')
                    self.tag = etag
                    self.seen.setdefault(etag, now)
                else:
                    self.errors.append(f"{response.status} {body[:80]!r}")
            except (OSError, http.client.HTTPException) as e:
                if connection is not None:
                    connection.close()
                    connection = None
                if isinstance(e, http.client.RemoteDisconnected):
                    continue  # the server closed an idle connection: ask again at once on a new one
                self.errors.append(repr(e))
            self.stop.wait(max(0.0, PERIOD - (time.monotonic() - began)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=40, help="phones in all, spread evenly over the games")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the evening lasts")
    parser.add_argument("--every", type=float, default=0.5, help="seconds between two writes (over all games)")
    parser.add_argument("--url", help="a server already running, e.g. http://127.0.0.1:8000 (default: start one)")
    options = parser.parse_args(argv)

    server = None
    if options.url:
        base = options.url.rstrip("/")
    else:
        work, env = fresh_database("scorekeeper-live-")
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = start(env, port, work / "gunicorn.log")
        print(f"serving on {base} with `make run`'s gunicorn settings; log in {work}")
    try:
        return _run(base, options)
    finally:
        if server is not None:
            stop_server(server)


def _run(base: str, options: argparse.Namespace) -> int:
    api = base + "/api/v1"
    per_game = max(2, options.phones // options.games)
    games = []
    for _ in range(options.games):
        players = NAMES[: min(len(NAMES), per_game)]
        status, game = call(api, "POST", "/games", {"game": "super-domino", "players": players})
        assert status == 201, (status, game)
        games.append((game["id"], players))
    stop = threading.Event()
    phones = {game_id: [Phone(base, game_id, stop) for _ in range(per_game)] for game_id, _ in games}
    for group in phones.values():
        for phone in group:
            phone.start()
    time.sleep(PERIOD + 0.5)  # every phone has its first tag

    writes: list[tuple[str, str, float]] = []  # game, the tag the write made, when its answer came
    write_errors: list[str] = []
    hands = {game_id: 1 for game_id, _ in games}
    ends = time.monotonic() + options.seconds
    while time.monotonic() < ends:
        game_id, players = random.choice(games)
        # the next hand of a random game: bumps its live tag, as a phone at the table does
        status, body = call(api, "POST", f"/games/{game_id}/rounds", _hand(hands[game_id], players))
        answered = time.monotonic()
        if status in (200, 201):
            hands[game_id] += 1
            writes.append((game_id, f"{body['version']}.0", answered))
        else:
            write_errors.append(f"{status} {str(body)[:80]}")
        time.sleep(options.every)
    time.sleep(PERIOD * 2)  # the last writes reach every phone
    stop.set()
    for group in phones.values():
        for phone in group:
            phone.join()
    return _report(options, games, phones, writes, write_errors)


def _hand(number: int, players: list[str]) -> dict[str, object]:
    pips = {name: (0 if i == 0 else 3 * i + number % 7) for i, name in enumerate(players)}
    tiles = {name: (0 if i == 0 else 1 + i % 3) for i, name in enumerate(players)}
    return {"number": number, "pips": pips, "tiles": tiles, "went_out": players[0]}


def _report(
    options: argparse.Namespace,
    games: list[tuple[str, list[str]]],
    phones: dict[str, list[Phone]],
    writes: list[tuple[str, str, float]],
    write_errors: list[str],
) -> int:
    each: list[float] = []
    last: list[float] = []
    missed = 0
    for game_id, tag, answered in writes:
        # a phone that skipped a tag (two writes within one period) saw it with the newer one
        delays = []
        for phone in phones[game_id]:
            later = [at for t, at in phone.seen.items() if _version(t) >= _version(tag) and at >= answered - 1]
            if later:
                delays.append(max(0.0, min(later) - answered))
            else:
                missed += 1
        each.extend(delays)
        if delays:
            last.append(max(delays))
    unchanged = [s for group in phones.values() for p in group for s in p.unchanged]
    errors = [e for group in phones.values() for p in group for e in p.errors] + write_errors
    count = sum(len(group) for group in phones.values())
    print(f"{count} phones on {len(games)} games for {options.seconds:.0f} s, each checking every {PERIOD} s")
    print(f"writes: {len(writes)}; checks answered 304: {len(unchanged)}; errors: {len(errors)}; missed: {missed}")
    for label, values in (("write -> each phone", each), ("write -> last phone of the game", last)):
        print(
            f"{label:32} p50 {percentile(values, 0.5):.2f} s  p99 {percentile(values, 0.99):.2f} s"
            f"  max {max(values, default=float('nan')):.2f} s"
        )
    if unchanged:
        print(
            f"{'an unchanged check (304)':32} p50 {percentile(unchanged, 0.5) * 1000:.1f} ms"
            f"  p99 {percentile(unchanged, 0.99) * 1000:.1f} ms  mean {statistics.mean(unchanged) * 1000:.1f} ms"
        )
    for error in errors[:5]:
        print("  error:", error)
    return 1 if errors or missed or percentile(last, 0.99) > 3.0 else 0


def _version(tag: str) -> int:
    return int(tag.split(".")[0]) if tag.split(".")[0].isdecimal() else -1


if __name__ == "__main__":
    raise SystemExit(main())
