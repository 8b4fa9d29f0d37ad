"""`make bench-hosted`: many households on two instances and one PostgreSQL, as docs/hosting.md serves them.

Starts a redis-server and two instances from the page's own unit and environment blocks (scripts/recipe.py) on
a PostgreSQL database it may wipe, then makes 200 households on the welcome page (hosted mode, as the page sets
it; --home for home mode), each a table with a game, and opens 500 phones spread over them (two or three a
table, sharing their household's session). Each phone does what a table screen does (static/live.js): it asks the
game's live check with If-None-Match, waits 1.5 s after each answer, and on a new tag loads the table screen
again. Its requests go to the instances in turn, as a proxy with no stickiness sends them. Meanwhile every table
enters a round about every --pace seconds.

Prints, for the 500 phones: p50 and p99 of the delay from a round's write being answered to every phone of its
table having loaded the page that shows it, the errors, and the CPU seconds the instances spent per 1,000
phones per minute. Then doubles the phone count (households with it, 2.5 phones each) until p99 passes 3 s
(or halves it, when 500 are already past), measures once halfway between the last count under and the first
over, and prints the two. Figures only: nothing is asserted.

    .venv/bin/python scripts/bench_hosted.py --database-url postgresql://u:p@127.0.0.1/scratch
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
import recipe  # noqa: E402  (scripts/ is not a package)

PERIOD = 1.5
"""Seconds a table screen waits after one live check's answer before the next (static/live.js)."""
PHONES_PER_HOUSEHOLD = 2.5
NAMES = ["Ana", "Ben", "Cleo"]
PASSPHRASE = "a benchmark's households"
ROUNDS = 12
"""A table writes at most this many rounds (a Mexican Train game has 13): the game never ends mid-run."""
KEPT = 4.0
"""Seconds a connection is kept idle at most: gunicorn closes it after 5 (KEEPALIVE)."""
CONNECTIONS = 100
"""Connections to each instance at most at once, as a proxy's pool (gunicorn takes 1,000 a worker)."""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


class Answer:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status, self.headers, self.body = status, headers, body


class Instances:
    """The instances, each request to the next one in turn, over kept connections (a proxy's pool)."""

    def __init__(self, bases: list[str]) -> None:
        self.addresses = [(urlsplit(b).hostname or "127.0.0.1", urlsplit(b).port or 80) for b in bases]
        self.idle: list[list[tuple[float, asyncio.StreamReader, asyncio.StreamWriter]]] = [[] for _ in bases]
        """Per instance: (idle since, reader, writer) of each kept connection, the latest last."""
        self.slots = [asyncio.Semaphore(CONNECTIONS) for _ in bases]
        self.turn = 0

    async def _connection(self, index: int) -> tuple[bool, asyncio.StreamReader, asyncio.StreamWriter]:
        """A kept connection to instance ``index`` that gunicorn has not closed yet, else a new one."""
        pool = self.idle[index]
        while pool:
            since, reader, writer = pool.pop()
            if time.monotonic() - since < KEPT:
                return True, reader, writer
            writer.close()
        reader, writer = await asyncio.open_connection(*self.addresses[index])
        return False, reader, writer

    async def request(
        self, method: str, path: str, headers: dict[str, str] | None = None, body: object = None
    ) -> Answer:
        index = self.turn = (self.turn + 1) % len(self.addresses)
        async with self.slots[index]:
            while True:
                pooled, reader, writer = await self._connection(index)
                try:
                    answer = await asyncio.wait_for(_exchange(reader, writer, method, path, headers, body), 30)
                except (OSError, asyncio.IncompleteReadError):
                    writer.close()
                    if pooled:
                        continue  # the instance had just closed it (keep-alive ran out): as a proxy does, again
                    raise
                if answer.headers.get("connection", "").lower() == "close":
                    writer.close()
                else:
                    self.idle[index].append((time.monotonic(), reader, writer))
                return answer

    def close(self) -> None:
        for pool in self.idle:
            for _, _, writer in pool:
                writer.close()


