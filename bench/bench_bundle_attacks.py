"""Peak memory of the reading side against hostile bundles.

Every case runs in a Python process of its own, so its peak RSS (VmHWM) is the reading
side's alone: imports, reading, analysing, storing.

- The issue's attacks, through `execute_run` under bubblewrap, written by the hostile
  snippets of tests/sandbox/hostile_bundles.py: a 2 MB gzip file that inflates to 2 GiB as
  the eager trace, three sparse 1 GiB generated-code files, 1 MB progress steps. Also the
  blob store's size afterwards.
- The worst a bundle can do *within* the limits (`BundleLimits`): a copy of a recorded
  bundle whose traces are replaced, read with `load_bundle` and analysed as the worker does:
  the most JSON values of the costliest shape, the most trace events the analysis keeps, and
  two traces of one 126 MiB string each; and the costliest bundle.json the count limits
  admit: the most chained eager ops (each reading the last one's output), each with its
  share of inner-op transfers, the most values, all within the JSON-value limit.
- For scale, the same chain at 78,000 ops (the issue's attack) read with the count limits
  lifted: what a bundle within the byte and JSON-value limits alone cost.

    python bench/bench_bundle_attacks.py      (root and bubblewrap for the first group)
    python bench/bench_bundle_attacks.py --crafted-only      (the read-only cases alone)

Prints one line per case; never asserts (tests/sandbox/test_bundle_attacks.py does).
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from backend.worker.bundle import BundleLimits  # noqa: E402
from tests.sandbox import hostile_bundles as hostile  # noqa: E402

RECORDED = ROOT / "tests" / "data" / "h200_bundles" / "add_relu" / "bundle"
MiB = 1 << 20

SANDBOXED = r"""
import json, sys
from pathlib import Path
from backend.limits import RunLimits
from backend.store.repository import Store
from backend.worker.execute import execute_run
from backend.worker.process import WorkerSetup

data_dir, code = Path(sys.argv[1]), Path(sys.argv[2]).read_text()
with Store.open(data_dir) as store:
    run_id = store.create_run(code)
    setup = WorkerSetup(data_dir, limits=RunLimits(sandbox="bwrap", timeout_s=120))
    result = execute_run(store, run_id, setup)
error = result.error.kind if result.error else result.status
hwm = next(l for l in Path("/proc/self/status").read_text().splitlines() if l.startswith("VmHWM:"))
print(json.dumps({"what": error, "peak": int(hwm.split()[1])}))
"""

READ_ONLY = r"""
import json, sys, time
from dataclasses import replace
from pathlib import Path
from backend.worker.bundle import BundleLimits, BundleRefused, load_bundle
from backend.worker.execute import _artifacts

limits = replace(BundleLimits(), **json.loads(sys.argv[2]))
started = time.perf_counter()
try:
    bundle = load_bundle(Path(sys.argv[1]), limits)
    analysis = bundle.analyse()
    stored = sum(len(data) for _, _, data, _ in _artifacts(bundle))
    what = f"analysed: {bundle.budget.values:,} JSON values, {bundle.budget.events:,} events, "
    what += f"{bundle.budget.bytes_read / 2**20:,.0f} MiB read, {stored / 2**20:,.1f} MiB to store"
except BundleRefused as exc:
    what = f"{exc.kind}: {str(exc)[:90]}"
