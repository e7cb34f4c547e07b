"""Regenerate the CPU profiler traces in this folder (torch CPU build, Inductor C++ backend).

Run from the repository root: `.venv/bin/python tests/data/cpu/make_cpu_traces.py`.
Each case is called twice before profiling so the trace holds a warm call only (no compile).
"""

from __future__ import annotations

import gzip
import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import torch
import torch._inductor.config as inductor_config
from torch.profiler import ProfilerActivity, profile

HERE = Path(__file__).resolve().parent


def add_relu(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return (a + b).relu()


def matmul_chain(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    y = (x @ w).relu()
    return torch.nn.functional.linear(y, w, b).sin()


def graph_break(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    z = x * 2
    # data-dependent branch: Dynamo breaks the graph here (kept as the snippet users write)
    if y.sum() > 0:  # noqa: SIM108
        z = z + y
    else:
        z = z - y
    return z.relu()


def _cases() -> dict[str, tuple[Callable[..., torch.Tensor], tuple[torch.Tensor, ...], bool]]:
    torch.manual_seed(0)
    return {
        "add_relu_eager": (add_relu, (torch.randn(65536), torch.randn(65536)), False),
        "add_relu_compiled": (add_relu, (torch.randn(65536), torch.randn(65536)), True),
        "matmul_compiled": (
            matmul_chain,
            (torch.randn(64, 64), torch.randn(64, 64), torch.randn(64)),
            True,
        ),
        "graph_break_compiled": (graph_break, (torch.randn(4096), torch.randn(4096)), True),
    }


def _record(name: str, fn: Callable[..., torch.Tensor], args: tuple[torch.Tensor, ...]) -> None:
    fn(*args)
    fn(*args)
    with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:
        fn(*args)
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "trace.json"
        prof.export_chrome_trace(str(raw))
        doc = json.loads(raw.read_text())
    # mtime=0 keeps the gzip bytes reproducible for the same trace
    with gzip.GzipFile(HERE / f"{name}_trace.json.gz", "wb", mtime=0) as out:
        out.write(json.dumps(doc).encode())


def main() -> None:
    inductor_config.cpp.enable_kernel_profile = True
    os.environ.setdefault("TORCHINDUCTOR_CACHE_DIR", tempfile.mkdtemp(prefix="ks_inductor_"))
    wanted = set(sys.argv[1:])
    for name, (fn, args, compiled) in _cases().items():
        if wanted and name not in wanted:
            continue
        run = torch.compile(fn, dynamic=False) if compiled else fn
        _record(name, run, args)
        print(name, "torch", torch.__version__)


if __name__ == "__main__":
    main()
