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

from collections.abc import Mapping
from typing import Any

from backend.harness.protocol import MEASURED_CALL, by_call, call_marks

# The harness marks at most a handful of calls. The trace is written in the snippet's own
# process: a forged one with thousands of marks would make every window a copy of the
# metadata and the analysis quadratic, so more than this is refused.
MAX_MEASURED_CALLS = 32


def measured_calls(doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """One trace document per measured call, in call order (metadata rows in each).
    ValueError for more marks than the harness ever writes."""
    events = doc.get("traceEvents", [])
    marks = call_marks(events)
    if not marks:
        return [doc]
    if len(marks) > MAX_MEASURED_CALLS:
        raise ValueError(
            f"the trace marks {len(marks):,} measured calls; the harness marks at most "
            f"{MAX_MEASURED_CALLS}"
        )
    # process and thread names (metadata) go in every window; the marks themselves in none
    unmarked = (event for event in events if event.get("name") != MEASURED_CALL)
    metadata, windows = by_call(unmarked, marks)
    return [{**doc, "traceEvents": metadata + kept} for kept in windows]


def measured_call(doc: Mapping[str, Any]) -> Mapping[str, Any]:
    """The last measured call (all the analysis read once, before several calls were profiled)."""
    return measured_calls(doc)[-1]
