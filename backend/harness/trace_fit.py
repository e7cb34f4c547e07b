"""Fit a profiled trace into what a bundle may carry, cutting it where it must.

A call of tens of thousands of small ops (an LSTM run step by step on a CPU, or one that
launches a kernel per step on a GPU) leaves hundreds of thousands of profiler events per
call; a bundle carries 500,000 in all (`BundleLimits.trace_events`, with JSON values and
kernels bounded likewise), and the worker refuses a bigger one whole. So the harness, which
knows the trace is its own, keeps what the analysis reads and cuts the rest, in this order:

1. events outside every measured call (the warm-up call, inputs rebuilt between calls):
   the analysis never reads them;
2. later measured calls, while the first ones fit (a kernel's time is then a median over
   fewer calls);
3. the end of the one call that is left: its events up to a time that fits, and the device
   kernels launched by then. The run's notes say how much of the call the trace shows.

Each trace of a run gets an equal share (`TraceShare.of_run`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from backend.harness.protocol import (
    DEVICE_KERNEL_CATS,
    by_call,
    call_marks,
    is_call_mark,
    json_values,
)

# What the traces of one run may hold together: under the worker's BundleLimits
# (trace_events 500,000, trace_kernels 100,000, run_values 4,000,000 of which bundle.json
# may take 1,500,000); a test holds them to it.
RUN_TRACE_EVENTS = 450_000
RUN_TRACE_KERNELS = 90_000
RUN_TRACE_VALUES = 2_400_000


@dataclass(frozen=True)
class TraceShare:
    events: int
    kernels: int
    values: int

    @classmethod
    def of_run(cls, traces: int) -> TraceShare:
        """One trace's share when the run writes `traces` of them."""
        n = max(1, traces)
        return cls(RUN_TRACE_EVENTS // n, RUN_TRACE_KERNELS // n, RUN_TRACE_VALUES // n)


@dataclass(frozen=True)
class TraceCut:
    """What was left out of a trace: kept / profiled measured calls, and the share of the
    last kept call's events (by time) that the trace still shows."""

    calls: int
    calls_profiled: int
    call_events: int  # events of the kept calls, before the cut
    kept_events: int
    shown_us: float  # how far into the last kept call the trace goes
    call_us: float  # how long that call took

    @property
    def cut_inside_a_call(self) -> bool:
        return self.kept_events < self.call_events

    def note(self, variant: str) -> str:
        calls = (
            f"{self.calls} of its {self.calls_profiled} measured calls"
            if self.calls < self.calls_profiled
            else "its measured call" + ("s" if self.calls > 1 else "")
        )
        text = f"the {variant} trace keeps {calls}, so that the run's bundle stays in its limits"
        if self.cut_inside_a_call:
            share = self.shown_us / self.call_us if self.call_us > 0 else 0.0
            text += (
                f"; and of that call only the first {self.shown_us / 1000:,.1f} ms of "
                f"{self.call_us / 1000:,.1f} ms ({share:.0%}; {self.kept_events:,} of "
                f"{self.call_events:,} profiler events): its kernel counts, bytes and kernel "
                "times cover that part only; its wall time per call is the whole call's"
            )
        return text


def fit_trace(raw: bytes, share: TraceShare) -> tuple[bytes, TraceCut | None]:
    """The trace as it may go into the bundle, and what was cut (None: nothing the
    analysis reads)."""
    if json_values(raw) <= share.values and raw.count(b'"ph"') <= share.events // 2:
        return raw, None  # few events: surely within every count (kernels <= events)
    doc = json.loads(raw)
    events = doc.get("traceEvents") if isinstance(doc, dict) else None
    if not isinstance(events, list) or not (marks := call_marks(events)):
        return raw, None  # the harness always marks its calls: not a trace of ours
    metadata, calls = by_call(events, marks)
    limit = share.events - len(metadata)
    while True:  # JSON values are counted on the text, as the worker counts them
        kept, cut = _keep(calls, marks, limit, share.kernels)
        doc["traceEvents"] = metadata + kept
        text = json.dumps(doc).encode()
        values = json_values(text)
        if values <= share.values or limit <= 1:
            return text, cut
        limit = min(len(kept) - 1, int(len(kept) * 0.95 * share.values / values))


def _keep(
    calls: list[list[Any]], marks: list[tuple[float, float]], events: int, kernels: int
) -> tuple[list[Any], TraceCut | None]:
    """Whole calls while they fit `events` and `kernels`; else the first call, cut by time."""
    kept: list[Any] = []
    taken = kept_kernels = 0
    for call in calls:
        call_kernels = _kernels(call)
        if len(kept) + len(call) > events or kept_kernels + call_kernels > kernels:
            break
        kept += call
        kept_kernels += call_kernels
        taken += 1
    if taken == len(calls):
        return kept, None  # only the warm-up call and rebuilt inputs went: never read
    if taken > 0:
        last = calls[taken - 1]
        return kept, _cut(taken, len(calls), last, len(last), marks[taken - 1], last)
    first = _prefix(calls[0], events, kernels)
    return first, _cut(1, len(calls), calls[0], len(first), marks[0], first)


def _cut(
    taken: int,
    profiled: int,
    call: list[Any],
    kept_events: int,
    mark: tuple[float, float],
    kept: list[Any],
) -> TraceCut:
    start, end = mark
    length = round(end - start, 3) if math.isfinite(end) else 0.0  # µs, as the trace writes
    last = max((float(e["ts"]) for e in kept), default=start)  # the last op begun
    shown = length if kept_events == len(call) else min(last - start, length)
    return TraceCut(taken, profiled, len(call), kept_events, shown, length)


def _prefix(call: list[Any], events: int, kernels: int) -> list[Any]:
    """The call's events up to a time at which they fit, the mark first; device activities
    only for launches kept (a kernel runs after its launch: by time alone its launch could
    stay and the kernel go, or the reverse)."""
    ordered = sorted(call, key=lambda e: (float(e["ts"]), not is_call_mark(e)))
    device = {_correlation(e): e for e in ordered if e.get("cat") in DEVICE_KERNEL_CATS}
    kept: list[Any] = []
    kernel_count = 0
    for event in ordered:
        if event.get("cat") in DEVICE_KERNEL_CATS:
            continue  # kept with its launch
        partner = device.get(_correlation(event)) if _correlation(event) is not None else None
        more = 0 if partner is None else int(partner.get("cat") == "kernel")
        if len(kept) + 1 + (partner is not None) > events or kernel_count + more > kernels:
            break
        kept.append(event)
        if partner is not None:
            kept.append(partner)
            kernel_count += more
    return kept


def _correlation(event: dict[str, Any]) -> Any:
    args = event.get("args")
    return args.get("correlation") if isinstance(args, dict) else None


def _kernels(events: list[Any]) -> int:
    return sum(1 for e in events if e.get("cat") == "kernel")
