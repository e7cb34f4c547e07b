"""The comparison document: what `GET /api/compare?a=ID&b=ID` returns, run B against run A."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from backend.analysis.spread import Verdict
from backend.result import KernelKind, VariantName

RowStatus = Literal["same", "changed", "added", "removed"]
MAX_DIFF_LINES = 400  # a snippet is at most 256 KiB; the page shows the start of a long diff
DIGITS = 6  # deltas and ratios are rounded to this many decimals: no float noise in the JSON


class MetricDelta(BaseModel):
    """One number in run A and run B."""

    a: float | None = Field(description="the value in run A; None when A does not have it")
    b: float | None = Field(description="the value in run B; None when B does not have it")
    delta: float | None = Field(description="b - a; None when either side is missing")
    ratio: float | None = Field(description="b / a; None when either side is missing or a is 0")
    verdict: Verdict | None = Field(
        default=None,
        description="for a measured time or speedup, B against A by the one rule "
        "(backend.analysis.spread.verdict): better, worse, within noise (intervals overlap) "
        "or too noisy to tell (calls spread past 1.5x, no interval, or kernel times the "
        "profiler inflated); a speedup's agrees with its wall-time rows. None for exact "
        "counts and bytes, and where a side is missing",
    )


class VariantDelta(BaseModel):
    """One variant's totals in run A and run B (None sides where a run has no such variant)."""

    kernel_count: MetricDelta
    transfer_count: MetricDelta
    bytes_moved: MetricDelta = Field(description="bytes_read + bytes_written")
    kernel_time_us: MetricDelta = Field(description="sum of kernel durations in the profiled call")
    wall_time_us: MetricDelta = Field(description="median wall time of one call")
    wall_time_within_noise: bool | None = Field(
        default=None,
        description="the runs' timed calls overlap between their 10th and 90th percentiles: "
        "the difference may be noise (None when either run has no spread)",
    )
    kernel_time_within_noise: bool | None = Field(
        default=None,
        description="the same for the profiled calls' summed kernel time",
    )
    dram_bytes: MetricDelta = Field(
        default_factory=lambda: MetricDelta(a=None, b=None, delta=None, ratio=None),
        description="DRAM bytes read plus written, measured by Nsight Compute over the "
        'measured kernels (run option measure: ["dram"]); None on a side not measured',
    )


class KernelDiffRow(BaseModel):
    """One kernel of A matched to one of B ("same" / "changed"), or on one side only."""

    status: RowStatus = Field(
        description="same or changed: matched (see backend/compare/kernels.py for the rule); "
        "added: only in B; removed: only in A"
    )
    time_verdict: Verdict | None = Field(
        default=None,
        description="a matched kernel's duration, B against A, by the one rule: only better "
        "or worse make a row changed on timing; None unless matched",
    )
    a_index: int | None = Field(description="the kernel's index in A's variant; None if added")
    b_index: int | None = Field(description="the kernel's index in B's variant; None if removed")
    name: str = Field(description="short name of A's kernel, or of B's when the row is added")
    b_name: str | None = Field(
        default=None,
        description="short name of B's kernel when it differs from `name` (another counter "
        "suffix, or a kernel that replaced A's); None otherwise",
    )
    op: str | None = Field(description="user-level ATen op, of the same kernel as `name`")
    kind: KernelKind = Field(description="of the same kernel as `name`")
    a_dur_us: float | None
    b_dur_us: float | None
    dur_delta_us: float | None = Field(description="b_dur_us - a_dur_us; None unless matched")
    a_bytes: int | None = Field(description="A's bytes read + written")
    b_bytes: int | None = Field(description="B's bytes read + written")
    bytes_delta: int | None = Field(description="b_bytes - a_bytes; None unless matched")


class KernelDiff(BaseModel):
    """The aligned kernel lists of one variant, in launch order, with counts per status."""

    variant: VariantName
    rows: list[KernelDiffRow]
    added: int
    removed: int
    changed: int
    same: int


class RoundTripChange(BaseModel):
    """A round trip whose fate differs between the runs (matched by tensor and producer)."""

    tensor: str
    producer: str
    a: str | None = Field(description="eliminated, kept (why: its kind), unknown; None: absent")
    b: str | None
    b_why: str | None = Field(default=None, description="why it stays in run B, if it does")


def _no_intervals() -> list[list[float] | None]:
    return [None, None]


class Comparison(BaseModel):
    """Run B against run A: deltas are b - a, ratios b / a."""

    a_id: str
    b_id: str
    same_code: bool = Field(description="both ran the same snippet (equal code_sha256)")
    differences: list[str] = Field(
        description="what differs in the runs' setups, for a person, e.g. "
        "'device: NVIDIA H200 → CPU', 'torch: 2.11.0 → 2.13.0'; only where both runs know it"
    )
    variants: dict[VariantName, VariantDelta] = Field(description="eager and compiled, always")
    speedup: MetricDelta = Field(description="each run's eager wall / compiled wall")
    speedup_within_noise: bool | None = Field(
        default=None,
        description="the runs' speedup intervals overlap: the difference may be noise "
        "(None when either run has no interval)",
    )
    speedup_intervals: list[list[float] | None] = Field(
        default_factory=_no_intervals,
        description="[A's, B's] 90% interval of the speedup, [low, high] or None",
    )
    kernel_speedup: MetricDelta = Field(
        description="each run's eager summed kernel time / compiled summed kernel time"
    )
    round_trips_eliminated: MetricDelta
    bytes_saved: MetricDelta = Field(description="eager round-trip bytes compiled never moves")
    kernels: list[KernelDiff] = Field(description="eager, then compiled; empty rows if neither ran")
    round_trips: list[RoundTripChange] = Field(
        default_factory=list, description="round trips eliminated in one run and not the other"
    )
    rerun: str | None = Field(
        default=None,
        description="B as a rerun of A in another compile mode (same code, size and device; "
        "'Try it'): what the mode changed in memory traffic, or 'nothing' and why",
    )
    code_diff: list[str] = Field(
        default_factory=list,
        description="A's snippet against B's as unified diff lines ('-' A only, '+' B only, "
        f"' ' context, '@@' hunks), at most {MAX_DIFF_LINES}; empty when the code is the same",
    )
