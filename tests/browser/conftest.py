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