async def _exchange(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    method: str,
    path: str,
    headers: dict[str, str] | None,
    body: object,
) -> Answer:
    data = b"" if body is None else json.dumps(body).encode()
    lines = [f"{method} {path} HTTP/1.1", "Host: scores.example.org", f"Content-Length: {len(data)}"]
    if body is not None:
        lines.append("Content-Type: application/json")
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
    status_line = await reader.readuntil(b"\r\n")
    status = int(status_line.split()[1])
    found: dict[str, str] = {}
    while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
        name, _, value = line.decode("latin-1").partition(":")
        found[name.strip().lower()] = value.strip()
    if "content-length" in found:
        content = await reader.readexactly(int(found["content-length"]))
    elif found.get("transfer-encoding", "").lower() == "chunked":
        parts = []
        while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
            parts.append(await reader.readexactly(size))
            await reader.readexactly(2)
        await reader.readuntil(b"\r\n")
        content = b"".join(parts)
    else:
        content = b""
    return Answer(status, found, content)


@dataclass
class Table:
    """One household's table: its game, its players and the versions its rounds made."""

    game_id: str
    players: list[str]
    headers: dict[str, str]
    """What its phones send with every request: the household's address and session."""
    rounds: int = 0
    writes: list[tuple[int, float]] = field(default_factory=list)
    """(version a round made, when its write was answered)."""


@dataclass
class Phone:
    table: Table
    cookie: str = ""
    tag: str = ""
    shown: list[tuple[int, float]] = field(default_factory=list)
    """(version on the page, when that page had loaded)."""
    checks: list[float] = field(default_factory=list)
    """Seconds each unchanged check (304) took."""


@dataclass
class Step:
    phones: int
    households: int
    seconds: float
    delays: list[float]
    missed: int
    errors: list[str]
    checks: list[float]
    cpu: float
    """CPU seconds the instances spent during the step."""

    def per_thousand_per_minute(self) -> float:
        return self.cpu / (self.phones / 1000) / (self.seconds / 60)


async def new_household(instances: Instances, number: int, hosted: bool) -> Table:
    """A household with a game on its table. Hosted: made on the welcome page, as a family makes it, from an
    address of its own (the benchmark stands where the proxy would, and says so in X-Forwarded-For); its
    phones share the first phone's session. Home mode: a game anyone with its link keeps.

    Each household's players have names of their own, as two families' players are two sets of people (in
    home mode one set for all would make every round wait for the others' tallies of the same three people)."""
    players = [f"{name} {number}" for name in NAMES]
    address = f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"
    headers = {"X-Forwarded-For": address}
    if hosted:
        base = "http://{}:{}".format(*instances.addresses[number % len(instances.addresses)])
        member = await asyncio.to_thread(
            recipe.Member.create_household, base, f"Household {number}", PASSPHRASE, players[0], address
        )
        headers["Cookie"] = member.cookie()
    answer = await instances.request("POST", "/api/v1/games", headers, body={"players": players})
    if answer.status != 201:
        raise RuntimeError(f"a game could not be started: {answer.status} {answer.body[:200]!r}")
    return Table(json.loads(answer.body)["id"], players, headers)


async def watch(instances: Instances, phone: Phone, stop: asyncio.Event, errors: list[str]) -> None:
    """A table screen open on one phone: the live check, and the page again whenever the tag moves."""
    await asyncio.sleep(random.uniform(0, PERIOD))
    live = f"/api/v1/games/{phone.table.game_id}/live"
    page = f"/games/{phone.table.game_id}"
    while not stop.is_set():
        try:
            began = time.monotonic()
            asks = {"If-None-Match": f'"{phone.tag}"'} if phone.tag else {}
            answer = await instances.request("GET", live, {**asks, **_cookie(phone)})
            if answer.status == 304:
                phone.checks.append(time.monotonic() - began)
            elif answer.status == 200:
                tag = answer.headers.get("etag", "").strip('"')
                shown = await instances.request("GET", page, {"Accept-Encoding": "gzip", **_cookie(phone)})
                if shown.status != 200:
                    errors.append(f"table screen {shown.status}")
                else:
                    phone.tag = tag
                    phone.shown.append((_version(tag), time.monotonic()))
                    if "set-cookie" in shown.headers:
                        phone.cookie = shown.headers["set-cookie"].split(";", 1)[0]
            else:
                errors.append(f"live check {answer.status}")
        except (OSError, asyncio.IncompleteReadError, TimeoutError, ValueError) as e:
            errors.append(repr(e))
        with suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), PERIOD)


