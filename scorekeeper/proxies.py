"""Behind a reverse proxy: whose ``X-Forwarded-*`` headers are believed, and what HTTPS asks of the answers.

A proxy tells the app who the phone is (``X-Forwarded-For``), that it came over HTTPS (``-Proto``) and the name it
asked for (``-Host``). Anyone can send those headers, so they are believed only from the addresses named in
``SCOREKEEPER_TRUSTED_PROXIES`` (comma-separated addresses or networks); from anyone else they are dropped, and the
rate limits count the peer that really connected. Over HTTPS (the request is, once a trusted proxy said so, or the
site's ``SCOREKEEPER_PUBLIC_URL`` is https) the session cookie is sent only over HTTPS and the browser is told to
come back over HTTPS only (``Strict-Transport-Security``)."""

from __future__ import annotations

import ipaddress
from typing import TYPE_CHECKING

from flask import Flask, Response, request
from werkzeug.middleware.proxy_fix import ProxyFix

if TYPE_CHECKING:
    from collections.abc import Iterable

    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

TRUSTED = "SCOREKEEPER_TRUSTED_PROXIES"
HSTS = "max-age=31536000"
"""A year; no includeSubDomains: the app cannot know what else lives under its domain."""
FORWARDED = ("HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_HOST", "HTTP_X_FORWARDED_PORT")
"""The headers ProxyFix reads (``-Prefix`` is not used: the app is served at the root)."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks(setting: str | None) -> tuple[Network, ...]:
    """The trusted proxies as written in the setting: ``"10.0.0.2, 127.0.0.1"`` or networks (``10.0.0.0/24``).

    >>> [str(n) for n in networks(" 127.0.0.1, 10.1.0.0/16 ,")]
    ['127.0.0.1/32', '10.1.0.0/16']
    """
    found = []
    for part in (setting or "").split(","):
        if part.strip():
            try:
                found.append(ipaddress.ip_network(part.strip(), strict=False))
            except ValueError:
                raise ValueError(f"{TRUSTED}: {part.strip()!r} is not an address or a network") from None
    return tuple(found)


class TrustedProxies:
    """WSGI middleware: werkzeug's ProxyFix (one proxy in front) for a request from a trusted proxy; the
    forwarded headers taken out of any other, so that nothing behind believes them."""

    def __init__(self, wsgi_app: WSGIApplication, trusted: tuple[Network, ...]) -> None:
        self.plain = wsgi_app
        self.fixed = ProxyFix(wsgi_app, x_for=1, x_proto=1, x_host=1, x_port=1)
        self.trusted = trusted

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if self._from_trusted(environ.get("REMOTE_ADDR", "")):
            return self.fixed(environ, start_response)
        for name in FORWARDED:
            environ.pop(name, None)
        return self.plain(environ, start_response)

    def _from_trusted(self, peer: str) -> bool:
        try:
            address = ipaddress.ip_address(peer)
        except ValueError:  # a unix socket, or no peer at all: nobody to trust
            return False
        return any(address in network for network in self.trusted)


def public_https(app: Flask) -> bool:
    """Whether the site's public address is an https one."""
    return str(app.config.get("SCOREKEEPER_PUBLIC_URL") or "").lower().startswith("https://")


def init_app(app: Flask) -> None:
    """Believe the trusted proxies (call last: in front of every other middleware, which read the fixed request)
    and send HSTS over HTTPS."""
    trusted = networks(app.config.get(TRUSTED))
    if trusted:  # none named: nothing believes the forwarded headers (werkzeug reads none of them by itself)
        app.wsgi_app = TrustedProxies(app.wsgi_app, trusted)  # type: ignore[method-assign]
    if public_https(app):
        app.config["SESSION_COOKIE_SECURE"] = True
    always = public_https(app)

    @app.after_request
    def strict_transport(response: Response) -> Response:
        if always or request.is_secure:
            response.headers.setdefault("Strict-Transport-Security", HSTS)
        return response
