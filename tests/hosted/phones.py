"""Phones of hosted households for the limits' tests: each a test client from its own address, making a household,
signing in to one, or trying a passphrase, through the household pages as a phone's browser would (the form's
CSRF token read from the welcome page when the app checks it)."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

PASSPHRASE = "four dominoes on the train"


class Phone:
    """One phone, at one client address."""

    def __init__(self, app: Flask, address: str = "203.0.113.1") -> None:
        self.client: FlaskClient = app.test_client()
        self.address = address
        self.csrf = bool(app.config.get("WTF_CSRF_ENABLED", True))

    def get(self, path: str, **headers: str) -> TestResponse:
        return self.client.get(path, headers=headers, environ_base={"REMOTE_ADDR": self.address})

    def post(self, path: str, data: dict[str, str] | None = None, **headers: str) -> TestResponse:
        return self.client.post(path, data=data, headers=headers, environ_base={"REMOTE_ADDR": self.address})

    def post_json(self, path: str, body: object) -> TestResponse:
        return self.client.post(path, json=body, environ_base={"REMOTE_ADDR": self.address})

    def _token(self, form: str) -> dict[str, str]:
        if not self.csrf:
            return {}
        page = self.client.get("/welcome", environ_base={"REMOTE_ADDR": self.address}).get_data(as_text=True)
        found = re.search(rf'id="{form}-csrf_token" name="{form}-csrf_token" type="hidden" value="([^"]+)"', page)
        assert found, page
        return {f"{form}-csrf_token": found.group(1)}

    def create(self, name: str, player: str = "Ana", **headers: str) -> TestResponse:
        data = {
            "create-name": name,
            "create-passphrase": PASSPHRASE,
            "create-passphrase_again": PASSPHRASE,
            "create-player": player,
        }
        return self.post("/welcome/create", {**data, **self._token("create")}, **headers)

    def sign_in(self, name: str, passphrase: str = PASSPHRASE, player: str = "Ben", **headers: str) -> TestResponse:
        data = {"signin-name": name, "signin-passphrase": passphrase, "signin-player": player}
        return self.post("/welcome/sign-in", {**data, **self._token("signin")}, **headers)