async def play(instances: Instances, table: Table, pace: float, stop: asyncio.Event, errors: list[str]) -> None:
    """A table entering a round every ``pace`` seconds or so, whole, from one of its phones (the API's round)."""
    with suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), random.uniform(0, pace))  # tables do not all start at once
    while not stop.is_set() and table.rounds < ROUNDS:
        number = table.rounds + 1
        out = table.players[number % len(table.players)]
        pips = {name: 0 if name == out else 3 * seat + number for seat, name in enumerate(table.players)}
        try:
            path, hand = f"/api/v1/games/{table.game_id}/rounds", {"number": number, "pips": pips, "went_out": out}
            answer = await instances.request("POST", path, table.headers, body=hand)
            if answer.status == 201:
                table.rounds = number
                table.writes.append((json.loads(answer.body)["version"], time.monotonic()))
            else:
                errors.append(f"round {answer.status} {answer.body[:80]!r}")
        except (OSError, asyncio.IncompleteReadError, TimeoutError, ValueError) as e:
            errors.append(repr(e))
        with suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), pace * random.uniform(0.5, 1.5))


def _cookie(phone: Phone) -> dict[str, str]:
    return {**phone.table.headers, "Cookie": phone.cookie} if phone.cookie else phone.table.headers


def _version(tag: str) -> int:
    head = tag.split(".")[0]
    return int(head) if head.isdecimal() else -1


async def step(
    instances: Instances, tables: list[Table], phones: int, seconds: float, options: argparse.Namespace, pids: list[int]
) -> Step:
    """``phones`` phones over as many households as they make, for ``seconds``; what it measured."""
    hosted, pace = not options.home, options.pace
    households = max(1, round(phones / PHONES_PER_HOUSEHOLD))
    while len(tables) < households:  # a few at a time: each passphrase is hashed on purpose slowly
        batch = range(len(tables) + 1, min(households, len(tables) + 4) + 1)
        tables.extend(await asyncio.gather(*(new_household(instances, n, hosted) for n in batch)))
    active = tables[:households]
    for table in active:
        table.writes.clear()
    watching = [Phone(active[i % households], active[i % households].headers.get("Cookie", "")) for i in range(phones)]
    errors: list[str] = []
    stop_phones, stop_tables = asyncio.Event(), asyncio.Event()
    watchers = [asyncio.create_task(watch(instances, p, stop_phones, errors)) for p in watching]
    await asyncio.sleep(PERIOD * 2)  # every phone has its page before the first round is counted
    cpu_before = instance_cpu(pids)
    began = time.monotonic()
    players = [asyncio.create_task(play(instances, t, pace, stop_tables, errors)) for t in active]
    await asyncio.sleep(seconds)
    stop_tables.set()
    await asyncio.gather(*players)
    elapsed = time.monotonic() - began
    cpu = instance_cpu(pids) - cpu_before
    await asyncio.sleep(PERIOD * 2 + 1)  # the last rounds reach every phone that keeps up
    stop_phones.set()
    await asyncio.gather(*watchers)
    delays, missed = [], 0
    by_table: dict[int, list[Phone]] = {}
    for phone in watching:
        by_table.setdefault(id(phone.table), []).append(phone)
    for table in active:
        for version, answered in table.writes:
            seen = [min((at for v, at in p.shown if v >= version), default=None) for p in by_table[id(table)]]
            if any(at is None for at in seen):
                missed += 1
            else:
                delays.append(max(0.0, max(at for at in seen if at is not None) - answered))
    checks = [c for p in watching for c in p.checks]
    return Step(phones, households, elapsed, delays, missed, errors, checks, cpu)


