"""On a GPU host, as root: does CUDA work inside the sandbox, and what does it cost?

    python -m tests.sandbox.gpu_check [REPORT.json]

1. CUDA inside bubblewrap, no harness: device name, a kernel, what /dev holds. If that
   fails, once more with /sys shown read-only, to tell whether the driver needs it.
2. examples/add_relu.py through the worker (execute_run, device cuda): sandboxed, sandboxed
   with a 16 GiB memory cap (a cgroup), and unsandboxed twice (shared Inductor cache cold,
   then warm). Each result line: status, kernels/transfers, compile and run seconds, notes.

The report is rewritten after every step, so a run cut short still says how far it got.
Not a pytest module: CI has no GPU (docs/sandbox.md records what it printed on an H200).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from backend.limits import RunLimits, SandboxMode
from backend.store.repository import Store
from backend.worker import cgroup, sandbox
from backend.worker.execute import execute_run
from backend.worker.process import PASSED_ENV, WorkerSetup

ROOT = Path(__file__).resolve().parents[2]
CUDA_HELLO = (
    "import os, torch\n"
    "x = torch.ones(1 << 20, device='cuda')\n"
    "print(torch.cuda.get_device_name(0), float((x + 1).sum()), sorted(os.listdir('/dev')))\n"
)
RUNS: tuple[tuple[SandboxMode, int | None], ...] = (
    ("bwrap", None),
    ("bwrap", 16384),
    ("none", None),
    ("none", None),
)


def cuda_inside(extra: list[str]) -> dict[str, Any]:
    workdir = Path(tempfile.mkdtemp(prefix="kernelscope-gpu-"))
    (workdir / "cwd").mkdir()
    box = sandbox.SandboxRun(workdir, RunLimits(timeout_s=120, sandbox="bwrap"))
    env = {name: os.environ[name] for name in PASSED_ENV if name in os.environ}
    env["HOME"] = str(workdir)
    try:
        command = box.wrap([sys.executable, "-c", CUDA_HELLO], env, workdir / "cwd")
        at = command.index("--chdir")
        command[at:at] = extra
        started = time.monotonic()
        done = subprocess.run(
            command, env=box.launcher_env(), capture_output=True, text=True, timeout=180
        )
    finally:
        box.close()
    return {
        "extra": extra,
        "returncode": done.returncode,
        "seconds": round(time.monotonic() - started, 1),
        "stdout": done.stdout[-2000:],
        "stderr": done.stderr[-2000:],
    }


def add_relu(
    store: Store, data_dir: Path, mode: SandboxMode, memory_mb: int | None
) -> dict[str, Any]:
    code = (ROOT / "examples" / "add_relu.py").read_text()
    run_id = store.create_run(code)
    limits = RunLimits(timeout_s=240, sandbox=mode, memory_mb=memory_mb)
    started = time.monotonic()
    result = execute_run(store, run_id, WorkerSetup(data_dir, "cuda", limits))
    variants = {
        name: [v.kernel_count, v.transfer_count, v.kernel_time_us]
        for name, v in result.variants.items()
    }
    return {
        "sandbox": mode,
        "memory_mb": memory_mb,
        "status": result.status,
        "error": result.error.model_dump() if result.error else None,
        "device": result.device.name if result.device else None,
        "variants": variants,
        "compile_s": result.compile.seconds if result.compile else None,
        "run_s": round(time.monotonic() - started, 1),
        "notes": result.notes,
        "stderr": result.output.stderr[-1500:],
    }


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("gpu_sandbox.json")
    report: dict[str, Any] = {
        "probe": sandbox.probe(),
        "memory_hierarchy": str(cgroup.memory_hierarchy()),
        "python": [sys.executable, sys.prefix, sys.base_prefix],
        "nvidia_nodes": sorted(p.name for p in Path("/dev").glob("nvidia*")),
    }

    def save(step: str) -> None:
        out.write_text(json.dumps(report, indent=1))
        print(f"--- {step}", json.dumps(report.get(step), indent=1)[:3000], flush=True)

    save("probe")
    report["cuda"] = [cuda_inside([])]
    if report["cuda"][0]["returncode"] != 0:
        report["cuda"].append(cuda_inside(["--ro-bind", "/sys", "/sys"]))
    save("cuda")
    report["add_relu"] = []
    with tempfile.TemporaryDirectory(prefix="kernelscope-gpu-data-") as folder:
        data_dir = Path(folder)
        with Store.open(data_dir) as store:
            for mode, memory_mb in RUNS:
                report["add_relu"].append(add_relu(store, data_dir, mode, memory_mb))
                save("add_relu")


if __name__ == "__main__":
    main()
