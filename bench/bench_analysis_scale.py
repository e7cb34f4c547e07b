"""The analysis's cost on a large bundle, before and after its superlinear spots were fixed.

A recorded CPU bundle (tests/data/cpu_bundles/add_relu_busy) with its eager side replaced:
OPS chained eager ops (each reading the last one's output) and an eager trace of CALLS
measured calls of them. `missing` of the bundle's ops carry a name the trace lacks (an op
the profiler names differently, or a forged bundle), which made the old matching scan the
rest of the trace once per such op.

Each case is analysed twice in this one process, with the budget lifted so both do all the
work: "before" with the old code paths patched back in (eager sources rebuilt for every
profiled call, island sources for every compiled call, matching names by scanning, the
cycle collector on), "after" as the code is. Then once with the default budget, to show
what it leaves out.

    PYTHONPATH=. python bench/bench_analysis_scale.py [OPS]

Prints CPU seconds and the ratio; never asserts a timing.
"""

from __future__ import annotations

import contextlib
import copy
import gzip
import json
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from backend.analysis import assemble, kernel_matching, variants  # noqa: E402
from backend.analysis.kernel_matching import Source  # noqa: E402

RECORDED = ROOT / "tests" / "data" / "cpu_bundles" / "add_relu_busy" / "bundle"
OPS = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
CALLS = 5
MARK = "kernelscope: measured call"


