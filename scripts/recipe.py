"""The instances docs/hosting.md documents, started on this machine as its unit files say.

The page's fenced blocks are found by their first line, the file they are
(``# /etc/systemd/system/scorekeeper@.service``, ``# /etc/scorekeeper/scorekeeper.env``), so what the tests
and `make bench-hosted` start is what the page tells an administrator to write. Only what belongs to one
machine is put in place of the page's values: the checkout for ``/srv/scorekeeper``, the port for ``%i``, and
the settings the caller names (the database, the redis, the secret).

Shared by tests/hosted/test_documented_instances.py, tests/browser/test_alternating_instances.py and
scripts/bench_hosted.py.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from http.cookiejar import Cookie, CookieJar, DefaultCookiePolicy
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "hosting.md"
CHECKOUT = "/srv/scorekeeper"
"""Where the page puts the checkout; here, the checkout these scripts run from."""
INSTANCE_UNIT = "/etc/systemd/system/scorekeeper@.service"
UPGRADE_UNIT = "/etc/systemd/system/scorekeeper-upgrade.service"
ENVIRONMENT_FILE = "/etc/scorekeeper/scorekeeper.env"
REDIS_SERVER = "/usr/bin/redis-server"


def fenced_block(page: str, first_line: str) -> str:
    """The text of the page's one fenced block whose first line is ``first_line`` (without that line)."""
    found = []
    for block in re.findall(r"^```[^\n]*\n(.*?)^```", page, flags=re.MULTILINE | re.DOTALL):
        head, _, rest = block.partition("\n")
        if head.strip() == first_line:
            found.append(rest)
    if len(found) != 1:
        raise LookupError(f"docs/hosting.md has {len(found)} fenced blocks starting {first_line!r}, not one")
    return str(found[0])


@dataclass(frozen=True)
class Unit:
    """What a systemd service unit says about its process: [Service]'s settings, each as its lines."""

    settings: dict[str, list[str]]

    @classmethod
    def parse(cls, text: str) -> Unit:
        settings: dict[str, list[str]] = {}
        section = ""
        for raw in text.splitlines():
            line = raw.strip()
            if not line or line.startswith(("#", ";")):
                continue
            if line.startswith("["):
                section = line.strip("[]")
            elif section == "Service":
                key, _, value = line.partition("=")
                settings.setdefault(key.strip(), []).append(value.strip())
        return cls(settings)

    def one(self, key: str) -> str:
        values = self.settings.get(key, [])
        if len(values) != 1:
            raise LookupError(f"the unit sets {key} {len(values)} times, not once")
        return values[0]

    def environment(self, instance: str) -> dict[str, str]:
        """Its ``Environment=`` assignments, ``%i`` read as ``instance``."""
        found: dict[str, str] = {}
        for line in self.settings.get("Environment", []):
            for word in shlex.split(line.replace("%i", instance)):
                key, _, value = word.partition("=")
                found[key] = value
        return found

    def command(self, instance: str) -> list[str]:
        """``ExecStart=``, ``%i`` read as ``instance`` and the page's checkout as this one."""
        line = self.one("ExecStart").replace("%i", instance).replace(CHECKOUT, str(ROOT))
        words = shlex.split(line)
        if words and words[0] == f"{ROOT}/.venv/bin/{Path(words[0]).name}":
            # this checkout's virtualenv may live elsewhere (the one running these scripts)
            words[0] = str(Path(sys.executable).parent / Path(words[0]).name)
        return words


def environment_file(text: str) -> dict[str, str]:
    """systemd's EnvironmentFile=: ``KEY=value`` lines, ``#`` comments."""
    found: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            found[key.strip()] = value.strip().strip('"')
    return found


