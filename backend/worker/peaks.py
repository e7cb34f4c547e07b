"""What this worker's device can do, measured once per device and host: its streaming
bandwidth (the best of a copy, an add and a sum over buffers of 8x the last-level cache) and
its matmul FLOP/s (backend.harness.device_probe, run in a process of its own because the
worker never imports torch).

The numbers are kept in a small file under the user's cache directory (keyed by host,
device kind and name, and CUDA_VISIBLE_DEVICES), so a worker measures its device once, not
per run, and never while a run is being timed: the server's workers measure before taking
their first run, `kernelscope run` after its run has finished.
"""

from __future__ import annotations

import json
import logging
import math
import os
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from backend.result import DeviceInfo
from backend.worker import host_cache

log = logging.getLogger(__name__)

PROBE_TIMEOUT_S = 180.0
PROBE_VERSION = 2  # raise when device_probe measures differently: cached roofs are remeasured
MAX_AGE_S = 30 * 24 * 3600  # a driver or clock change is rare; remeasure monthly
CACHE_NAME = "device-peaks.json"
# Sane ranges: a probe that says more or less than any real device is not believed.
BANDWIDTH_RANGE = (1e8, 1e14)  # bytes/s: 100 MB/s to 100 TB/s
FLOPS_RANGE = (1e7, 1e17)


@dataclass(frozen=True)
class Peaks:
    bandwidth_bytes_per_s: float
    flops: dict[str, float]


def cache_file(cache_dir: Path) -> Path:
    """device-peaks.json in the host cache folder `cache_dir` (the `cache_dir` setting)."""
    return host_cache.cache_file(cache_dir, CACHE_NAME)


def with_peaks(device: DeviceInfo | None, cache_dir: Path) -> DeviceInfo | None:
    """The device with its measured peaks (measured now if this host never did), or as it
    is when they cannot be measured."""
    if device is None:
        return None
    peaks = peaks_for(cache_dir, device.type, device.name)
    if peaks is None:
        return device
    measured = {
        "peak_bandwidth_bytes_per_s": peaks.bandwidth_bytes_per_s,
        "peak_flops": peaks.flops,
    }
    return device.model_copy(update=measured)


def peaks_for(cache_dir: Path, device_type: str, name: str) -> Peaks | None:
    """Known peaks of this device, else measured (and remembered). None when the probe
    fails: runs then show no % of peak, never a guessed one."""
    key = _key(device_type, name)
    with _LOCK:
        if key in _MEMO:
            return _MEMO[key]
        with host_cache.host_lock(cache_dir, CACHE_NAME):  # two probes at once halve both
            peaks = _read(cache_dir, key)
            if peaks is None:
                peaks = measure(device_type)
                if peaks is not None:
                    _write(cache_dir, key, peaks)
        _MEMO[key] = peaks
        return peaks


_MEMO: dict[str, Peaks | None] = {}
_LOCK = threading.Lock()


def _key(device_type: str, name: str) -> str:
    """The cache entry's key. PROBE_VERSION is in it: a probe that measures differently
    (2: the best of copy, add and sum in batches) must not reuse an older probe's roof."""
    visible = os.environ.get("CUDA_VISIBLE_DEVICES", "") if device_type == "cuda" else ""
    return f"{socket.gethostname()}|{device_type}|{name}|{visible}|probe{PROBE_VERSION}"


def measure(device_type: str) -> Peaks | None:
    """Run the probe (a few seconds: torch's import, copies, matmuls)."""
    command = [sys.executable, "-m", "backend.harness.device_probe", "--device", device_type]
    began = time.monotonic()
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=PROBE_TIMEOUT_S, check=False
        )
    except (OSError, subprocess.SubprocessError) as exc:
        log.warning("cannot measure the %s's peaks: %s", device_type, exc)
        return None
    lines = done.stdout.strip().splitlines()
    peaks = parse_probe(lines[-1]) if done.returncode == 0 and lines else None
    if peaks is None:
        said = (done.stderr.strip().splitlines() or ["no output"])[-1][:300]
        log.warning("the %s's peaks were not measured: %s", device_type, said)
    else:
        log.info("measured the %s's peaks in %.1f s", device_type, time.monotonic() - began)
    return peaks


def parse_probe(line: str) -> Peaks | None:
    """The probe's JSON line, checked: None unless it holds believable numbers."""
    try:
        report = json.loads(line)
    except ValueError:
        return None
    if not isinstance(report, dict):
        return None
    bandwidth = report.get("peak_bandwidth_bytes_per_s")
    if not isinstance(bandwidth, int | float) or not _within(bandwidth, BANDWIDTH_RANGE):
        return None
    flops = report.get("peak_flops")
    pairs = list(flops.items())[:8] if isinstance(flops, dict) else []
    kept = {str(k)[:16]: float(v) for k, v in pairs if _within(v, FLOPS_RANGE)}
    return Peaks(float(bandwidth), kept)


def _within(value: object, bounds: tuple[float, float]) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return math.isfinite(value) and bounds[0] <= value <= bounds[1]


def _read(cache_dir: Path, key: str) -> Peaks | None:
    entry = host_cache.read_entry(cache_dir, CACHE_NAME, key, MAX_AGE_S)
    return None if entry is None else parse_probe(json.dumps(entry))


def _write(cache_dir: Path, key: str, peaks: Peaks) -> None:
    entry = {"peak_bandwidth_bytes_per_s": peaks.bandwidth_bytes_per_s, "peak_flops": peaks.flops}
    host_cache.write_entry(cache_dir, CACHE_NAME, key, entry)
