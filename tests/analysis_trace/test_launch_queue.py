"""The compiled launch log consumed in order (kernel_matching.LaunchQueue): a library kernel
takes the library call behind its op, and a copy the wrapper ran itself takes none."""

from __future__ import annotations

from typing import Any

from backend.analysis.kernel_matching import LaunchQueue
from backend.analysis.kernel_share import wrapper_copy
from backend.analysis.trace import KernelCat, TraceKernel

GEMM = "sm80_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize128x128x8"
HOST_COPY = "Memcpy HtoD (Pageable -> Device)"


def _launch(index: int, kernel: str, read: int, wrote: int) -> dict[str, Any]:
    return {
        "index": index, "graph": 2, "kernel": kernel, "backend": "extern",
        "reads": [["arg0", read]], "writes": [["out", wrote]],
    }  # fmt: skip


def _queue() -> LaunchQueue:
    values = [{"shape": [4, 4], "dtype": "float32"} for _ in range(4)]
    launches = [_launch(0, "extern_kernels.addmm", 0, 1), _launch(1, "extern_kernels.bmm", 2, 3)]
    return LaunchQueue({"launches": launches, "values": values}, {})


def test_a_copy_the_wrapper_ran_itself_takes_no_library_call() -> None:
    # BigBird's graph copies its CPU index constant to the device (`buf.copy_(cpu_buf)`)
    # before its first addmm: the copy once took that addmm's launch, the addmm the bmm's,
    # and the lm head's addmm, last of all, found none left
    queue = _queue()
    assert queue.take(HOST_COPY, "aten::copy_") is None
    assert queue.take("Memset (Device)", "aten::zero_") is None
    addmm = queue.take(GEMM, "aten::addmm")
    assert addmm is not None and addmm.writes == [1]
    bmm = queue.take(GEMM, "aten::bmm")
    assert bmm is not None and bmm.writes == [3]


def test_a_library_kernel_still_takes_a_call_of_another_name() -> None:
    # `extern_kernels.bias_addmm` runs as `aten::addmm`: no call of that name waits, so the
    # earliest library call not yet placed is the kernel's
    queue = _queue()
    taken = queue.take(GEMM, "aten::linear")
    assert taken is not None and taken.writes == [1]


def _copy(cat: KernelCat, size: int | None) -> TraceKernel:
    return TraceKernel(
        HOST_COPY, cat, 0.0, 1.0, 0, 7, None, None, None, None, None, size, None, None,
        None, None, 3,
    )  # fmt: skip


def test_the_wrappers_own_copy_moves_the_bytes_the_profiler_gave() -> None:
    share = wrapper_copy(_copy("gpu_memcpy", 8928), "aten::copy_")
    assert share is not None and share.helper == "copy"
    assert [(t.direction, t.bytes) for t in share.transfers] == [("read", 8928), ("write", 8928)]
    # a kernel the wrapper launched through no log is not a copy: nothing to size
    assert wrapper_copy(_copy("kernel", None), "aten::mm") is None
