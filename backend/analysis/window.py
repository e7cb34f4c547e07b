"""Cut a profiled trace into its measured calls.

The harness profiles a warm-up call and then several measured calls, each marked by a
`kernelscope: measured call` annotation (the first op of a profiling session carries the
profiler's start-up cost). Each measured call is the window from its mark to the next mark
(the last: to the end); device kernels fall in their call's window because the harness
synchronises inside the mark. Bundles made before issue 14 mark one call; traces without a
mark (older bundles) are used whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from backend.harness.protocol import MEASURED_CALL


def measured_calls(doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """One trace document per measured call, in call order (metadata rows in each)."""
    events = doc.get("traceEvents", [])
    starts = sorted(
        float(e["ts"])
        for e in events
        if e.get("name") == MEASURED_CALL and e.get("cat") == "user_annotation"
    )
    if not starts:
        return [doc]
    windows: list[list[Any]] = [[] for _ in starts]
    for event in events:
        if event.get("name") == MEASURED_CALL:
            continue
        where = _window(event, starts)
        if where is None:  # metadata rows (process and thread names) go in every window
            for window in windows:
                window.append(event)
        elif where >= 0:
            windows[where].append(event)
    return [{**doc, "traceEvents": kept} for kept in windows]


def measured_call(doc: Mapping[str, Any]) -> Mapping[str, Any]:
    """The last measured call (what the analysis read before issue 14)."""
    return measured_calls(doc)[-1]


def _window(event: Mapping[str, Any], starts: list[float]) -> int | None:
    """The index of the call the event belongs to; -1 before the first (the warm-up call);
    None for events without a time."""
    ts = event.get("ts")
    if ts is None or event.get("ph") == "M":
        return None
    try:
        at = float(ts)
    except (TypeError, ValueError):
        return None
    where = -1
    for index, start in enumerate(starts):  # a handful of calls: a scan is enough
        if at >= start:
            where = index
        else:
            break
    return where