@dataclass(frozen=True)
class Recipe:
    """The page's instance unit, upgrade unit and environment file."""

    instance: Unit
    upgrade: Unit
    settings: dict[str, str]

    @classmethod
    def read(cls, path: Path = PAGE) -> Recipe:
        page = path.read_text(encoding="utf-8")
        instance = Unit.parse(fenced_block(page, f"# {INSTANCE_UNIT}"))
        upgrade = Unit.parse(fenced_block(page, f"# {UPGRADE_UNIT}"))
        for unit in (instance, upgrade):
            if unit.one("EnvironmentFile") != ENVIRONMENT_FILE or unit.one("WorkingDirectory") != CHECKOUT:
                raise LookupError("the units no longer read the page's environment file or run in its checkout")
        return cls(instance, upgrade, environment_file(fenced_block(page, f"# {ENVIRONMENT_FILE}")))

    def environment(self, **these: str) -> dict[str, str]:
        """The environment file as the page writes it, with ``these`` settings in place of the page's values.

        The environment the scripts run in is kept underneath (PATH, HOME), as systemd's own would be; the
        app's settings from it are dropped, so only the page's and ``these`` reach the instances."""
        unknown = set(these) - set(self.settings)
        if unknown:
            raise LookupError(f"the page's environment file sets no {sorted(unknown)}")
        base = {k: v for k, v in os.environ.items() if k not in self.settings and not k.startswith("SCOREKEEPER")}
        return {**base, **self.settings, **these}

    def upgrade_db(self, environment: dict[str, str]) -> None:
        """Run the upgrade unit's command once (scorekeeper upgrade-db), as `systemctl start` would."""
        env = {**environment, **self.upgrade.environment("")}
        subprocess.run(self.upgrade.command(""), env=env, cwd=ROOT, check=True, capture_output=True)

    def start(self, port: int, environment: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
        """The instance unit for ``port`` (scorekeeper@PORT), in its own process group; returns once it answers."""
        env = {**environment, **self.instance.environment(str(port))}
        with log.open("ab") as out:
            process = subprocess.Popen(
                self.instance.command(str(port)), env=env, cwd=ROOT, stdout=out, stderr=out, start_new_session=True
            )
        wait_for_http(f"http://127.0.0.1:{port}/", process, log)
        return process


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_http(url: str, process: subprocess.Popen[bytes], log: Path, seconds: float = 60) -> None:
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError:
            return  # any answer at all: it is up
        except OSError:
            pass
        if process.poll() is not None:
            raise RuntimeError(f"{url} exited with {process.returncode}; see {log}")
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer within {seconds:.0f} s; see {log}")


def start_redis(port: int, folder: Path) -> subprocess.Popen[bytes]:
    """A throwaway redis-server on loopback that keeps nothing on disk; returns once it answers PING."""
    args = [REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    args += ["--dir", str(folder), "--logfile", str(folder / "redis.log")]
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    ends = time.monotonic() + 20
    while time.monotonic() < ends:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return process
        except OSError:
            pass
        if process.poll() is not None:
            break
        time.sleep(0.05)
    stop(process)
    raise RuntimeError(f"redis-server did not answer on port {port}; see {folder / 'redis.log'}")


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a process started here with its whole group (gunicorn's master and workers), as systemd does."""
    if process.poll() is None:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def wipe_postgres(url: str) -> None:
    """Empty a PostgreSQL database the caller may wipe (a test's or a benchmark's), for a fresh upgrade-db."""
    import psycopg

    with psycopg.connect(re.sub(r"^postgres(ql)?(\+psycopg)?://", "postgresql://", url), autocommit=True) as db:
        db.execute("DROP SCHEMA public CASCADE")
        db.execute("CREATE SCHEMA public")


@dataclass
class Served:
    """Instances started from the page, on one database and one redis."""

    recipe: Recipe
    environment: dict[str, str]
    folder: Path
    bases: list[str] = field(default_factory=list)
    """Each instance's address, http://127.0.0.1:PORT."""
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)
    """Each instance's gunicorn master (its workers are its children)."""

    def start(self) -> None:
        port = free_port()
        self.processes.append(self.recipe.start(port, self.environment, self.folder / f"instance-{port}.log"))
        self.bases.append(f"http://127.0.0.1:{port}")

    def upgrade(self) -> None:
        """The page's upgrade: ``scorekeeper upgrade-db`` while the instances serve."""
        self.recipe.upgrade_db(self.environment)

    def restart(self, index: int) -> None:
        """``systemctl restart scorekeeper@PORT`` for one instance: stopped, started again on its port."""
        port = int(self.bases[index].rsplit(":", 1)[1])
        stop(self.processes[index])
        log = self.folder / f"instance-{port}.log"
        self.processes[index] = self.recipe.start(port, self.environment, log)

    def stop(self) -> None:
        for process in self.processes:
            stop(process)


@contextmanager
def documented_instances(
    count: int, database_url: str, folder: Path, beyond: dict[str, str] | None = None, **settings: str
) -> Iterator[Served]:
    """A redis-server, ``scorekeeper upgrade-db`` and ``count`` instances as docs/hosting.md starts them, on the
    PostgreSQL database of ``database_url`` (wiped first); everything stopped on the way out.

    ``settings`` replace more of the page's environment file (its other values are used as written); ``beyond``
    adds settings the page leaves at their defaults (a benchmark's limits)."""
    import secrets

    recipe = Recipe.read()
    redis_port = free_port()
    redis = start_redis(redis_port, folder)
    served = None
    try:
        environment = recipe.environment(
            DATABASE_URL=database_url,
            RATELIMIT_STORAGE_URI=f"redis://127.0.0.1:{redis_port}/0",
            SECRET_KEY=secrets.token_hex(32),  # one key for every instance, as the page says
            **settings,
        ) | (beyond or {})
        wipe_postgres(database_url)
        served = Served(recipe, environment, folder)
        served.upgrade()
        for _ in range(count):
            served.start()
        yield served
    finally:
        if served is not None:
            served.stop()
        stop(redis)


class _BehindTheTlsProxy(DefaultCookiePolicy):
    """The page's address is https, so the instances make the session cookie secure-only; the phones here ask the
    instances over plain HTTP on loopback, as the TLS proxy (left out) would, and send it as they would to it."""

    def return_ok_secure(self, cookie: Cookie, request: urllib.request.Request) -> bool:
        return True


class Member:
    """A phone of a household in hosted mode, signed in through the welcome page as a person would: its cookies
    (the session, which holds the phone's key) go with every request, to whichever instance it names."""

    def __init__(self, address: str | None = None) -> None:
        self.jar = CookieJar(_BehindTheTlsProxy())
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        if address is not None:  # its own address, as a trusted proxy in front says it (the rate limits count by it)
            self.opener.addheaders.append(("X-Forwarded-For", address))

    @classmethod
    def create_household(cls, base: str, name: str, passphrase: str, player: str, address: str | None = None) -> Member:
        """Create a household on the welcome page; this phone is its first member."""
        member = cls(address)
        fields = {"name": name, "passphrase": passphrase, "passphrase_again": passphrase, "player": player}
        member.send_form(base, "/welcome", "/welcome/create", "create", fields)
        return member

    @classmethod
    def sign_in(cls, base: str, name: str, passphrase: str, player: str) -> Member:
        """Sign a new phone in to a household with its name and passphrase."""
        member = cls()
        fields = {"name": name, "passphrase": passphrase, "player": player}
        member.send_form(base, "/welcome", "/welcome/sign-in", "signin", fields)
        return member

    def send_form(self, base: str, page: str, action: str, prefix: str, fields: dict[str, str]) -> None:
        """Post one of the page's forms (``prefix``: the form's field prefix) with its CSRF token, as a browser
        does; raises unless the app took it (it redirects onward)."""
        with self.opener.open(base + page, timeout=30) as answer:
            html = answer.read().decode()
        token = re.search(rf'<input[^>]*name="{prefix}-csrf_token"[^>]*value="([^"]+)"', html)
        if token is None:
            raise LookupError(f"{page} has no {prefix} form")
        data = {f"{prefix}-{k}": v for k, v in fields.items()} | {f"{prefix}-csrf_token": token.group(1)}
        request = urllib.request.Request(base + action, data=urllib.parse.urlencode(data).encode(), method="POST")
        with self.opener.open(request, timeout=30) as answer:  # a 4xx raises HTTPError, saying what was wrong
            if urllib.parse.urlsplit(answer.url).path == "/welcome":
                raise RuntimeError(f"{action} did not sign this phone in")

    def call(self, base: str, method: str, path: str, body: object = None) -> tuple[int, Any]:
        """One JSON API request with this phone's session; the status and the decoded body."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        try:
            with self.opener.open(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")

    def cookie(self) -> str:
        """The Cookie header this phone sends (for clients of their own: the benchmark's)."""
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)
