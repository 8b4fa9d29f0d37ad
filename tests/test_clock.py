"""The clock the date-sensitive tests run on: as far ahead as TEST_CLOCK_AHEAD_DAYS asks (tests/conftest.py)."""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime, timedelta

import pytest
import time_machine


@pytest.mark.dates
def test_the_clock_is_as_far_ahead_as_asked() -> None:
    ahead = timedelta(days=int(os.environ.get("TEST_CLOCK_AHEAD_DAYS", "0") or 0))
    hatch = time_machine.escape_hatch
    real = datetime.fromtimestamp(hatch.time.time() if hatch.is_travelling() else time.time(), UTC)
    assert abs(datetime.now(UTC) - real - ahead) < timedelta(minutes=10)  # the run's own minutes tick on too
