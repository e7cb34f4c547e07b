"""Cut a profiled trace into its measured calls.

The harness profiles a warm-up call and then several measured calls, each marked by a
`kernelscope: measured call` annotation (the first op of a profiling session carries the
profiler's start-up cost). Each measured call is the window of its mark, from its start to
its end: device kernels fall in their call's window because the harness synchronises inside
the mark, and what runs between marks (inputs rebuilt for a snippet that modifies them,
their `randn` kernels included) is no kernel of the snippet's. Bundles made before issue
14 mark one call; traces without a mark (older bundles) are used whole.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Mapping
from typing import Any

from backend.harness.protocol import MEASURED_CALL

# The harness marks at most a handful of calls. The trace is written in the snippet's own
# process: a forged one with thousands of marks would make every window a copy of the
# metadata and the analysis quadratic, so more than this is refused.
MAX_MEASURED_CALLS = 32


def measured_calls(doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """One trace document per measured call, in call order (metadata rows in each).
    ValueError for more marks than the harness ever writes."""
    events = doc.get("traceEvents", [])
    marks = sorted(
        (float(e["ts"]), float(e["ts"]) + float(e["dur"]) if e.get("dur") else math.inf)
        for e in events
        if e.get("name") == MEASURED_CALL and e.get("cat") == "user_annotation"
    )
    if not marks:
        return [doc]
    if len(marks) > MAX_MEASURED_CALLS:
        raise ValueError(
            f"the trace marks {len(marks):,} measured calls; the harness marks at most "
            f"{MAX_MEASURED_CALLS}"
        )
    metadata: list[Any] = []  # process and thread names: shared by every window
    windows: list[list[Any]] = [[] for _ in marks]
    for event in events:
        if event.get("name") == MEASURED_CALL:
            continue
        where = _window(event, marks)
        if where is None:
            metadata.append(event)
        elif where >= 0:
            windows[where].append(event)
    return [{**doc, "traceEvents": metadata + kept} for kept in windows]


def measured_call(doc: Mapping[str, Any]) -> Mapping[str, Any]:
    """The last measured call (all the analysis read once, before several calls were profiled)."""
    return measured_calls(doc)[-1]


def _window(event: Mapping[str, Any], marks: list[tuple[float, float]]) -> int | None:
    """The index of the call whose mark holds the event; -1 outside every mark (the warm-up
    call, inputs rebuilt between calls); None for events without a time."""
    ts = event.get("ts")
    if ts is None or event.get("ph") == "M":
        return None
    try:
        at = float(ts)
    except (TypeError, ValueError):
        return None
    where = bisect.bisect_right(marks, (at, math.inf)) - 1  # the last mark started by then
    return where if where >= 0 and at <= marks[where][1] else -1
