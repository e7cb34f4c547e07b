"""What the host's C++ builds save a cold CPU run (backend/worker/host_builds.py).

Runs a snippet (default examples/add_relu.py) through the worker (execute_run, sandboxed
where bubblewrap works, a process of its own each time) ROUNDS times with the host's
builds linked and ROUNDS times without (each run then builds Inductor's precompiled header
and its instruction-set test libraries itself, as before), interleaved so that load from
other processes spreads evenly, and prints the median run and compile times of each and
their ratio. The host's builds are made first if this host has none.

    python bench/bench_cpp_builds.py [ROUNDS] [SNIPPET.py]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from _common import timed_execute

from backend.store.repository import Store
from backend.worker import process
from backend.worker.process import WorkerSetup

ROOT = Path(__file__).resolve().parents[1]
WAYS = ("host builds linked", "each run builds its own")
MADE = process.host_builds_env


def one_run(store: Store, data_dir: Path, code: str, way: str) -> tuple[float, float]:
    process.host_builds_env = MADE if way == WAYS[0] else (lambda run_env, device, cache_dir: {})
    return timed_execute(store, code, WorkerSetup(data_dir, "cpu"), way)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    snippet = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "examples" / "add_relu.py"
    code = snippet.read_text()
    times: dict[str, list[tuple[float, float]]] = {way: [] for way in WAYS}
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder)) as store:
        one_run(store, Path(folder), code, WAYS[0])  # the host's builds made, files cached
        for _ in range(rounds):
            for way in WAYS:
                times[way].append(one_run(store, Path(folder), code, way))
    print(f"{snippet.name}, median of {rounds} cold runs each (execute_run, this machine):")
    medians = {}
    for way, samples in times.items():
        run_s = statistics.median(s[0] for s in samples)
        compile_s = statistics.median(s[1] for s in samples)
        medians[way] = (run_s, compile_s)
        print(f"  {way:26s} run {run_s:6.2f} s   compile {compile_s:6.2f} s")
    (linked_run, linked_compile), (own_run, own_compile) = medians[WAYS[0]], medians[WAYS[1]]
    run_ratio, compile_ratio = own_run / linked_run, own_compile / linked_compile
    print(f"  own / linked: run {run_ratio:.2f}x, compile {compile_ratio:.2f}x")


if __name__ == "__main__":
    main()
