"""Security headers on every response."""

from flask import Flask, Response

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",  # no inline script, ever
        "style-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS = [
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "same-origin"),
    ("Permissions-Policy", "camera=(), microphone=(), geolocation=()"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
]
"""Sent with every answer: Flask's (below) and the static files' (scorekeeper.static_files)."""

_NAMES = [(name.lower(), name, value) for name, value in HEADERS]


def init_app(app: Flask) -> None:
    @app.after_request
    def add_headers(response: Response) -> Response:
        # each one a view did not set itself; one look at the names already there instead of one per header
        # (werkzeug's setdefault walks them all each time: a twentieth of a kept page's cost through Flask)
        there = {name.lower() for name, _ in response.headers}
        response.headers.extend([(name, value) for lower, name, value in _NAMES if lower not in there])
        return response
