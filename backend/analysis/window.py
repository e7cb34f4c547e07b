"""Keep only the measured call of a profiled trace.

The harness profiles two calls and marks the second (`kernelscope: measured call`): the
first op of a profiling session carries the profiler's start-up cost. Traces without the
mark (older bundles) are used whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from backend.harness.protocol import MEASURED_CALL


def measured_call(doc: Mapping[str, Any]) -> Mapping[str, Any]:
    events = doc.get("traceEvents", [])
    marks = [
        e for e in events if e.get("name") == MEASURED_CALL and e.get("cat") == "user_annotation"
    ]
    if not marks:
        return doc
    start = float(marks[-1]["ts"])
    kept = [e for e in events if e.get("name") != MEASURED_CALL and _at_or_after(e, start)]
    return {**doc, "traceEvents": kept}


def _at_or_after(event: Mapping[str, Any], start_us: float) -> bool:
    ts = event.get("ts")
    if ts is None or event.get("ph") == "M":  # metadata rows (process and thread names) stay
        return True
    try:
        return float(ts) >= start_us
    except (TypeError, ValueError):
        return True
