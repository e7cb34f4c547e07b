"""What each stage of a spare's warm-up costs, in time and in device memory, on a GPU host.

    python bench/bench_spare_stages.py [--repeat N] [--order imports,cpu_compile,context,...]

Each repeat is a fresh process that walks the stages a pre-warmed spare goes through, in
order, and prints one JSON line per stage: the seconds it took and the device memory the
process holds afterwards (nvidia-smi's per-process figure, which counts the CUDA context,
not only what torch's allocator holds). The split tells what a spare could pay ahead of
need without holding a context (imports, Inductor's Python) and what only a context can
warm (Triton's first kernel, CUPTI's first start); the last two stages give the context's
per-thread stack back as a waiting spare does, then take it back as its run does
(`cuda_stack.waiting_lightly`). Set TRITON_CACHE_DIR to one folder, as a worker does for its
unsandboxed runs, and the repeats share every Triton kernel through it: the first repeat on
a fresh host compiles, the later ones show a warm host (without it, only Kernelscope's own
kernels are shared, through Triton's default folder; Inductor's go to a fresh one). Torch
and the standard library only.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

STAGES = r"""
import json, os, subprocess, time
started = time.perf_counter()

def used_mib():
    out = subprocess.run(["nvidia-smi", "--query-compute-apps=pid,used_memory",
                          "--format=csv,noheader,nounits"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        pid, mib = (part.strip() for part in line.split(","))
        if int(pid) == os.getpid():
            return int(mib)
    return 0

def stage(name, work):
    begun = time.perf_counter()
    if name == os.environ.get("PROFILE_STAGE"):
        import cProfile, io, pstats
        profiler = cProfile.Profile()
        profiler.runcall(work)
        text = io.StringIO()
        pstats.Stats(profiler, stream=text).sort_stats("cumulative").print_stats(45)
        print("\n".join(text.getvalue().splitlines()[6:]))
    else:
        work()
    print(json.dumps({"stage": name, "s": round(time.perf_counter() - begun, 3),
                      "mib": used_mib()}), flush=True)

def imports():
    global torch, inductor, measure, fresh_cache
    import torch, triton
    import backend.harness.run
    from backend.harness import inductor, measure
    from torch._inductor.utils import fresh_cache

def throwaway(t):
    return (t * 2.0).sin() + 1.0

def cpu_compile():
    with fresh_cache(), torch.no_grad():
        x = torch.randn(4096)
        inductor.compile_entry(throwaway, "default")(x)
    torch._dynamo.reset()

def host_stage():  # what a parked spare warms (prewarm.py's HOST): its MiB must be 0
    from backend.harness.prewarm import HOST, prewarm
    seconds, error = prewarm("cuda", (HOST,))
    if error:
        print(json.dumps({"host_stage_error": error}))

def context():
    torch.cuda.init()
    torch.zeros(1, device="cuda")
    torch.cuda.synchronize()

def cuda_compile():
    inductor.configure_inductor(torch.device("cuda"))
    with fresh_cache(), torch.no_grad():
        x = torch.randn(4096, device="cuda")
        compiled = inductor.compile_entry(throwaway, "default")
        compiled(x)
        torch.cuda.synchronize()
    globals()["compiled"], globals()["x"] = compiled, x

def profile():
    measure.profile_call(lambda t: (throwaway(t), compiled(t)), lambda: (x,), torch.device("cuda"))
    measure.synchronize(torch.device("cuda"))

def second_compile():
    with fresh_cache(), torch.no_grad():
        y = torch.randn(8192, device="cuda")
        inductor.compile_entry(lambda t: (t.cos() * 3.0).relu(), "default")(y)
        torch.cuda.synchronize()

def measurement_passes():
    from backend.harness.prewarm import warm_measurement_passes
    warm_measurement_passes(torch.device("cuda"))

def waiting():  # as a ready spare waits for its snippet: the context's stack given back
    global waiting_now
    from backend.harness.cuda_stack import waiting_lightly
    waiting_now = waiting_lightly()
    waiting_now.__enter__()

def woken():  # its snippet arrived: the stack reservation a cold process has, back
    waiting_now.__exit__(None, None, None)

order = os.environ["STAGE_ORDER"]
for name in order.split(","):
    stage(name, globals()[name])
total_s = round(time.perf_counter() - started, 3)
print(json.dumps({"stage": "total", "s": total_s, "mib": used_mib()}))
"""


# What a GPU spare's warm-up does, in its order; `host_stage` is all a parked spare does,
# and must leave the process without a context (0 MiB). `cpu_compile` is left out unless
# named: a GPU spare never compiles for the CPU, and on a fresh host that stage builds
# Inductor's C++ header and instruction-set checks first (41-83 s on the H100 hosts),
# which once ate a device call.
SPARE_STAGES = ",".join(
    [
        *("imports", "host_stage", "context", "cuda_compile", "profile", "second_compile"),
        *("measurement_passes", "waiting", "woken"),
    ]
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--order", default=SPARE_STAGES, help="comma-separated stages")
    parser.add_argument("--profile", default=None, help="a stage to run under cProfile")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if args.profile:
        env["PROFILE_STAGE"] = args.profile
    env["STAGE_ORDER"] = args.order
    for repeat in range(args.repeat):
        print(f"--- process {repeat + 1}", flush=True)
        subprocess.run([sys.executable, "-c", STAGES], cwd=ROOT, env=env, check=False)


if __name__ == "__main__":
    main()
