"""What the sandbox costs on add_relu: bubblewrap itself, and compiling without a shared cache.

Runs examples/add_relu.py through the worker (execute_run) ROUNDS times in each of three
ways, interleaved so that load from other processes spreads evenly, and prints the median
run time and compile time of each:

- none, shared cache: no sandbox, the shared Inductor cache under data_dir/cache/inductor,
  warmed first (how runs went before the sandbox);
- none, own cache: no sandbox, a fresh cache per run (the cost of the cache alone);
- bwrap: the sandbox, which always compiles into the run's own cache.

Needs root and bubblewrap for the third column (`python bench/bench_sandbox.py [ROUNDS]`).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from _common import timed_execute

from backend.limits import RunLimits
from backend.store.repository import Store
from backend.worker.process import WorkerSetup

ROOT = Path(__file__).resolve().parents[1]
CODE = (ROOT / "examples" / "add_relu.py").read_text()
WAYS = ("none, shared cache", "none, own cache", "bwrap")


def one_run(store: Store, data_dir: Path, way: str) -> tuple[float, float]:
    sandbox = "bwrap" if way == "bwrap" else "none"
    with tempfile.TemporaryDirectory() as fresh:
        # The cache lives under the data directory: a fresh one is an empty cache.
        where = Path(fresh) if way == "none, own cache" else data_dir
        setup = WorkerSetup(where, limits=RunLimits(sandbox=sandbox))  # type: ignore[arg-type]
        return timed_execute(store, CODE, setup, f"{way}: add_relu")


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    times: dict[str, list[tuple[float, float]]] = {way: [] for way in WAYS}
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder)) as store:
        data_dir = Path(folder)
        one_run(store, data_dir, WAYS[0])  # warm the shared cache and the OS file cache
        for _ in range(rounds):
            for way in WAYS:
                times[way].append(one_run(store, data_dir, way))
    print(f"add_relu, median of {rounds} runs each (execute_run, this machine):")
    for way, samples in times.items():
        run_s = statistics.median(s[0] for s in samples)
        compile_s = statistics.median(s[1] for s in samples)
        print(f"  {way:<20} run {run_s:6.1f} s   compile {compile_s:6.1f} s")


if __name__ == "__main__":
    main()
