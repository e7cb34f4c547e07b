"""Objects, rows and bundles built for tests: result documents, kernels and variants made
by hand, and runs stored the way a worker stores them.

The rich documents are shaped like a real run of this snippet on an H200:

    def fn(a, b, w):
        return torch.relu(a + b) @ w

Eager launches add, relu, mm; compiled fuses add+relu into one Triton kernel and keeps
mm as an extern cuBLAS call, so `a + b` is an eliminated round trip and `relu(a + b)` is
not. Numbers are invented but consistent (bytes add up, fp32, 2 x size x size inputs).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from backend import result as doc
from backend.store.repository import ArtifactInput, Store
from backend.store.visibility import DEFAULT_VISIBILITY, Visibility

CODE = """import torch

def fn(a, b, w):
    return torch.relu(a + b) @ w

def inputs(size=1024):
    return [torch.randn(size, size, device=device) for _ in range(3)]
"""
CODE_SHA256 = "0" * 63 + "1"
CREATED_AT = "2026-11-30T12:00:00+00:00"  # of the documents `run_with` makes, and recorded runs


def _t(tensor: str, direction: doc.Direction, size: int, role: doc.TensorRole) -> doc.Transfer:
    return doc.Transfer(
        tensor=tensor,
        direction=direction,
        bytes=size * size * 4,
        shape=[size, size],
        dtype="torch.float32",
        role=role,
    )


def _kernel(
    index: int, name: str, short: str, transfers: list[doc.Transfer], **extra: object
) -> doc.Kernel:
    read = sum(t.bytes for t in transfers if t.direction == "read")
    return doc.Kernel.model_validate(
        {
            "index": index,
            "name": name,
            "short_name": short,
            "op": extra.pop("op", None),
            "kind": extra.pop("kind", "elementwise"),
            "start_us": 0.1 + 0.2 + index * 12.75,  # not exactly representable: floats must survive
            "dur_us": 11.3 + index,
            "bytes_read": read,
            "bytes_written": sum(t.bytes for t in transfers) - read,
            "transfers": transfers,
            **extra,
        }
    )


def eager_variant(size: int) -> doc.Variant:
    kernels = [
        _kernel(
            0,
            "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>>",
            "add",
            [
                _t("a", "read", size, "input"),
                _t("b", "read", size, "input"),
                _t("a + b", "write", size, "intermediate"),
            ],
            op="aten::add",
            stream=7,
            grid=[size * size // 512],
            block=[128],
            registers_per_thread=26,
            lines=[4],
        ),
        _kernel(
            1,
            "void at::native::vectorized_elementwise_kernel<4, at::native::clamp_min_scalar>",
            "relu",
            [
                _t("a + b", "read", size, "intermediate"),
                _t("relu(a + b)", "write", size, "intermediate"),
            ],
            op="aten::relu",
            stream=7,
            grid=[size * size // 512],
            block=[128],
            lines=[4],
        ),
        _kernel(
            2,
            "sm90_xmma_gemm_f32f32_tf32f32_f32_tn_n_tilesize128x128x32",
            "gemm",
            [
                _t("relu(a + b)", "read", size, "intermediate"),
                _t("w", "read", size, "input"),
                _t("relu(a + b) @ w", "write", size, "output"),
            ],
            op="aten::mm",
            kind="matmul",
            stream=7,
            grid=[8, 8, 1],
            block=[256, 1, 1],
            registers_per_thread=168,
            shared_memory_bytes=197_632,
            occupancy_pct=12.5,
            lines=[4],
        ),
    ]
    return _variant(kernels, wall_time_us=61.25, method="cuda_events")


def compiled_variant(size: int) -> doc.Variant:
    kernels = [
        _kernel(
            0,
            "triton_poi_fused_add_relu_0",
            "fused_add_relu",
            [
                _t("a", "read", size, "input"),
                _t("b", "read", size, "input"),
                _t("buf0", "write", size, "intermediate"),
            ],
            kind="fused",
            stream=7,
            grid=[size * size // 1024, 1, 1],
            block=[128, 1, 1],
            registers_per_thread=16,
            occupancy_pct=100.0,
            lines=[4],
            source_ops=["aten.add.Tensor", "aten.relu.default"],
            graph=0,
            estimated_bytes=3 * size * size * 4,
        ),
        _kernel(
            1,
            "sm90_xmma_gemm_f32f32_tf32f32_f32_tn_n_tilesize128x128x32",
            "gemm",
            [
                _t("buf0", "read", size, "intermediate"),
                _t("w", "read", size, "input"),
                _t("buf1", "write", size, "output"),
            ],
            op="aten::mm",
            kind="matmul",
            stream=7,
            lines=[4],
            graph=0,
        ),
    ]
    return _variant(kernels, wall_time_us=40.5, method="cuda_events")


def _variant(kernels: list[doc.Kernel], wall_time_us: float, method: str) -> doc.Variant:
    return doc.Variant(
        kernel_count=len(kernels),
        transfer_count=sum(len(k.transfers) for k in kernels),
        bytes_read=sum(k.bytes_read for k in kernels),
        bytes_written=sum(k.bytes_written for k in kernels),
        kernel_time_us=sum(k.dur_us for k in kernels),
        wall_time_us=wall_time_us,
        timing_repeats=50,
        timing_method=method,
        kernels=kernels,
    )


def rich_result(run_id: str, size: int = 1024, sweep_id: str | None = None) -> doc.RunResult:
    """A succeeded run with both variants, transfers, round trips and every optional part."""
    eager, compiled = eager_variant(size), compiled_variant(size)
    array = size * size * 4
    return doc.RunResult(
        id=run_id,
        status="succeeded",
        title=f"add + relu + mm @ {size}",
        created_at=f"2025-11-30T02:{size % 60:02d}:00.123456+00:00",
        finished_at="2025-11-30T03:00:41.500000+00:00",
        code_sha256=CODE_SHA256,
        size=size,
        sweep_id=sweep_id,
        entry_point="fn",
        notes=["moved 3 inputs to cuda:0", f"used inputs(size={size})"],
        device=doc.DeviceInfo(type="cuda", name="NVIDIA H200", l2_cache_bytes=62_914_560),
        versions=doc.Versions(
            torch="2.13.0+cu128",
            triton="3.5.0",
            cuda="12.8",
            driver="570.133.20",
            python="3.11.9",
            kernelscope="0.1.0",
        ),
        variants={"eager": eager, "compiled": compiled},
        round_trips=[
            doc.RoundTrip(
                tensor="a + b",
                bytes=2 * array,
                shape=[size, size],
                dtype="torch.float32",
                producer="add",
                consumers=["relu"],
                lines=[4],
                eliminated=True,
                fused_into="fused_add_relu",
            ),
            doc.RoundTrip(
                tensor="relu(a + b)",
                bytes=2 * array,
                shape=[size, size],
                dtype="torch.float32",
                producer="relu",
                consumers=["gemm"],
                lines=[4],
                eliminated=False,
            ),
        ],
        totals=doc.Totals(round_trips_eliminated=1, bytes_saved=2 * array),
        speedup=61.25 / 40.5,
        kernel_speedup=eager.kernel_time_us / compiled.kernel_time_us,
        correctness=doc.Correctness(
            max_abs_error=3.0517578125e-05,
            max_rel_error=1.1e-06,
            match=True,
            atol=1e-4,
            rtol=1e-4,
            note="tf32 matmul",
        ),
        compile=doc.CompileInfo(
            seconds=4.75,
            mode="max-autotune",
            graph_count=1,
            graph_breaks=[doc.GraphBreak(reason="print()", line=5)],
            recompiles=0,
        ),
        output=doc.Output(stdout="ok\n", stderr="UserWarning: tf32\n", truncated=False),
        duration_s=9.5,
    )


def sweep_point(result: doc.RunResult) -> doc.SweepPoint:
    """The point the store should derive for `result` when it belongs to a sweep."""
    eager, compiled = result.variants.get("eager"), result.variants.get("compiled")
    assert result.size is not None
    return doc.SweepPoint(
        size=result.size,
        run_id=result.id,
        status=result.status,
        speedup=result.speedup,
        kernel_speedup=result.kernel_speedup,
        eager_bytes=None if eager is None else eager.bytes_read + eager.bytes_written,
        compiled_bytes=None if compiled is None else compiled.bytes_read + compiled.bytes_written,
        eager_kernels=None if eager is None else eager.kernel_count,
        compiled_kernels=None if compiled is None else compiled.kernel_count,
    )


def failed_result(run_id: str) -> doc.RunResult:
    """A run the user's code broke: error with line and traceback, no variants."""
    return doc.RunResult(
        id=run_id,
        status="failed",
        error=doc.ErrorInfo(
            kind="exception",
            message="RuntimeError: shapes cannot be multiplied",
            line=4,
            traceback=['  File "snippet.py", line 4, in fn'],
        ),
        created_at="2025-11-30T04:00:00+00:00",
        finished_at="2025-11-30T04:00:03.250000+00:00",
        code_sha256=CODE_SHA256,
        device=doc.DeviceInfo(type="cpu", name="AMD EPYC 9654", note="no CUDA device"),
        versions=doc.Versions(torch="2.13.0+cpu"),
        output=doc.Output(stderr="x" * 100, truncated=True),
    )


