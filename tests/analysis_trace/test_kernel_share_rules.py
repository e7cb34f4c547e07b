"""The rules that give each kernel its op's traffic, on hand-built kernels and traces:
helpers share one pass over a tensor (kernel_share.py), and a kernel outside every
compiled graph takes the op that launched it (kernel_matching.island_source)."""

from __future__ import annotations

from typing import Any, Literal

from backend.analysis.kernel_matching import IslandQueue, Source, island_source
from backend.analysis.kernel_share import share_traffic
from backend.analysis.trace import TraceKernel, cuda_kernels, parse_trace
from backend.result import Transfer


def _kernel(name: str, ts: float, dur: float, grid: tuple[int, ...] = (4,)) -> TraceKernel:
    return TraceKernel(
        name, "kernel", ts, dur, 0, 7, grid, (128,), None, None, None, None, None, None,
        None, None, None,
    )  # fmt: skip


def _transfer(tensor: str, direction: Literal["read", "write"], size: int) -> Transfer:
    return Transfer(
        tensor=tensor, direction=direction, bytes=size, shape=[size // 4], dtype="float32",
        role="intermediate",
    )  # fmt: skip


def test_helpers_of_one_tensor_share_one_pass_over_it() -> None:
    """cuDNN's RNN: one long GEMM, then 1,000 short per-step kernels that each pick the
    hidden state; together they move it once, not 1,000 times."""
    op = [_transfer("x", "read", 4_000_000), _transfer("h", "write", 40_000)]
    kernels = [_kernel("gemm", 0, 100)]
    kernels += [_kernel("step", 100 + i, 0.5) for i in range(1_000)]
    shares = share_traffic(kernels, op, "aten::_cudnn_rnn")
    helpers = [t for share in shares[1:] for t in share.transfers]
    assert {t.tensor for t in helpers} == {"h"}
    assert sum(t.bytes for t in helpers if t.direction == "read") == 40_000
    assert sum(t.bytes for t in helpers if t.direction == "write") == 40_000
    assert shares[0].transfers == op  # the main kernel keeps the op's own bytes


def test_layout_transforms_of_different_tensors_each_move_theirs() -> None:
    op = [_transfer("input", "read", 4_000), _transfer("output", "write", 8_000)]
    kernels = [
        _kernel("nchwToNhwcKernel", 0, 1, (1_000,)),
        _kernel("implicit_gemm", 1, 10),
        _kernel("nhwcToNchwKernel", 11, 1, (2_000,)),
    ]
    before, _, after = share_traffic(kernels, op, "aten::convolution")
    assert [(t.tensor, t.direction, t.bytes) for t in before.transfers] == [
        ("input", "read", 4_000),
        ("input", "write", 4_000),
    ]
    assert [(t.tensor, t.bytes) for t in after.transfers] == [("output", 8_000)] * 2


def _event(name: str, ts: float, dur: float, cat: str, **args: Any) -> dict[str, Any]:
    pid, tid = (0, 7) if cat == "kernel" else (100, 100)
    return {"ph": "X", "cat": cat, "name": name, "pid": pid, "tid": tid, "ts": ts,
            "dur": dur, "args": args}  # fmt: skip


def test_island_kernel_takes_the_op_that_launched_it_not_a_sibling() -> None:
    """`aten::lstm` runs `aten::set_` on its flat weights (no kernel), then
    `aten::_cudnn_rnn`, which launches the kernel: the kernel is _cudnn_rnn's, though
    set_ comes first in eager's order and is in the same family."""
    doc = {
        "traceEvents": [
            _event("aten::lstm", 0, 100, "cpu_op"),
            _event("aten::set_", 1, 2, "cpu_op"),
            _event("aten::_cudnn_rnn", 10, 80, "cpu_op", **{"External id": 5}),
            _event("cudaLaunchKernel", 20, 1, "cuda_runtime", correlation=9),
            _event("gemm", 30, 5, "kernel", correlation=9, **{"External id": 5}),
        ]
    }
    parsed = parse_trace(doc)
    (kernel,) = cuda_kernels(parsed)
    sources = [Source(op, [], [], []) for op in ("aten::set_", "aten::_cudnn_rnn")]
    taken = island_source(IslandQueue(sources), parsed, kernel)
    assert taken is sources[1]