def bundle_of(ops: int, missing: int) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((RECORDED / "bundle.json").read_text())
    first = document["eager"]["values"][0]
    values, chain = [first], []
    for i in range(ops):
        name = "aten.sub.Tensor" if i % max(1, ops // max(1, missing)) == 0 and missing else None
        chain.append(
            {"index": i, "op": name or "aten.add.Tensor", "view": False, "line": 7,
             "stack_lines": [7], "backward": False, "reads": [i], "writes": [i + 1],
             "read_bytes": {}, "moves_data": True}
        )  # fmt: skip
        values.append({**first, "id": i + 1, "name": f"v{i}", "role": "intermediate", "writer": i})
    document["eager"]["ops"], document["eager"]["values"] = chain, values
    return document


def eager_trace_of(ops: int) -> dict[str, Any]:
    """CALLS measured calls of `ops` aten::add events each (the trace lacks aten::sub)."""
    trace: dict[str, Any] = json.loads(
        gzip.decompress((RECORDED / "eager_trace.json.gz").read_bytes())
    )
    events = [e for e in trace["traceEvents"] if e.get("cat") not in ("cpu_op", "user_annotation")]
    ts = 1_000.0
    for call in range(CALLS):
        start = ts
        for i in range(ops):
            events.append(
                {"ph": "X", "cat": "cpu_op", "name": "aten::add", "pid": 1, "tid": 1, "ts": ts,
                 "dur": 1.0 + (i + call) % 3, "args": {"External id": call * ops + i}}
            )  # fmt: skip
            ts += 5.0
        events.append(
            {"ph": "X", "cat": "user_annotation", "name": MARK, "pid": 1, "tid": 1,
             "ts": start - 1, "dur": ts - start + 1, "args": {}}
        )  # fmt: skip
        ts += 100.0
    trace["traceEvents"] = events
    return trace


def _scanning_match(wanted: Sequence[str], trace_ops: Sequence[str]) -> dict[int, int]:
    """match_in_order as it was: a scan from the cursor for every name."""
    matches: dict[int, int] = {}
    cursor = 0
    for index, name in enumerate(wanted):
        for position in range(cursor, len(trace_ops)):
            if trace_ops[position] == name:
                matches[index] = position
                cursor = position + 1
                break
    return matches


def _scanning_take(self: Any, op_names: set[str]) -> Source | None:
    for position in range(self.cursor, len(self.sources)):
        source = self.sources[position]
        if source.op in op_names:
            self.cursor = position + 1
            if source.op_index is not None:
                self.taken.add(source.op_index)
            return source
    return None


@contextlib.contextmanager
def old_code_paths() -> Iterator[None]:
    """The code before the fix: sources rebuilt for every call, matching by scanning."""
    saved = (
        variants.match_in_order,
        kernel_matching.IslandQueue.take,
        assemble.eager_kernels,
        assemble.compiled_kernels,
        assemble.collector_paused,
    )
    new_eager, new_compiled = assemble.eager_kernels, assemble.compiled_kernels
    variants.match_in_order = _scanning_match  # type: ignore[assignment]
    kernel_matching.IslandQueue.take = _scanning_take  # type: ignore[method-assign]
    assemble.eager_kernels = lambda eager, parsed, device, _sources=None: new_eager(  # type: ignore[assignment]
        eager, parsed, device
    )
    assemble.compiled_kernels = lambda *args: new_compiled(*args[:5])  # type: ignore[assignment]
    assemble.collector_paused = contextlib.nullcontext  # type: ignore[assignment]
    try:
        yield
    finally:
        (
            variants.match_in_order,
            kernel_matching.IslandQueue.take,
            assemble.eager_kernels,
            assemble.compiled_kernels,
            assemble.collector_paused,
        ) = saved  # type: ignore[assignment,method-assign]


def timed(
    document: Any, eager: Any, compiled: Any, budget: float
) -> tuple[float, assemble.Analysis]:
    document = copy.deepcopy(document)  # outside the clock: each run gets its own
    started = time.process_time()
    analysis = assemble.analyse(document, eager, compiled, budget_s=budget)
    return time.process_time() - started, analysis


def issue_case() -> None:
    """The issue's bundle: bench_bundle_attacks' most chained eager ops (20,000, with
    200,000 inner-op transfers) in the recorded H200 add_relu bundle, read as the worker
    reads it."""
    import shutil
    import tempfile

    from bench_bundle_attacks import RECORDED as H200
    from bench_bundle_attacks import chained_ops

    from backend.worker.bundle import BundleLimits, load_bundle

    limits = BundleLimits()
    with tempfile.TemporaryDirectory() as folder:
        copy_of = Path(folder) / "bundle"
        shutil.copytree(H200, copy_of)
        (copy_of / "bundle.json").write_bytes(chained_ops(limits.eager_ops, limits.inner_transfers))
        loaded = load_bundle(copy_of, limits)
        assert loaded is not None
        eager, compiled = loaded.trace("eager"), loaded.trace("compiled")
        assert eager is not None and compiled is not None
        with old_code_paths():
            before, _ = timed(loaded.document, eager, compiled, 1e9)
        after, _ = timed(loaded.document, eager, compiled, 1e9)
    print(
        f"the issue's bundle ({limits.eager_ops:,} chained H200 ops, "
        f"{limits.inner_transfers:,} inner transfers): before {before:.2f} s, "
        f"after {after:.2f} s CPU, {before / after:.1f}x",
        flush=True,
    )


def main() -> None:
    issue_case()
    compiled = json.loads(gzip.decompress((RECORDED / "compiled_trace.json.gz").read_bytes()))
    eager = eager_trace_of(OPS)
    for missing in (0, OPS // 20):
        document = bundle_of(OPS, missing)
        with old_code_paths():
            before, old = timed(document, eager, compiled, 1e9)
        after, new = timed(document, eager, compiled, 1e9)
        same = old.variants["eager"].kernels == new.variants["eager"].kernels
        print(
            f"{OPS:,} ops x {CALLS} calls, {missing:,} names the trace lacks: "
            f"before {before:.2f} s, after {after:.2f} s CPU, {before / after:.1f}x; "
            f"same kernels: {same}",
            flush=True,
        )
    budgeted, analysis = timed(document, eager, compiled, assemble.ANALYSIS_BUDGET_S)
    left_out = [n for n in analysis.notes if "budget ran out" in n]
    budget = assemble.ANALYSIS_BUDGET_S
    print(f"default budget ({budget:g} s): {budgeted:.2f} s CPU, notes: {left_out}")


if __name__ == "__main__":
    main()
