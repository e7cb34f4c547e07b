"""Which device runs the snippet, and the versions that shaped its kernels."""

from __future__ import annotations

import platform
from pathlib import Path
from typing import Any

import torch

from backend.harness.errors import SnippetError


def pick_device(requested: str) -> tuple[torch.device, str | None]:
    if requested == "cuda" and not torch.cuda.is_available():
        raise SnippetError("device_unavailable", "A CUDA device was requested but none is visible.")
    if requested in ("cuda", "auto") and torch.cuda.is_available():
        return torch.device("cuda", 0), None
    note = None if requested == "cpu" else "no GPU on this machine"
    return torch.device("cpu"), note


def describe_device(device: torch.device, note: str | None) -> dict[str, Any]:
    if device.type == "cuda":
        props = torch.cuda.get_device_properties(device)
        l2 = getattr(props, "L2_cache_size", None)
        return {"type": "cuda", "name": props.name, "l2_cache_bytes": l2, "note": note}
    return {
        "type": "cpu",
        "name": _cpu_name(),
        "l2_cache_bytes": _cpu_last_level_cache(),
        "note": note,
    }


def versions() -> dict[str, Any]:
    return {
        "torch": torch.__version__,
        "triton": _triton_version(),
        "cuda": torch.version.cuda,
        "driver": None,  # filled from the CUDA trace's cuda_driver_version by the analysis
        "python": platform.python_version(),
    }


def _triton_version() -> str | None:
    try:
        import triton
    except ImportError:
        return None
    return str(triton.__version__)


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _cpu_last_level_cache() -> int | None:
    sizes = []
    for index in Path("/sys/devices/system/cpu/cpu0/cache").glob("index*"):
        try:
            text = (index / "size").read_text().strip()
        except OSError:
            continue
        multiplier = {"K": 1024, "M": 1024**2}.get(text[-1:], 1)
        sizes.append(int(text.rstrip("KM")) * multiplier)
    return max(sizes) if sizes else None
