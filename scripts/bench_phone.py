"""The web benchmark as a phone asks (part of `make bench-web`): a browser's headers, the session cookie it got
on its first visit, and the page's static files fetched as a browser with a cache fetches them.

The server CPU one visit to the table screen costs is counted from the CPU time of the server's processes
(/proc/<pid>/stat, every process of gunicorn's group), against as many hello-world requests measured the same
way: one client, one request after another on a kept-open connection, so that the figure is the server's work and
not the machine's load. A visit is the page (a 200: a phone that loads the table anew, as it does after each round)
and what its cache does not hold of the styles, scripts, icons and manifest the page links: asked again when the
cache says "ask each time" (``no-cache``: a conditional request, answered 304), nothing at all while it may keep
them (``max-age``).

Then the bytes each main page travels as, plain and as sent to a phone that takes ``gzip, br``.
"""

from __future__ import annotations

import gzip
import http.client
import os
import re
import time
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime

PHONE = {
    "User-Agent": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 "
    "Mobile Safari/537.36",
    "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
    "Accept-Encoding": "gzip, deflate, br, zstd",
    "Accept-Language": "en-GB,en;q=0.9",
}
"""What Chromium on a phone sends with a page request (a static file's request sends the same but Accept)."""

LINKED = re.compile(r'<(?:link|script)\b[^>]*?\b(?:href|src)="([^"#]+)"')
"""The styles, scripts, icons and manifest a page makes the browser fetch (not its <a> links)."""

TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def server_cpu(group: int) -> float:
    """Seconds of CPU time the processes of this process group (gunicorn's master and workers) have used."""
    ticks = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group:  # fields from the state on: state, ppid, pgrp, ..., utime (11), stime (12)
            ticks += int(fields[11]) + int(fields[12])
    return ticks / TICKS


@dataclass
class Kept:
    """What a browser's HTTP cache holds of one address."""

    fresh_until: float
    etag: str | None
    modified: str | None