what += f", {time.perf_counter() - started:.1f} s"
hwm = next(l for l in Path("/proc/self/status").read_text().splitlines() if l.startswith("VmHWM:"))
print(json.dumps({"what": what, "peak": int(hwm.split()[1])}))
"""


def measure(script: str, *args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    if done.returncode != 0:
        return {"what": "ERROR " + done.stderr.strip().splitlines()[-1], "peak": 0}
    report: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return report


def sandboxed(name: str, code: str, work: Path) -> None:
    data_dir, snippet = work / name / "data", work / name / "snippet.py"
    snippet.parent.mkdir(parents=True)
    snippet.write_text(code)
    report = measure(SANDBOXED, str(data_dir), str(snippet))
    blobs = sum(p.stat().st_size for p in (data_dir / "blobs").rglob("*") if p.is_file())
    show(name, report, f"blob store {blobs:,} bytes")


def crafted(
    name: str,
    traces: tuple[bytes, bytes] | None,
    work: Path,
    document: bytes | None = None,
    lifted: dict[str, int] | None = None,
) -> None:
    """A copy of the recorded bundle with these traces and bundle.json, read with the
    default limits but those in `lifted`."""
    folder = work / name
    shutil.copytree(RECORDED, folder)
    for variant, text in zip(("eager", "compiled"), traces or (b"", b""), strict=True):
        if traces is None:
            break
        (folder / f"{variant}_trace.json.gz").write_bytes(gzip.compress(text, compresslevel=1))
    if document is not None:
        (folder / "bundle.json").write_bytes(document)
    size = (folder / "bundle.json").stat().st_size / MiB
    report = measure(READ_ONLY, str(folder), json.dumps(lifted or {}))
    show(name, report, f"bundle.json {size:,.1f} MiB")


def chained_ops(ops: int, transfers: int, lean: bool = False) -> bytes:
    """bundle.json of the recorded run with `ops` chained eager ops, each reading the
    previous op's output and writing its own, its inner ops reading and writing
    `transfers` values in all: every op is one more step for the analysis to follow.
    `lean`: without the optional fields, the most ops within the JSON-value limit."""
    document = json.loads((RECORDED / "bundle.json").read_text())
    first = document["eager"]["values"][0]
    if lean:
        first = {k: first[k] for k in ("id", "name", "role", "shape", "dtype", "bytes")}
    values = [first]
    chain = []
    per_op = transfers // ops
    for i in range(ops):
        moves = [{"direction": "read", "bytes": first["bytes"], "value": i}] * per_op
        inner = [{"op": "aten.add.Tensor", "depth": 1, "transfers": moves}] if moves else []
        chain.append(
            {"index": i, "op": "aten.add.Tensor", "view": False, "line": 7, "stack_lines": [7],
             "reads": [i], "writes": [i + 1], "moves_data": True, "inner": inner}
        )  # fmt: skip
        if lean:
            for optional in ("line", "stack_lines", "inner"):
                del chain[-1][optional]
        values.append({**first, "id": i + 1, "name": f"v{i}", "role": "intermediate", "writer": i})
    document["eager"]["ops"], document["eager"]["values"] = chain, values
    return json.dumps(document).encode()


def show(name: str, report: dict[str, object], extra: str) -> None:
    peak = int(str(report["peak"])) * 1024 / MiB
    print(f"{name:28} peak RSS {peak:7,.0f} MiB   {report['what']}   {extra}", flush=True)


def most_values(limits: BundleLimits) -> bytes:
    """One-key objects holding a 30-character string: ~270 bytes of Python per 2 values."""
    count = (limits.run_values - 10_000) // 2  # bundle.json of the copy spends ~3,000
    item = b'{"a":"' + b"x" * 30 + b'"}'
    return b'{"traceEvents": [], "junk": [' + b",".join([item] * count) + b"]}"


def most_events(limits: BundleLimits, half: int) -> bytes:
    """Minimal complete CPU-op events: each becomes an op of the analysis."""
    count = limits.trace_events // 2 - 10
    events = (b'{"ph":"X","cat":"cpu_op","ts":%d,"tid":%d}' % (i * 2, half) for i in range(count))
    return b'{"traceEvents": [' + b",".join(events) + b"]}"


def one_string(size: int) -> bytes:
    return b'{"traceEvents": [{"ph":"X","cat":"cpu_op","name":"' + b"a" * size + b'"}]}'


def main() -> None:
    limits = BundleLimits()
    print(f"limits: {limits}")
    with tempfile.TemporaryDirectory(prefix="bench-bundle-") as folder:
        work = Path(folder)
        for name, code in (
            ()
            if "--crafted-only" in sys.argv
            else (
                ("gzip bomb (2 GiB)", hostile.GZIP_BOMB),
                ("3 sparse 1 GiB code files", hostile.SPARSE_CODE),
                ("1 MB progress steps", hostile.PROGRESS_HUGE_STEPS),
                ("forged device (baseline)", hostile.FORGED_DEVICE),
            )
        ):
            sandboxed(name, code, work)
        crafted("most JSON values", (most_values(limits), b'{"traceEvents": []}'), work)
        crafted("most trace events", (most_events(limits, 1), most_events(limits, 2)), work)
        size = (limits.run_mb * MiB - 4 * MiB) // 2
        crafted("two 126 MiB strings", (one_string(size), one_string(size)), work)
        worst = chained_ops(limits.eager_ops, limits.inner_transfers)
        crafted("most chained eager ops", None, work, worst)
        attack = chained_ops(78_000, 0, lean=True)
        lifted = {"eager_ops": 10**6, "tensor_values": 10**6}
        crafted("78,000 ops, count limits off", None, work, attack, lifted)
        crafted("78,000 ops (refused)", None, work, attack)


if __name__ == "__main__":
    main()
