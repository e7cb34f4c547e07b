"""Where a run's seconds go: the harness in this process under cProfile.

    python scripts/profile_harness.py SNIPPET [--size N] [--device cuda] [--out DIR]
                                      [--stacks-every S]

Runs `python -m backend.harness` in-process (no worker, no sandbox), writes DIR/profile.pstats
and prints the 40 most expensive functions by cumulative time. Every S seconds (default 30)
it also prints every thread's stack, so a run that never ends still says where it is.
"""

from __future__ import annotations

import argparse
import cProfile
import faulthandler
import pstats
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("snippet", type=Path)
    parser.add_argument("--size", type=int, default=None)
    parser.add_argument("--device", default="auto")
    parser.add_argument("--out", type=Path, default=Path(tempfile.mkdtemp()))
    parser.add_argument("--stacks-every", type=float, default=30.0)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    faulthandler.dump_traceback_later(args.stacks_every, repeat=True)
    from backend.harness.run import Options, Run

    bundle = args.out / "bundle"
    run = Run(Options(args.snippet.resolve(), bundle, args.size, "default", args.device, None))
    profiler = cProfile.Profile()
    try:
        profiler.runcall(run.execute)
    finally:
        faulthandler.cancel_dump_traceback_later()
        profiler.dump_stats(args.out / "profile.pstats")
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
