"""What Kernelscope costs on top of doing the same work by hand.

Times, in one run on this machine: `kernelscope run examples/add_relu.py` (child process,
accounting passes, two profiles, timing, analysis, store) against a bare script that imports
torch and does eager + compile + profile by hand. Prints both and the ratio.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BARE = """
import torch
from torch.profiler import profile, ProfilerActivity
torch._inductor.config.force_disable_caches = True
def fn(a, b):
    return (a + b).relu()
a, b = torch.randn(1_000_000), torch.randn(1_000_000)
fn(a, b)
with profile(activities=[ProfilerActivity.CPU], record_shapes=True):
    fn(a, b)
compiled = torch.compile(fn, dynamic=False)
compiled(a, b)
with profile(activities=[ProfilerActivity.CPU], record_shapes=True):
    compiled(a, b)
"""


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    with tempfile.TemporaryDirectory() as data_dir:
        kernelscope = [
            sys.executable,
            "-m",
            "backend.cli",
            "run",
            str(ROOT / "examples" / "add_relu.py"),
        ]
        kernelscope += ["--quiet", "--data-dir", data_dir]
        bare = [sys.executable, "-c", BARE]
        timed(bare)  # warm the OS file cache and the C++ toolchain for both
        bare_s = timed(bare)
        tool_s = timed(kernelscope)
    print(f"bare eager+compile+profile script: {bare_s:.1f} s")
    print(f"kernelscope run (add_relu):        {tool_s:.1f} s")
    print(f"ratio kernelscope / bare:          {tool_s / bare_s:.2f}x")


if __name__ == "__main__":
    main()
