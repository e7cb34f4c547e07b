"""Parse Nsight Compute's `--csv` output (default `--page details`: one row per metric).

Measured DRAM traffic per kernel, to set next to the logical bytes from the trace.
Pure: takes the CSV text, no file I/O. A recorded H200 CSV: tests/data/h200/add_relu_ncu.csv.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

_DRAM_READ = "dram__bytes_read.sum"
_DRAM_WRITE = "dram__bytes_write.sum"
_DURATION = "gpu__time_duration.sum"
_L2_BYTES = "lts__t_bytes.sum"
_NVTX_COLUMN_PREFIX = "thread Domain:Push/Pop_Range"
# `--csv` implies `--print-units base`, but a CSV made with other unit options scales values
_UNIT_SCALE: dict[str, Decimal] = {
    "byte": Decimal(1),
    "kbyte": Decimal(10**3),
    "mbyte": Decimal(10**6),
    "gbyte": Decimal(10**9),
    "tbyte": Decimal(10**12),
    "ns": Decimal(1),
    "nsecond": Decimal(1),
    "us": Decimal(10**3),
    "usecond": Decimal(10**3),
    "ms": Decimal(10**6),
    "msecond": Decimal(10**6),
    "s": Decimal(10**9),
    "second": Decimal(10**9),
}
_QUOTED = re.compile(r'"([^"]*)"')


@dataclass(frozen=True)
class NcuKernel:
    """One profiled kernel launch and its metrics."""

    id: int  # ncu's launch ID, in profiling order
    kernel_name: str
    nvtx_range: str | None  # outermost push/pop range, e.g. "EAGER" or "COMPILED"
    nvtx_ranges: tuple[str, ...]  # every push/pop range around the launch, outermost first
    block_size: str | None  # as ncu prints it: "(128, 1, 1)"
    grid_size: str | None
    dram_bytes_read: int | None
    dram_bytes_written: int | None
    duration_ns: int | None
    l2_bytes: int | None
    metrics: Mapping[str, float]  # every metric of the row group, in base units


def _skip_preamble(text: str) -> str:
    # ncu prints "==PROF== Connected to process ..." (and the target's own stdout) first
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith('"ID",')), len(lines))
    return "\n".join(lines[start:])


def _metric_value(value: str, unit: str) -> Decimal | None:
    # details page values carry thousands separators: "536,923,136"
    try:
        number = Decimal(value.replace(",", "").strip())
    except InvalidOperation:
        return None
    return number * _UNIT_SCALE.get(unit.strip().lower(), Decimal(1))


def _nvtx_ranges(row: Mapping[str, str]) -> tuple[str, ...]:
    column = next((k for k in row if k.startswith(_NVTX_COLUMN_PREFIX)), None)
    if column is None:
        return ()
    # the cell reads `719  "<default domain>:EAGER:none:...:none" `: <domain>:<range>:...
    ranges = []
    for quoted in _QUOTED.findall(row[column]):
        fields = quoted.split(":")
        if len(fields) > 1 and fields[1]:
            ranges.append(fields[1])
    return tuple(ranges)


def _as_int(metrics: Mapping[str, Decimal], name: str) -> int | None:
    value = metrics.get(name)
    return None if value is None else int(value.to_integral_value())


def _kernel(rows: list[dict[str, str]]) -> NcuKernel:
    first = rows[0]
    metrics: dict[str, Decimal] = {}
    for row in rows:
        value = _metric_value(row.get("Metric Value", ""), row.get("Metric Unit", ""))
        if value is not None:
            metrics[row.get("Metric Name", "")] = value
    ranges = _nvtx_ranges(first)
    return NcuKernel(
        id=int(first["ID"]),
        kernel_name=first.get("Kernel Name", ""),
        nvtx_range=ranges[0] if ranges else None,
        nvtx_ranges=ranges,
        block_size=first.get("Block Size"),
        grid_size=first.get("Grid Size"),
        dram_bytes_read=_as_int(metrics, _DRAM_READ),
        dram_bytes_written=_as_int(metrics, _DRAM_WRITE),
        duration_ns=_as_int(metrics, _DURATION),
        l2_bytes=_as_int(metrics, _L2_BYTES),
        metrics={name: float(value) for name, value in metrics.items()},
    )


def parse_ncu_csv(text: str) -> list[NcuKernel]:
    """Kernels of an `ncu --csv` report, in ID order; empty if there is no CSV table."""
    reader = csv.DictReader(io.StringIO(_skip_preamble(text)))
    groups: dict[int, list[dict[str, str]]] = {}
    for row in reader:
        launch_id = row.get("ID", "")
        if launch_id.strip().isdigit():  # repeated headers or stray lines are not launches
            groups.setdefault(int(launch_id), []).append(row)
    return [_kernel(groups[launch_id]) for launch_id in sorted(groups)]
