"""GPU truth: run the examples on a real GPU and print kernels, bytes and times per variant.

    python scripts/gpu_check.py [--ncu] [--examples add_relu,gelu_chain] [--size N]
                                [--snippets path/a.py,path/b.py] [--steps]

With --ncu, Nsight Compute measures DRAM bytes per kernel in a separate process, printed
beside the logical bytes Kernelscope computes. Needs torch with CUDA, and pydantic for the
analysis; not the web stack.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from backend.analysis.assemble import Analysis  # noqa: E402
from backend.analysis.ncu import parse_ncu_csv  # noqa: E402
from backend.limits import RunLimits  # noqa: E402
from backend.worker.child import ChildRequest, run_child  # noqa: E402
from backend.worker.process import Job, WorkerSetup  # noqa: E402

NCU_METRICS = "dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum"


def run_example(path: Path, size: int | None, workdir: Path, steps: bool = False) -> Analysis | str:
    setup = WorkerSetup(workdir, "cuda", RunLimits(timeout_s=600))
    outcome = run_child(ChildRequest(Job(path.read_text(), size), setup))
    if steps:  # where the seconds went, one line per snippet, before the table's row
        spent = ", ".join(f"{step} {s:.1f}" for step, s in outcome.steps.seconds().items())
        print(f"<!-- {path.stem}: {outcome.status} in {outcome.duration_s:.1f} s: {spent} -->")
    if outcome.status != "succeeded" or outcome.bundle is None:
        return f"{outcome.status}: {outcome.error}"
    return outcome.bundle.analyse()


def print_summary(name: str, analysis: Analysis | str) -> None:
    if isinstance(analysis, str):
        print(f"| {name} | {analysis} |||||||")
        return
    e, c = analysis.variants["eager"], analysis.variants["compiled"]
    mb = lambda v: (v.bytes_read + v.bytes_written) / 1e6  # noqa: E731
    print(
        f"| {name} | {e.kernel_count} | {c.kernel_count} | {e.transfer_count} | {c.transfer_count} "
        f"| {mb(e):.1f} | {mb(c):.1f} | {e.kernel_time_us:.1f} | {c.kernel_time_us:.1f} "
        f"| {e.wall_time_us:.1f} | {c.wall_time_us:.1f} "
        f"| {analysis.speedup} | {analysis.kernel_speedup} |"
    )


def run_ncu(path: Path, size: int | None) -> str:
    command = ["ncu", "--nvtx", "--nvtx-include", "EAGER/", "--nvtx-include", "COMPILED/"]
    command += ["--metrics", NCU_METRICS, "--clock-control", "none", "--csv"]
    command += [sys.executable, str(ROOT / "scripts" / "ncu_target.py"), str(path)]
    command += [str(size)] if size else []
    pythonpath = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": pythonpath}
    return subprocess.run(command, capture_output=True, text=True, env=env, check=False).stdout


def print_ncu(name: str, analysis: Analysis, csv_text: str, l2_bytes: int | None) -> None:
    measured = parse_ncu_csv(csv_text)
    for variant, label in (("eager", "EAGER"), ("compiled", "COMPILED")):
        rows = [m for m in measured if m.nvtx_range == label]
        # ncu profiles kernels, not the memsets and copies the profiler also lists
        kernels = [k for k in analysis.variants[variant].kernels if not _memory_op(k.name)]
        for kernel, row in zip(kernels, rows, strict=False):
            logical = kernel.bytes_read + kernel.bytes_written
            dram = (row.dram_bytes_read or 0) + (row.dram_bytes_written or 0)
            ratio = dram / logical if logical else float("nan")
            big = "yes" if l2_bytes and logical >= 4 * l2_bytes else "no"
            print(
                f"| {name} | {variant} | {kernel.short_name[:40]} | {kernel.bytes_read:,} "
                f"| {kernel.bytes_written:,} | {row.dram_bytes_read:,} "
                f"| {row.dram_bytes_written:,} "
                f"| {ratio:.3f} | {big} |"
            )


def _memory_op(name: str) -> bool:
    return name.startswith(("Memset", "Memcpy"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ncu", action="store_true")
    parser.add_argument("--examples", default="")
    parser.add_argument("--snippets", default="", help="snippet files, comma-separated")
    parser.add_argument("--size", type=int, default=None)
    parser.add_argument("--steps", action="store_true", help="print seconds per harness step")
    args = parser.parse_args()
    paths = [Path(p).resolve() for p in args.snippets.split(",") if p]
    names = args.examples.split(",") if args.examples or paths else []
    names = names if names or paths else sorted(p.stem for p in (ROOT / "examples").glob("*.py"))
    paths += [ROOT / "examples" / f"{name}.py" for name in names if name]
    header = "| snippet | eager kernels | compiled kernels | eager transfers | compiled transfers "
    header += "| eager MB | compiled MB | eager kernel µs | compiled kernel µs | eager wall µs "
    print(header + "| compiled wall µs | speedup | kernel speedup |")
    print("|" + "---|" * 13)
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for path in paths:
            analysis = run_example(path, args.size, Path(tmp) / path.stem, args.steps)
            results[path] = analysis
            print_summary(path.stem + (f" ({args.size:,})" if args.size else ""), analysis)
    if not args.ncu:
        return
    columns = ["snippet", "variant", "kernel", "logical read", "logical write", "DRAM read"]
    columns += ["DRAM write", "DRAM/logical", "data >= 4x L2"]
    print("\n| " + " | ".join(columns) + " |")
    print("|" + "---|" * 9)
    for path, analysis in results.items():
        if isinstance(analysis, Analysis):
            l2 = analysis.device.l2_cache_bytes if analysis.device else None
            print_ncu(path.stem, analysis, run_ncu(path, args.size), l2)


if __name__ == "__main__":
    main()
