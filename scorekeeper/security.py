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


def init_app(app: Flask) -> None:
    @app.after_request
    def add_headers(response: Response) -> Response:
        for name, value in HEADERS:
            response.headers.setdefault(name, value)
        return response