@dataclass
class Phone:
    """One browser: its cookies and its cache, on one kept-open connection."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    cache: dict[str, Kept] = field(default_factory=dict)
    requests: int = 0
    connection: http.client.HTTPConnection | None = None

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        """One GET with the phone's headers and cookies; the status, headers (lower-case names) and body as sent."""
        asked = {**PHONE, **(headers or {})}
        if self.cookies:
            asked["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self.connection = self.connection or http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        self.connection.request("GET", path, headers=asked)
        response = self.connection.getresponse()
        body = response.read()
        self.requests += 1
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body

    def visit(self, path: str) -> bytes:
        """Load a page anew and whatever of what it links the cache cannot give without asking."""
        status, headers, body = self.get(path)
        if status != 200:
            raise SystemExit(f"{path} answered {status}")
        page = _plain(body, headers)
        for link in dict.fromkeys(LINKED.findall(page.decode())):
            self.fetch(link.replace("&amp;", "&"))
        return page

    def fetch(self, url: str) -> None:
        """A linked file as a browser's cache fetches it: not at all while fresh, conditionally once stale."""
        kept = self.cache.get(url)
        if kept is not None and kept.fresh_until > time.monotonic():
            return
        conditional = {}
        if kept is not None and kept.etag:
            conditional["If-None-Match"] = kept.etag
        if kept is not None and kept.modified:
            conditional["If-Modified-Since"] = kept.modified
        status, headers, _ = self.get(url, {"Accept": "*/*", **conditional})
        if status not in (200, 304):
            raise SystemExit(f"{url} answered {status}")
        self.cache[url] = Kept(
            time.monotonic() + _lifetime(headers),
            headers.get("etag") or (kept.etag if kept else None),
            headers.get("last-modified") or (kept.modified if kept else None),
        )


def _lifetime(headers: dict[str, str]) -> float:
    """How long a browser may use its copy without asking (0: ask each time)."""
    control = headers.get("cache-control", "")
    if "no-cache" in control or "no-store" in control:
        return 0.0
    found = re.search(r"max-age=(\d+)", control)
    if found:
        return float(found.group(1))
    if "last-modified" in headers:  # heuristic freshness: a tenth of the file's age, as browsers do
        age = time.time() - parsedate_to_datetime(headers["last-modified"]).timestamp()
        return max(0.0, age / 10)
    return 0.0


def _plain(body: bytes, headers: dict[str, str]) -> bytes:
    if headers.get("content-encoding", "") == "gzip":
        return gzip.decompress(body)
    return body


def hello_cpu(port: int, group: int, count: int) -> float:
    """Server CPU seconds per hello-world request, asked the same way as the phone asks (one after another)."""
    phone = Phone(port)
    phone.get("/")
    before = server_cpu(group)
    for _ in range(count):
        phone.get("/")
    return (server_cpu(group) - before) / count


def visit_cpu(
    port: int, group: int, path: str, visits: int, *, anew: bool = False, drawn: bool = False
) -> tuple[float, float]:
    """Server CPU seconds per visit to ``path`` by a phone that visited once before (its cookie and cache), and
    the requests a visit takes. ``anew``: each visit with a cookie it never sent before (as a page's own script may
    set one), so that no answer can be given again as it was: the page goes through Flask, as after a change.
    ``drawn``: each visit at an address never asked before (a query of its own), so that the page is drawn and
    gzipped anew, as for the first phone that looks after a round."""
    phone = Phone(port)
    phone.visit(path)  # the first visit: the session cookie, and everything linked into the cache
    phone.visit(path)
    phone.requests = 0
    before = server_cpu(group)
    for visit in range(visits):
        if anew:
            phone.cookies["seen"] = str(visit)
        phone.visit(f"{path}?visit={visit}" if drawn else path)
    return (server_cpu(group) - before) / visits, phone.requests / visits


def gzip_cpu(body: bytes, times: int = 200) -> float:
    """Seconds of CPU one gzip of ``body`` takes (here: the server does the same once per phone and version)."""
    from scorekeeper.compression import LEVEL  # as the server compresses (served.py put the checkout on the path)

    began = time.process_time()
    for _ in range(times):
        gzip.compress(body, LEVEL, mtime=0)
    return (time.process_time() - began) / times


def wire_bytes(port: int, paths: dict[str, str]) -> list[tuple[str, int, int]]:
    """Each page's size plain and as sent to a phone that takes compressed answers (with a session cookie)."""
    phone = Phone(port)
    rows = []
    for label, path in paths.items():
        phone.get(path)  # the cookie first, as a phone that is using the app has it
        _, _, plain = phone.get(path, {"Accept-Encoding": "identity"})
        _, _, sent = phone.get(path)
        rows.append((label, len(plain), len(sent)))
    return rows


def report(port: int, hello_port: int, group: int, hello_group: int, game_id: str, seconds: float) -> str:
    """The phone's figures: a visit to the table screen and to /rules in hello-world requests of server CPU, and
    the bytes each main page travels as."""
    count = max(200, int(seconds * 150))
    table = f"/games/{game_id}"
    lines = [
        "",
        "as a phone asks (its session cookie, browser headers, the files a page links as its cache fetches them):",
    ]
    visits = max(100, count // 3)
    hellos: list[float] = []
    for label, path, anew, drawn in (
        ("the table screen, asked again as it was", table, False, False),
        ("the table screen through Flask (as after a change)", table, True, False),
        ("the table screen drawn and gzipped anew (the first phone after a round)", table, True, True),
        ("/rules, asked again as it was", "/rules", False, False),
        ("/rules through Flask", "/rules", True, False),
    ):
        # hello-world just before and just after, so that both see the same machine (others share its cores)
        before = hello_cpu(hello_port, hello_group, count // 2)
        cpu, requests = visit_cpu(port, group, path, visits // 4 if drawn else visits, anew=anew, drawn=drawn)
        hello = (before + hello_cpu(hello_port, hello_group, count // 2)) / 2
        hellos.append(hello)
        lines.append(
            f"a visit to {label}: {cpu / hello:.1f} hello-world requests of server CPU"
            f" ({cpu * 1e6:.0f} us against {hello * 1e6:.0f} us, in {requests:.1f} requests)"
        )
    hello = sum(hellos) / len(hellos)
    page = Phone(port).get(table, {"Accept-Encoding": "identity"})[2]
    lines.append(
        f"gzip of the table screen, once per phone and version of the game: {gzip_cpu(page) / hello:.1f}"
        " hello-world requests"
    )
    pages = {"table screen": table, "round form": f"{table}/rounds/new", "checker": "/check", "/rules": "/rules"}
    lines.append(f"{'page':16} {'plain bytes':>11} {'sent bytes':>11}")
    for label, plain, sent in wire_bytes(port, pages):
        lines.append(f"{label:16} {plain:11,} {sent:11,}")
    return "\n".join(lines)
