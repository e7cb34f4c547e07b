"""What a rerun in another compile mode changed ("Try it"), in one sentence.

A rerun is run B with run A's code, size and device in another compile mode. The compare
page leads with what the mode changed in memory traffic, and says "nothing" with the
reason when every round trip A kept is kept again (a library call stays a library call).
"""

from __future__ import annotations

from collections.abc import Sequence

from backend.compare.document import RoundTripChange
from backend.result import RunResult


def rerun_outcome(a: RunResult, b: RunResult, changes: Sequence[RoundTripChange]) -> str | None:
    """The sentence for B as a rerun of A in another compile mode, from the round trips
    whose fate differs (`changes`); None for other pairs."""
    modes = [run.compile.mode if run.compile is not None else None for run in (a, b)]
    same = a.code_sha256 == b.code_sha256 and a.size == b.size and _device(a) == _device(b)
    if not same or None in modes or modes[0] == modes[1]:
        return None
    head = f"The rerun with {modes[1]} (A ran {modes[0]})"
    if changes:
        said = "; ".join(f"{c.tensor}: {c.a or 'absent'} → {c.b or 'absent'}" for c in changes)
        return f"{head} changed what goes through memory: {said}."
    kept = [t for t in b.round_trips if t.eliminated is False]
    if not kept:
        return f"{head} changed nothing in memory traffic: A kept no round trip to remove."
    first = kept[0]
    why = first.why.message if first.why is not None else "no reason was recorded"
    others = f" (and {len(kept) - 1} more kept as before)" if len(kept) > 1 else ""
    return (
        f"{head} changed nothing in memory traffic: every round trip A kept is kept again, "
        f"because {why[0].lower()}{why[1:]}{others}"
    )


def _device(run: RunResult) -> str | None:
    return run.device.name if run.device is not None else None