def chain_result(run_id: str, n: int) -> doc.RunResult:
    """A succeeded run with many kernels, shaped like bench/_common.py's synthetic chain
    x = op(x, w) repeated n times (n a multiple of 4): eager launches n kernels on lines 7
    and 8 in turn (2 reads, 1 write each), compiled fuses every 4 into one (5 reads, 1 write),
    and each eager intermediate is a round trip, eliminated inside a group of 4."""
    ops = ("add", "mul", "sub", "maximum")

    def chained(i: int) -> doc.Transfer:  # x{i}, what eager kernel i reads of the chain
        return _t("x" if i == 0 else f"x{i}", "read", 64, "input" if i == 0 else "intermediate")

    eager = [
        _kernel(
            i,
            f"aten::{ops[i % 4]}",
            ops[i % 4],
            [
                chained(i),
                _t(f"w{i % 16}", "read", 64, "input"),
                _t(f"x{i + 1}", "write", 64, "output" if i == n - 1 else "intermediate"),
            ],
            op=f"aten::{ops[i % 4]}",
            lines=[7 + i % 2],
        )
        for i in range(n)
    ]
    compiled = [
        _kernel(
            j,
            f"cpp_fused_add_mul_sub_maximum_{j}",
            f"cpp_fused_add_mul_sub_maximum_{j}",
            [
                _t(
                    "x" if j == 0 else f"x{4 * j}",
                    "read",
                    64,
                    "input" if j == 0 else "intermediate",
                ),
                *[_t(f"w{(4 * j + k) % 16}", "read", 64, "input") for k in range(4)],
                _t(f"x{4 * j + 4}", "write", 64, "output" if j == n // 4 - 1 else "intermediate"),
            ],
            kind="fused",
            lines=[7, 8],
            source_ops=[f"aten.{op}.Tensor" for op in ops],
            graph=0,
        )
        for j in range(n // 4)
    ]
    trips = [
        doc.RoundTrip(
            tensor=f"x{i + 1}",
            bytes=2 * 64 * 64 * 4,
            shape=[64, 64],
            dtype="torch.float32",
            producer=ops[i % 4],
            consumers=[ops[(i + 1) % 4]],
            lines=[7 + i % 2],
            eliminated=i % 4 != 3,
            fused_into=f"cpp_fused_add_mul_sub_maximum_{i // 4}" if i % 4 != 3 else None,
        )
        for i in range(n - 1)
    ]
    gone = [t for t in trips if t.eliminated]
    return doc.RunResult(
        id=run_id,
        status="succeeded",
        title=f"a chain of {n} element-wise ops",
        created_at="2025-11-30T02:00:00+00:00",
        finished_at="2025-11-30T02:01:00+00:00",
        code_sha256=CODE_SHA256,
        entry_point="fn",
        device=doc.DeviceInfo(type="cpu", name="test CPU"),
        variants={
            "eager": _variant(eager, wall_time_us=1000.0, method="perf_counter"),
            "compiled": _variant(compiled, wall_time_us=400.0, method="perf_counter"),
        },
        round_trips=trips,
        totals=doc.Totals(round_trips_eliminated=len(gone), bytes_saved=sum(t.bytes for t in gone)),
        speedup=2.5,
        kernel_speedup=2.0,
    )


# ---- stored runs ----------------------------------------------------------------------


def trace_artifact(label: str) -> ArtifactInput:
    """An eager trace download whose bytes (and so blob) are unique to `label`."""
    data = f'{{"traceEvents": [], "run": "{label}"}}'.encode()
    return ("eager_trace", "eager_trace.json.gz", data, "application/gzip")


def save_finished(
    store: Store,
    *,
    size: int = 1024,
    sweep_id: str | None = None,
    owner_id: int | None = None,
    visibility: Visibility = DEFAULT_VISIBILITY,
    finished_days_ago: float | None = None,
    duration_s: float | None = None,
    artifacts: list[ArtifactInput] | None = None,
) -> doc.RunResult:
    """A succeeded run (`rich_result`'s numbers) created as queued, then saved like a worker
    saves it; by default with one trace download of its own (`trace_artifact(run id)`).
    It keeps the store's own creation time: history order and "previous run" depend on it.
    `finished_days_ago`: finished that long ago (retention), not at the document's time."""
    run_id = store.create_run(
        CODE, size=size, sweep_id=sweep_id, owner_id=owner_id, visibility=visibility
    )
    queued = store.load_result(run_id)
    assert queued is not None
    changes: dict[str, object] = {"created_at": queued.created_at}
    if finished_days_ago is not None:
        finished = datetime.now(UTC) - timedelta(days=finished_days_ago)
        changes["finished_at"] = finished.isoformat()
    if duration_s is not None:
        changes["duration_s"] = duration_s
    result = rich_result(run_id, size=size, sweep_id=sweep_id).model_copy(update=changes)
    saved = artifacts if artifacts is not None else [trace_artifact(run_id)]
    store.save_result(result, CODE, saved)
    return result


def save_with_files(store: Store, files: list[bytes], owner_id: int | None = None) -> str:
    """A succeeded run of `owner_id` whose artifacts are `files` (one trace each): what a
    storage quota counts. The run's id."""
    artifacts = [
        ("eager_trace", f"trace-{index}.json.gz", data, "application/gzip")
        for index, data in enumerate(files)
    ]
    return save_finished(store, owner_id=owner_id, artifacts=artifacts).id


# ---- kernels and variants made by hand ------------------------------------------------


def timed_kernel(index: int, start_us: float, dur_us: float, **fields: object) -> doc.Kernel:
    """A kernel placed on a timeline (`kernel_<index>`, aten::add, no transfers), validated:
    validation is faster than `model_construct`."""
    values: dict[str, object] = {
        "index": index,
        "name": f"kernel_{index}",
        "short_name": f"k{index}",
        "op": "aten::add",
        "kind": "elementwise",
        "start_us": start_us,
        "dur_us": dur_us,
        "grid": None,
        "block": None,
        "graph": None,
        "bytes_read": 0,
        "bytes_written": 0,
        "transfers": [],
        **fields,
    }
    return doc.Kernel.model_validate(values)


def named_kernel(
    index: int,
    short_name: str,
    op: str | None = None,
    kind: doc.KernelKind = "elementwise",
    dur_us: float = 10.0,
    bytes_read: int = 8_000,
    bytes_written: int = 4_000,
) -> doc.Kernel:
    """A kernel known by its name and op (what eager/compiled matching looks at)."""
    return doc.Kernel(
        index=index,
        name=short_name,
        short_name=short_name,
        op=op,
        kind=kind,
        start_us=0.0,
        dur_us=dur_us,
        bytes_read=bytes_read,
        bytes_written=bytes_written,
        transfers=[],
    )


def eager_kernels(*ops: str) -> list[doc.Kernel]:
    """One eager kernel per ATen op name (`add` -> short name add, op aten::add)."""
    return [named_kernel(i, op, f"aten::{op}") for i, op in enumerate(ops)]


def variant_of(kernels: list[doc.Kernel], wall_time_us: float = 100.0) -> doc.Variant:
    """A variant whose totals add up from its kernels."""
    return doc.Variant(
        kernel_count=len(kernels),
        transfer_count=sum(len(k.transfers) for k in kernels),
        bytes_read=sum(k.bytes_read for k in kernels),
        bytes_written=sum(k.bytes_written for k in kernels),
        kernel_time_us=round(sum(k.dur_us for k in kernels), 3),
        wall_time_us=wall_time_us,
        timing_repeats=10,
        timing_method="cuda_events",
        kernels=kernels,
    )


def run_with(
    run_id: str, eager: list[doc.Kernel] | None = None, compiled: list[doc.Kernel] | None = None
) -> doc.RunResult:
    """A succeeded run of the given kernels (a missing list: no such variant)."""
    given: dict[doc.VariantName, list[doc.Kernel] | None] = {"eager": eager, "compiled": compiled}
    return doc.RunResult(
        id=run_id,
        status="succeeded",
        created_at=CREATED_AT,
        code_sha256="0" * 64,
        variants={name: variant_of(ks) for name, ks in given.items() if ks is not None},
    )


def drop_kernel(run: doc.RunResult, variant: doc.VariantName, index: int) -> doc.RunResult:
    """A copy of `run` whose `variant` lacks kernel `index`; later kernels are re-indexed."""
    copy = run.model_copy(deep=True)
    kept = [k for k in copy.variants[variant].kernels if k.index != index]
    for position, k in enumerate(kept):
        k.index = position
    old = copy.variants[variant]
    copy.variants[variant] = variant_of(kept, old.wall_time_us)
    return copy
