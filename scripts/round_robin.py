"""A small reverse proxy for tests: each request goes to the next instance in turn, as a load balancer with no
stickiness sends it, with ``X-Forwarded-For`` added as Caddy and nginx add it.

A phone's page, its next poll and its next form post thus reach different instances one after another, which is
the hardest case for anything an instance might keep to itself. Plain HTTP/1.1 with keep-alive towards the
phone; one connection per instance and thread towards the instances.

    proxy = RoundRobin(["http://127.0.0.1:8001", "http://127.0.0.1:8002"])
    proxy.start()          # proxy.url: http://127.0.0.1:PORT
    ...
    proxy.stop()
"""

from __future__ import annotations

import http.client
import itertools
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

HOP_BY_HOP = {
    "connection",
    "keep-alive",
    "proxy-authenticate",
    "proxy-authorization",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
}
"""Headers that belong to one connection, never passed along (RFC 9110, 7.6.1)."""


class RoundRobin:
    """The proxy: ``url`` once started; ``answered`` counts the requests each instance answered."""

    def __init__(self, instances: list[str]) -> None:
        self.instances = [(urlsplit(i).hostname or "127.0.0.1", urlsplit(i).port or 80) for i in instances]
        self._turns = itertools.cycle(range(len(instances)))
        self._lock = threading.Lock()
        self._local = threading.local()
        self.answered: Counter[int] = Counter()
        """Instance index -> requests it answered through the proxy."""
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def start(self) -> RoundRobin:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def next_instance(self) -> int:
        with self._lock:
            return next(self._turns)

    def connection(self, index: int) -> http.client.HTTPConnection:
        """This thread's connection to instance ``index`` (kept open between requests, as a proxy's pool)."""
        pool: dict[int, http.client.HTTPConnection] = self._local.__dict__.setdefault("pool", {})
        if index not in pool:
            host, port = self.instances[index]
            pool[index] = http.client.HTTPConnection(host, port, timeout=30)
        return pool[index]

    def forget(self, index: int) -> None:
        pool: dict[int, http.client.HTTPConnection] = self._local.__dict__.setdefault("pool", {})
        connection = pool.pop(index, None)
        if connection is not None:
            connection.close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive towards the phone, as a real proxy keeps it

            def do_GET(self) -> None:
                self._forward()

            do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = do_GET

            def _forward(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
                client = self.client_address[0]
                before = self.headers.get("X-Forwarded-For")
                headers["X-Forwarded-For"] = f"{before}, {client}" if before else client
                index = proxy.next_instance()
                for attempt in range(2):
                    upstream = proxy.connection(index)
                    try:
                        upstream.request(self.command, self.path, body=body, headers=headers)
                        answer = upstream.getresponse()
                        content = answer.read()
                        break
                    except (OSError, http.client.HTTPException):
                        proxy.forget(index)  # the instance closed a kept connection: once more on a new one
                        if attempt:
                            self.send_error(502, "the instance did not answer")
                            return
                if answer.getheader("Connection", "").lower() == "close":
                    proxy.forget(index)
                with proxy._lock:
                    proxy.answered[index] += 1
                self.send_response_only(answer.status, answer.reason)
                for name, value in answer.getheaders():
                    if name.lower() not in HOP_BY_HOP and (name.lower() != "content-length" or self.command == "HEAD"):
                        self.send_header(name, value)
                if self.command != "HEAD" and answer.status not in (204, 304):
                    self.send_header("Content-Length", str(len(content)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(content)

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
                pass  # quiet: the instances keep their own access logs

        return Handler
