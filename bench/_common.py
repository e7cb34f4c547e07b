"""Shared by the benchmarks: synthetic run documents, a `kernelscope serve`, and one run
timed through the worker (`timed_execute`).

`synthetic_result(n)` is a consistent document for a chain of n binary element-wise ops
(x = op(x, w[i % 16])) on a CPU: eager launches n kernels (2 reads + 1 write each),
compiled fuses every 4 into one kernel (5 reads + 1 write), so each intermediate inside a
group of 4 is an eliminated round trip. Durations and gaps are drawn from a fixed seed.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import httpx2

from backend import result as doc

if TYPE_CHECKING:
    from backend.store.repository import Store
    from backend.worker.process import WorkerSetup

ROOT = Path(__file__).resolve().parents[1]
OPS = ("add", "mul", "sub", "maximum")
ELEMENTS = 65_536  # 256 KiB fp32 per tensor: a small CPU element-wise op
ARRAY = ELEMENTS * 4
WEIGHTS = 16
CODE = """import torch

OPS = [torch.add, torch.mul, torch.sub, torch.maximum]

def fn(x, ws):
    for i in range(len(ws) * STEPS):
        x = OPS[i % 4](x, ws[i % len(ws)])
    return x
"""


def _transfer(tensor: str, direction: doc.Direction, role: doc.TensorRole) -> doc.Transfer:
    return doc.Transfer(
        tensor=tensor,
        direction=direction,
        bytes=ARRAY,
        shape=[ELEMENTS],
        dtype="torch.float32",
        role=role,
    )


def _kernel(
    index: int, name: str, short: str, start: float, dur: float, **fields: object
) -> doc.Kernel:
    transfers: list[doc.Transfer] = fields.pop("transfers")  # type: ignore[assignment]
    read = sum(t.bytes for t in transfers if t.direction == "read")
    return doc.Kernel.model_validate(
        {
            "index": index,
            "name": name,
            "short_name": short,
            "start_us": round(start, 3),
            "dur_us": round(dur, 3),
            "lines": [7],
            "bytes_read": read,
            "bytes_written": sum(t.bytes for t in transfers) - read,
            "transfers": transfers,
            **fields,
        }
    )


def _chain_in(i: int) -> doc.Transfer:
    """What eager kernel i reads from the chain: the input x, or x{i} written before it."""
    return _transfer("x", "read", "input") if i == 0 else _transfer(f"x{i}", "read", "intermediate")


def _chain_out(i: int, n: int) -> doc.Transfer:
    """What eager kernel i writes: x{i+1}; the last one is the output."""
    return _transfer(f"x{i + 1}", "write", "output" if i == n - 1 else "intermediate")


def _eager(n: int, rng: random.Random) -> list[doc.Kernel]:
    kernels, clock = [], 0.0
    for i in range(n):
        op = OPS[i % 4]
        dur = rng.lognormvariate(2.6, 0.35)  # ~14 µs median, 8-30 µs
        kernels.append(
            _kernel(
                i,
                f"aten::{op}",
                op,
                clock,
                dur,
                op=f"aten::{op}",
                kind="elementwise",
                transfers=[
                    _chain_in(i),
                    _transfer(f"w{i % WEIGHTS}", "read", "input"),
                    _chain_out(i, n),
                ],
            )
        )
        clock += dur + rng.uniform(2.0, 9.0)  # dispatcher overhead between eager ops
    return kernels


def _compiled(n: int, rng: random.Random) -> list[doc.Kernel]:
    kernels, clock = [], 0.0
    for j in range(n // 4):
        first = 4 * j
        dur = rng.lognormvariate(2.9, 0.3)  # one pass instead of four: ~18 µs median
        name = f"cpp_fused_{'_'.join(OPS)}_{j}"
        reads = [_transfer(f"w{(first + k) % WEIGHTS}", "read", "input") for k in range(4)]
        kernels.append(
            _kernel(
                j,
                name,
                name,
                clock,
                dur,
                op=None,
                kind="fused",
                graph=0,
                source_ops=[f"aten.{op}.Tensor" for op in OPS],
                estimated_bytes=6 * ARRAY,
                transfers=[_chain_in(first), *reads, _chain_out(first + 3, n)],
            )
        )
        clock += dur + rng.uniform(1.0, 3.0)
    return kernels


def _variant(kernels: list[doc.Kernel], wall_time_us: float) -> doc.Variant:
    return doc.Variant(
        kernel_count=len(kernels),
        transfer_count=sum(len(k.transfers) for k in kernels),
        bytes_read=sum(k.bytes_read for k in kernels),
        bytes_written=sum(k.bytes_written for k in kernels),
        kernel_time_us=round(sum(k.dur_us for k in kernels), 3),
        wall_time_us=wall_time_us,
        timing_repeats=5,
        timing_method="perf_counter",
        kernels=kernels,
    )


def _round_trips(n: int) -> list[doc.RoundTrip]:
    """Every intermediate x1 .. x(n-1): written by kernel i, read back by kernel i+1."""
    trips = []
    for i in range(n - 1):
        eliminated = i % 4 != 3  # produced and consumed inside one fused group of 4
        trips.append(
            doc.RoundTrip(
                tensor=f"x{i + 1}",
                bytes=2 * ARRAY,
                shape=[ELEMENTS],
                dtype="torch.float32",
                producer=OPS[i % 4],
                consumers=[OPS[(i + 1) % 4]],
                lines=[7],
                eliminated=eliminated,
                fused_into=f"cpp_fused_{'_'.join(OPS)}_{i // 4}" if eliminated else None,
            )
        )
    return trips


def synthetic_result(run_id: str, n: int, seed: int = 0) -> doc.RunResult:
    """A succeeded CPU run with n eager and n/4 compiled kernels (n a multiple of 4)."""
    rng = random.Random(seed)
    eager_kernels, compiled_kernels = _eager(n, rng), _compiled(n, rng)
    eager_wall = eager_kernels[-1].start_us + eager_kernels[-1].dur_us + 20.0
    compiled_wall = compiled_kernels[-1].start_us + compiled_kernels[-1].dur_us + 20.0
    eager, compiled = _variant(eager_kernels, eager_wall), _variant(compiled_kernels, compiled_wall)
    trips = _round_trips(n)
    gone = [t for t in trips if t.eliminated]
    return doc.RunResult(
        id=run_id,
        status="succeeded",
        title=f"synthetic chain of {n:,} element-wise ops",
        created_at="2026-11-30T09:00:00+00:00",
        finished_at="2026-11-30T09:01:00+00:00",
        code_sha256="b" * 64,
        entry_point="fn",
        device=doc.DeviceInfo(type="cpu", name="bench CPU (2 cores)", note="no CUDA device"),
        versions=doc.Versions(torch="2.13.0+cpu", python="3.11.7", kernelscope="0.1.0"),
        variants={"eager": eager, "compiled": compiled},
        round_trips=trips,
        totals=doc.Totals(round_trips_eliminated=len(gone), bytes_saved=sum(t.bytes for t in gone)),
        speedup=eager_wall / compiled_wall,
        kernel_speedup=eager.kernel_time_us / compiled.kernel_time_us,
        correctness=doc.Correctness(
            max_abs_error=0.0, max_rel_error=0.0, match=True, atol=1e-5, rtol=1e-5
        ),
        compile=doc.CompileInfo(seconds=12.5, mode="default", graph_count=1),
        duration_s=60.0,
    )


# ---- the server -------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serve(data_dir: Path, workers: int, log: Path) -> Iterator[str]:
    """`kernelscope serve` on a free port against `data_dir`; yields its base URL."""
    port = free_port()
    command = [sys.executable, "-m", "backend.cli", "serve", "--port", str(port)]
    command += ["--data-dir", str(data_dir), "--device", "cpu", "--workers", str(workers)]
    with log.open("wb") as out:
        server = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if server.poll() is not None:
                raise RuntimeError(f"kernelscope serve exited; see {log}")
            try:
                if httpx2.get(base + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx2.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"kernelscope serve did not start; see {log}")
            time.sleep(0.2)
        yield base
    finally:
        server.send_signal(signal.SIGINT)  # uvicorn's graceful stop: workers kill their run
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            os.kill(server.pid, signal.SIGKILL)
            server.wait()


def load_note() -> str:
    """Other work on the machine skews every number here: say how busy it was."""
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} CPUs"


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def median(values: list[float]) -> float:
    return statistics.median(values)


def timed_execute(store: Store, code: str, setup: WorkerSetup, label: str) -> tuple[float, float]:
    """One run of `code` through `execute_run`, as a worker runs it: (its seconds, its
    compile's seconds). A run that did not succeed ends the bench, named by `label`."""
    from backend.worker.execute import execute_run

    run_id = store.create_run(code)
    started = time.perf_counter()
    result = execute_run(store, run_id, setup)
    elapsed = time.perf_counter() - started
    if result.status != "succeeded" or result.compile is None:
        raise SystemExit(f"{label}: {result.status}: {result.error}")
    return elapsed, result.compile.seconds or 0.0
