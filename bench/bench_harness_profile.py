"""Where a warm run's own time goes, function by function: each problem in a process of its
own, pre-warmed as a spare is, then one harness run under cProfile.

    python bench/bench_harness_profile.py [--device cuda|cpu] [--top N] PROBLEM.py ...

Prints, per problem, the run's wall time, the seconds between its progress steps, and the
functions with the most cumulative and own time. Torch and the standard library only, so it
runs on a GPU host as the harness does.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ONE_RUN = r"""
import cProfile, io, os, pstats, sys, time
from pathlib import Path
from backend.harness.prewarm import prewarm
from backend.harness.run import Options, Run

snippet, bundle, device, top = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
seconds, error = prewarm(device)
print(f"prewarm {seconds:.2f} s{', failed: ' + error if error else ''}")
read_fd, write_fd = os.pipe()
run = Run(Options(snippet=snippet, bundle=bundle, size=None, compile_mode="default",
                  device=device, progress_fd=write_fd))
profiler = cProfile.Profile()
started = time.perf_counter()
profiler.runcall(run.execute)
print(f"run {time.perf_counter() - started:.2f} s, status {run.doc.get('status')}")
os.close(write_fd)
steps = os.read(read_fd, 1 << 20).decode(errors="replace").split("\n")
print("progress lines:", " | ".join(line[:60] for line in steps if line))
callers = [name for name in os.environ.get("PROFILE_CALLERS", "").split(",") if name]
for name in callers:
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("cumulative").print_callers(name)
    print(f"--- callers of {name} ---")
    print(text.getvalue()[-4000:])
for order in ("cumulative", "tottime"):
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats(order).print_stats(top)
    print(f"--- by {order} ---")
    print("\n".join(text.getvalue().splitlines()[6:]))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("problems", nargs="+", type=Path)
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cuda")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    for problem in args.problems:
        print(f"===== {problem.stem}", flush=True)
        with tempfile.TemporaryDirectory() as bundle:
            command = [sys.executable, "-c", ONE_RUN, str(problem.resolve()), bundle]
            subprocess.run([*command, args.device, str(args.top)], cwd=ROOT, check=False)


if __name__ == "__main__":
    main()
