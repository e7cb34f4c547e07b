"""The spare keeper's judgement and options, without a process (tests/worker/test_spares.py
starts real ones)."""

from __future__ import annotations

import time
from pathlib import Path
from unittest import mock

import pytest

from backend.limits import RunLimits
from backend.settings import Settings
from backend.worker import spares as spares_module
from backend.worker.process import HarnessProcess, WorkerSetup
from backend.worker.spares import SpareKeeper, SpareOptions, spare_options

PARKING = SpareOptions(prewarm=False, count=1, busy_parked=1, busy_window_s=3600.0)


@pytest.fixture
def setup(tmp_path: Path) -> WorkerSetup:
    return WorkerSetup(tmp_path / "data", "cpu", RunLimits(sandbox="none", timeout_s=120))


@pytest.mark.parametrize(
    ("device", "busy_extra", "busy_parked", "expected"),
    [
        ("cuda", None, None, (2, 1, 2)),
        ("cpu", None, None, (1, 0, 0)),
        ("cuda", 0, 0, (2, 0, 0)),
        ("cpu", 2, 1, (1, 2, 1)),
    ],
)
def test_spare_options_keep_extra_spares_on_a_gpu_unless_told(
    device: str, busy_extra: int | None, busy_parked: int | None, expected: tuple[int, ...]
) -> None:
    settings = Settings(spares_busy_extra=busy_extra, spares_busy_parked=busy_parked)
    options = spare_options(settings, device)
    assert (options.count, options.busy_extra, options.busy_parked) == expected


def test_a_spare_told_after_parking_is_judged_by_the_device_half_alone(
    setup: WorkerSetup, monkeypatch: pytest.MonkeyPatch
) -> None:
    keeper = SpareKeeper(setup, PARKING)  # never started: only its judgement is used
    keeper._last_whole_s, keeper._last_device_s = 8.0, 2.0
    now = time.monotonic()
    monkeypatch.setattr(spares_module, "time", mock.Mock(monotonic=lambda: now))  # stopped

    def spare(started_s_ago: float, told_s_ago: float) -> HarnessProcess:
        found = HarnessProcess.__new__(HarnessProcess)  # its times alone: no process
        found.started_at, found.device_asked_at = now - started_s_ago, now - told_s_ago
        return found

    assert keeper._ready_in(spare(20.0, 1.0)) == pytest.approx(1.0)  # its imports were done
    assert keeper._ready_in(spare(1.0, 0.5)) == pytest.approx(7.0)  # still importing
    assert keeper._ready_in(spare(1.0, 1.0)) == pytest.approx(7.0)  # never parked
