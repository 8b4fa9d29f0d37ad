"""Every address a page sends the player back to (``?next=``) stays on this site, whatever is typed into it: the
login (before, and after, a real sign-in; with no password at all) and the language switch; a newline there is
no 500. A check over the source keeps any new redirect to a typed target going through the same helper."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

import scorekeeper

from .helpers import text

PASSWORD = "dominoes at nonna's"

ELSEWHERE = [
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0d/evil.example",
    "/%0d%0aSet-Cookie:x=1",
    "//evil.example",
    "/%5Cevil.example",
    "https://evil.example/",
    "/%7f/evil.example",
    "/%E2%80%8B/evil.example",  # a zero-width space, invisible in the address bar
    "evil.example",
]


@pytest.fixture
def guarded(tmp_path: Path, app_factory: Callable[..., Flask]) -> Flask:
    return app_factory(tmp_path, SCOREKEEPER_PASSWORD=PASSWORD)


def _token(client: FlaskClient) -> str:
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', text(client.get("/login")))
    assert found
    return found.group(1)


def _sign_in(client: FlaskClient, target: str) -> str:
    response = client.post(f"/login?next={target}", data={"csrf_token": _token(client), "password": PASSWORD})
    assert response.status_code == 302, text(response)
    return str(response.headers["Location"])


@pytest.fixture
def signed_in(guarded: Flask) -> Iterator[FlaskClient]:
    with guarded.test_client() as client:
        _sign_in(client, "/")
        yield client


@pytest.mark.parametrize("target", ELSEWHERE)
def test_signing_in_goes_back_only_to_this_site(guarded: Flask, target: str) -> None:
    with guarded.test_client() as client:
        assert _sign_in(client, target) == "/"


@pytest.mark.parametrize("target", ELSEWHERE)
def test_the_login_of_a_phone_signed_in_already_goes_back_only_to_this_site(
    signed_in: FlaskClient, target: str
) -> None:
    response = signed_in.get(f"/login?next={target}")
    assert response.status_code == 302 and response.headers["Location"] == "/"


@pytest.mark.parametrize("target", ELSEWHERE)
def test_the_login_without_a_password_goes_back_only_to_this_site(client: FlaskClient, target: str) -> None:
    response = client.get(f"/login?next={target}")
    assert response.status_code == 302 and response.headers["Location"] == "/"


@pytest.mark.parametrize("target", ELSEWHERE)
def test_the_language_switch_goes_back_only_to_this_site(client: FlaskClient, target: str) -> None:
    response = client.get(f"/language/de?next={target}")
    assert response.status_code == 302 and response.headers["Location"] == "/"


def test_a_path_of_this_site_is_kept_everywhere(guarded: Flask, client: FlaskClient) -> None:
    here = "/games/new%3Freuse%3D1"
    with guarded.test_client() as phone:
        assert _sign_in(phone, here) == "/games/new?reuse=1"
        assert phone.get(f"/login?next={here}").headers["Location"] == "/games/new?reuse=1"
    assert client.get(f"/login?next={here}").headers["Location"] == "/games/new?reuse=1"
    assert client.get(f"/language/it?next={here}").headers["Location"] == "/games/new?reuse=1"


def test_the_gate_sends_a_stranger_to_the_login_and_back_to_the_page_asked_for(guarded: Flask) -> None:
    with guarded.test_client() as client:
        asked = client.get("/stats?period=year")
        assert asked.headers["Location"] == "/login?next=/stats?period%3Dyear"
        assert _sign_in(client, "/stats%3Fperiod%3Dyear") == "/stats?period=year"


def _redirects_to_typed_targets(source: str) -> list[str]:
    """The ``redirect(...)`` calls whose target is neither built by url_for nor checked by same_site (directly, or
    through a name assigned from one of them in the same function)."""
    safe_calls = {"url_for", "same_site"}

    def safe(node: ast.expr, checked: set[str]) -> bool:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            return node.func.id in safe_calls
        return isinstance(node, ast.Name) and node.id in checked

    found = []
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, ast.FunctionDef):
            continue
        checked = {
            target.id
            for node in ast.walk(function)
            if isinstance(node, ast.Assign) and safe(node.value, set())
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(function):
            is_redirect = isinstance(node, ast.Call) and getattr(node.func, "id", None) == "redirect"
            if is_redirect and not (node.args and safe(node.args[0], checked)):  # type: ignore[attr-defined]
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_every_redirect_goes_to_an_address_built_here_or_checked() -> None:
    package = Path(scorekeeper.__file__).parent
    unchecked = {
        str(path.relative_to(package)): found
        for path in sorted(package.rglob("*.py"))
        if (found := _redirects_to_typed_targets(path.read_text(encoding="utf-8")))
    }
    assert unchecked == {}
    assert _redirects_to_typed_targets("def f():\n    return redirect(request.args['next'])\n")
