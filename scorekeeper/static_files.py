"""The styles, scripts, icons and videos under names that change with their content, kept by phones for a year.

Served through Flask, each static file cost a phone a request per page it opened (``no-cache``: "is it still
the same?") and the server a session read and a cookie signed anew each time: one visit to the table screen cost
about 22 hello-world requests of server work, the page itself 15 % of it. Here every file of the static folder is
read once at start, with a digest of its bytes and, for text, its gzip copy; ``url_for('static', filename=
'app.js')`` names it ``/static/app.3f2a9c1b.js``, which a small WSGI middleware in front of Flask answers from
memory with ``Cache-Control: public, max-age=31536000, immutable``: a phone asks for it once, and again only
once it has changed, under its new name. Its plain name still answers (what a stylesheet or a script names
relatively, the service worker's copies from before an upgrade), checked each time (``no-cache``, an ETag).

No session is read and no cookie is sent for a static file. The security headers are the pages' own
(scorekeeper.security). A request for part of a file (the wake video in Safari asks with ``Range``) goes to
Flask's own static view, which answers ranges.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Flask

from .security import HEADERS

if TYPE_CHECKING:
    from collections.abc import Iterable

    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

FOREVER = "public, max-age=31536000, immutable"
"""A hashed name's lifetime: a year, and the browser need not even ask when the page is reloaded."""
ASK_EACH_TIME = "no-cache"
"""A plain name's: kept, but checked (a 304 from memory) each time."""

COMPRESSED_TYPES = frozenset({"text/css", "text/javascript", "application/javascript", "image/svg+xml"})
"""What gzip makes smaller (the PNG icons and the videos are compressed already)."""


@dataclass(frozen=True)
class StaticFile:
    """One file of the static folder as read at start."""

    name: str
    """Its path under the static folder, as url_for names it (``icons/icon-192.png``)."""
    hashed: str
    """Its name with the digest of its bytes before the extension (``icons/icon-192.1a2b3c4d.png``)."""
    etag: str
    mimetype: str
    body: bytes
    gzipped: bytes | None
    """Its gzip copy, for the text files that gzip makes smaller; None for the others."""


def _hashed(name: str, digest: str) -> str:
    stem, dot, extension = name.rpartition(".")
    return f"{stem}.{digest}.{extension}" if dot and "/" not in extension else f"{name}.{digest}"


def read_folder(folder: Path) -> dict[str, StaticFile]:
    """Every file under ``folder``, keyed by its plain name."""
    files = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        name = path.relative_to(folder).as_posix()
        body = path.read_bytes()
        digest = hashlib.sha256(body).hexdigest()[:8]
        mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
        gzipped = gzip.compress(body, 9, mtime=0) if mimetype in COMPRESSED_TYPES else None
        if gzipped is not None and len(gzipped) >= len(body):
            gzipped = None
        files[name] = StaticFile(name, _hashed(name, digest), f'"{digest}"', mimetype, body, gzipped)
    return files


class StaticFiles:
    """The WSGI middleware: answers ``/static/...`` from memory; every other request (and a range) is Flask's."""

    def __init__(self, wsgi_app: WSGIApplication, folder: Path, prefix: str = "/static/") -> None:
        self.wsgi_app = wsgi_app
        self.prefix = prefix
        self.files = read_folder(folder)
        self.by_url = {name: (f, ASK_EACH_TIME) for name, f in self.files.items()}
        self.by_url.update({f.hashed: (f, FOREVER) for f in self.files.values()})

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        path = str(environ.get("PATH_INFO", ""))
        found = self.by_url.get(path[len(self.prefix) :]) if path.startswith(self.prefix) else None
        if found is None or environ.get("REQUEST_METHOD") not in ("GET", "HEAD"):
            return self.wsgi_app(environ, start_response)
        file, lifetime = found
        if environ.get("HTTP_RANGE"):
            environ["PATH_INFO"] = self.prefix + file.name  # Flask's static view answers a range of the plain file
            return self.wsgi_app(environ, start_response)
        headers = [("Content-Type", _content_type(file.mimetype)), ("Cache-Control", lifetime), ("ETag", file.etag)]
        headers += HEADERS
        if file.gzipped is not None:
            headers.append(("Vary", "Accept-Encoding"))
        if file.etag in str(environ.get("HTTP_IF_NONE_MATCH", "")):
            start_response("304 Not Modified", headers)
            return []
        body = file.body
        if file.gzipped is not None and takes_gzip(str(environ.get("HTTP_ACCEPT_ENCODING", ""))):
            body = file.gzipped
            headers.append(("Content-Encoding", "gzip"))
        headers.append(("Content-Length", str(len(body))))
        start_response("200 OK", headers)
        return [] if environ["REQUEST_METHOD"] == "HEAD" else [body]


def takes_gzip(accepted: str) -> bool:
    """Whether an Accept-Encoding header takes gzip (named, or ``*``, and not with ``q=0``)."""
    for part in accepted.lower().split(","):
        coding, _, params = part.partition(";")
        if coding.strip() in ("gzip", "*"):
            quality = params.strip()
            if not quality.startswith("q="):
                return True
            try:
                return float(quality[2:]) > 0
            except ValueError:
                return False
    return False


def _content_type(mimetype: str) -> str:
    return f"{mimetype}; charset=utf-8" if mimetype.startswith("text/") or mimetype.endswith("javascript") else mimetype


def init_app(app: Flask) -> None:
    assert app.static_folder is not None
    served = StaticFiles(app.wsgi_app, Path(app.static_folder), (app.static_url_path or "/static") + "/")
    app.wsgi_app = served  # type: ignore[method-assign]
    app.extensions["static_files"] = served

    @app.url_defaults
    def hashed_name(endpoint: str, values: dict[str, Any]) -> None:
        # url_for('static', filename='app.js') -> /static/app.3f2a9c1b.js; a file added since start keeps its name
        if endpoint == "static":
            file = served.files.get(values.get("filename", ""))
            if file is not None:
                values["filename"] = file.hashed