def instance_cpu(pids: list[int]) -> float:
    """CPU seconds (user and system) of the instances' processes so far: each master and its workers."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdecimal():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # after the name: state, ppid, pgrp, ... utime is the 14th field of the line, stime the 15th
        if int(fields[2]) in pids:
            total += int(fields[11]) + int(fields[12])
    return total / ticks


def over(result: Step) -> bool:
    """Whether p99 passed 3 s (a round no phone of its table saw counts as past it)."""
    return percentile(result.delays, 0.99) > 3.0 or result.missed > 0


def report(result: Step, label: str) -> None:
    print(
        f"{label}: {result.phones} phones, {result.households} households, {result.seconds:.0f} s: "
        f"{len(result.delays)} rounds; write -> every phone of its table: "
        f"p50 {percentile(result.delays, 0.5):.2f} s, p99 {percentile(result.delays, 0.99):.2f} s; "
        f"errors {len(result.errors)}, missed {result.missed}; "
        f"unchanged check p50 {percentile(result.checks, 0.5) * 1000:.1f} ms; "
        f"instances' CPU {result.per_thousand_per_minute():.1f} s per 1,000 phones per minute; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (this run's processes and any others)",
        flush=True,
    )
    for error in result.errors[:3]:
        print("  error:", error)


async def bench(bases: list[str], pids: list[int], options: argparse.Namespace) -> None:
    instances = Instances(bases)
    tables: list[Table] = []
    client_before = time.process_time()
    try:
        base = await step(instances, tables, options.phones, options.seconds, options, pids)
        report(base, "measured")
        last_under, passed_at, phones = None, None, options.phones
        if over(base):
            passed_at = phones
        else:
            last_under = phones
        while passed_at is None and phones < options.max_phones:  # twice the phones until p99 passes 3 s
            phones = min(options.max_phones, phones * 2)
            result = await step(instances, tables, phones, options.step_seconds, options, pids)
            report(result, "step")
            if over(result):
                passed_at = phones
            else:
                last_under = phones
        while last_under is None and phones > 10:  # or half as many until it stays under
            phones //= 2
            result = await step(instances, tables, phones, options.step_seconds, options, pids)
            report(result, "step")
            if over(result):
                passed_at = phones
            else:
                last_under = phones
        if passed_at is not None and last_under is not None:
            # once more halfway between the last count under 3 s and the first over it
            middle = (passed_at + last_under) // 2
            result = await step(instances, tables, middle, options.step_seconds, options, pids)
            report(result, "halfway")
            if over(result):
                passed_at = middle
            else:
                last_under = middle
        if passed_at is None:
            print(f"p99 stayed under 3 s up to {last_under} phones (--max-phones)")
        else:
            print(f"p99 passes 3 s between {last_under or 0} and {passed_at} phones")
    finally:
        instances.close()
    print(f"this benchmark's own CPU (the phones): {time.process_time() - client_before:.0f} s, on the same cores")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL"),
        help="a PostgreSQL database it may wipe (default: $BENCH_DATABASE_URL, then $TEST_DATABASE_URL)",
    )
    parser.add_argument("--phones", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=40.0, help="how long the 500 phones are measured")
    parser.add_argument("--pace", type=float, default=30.0, help="seconds between two rounds of one table")
    parser.add_argument("--step-seconds", type=float, default=20.0, help="how long each step up is measured")
    parser.add_argument("--home", action="store_true", help="home mode (no households) instead of the page's hosted")
    parser.add_argument("--max-phones", type=int, default=8000, help="where the steps stop")
    options = parser.parse_args(argv)
    if not (options.database_url or "").startswith("postgres"):
        parser.error("give a PostgreSQL database it may wipe: --database-url or BENCH_DATABASE_URL")
    print(
        f"2 instances as docs/hosting.md starts them ({'home mode' if options.home else 'hosted'}); "
        f"{options.phones} phones, a round every ~{options.pace:.0f} s per table; phones check every {PERIOD} s",
        flush=True,
    )
    with instances_started(options.database_url, options.home) as (bases, pids):
        asyncio.run(bench(bases, pids, options))
    return 0


@contextmanager
def instances_started(database_url: str, home: bool) -> Iterator[tuple[list[str], list[int]]]:
    folder = Path(tempfile.mkdtemp(prefix="bench-hosted-"))
    # hundreds of households made within a minute, by design: past the limit on households made by everyone
    beyond = {"SCOREKEEPER_CREATE_ALL_LIMIT": "100000 per hour"}
    mode = {"SCOREKEEPER_HOSTED": "0"} if home else {}
    with recipe.documented_instances(2, database_url, folder, beyond, **mode) as served:
        print(f"instances' logs in {folder}", flush=True)
        yield served.bases, [p.pid for p in served.processes]


if __name__ == "__main__":
    raise SystemExit(main())
