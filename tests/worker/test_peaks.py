"""The device's measured peaks: the probe's line is checked before it is
believed, measured once per device and host and remembered, and a run's device carries
them; a device that cannot be measured gets none rather than a guess."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from backend.result import DeviceInfo
from backend.worker import peaks
from backend.worker.peaks import Peaks, parse_probe

GOOD = {"peak_bandwidth_bytes_per_s": 4.3e12, "peak_flops": {"float32": 5.1e13}}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The peaks' file in the test's own host cache (tmp_path), nothing remembered yet."""
    monkeypatch.setattr(peaks, "_MEMO", {})
    return tmp_path / peaks.CACHE_NAME


@pytest.fixture
def probes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Stands in for the probe's process; records each device kind it was asked about."""
    asked: list[str] = []

    def measure(device_type: str) -> Peaks | None:
        asked.append(device_type)
        return parse_probe(json.dumps(GOOD))

    monkeypatch.setattr(peaks, "measure", measure)
    return asked


def test_a_believable_probe_line_is_read() -> None:
    assert parse_probe(json.dumps(GOOD)) == Peaks(4.3e12, {"float32": 5.1e13})


@pytest.mark.parametrize(
    "line",
    [
        "not json",
        "[1]",
        json.dumps({"peak_bandwidth_bytes_per_s": None}),
        json.dumps({"peak_bandwidth_bytes_per_s": True}),
        json.dumps({"peak_bandwidth_bytes_per_s": 1e30}),  # no device moves 10^30 B/s
        json.dumps({"peak_bandwidth_bytes_per_s": -5}),
        '{"peak_bandwidth_bytes_per_s": NaN}',
    ],
)
def test_an_unbelievable_probe_line_is_not(line: str) -> None:
    assert parse_probe(line) is None


def test_unbelievable_flops_are_dropped_and_the_bandwidth_kept() -> None:
    line = {"peak_bandwidth_bytes_per_s": 2e9, "peak_flops": {"float32": 1e40, "bf16": "x"}}
    assert parse_probe(json.dumps(line)) == Peaks(2e9, {})


def test_measured_once_then_remembered_across_processes(cache: Path, probes: list[str]) -> None:
    first = peaks.peaks_for(cache.parent, "cuda", "NVIDIA H200")
    assert peaks.peaks_for(cache.parent, "cuda", "NVIDIA H200") == first and probes == ["cuda"]
    peaks._MEMO.clear()  # a new process on the same host reads the file instead
    assert peaks.peaks_for(cache.parent, "cuda", "NVIDIA H200") == first and probes == ["cuda"]
    assert peaks.peaks_for(cache.parent, "cpu", "Some CPU") is not None and probes == [
        "cuda",
        "cpu",
    ]
    assert len(json.loads(cache.read_text())) == 2


def test_a_stale_or_broken_cache_is_measured_again(cache: Path, probes: list[str]) -> None:
    peaks.peaks_for(cache.parent, "cpu", "Some CPU")
    entries = json.loads(cache.read_text())
    for entry in entries.values():
        entry["at"] = time.time() - peaks.MAX_AGE_S - 1
    cache.write_text(json.dumps(entries))
    peaks._MEMO.clear()
    peaks.peaks_for(cache.parent, "cpu", "Some CPU")
    cache.write_text("{not json")
    peaks._MEMO.clear()
    peaks.peaks_for(cache.parent, "cpu", "Some CPU")
    assert probes == ["cpu", "cpu", "cpu"]


def test_a_roof_an_older_probe_measured_is_measured_again(
    cache: Path, probes: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # the H200's first probe (a copy, one call per event pair) set a roof kernels passed;
    # a worker that cached it must not keep it for 30 days once the probe changes
    peaks.peaks_for(cache.parent, "cuda", "NVIDIA H200")
    peaks._MEMO.clear()
    monkeypatch.setattr(peaks, "PROBE_VERSION", peaks.PROBE_VERSION + 1)
    peaks.peaks_for(cache.parent, "cuda", "NVIDIA H200")
    assert probes == ["cuda", "cuda"]


def test_a_runs_device_carries_the_peaks(cache: Path, probes: list[str]) -> None:
    device = DeviceInfo(type="cpu", name="Some CPU", l2_cache_bytes=32 * 2**20)
    measured = peaks.with_peaks(device, cache.parent)
    assert measured is not None
    assert measured.peak_bandwidth_bytes_per_s == 4.3e12
    assert measured.peak_flops == {"float32": 5.1e13}
    assert measured.l2_cache_bytes == device.l2_cache_bytes and measured.name == device.name


def test_a_failed_probe_leaves_the_device_without_peaks(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(peaks, "measure", lambda device_type: None)
    device = DeviceInfo(type="cpu", name="Some CPU")
    assert peaks.with_peaks(device, cache.parent) == device
    assert not cache.exists()


@pytest.mark.slow
def test_the_real_probe_measures_this_cpu(cache: Path) -> None:
    measured = peaks.measure("cpu")
    assert measured is not None
    assert 1e8 < measured.bandwidth_bytes_per_s < 1e14
    assert measured.flops["float32"] > 1e7
