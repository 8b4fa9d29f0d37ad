"""Browser tests: Debian's Chromium driven by Playwright against a live server on loopback.

They skip with a reason when no Chromium is installed, and fail instead when
REQUIRE_BROWSER=1 (as in CI), so a missing browser can never pass silently.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "page_errors_expected(reason): the test provokes server or script errors on purpose"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def chromium_path() -> str | None:
    for candidate in (
        os.environ.get("CHROMIUM"),
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
    ):
        if candidate and Path(candidate).exists():
            return candidate
    return None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    path = chromium_path()
    if path is None:
        reason = "no Chromium found (apt-get install chromium, or set CHROMIUM=/path/to/chromium)"
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(f"REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    # these flags keep Chromium from reaching for the network at start-up
    args = [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
    ]
    return {**browser_type_launch_args, "executable_path": path, "args": args}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_context_args,
        "viewport": PHONE,
        "has_touch": True,
        "is_mobile": True,
        "device_scale_factor": 2,
        "locale": "en-GB",
    }


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory, app_factory: Callable[..., Any]) -> Iterator[str]:
    """The real app (CSRF on) on a free loopback port."""
    app = app_factory(tmp_path_factory.mktemp("live"))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(autouse=True)
def no_server_or_script_errors(request: pytest.FixtureRequest) -> Iterator[list[str]]:
    """Fail a browser test on any 5xx answer, uncaught page script error or console error it meets.

    Watches the test's ``page`` and every page of a context or page the test opens from ``browser``.
    A test that provokes such errors on purpose says so with ``@pytest.mark.page_errors_expected``.
    """
    problems: list[str] = []
    names = request.fixturenames
    if request.node.get_closest_marker("page_errors_expected") or not {"page", "browser"} & set(names):
        yield problems
        return

    def console(page: Any, message: Any) -> None:
        # Chromium logs every 4xx answer as "Failed to load resource"; a 409 clash page is expected, and a 5xx
        # is caught by its response below
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            problems.append(f"console error on {page.url}: {message.text}")

    def watch_page(page: Any) -> None:
        page.on("pageerror", lambda error: problems.append(f"script error on {page.url}: {error}"))
        page.on("console", lambda message: console(page, message))
        page.on(
            "response",
            lambda response: (
                problems.append(f"{response.status} from {response.url}") if response.status >= 500 else None
            ),
        )

    def watch_context(context: Any) -> Any:
        context.on("page", watch_page)
        for page in context.pages:
            watch_page(page)
        return context

    if "page" in names:
        watch_page(request.getfixturevalue("page"))
    if "browser" in names:
        browser = request.getfixturevalue("browser")
        new_context, new_page = browser.new_context, browser.new_page
        patch = pytest.MonkeyPatch()
        patch.setattr(browser, "new_context", lambda *a, **k: watch_context(new_context(*a, **k)))

        def page_watched(*a: Any, **k: Any) -> Any:
            page = new_page(*a, **k)
            watch_page(page)
            return page

        patch.setattr(browser, "new_page", page_watched)
        yield problems
        patch.undo()
    else:
        yield problems
    assert not problems, "the browser met errors:\n" + "\n".join(problems)
