"""The machine's load while a run measures: /proc/stat and the process's own CPU
time, read around a measuring step. No clock is asserted on."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.harness import machine


def test_a_measured_step_records_the_load(tmp_path: Path) -> None:
    meter = machine.LoadMeter()
    with meter.measuring():
        sum(i * i for i in range(200_000))  # some CPU time of our own
    load = meter.as_dict(run_threads=2)
    assert load["cpu_count"] >= 1 and load["usable_cpus"] >= 1 and load["run_threads"] == 2
    assert load["measured_s"] > 0 and load["run_cpu_cores"] is not None
    assert load["loadavg_before"] is not None and len(load["loadavg_after"]) == 3
    assert load["other_cpu_cores"] is not None and load["other_cpu_cores"] >= 0


def test_without_proc_stat_other_cores_are_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(machine, "PROC_STAT", "/nonexistent/stat")
    meter = machine.LoadMeter()
    with meter.measuring():
        pass
    assert meter.as_dict(run_threads=1)["other_cpu_cores"] is None


def test_proc_stat_is_read_as_busy_and_total_ticks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stat = tmp_path / "stat"
    stat.write_text("cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 50 0 25 400 25 0 0 0\ncpu1 1 2 3 4\n")
    monkeypatch.setattr(machine, "PROC_STAT", str(stat))
    assert machine._cpu_jiffies() == (150, 1000, 2)


def test_a_cpu_run_uses_no_more_threads_than_free_cores() -> None:
    # two busy processes on two cores: one thread, never zero
    assert machine.threads_for_free_cores(2, other_busy=2.0, usable=2) == 1
    assert machine.threads_for_free_cores(2, other_busy=1.0, usable=2) == 1
    assert machine.threads_for_free_cores(2, other_busy=0.3, usable=2) == 2
    assert machine.threads_for_free_cores(8, other_busy=2.2, usable=8) == 6
    # never more than torch would use, and torch's count where the load is unknown
    assert machine.threads_for_free_cores(2, other_busy=0.0, usable=16) == 2
    assert machine.threads_for_free_cores(4, other_busy=None, usable=4) == 4


def test_busy_other_cores_sees_a_busy_process() -> None:
    import subprocess
    import sys

    busy = subprocess.Popen([sys.executable, "-c", "while 1: pass"])
    try:
        seen = machine.busy_other_cores(0.5)
    finally:
        busy.kill()
        busy.wait()
    assert seen is not None and seen >= 0.5
