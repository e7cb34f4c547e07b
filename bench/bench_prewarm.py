"""Where a spare's warm-up goes: each step of a fresh process's pre-warm, timed in a child
process of its own (nothing imported beforehand), and the device memory it holds after.

    python bench/bench_prewarm.py [cuda|cpu] [COMPILE_THREADS|default]

Prints seconds per step and, on a GPU, the process's memory as the driver sees it
(nvidia-smi), which is what a waiting spare costs the GPU beside the run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

STEPS = r"""
import json, os, sys, time
marks = {}
def mark(name, started=[time.perf_counter()]):
    now = time.perf_counter()
    marks[name] = round(now - started[0], 3)
    started[0] = now
import torch
mark("import torch")
device = torch.device(sys.argv[1])
if device.type == "cuda":
    torch.zeros(1, device=device)
    torch.cuda.synchronize()
mark("device context")
import backend.harness.run
from backend.harness import environment, inductor, measure
mark("import harness")
import torch._inductor.config as ic
import torch._inductor.codecache, torch._inductor.compile_fx
mark("import inductor")
inductor.configure_inductor(device)
if sys.argv[2] != "default":
    ic.compile_threads = int(sys.argv[2])
from torch._inductor.utils import fresh_cache
def throwaway(t):
    return (t * 2.0).sin() + 1.0
with fresh_cache(), torch.no_grad():
    x = torch.randn(4096, device=device)
    compiled = inductor.compile_entry(throwaway, "default")
    compiled(x)
    measure.synchronize(device)
    mark("first compile")
    measure.profile_call(lambda t: (throwaway(t), compiled(t)), lambda: (x,), device)
    mark("first profile")
from backend.harness.prewarm import _forget
_forget()
mark("forget")
def snippet_like(a, b):  # what a run's compile then costs (add_relu at 2**20)
    return (a + b).relu()
with fresh_cache():
    a, b = torch.randn(1 << 20, device=device), torch.randn(1 << 20, device=device)
    inductor.compile_entry(snippet_like, "default")(a, b)
    measure.synchronize(device)
    mark("next compile")
print(json.dumps(marks), flush=True)
sys.stdin.readline()  # hold the process while the parent reads its memory
"""


def _process_memory_mib(pid: int) -> int | None:
    try:
        out = subprocess.run(
            ["nvidia-smi", "--query-compute-apps=pid,used_memory", "--format=csv,noheader,nounits"],
            capture_output=True, text=True, timeout=30, check=True,
        ).stdout  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    for line in out.splitlines():
        found, _, used = line.partition(",")
        if found.strip() == str(pid):
            return int(used.strip())
    return None


def main() -> None:
    device = sys.argv[1] if len(sys.argv) > 1 else "cuda"
    threads = sys.argv[2] if len(sys.argv) > 2 else "default"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", STEPS, device, threads],
        env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert child.stdout is not None and child.stdin is not None
    marks = json.loads(child.stdout.readline())
    memory = _process_memory_mib(child.pid) if device == "cuda" else None
    child.stdin.write("\n")
    child.stdin.close()
    child.wait(timeout=60)
    print(f"compile threads: {threads}")
    next_compile = marks.pop("next compile")
    total = sum(marks.values())
    for name, seconds in marks.items():
        print(f"{name:16s} {seconds:7.2f} s  {seconds / total:5.0%}")
    print(f"{'prewarm total':16s} {total:7.2f} s")
    print(f"then a run's compile (add_relu 2**20, warm process): {next_compile:.2f} s")
    if memory is not None:
        print(f"device memory held by the warm process (nvidia-smi): {memory} MiB")


if __name__ == "__main__":
    main()
