"""Several instances of the hosted app (as gunicorn processes behind a proxy) answer alike: the same secret key
from the environment, one database and one Redis for the rate limits."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper import create_app


def test_hosted_mode_refuses_to_start_without_a_secret_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.setenv("SCOREKEEPER_HOSTED", "1")
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(RuntimeError, match=r"Hosted mode \(SCOREKEEPER_HOSTED=1\) needs SECRET_KEY in the environment"):
        create_app()
    assert not (tmp_path / "secret_key").exists()  # no key of its own made instead


def test_home_mode_still_makes_its_own_secret_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.delenv("SCOREKEEPER_HOSTED", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    app = create_app()
    assert app.secret_key == (tmp_path / "secret_key").read_text().strip()


def test_hosted_mode_takes_the_secret_key_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.setenv("SCOREKEEPER_HOSTED", "1")
    monkeypatch.setenv("SECRET_KEY", "the same for every instance")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'hosted.sqlite3'}")
    assert create_app().secret_key == "the same for every instance"
