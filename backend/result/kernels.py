"""What one variant (eager, or a compile mode) measured: its kernels, each with the tensors
it moved, and its totals."""

from __future__ import annotations

from itertools import chain
from operator import attrgetter

from pydantic import BaseModel, Field, model_validator

from backend.result.bounds import MAX_NUMBER, Bytes, Count, Number, check_sum
from backend.result.names import Direction, KernelKind, TensorRole


class Transfer(BaseModel):
    """One tensor read from, or written to, device memory by one kernel."""

    tensor: str = Field(description="snippet-level name: `a`, `a + b`, `relu(a + b)`, `buf3`")
    direction: Direction
    bytes: Bytes = Field(description="logical bytes moved (broadcast dims counted once)")
    shape: list[Number]
    dtype: str
    role: TensorRole
    partial: bool = Field(
        default=False,
        description="a gather or lookup reads only some elements: bytes count those touched",
    )


class Kernel(BaseModel):
    """One launch on the device (CPU: one ATen op in eager, one fused C++ kernel compiled)."""

    index: Count = Field(description="position in launch order within the variant")
    name: str = Field(description="full name as the profiler reports it")
    short_name: str = Field(description="readable name for charts")
    op: str | None = Field(description="outermost user-level ATen op that launched it")
    kind: KernelKind
    start_us: float = Field(
        description="start, relative to the variant's first kernel, in the drawn call (the "
        "profiled call whose summed kernel time is nearest the median)"
    )
    dur_us: float = Field(
        description="median duration over the profiled calls (Variant.profiled_calls) of the "
        "kernel at this position"
    )
    stream: Number | None = None
    grid: list[Number] | None = None
    block: list[Number] | None = None
    registers_per_thread: Number | None = None
    shared_memory_bytes: Bytes | None = None
    occupancy_pct: float | None = Field(default=None, description="theoretical, from launch config")
    lines: list[Number] = Field(default_factory=list, description="snippet lines that produced it")
    module: str | None = Field(
        default=None,
        description="nn.Module path it ran in, as named_modules() spells it from the "
        "snippet's top object (`model.transformer.h.0.attn.c_attn`); a compiled kernel's is "
        "the innermost module holding every graph node it computes, a backward kernel's its "
        "forward op's; null for the snippet's own code outside any module",
    )
    frame: str | None = Field(
        default=None,
        description="innermost line of library code outside torch that called it "
        "(`transformers/models/gpt2/modeling_gpt2.py:212`), beside the snippet's `lines`",
    )
    source_ops: list[str] = Field(
        default_factory=list, description="ATen ops fused into this kernel (compiled only)"
    )
    graph: Number | None = Field(
        default=None, description="compiled graph index; None for eager kernels of either variant"
    )
    bytes_read: Bytes
    bytes_written: Bytes
    estimated_bytes: Bytes | None = Field(
        default=None, description="Inductor's own estimate (kernel_num_gb), for cross-checking"
    )
    flops: Number | None = Field(
        default=None,
        description="floating-point operations: a GEMM's or convolution's from its operands' "
        "shapes, else Inductor's estimate where it makes one; None for element-wise work",
    )
    achieved_bandwidth_pct: float | None = Field(
        default=None,
        description="logical bytes over the kernel's time, as a % of the device's measured "
        "peak bandwidth; None where the peak is unknown or the data was cache-resident",
    )
    cache_resident: bool = Field(
        default=False,
        description="logical bytes over time exceed the device's measured peak: the data "
        "was (largely) in the last-level cache, so no DRAM bandwidth can be claimed",
    )
    transfers: list[Transfer]
    traffic_note: str | None = Field(
        default=None,
        description="why this kernel has no transfers (its traffic is not accounted); null "
        "when it has them",
    )
    launches: Count | None = Field(
        default=None,
        description="its op's kernel ran as this many launches (a tensor past 2 GiB of "
        "offsets splits one op into several); each carries its share of the op's bytes, "
        "by the elements it covered; null for an op launched once",
    )
    helper: str | None = Field(
        default=None,
        description="a helper kernel of its op (memset, copy, layout transform, helper "
        "kernel): its traffic follows from the op's tensors; null for the op's own kernel",
    )
    duration_p10_us: float | None = Field(
        default=None, description="10th percentile of its duration over the profiled calls"
    )
    duration_p90_us: float | None = Field(
        default=None, description="90th percentile of its duration over the profiled calls"
    )
    dram_bytes_read: Bytes | None = Field(
        default=None,
        description="bytes read from DRAM, measured by Nsight Compute (`dram__bytes_read.sum`) "
        'in a separate pass (run option `measure: ["dram"]`); None when not measured',
    )
    dram_bytes_written: Bytes | None = Field(
        default=None,
        description="bytes written to DRAM, measured by Nsight Compute "
        "(`dram__bytes_write.sum`); None when not measured",
    )


class VariantTotals(BaseModel):
    """A variant's totals: `Variant` without its kernel list."""

    kernel_count: Count
    transfer_count: Count
    bytes_read: Bytes
    bytes_written: Bytes
    kernel_time_us: float = Field(
        description="sum of the kernels' durations (each the median over the profiled calls)"
    )
    wall_time_us: float = Field(description="median wall time of one call, NOT kernel time")
    timing_repeats: Count = Field(description="calls measured for wall_time_us (warm-up excluded)")
    timing_method: str = Field(description="cuda_events or perf_counter")
    wall_time_p10_us: float | None = Field(default=None, description="10th percentile of calls")
    wall_time_p90_us: float | None = Field(default=None, description="90th percentile of calls")
    peak_memory_bytes: Bytes | None = Field(
        default=None,
        description="device memory peak of one call, inputs included (GPU only; None on CPU)",
    )
    bandwidth_pct: float | None = Field(
        default=None,
        description="the variant's logical bytes over its kernel time, as a % of the device's "
        "measured peak bandwidth (None where unknown; may exceed 100 when data is cached)",
    )
    profiled_calls: Count | None = Field(
        default=None,
        description="profiled calls the kernel durations are medians of (one in bundles "
        "made before several calls were profiled; None in runs stored before that)",
    )
    kernel_time_p10_us: float | None = Field(
        default=None, description="10th percentile of the profiled calls' summed kernel time"
    )
    kernel_time_p90_us: float | None = Field(
        default=None, description="90th percentile of the profiled calls' summed kernel time"
    )
    traffic_coverage: float | None = Field(
        default=None,
        ge=0,
        le=1,
        description="share of the kernel time spent in kernels whose traffic is accounted "
        "(those with transfers), 0..1; null in runs stored before it was computed",
    )


class Variant(VariantTotals):
    kernels: list[Kernel]

    @model_validator(mode="after")
    def _sums_fit(self) -> Variant:
        """What the store and the pages add up over the kernels stays within the bounds
        (backend/result/bounds.py), so no sum of them can overflow SQLite's integers."""
        kernels = self.kernels  # map and attrgetter: a 100,000-kernel variant in ~0.1 s
        for name in _SUMMED_BYTES:
            check_sum(f"its kernels' {name}", map(attrgetter(name), kernels))
        transfers = chain.from_iterable(map(attrgetter("transfers"), kernels))
        check_sum("its transfers' bytes", map(attrgetter("bytes"), transfers))
        check_sum("its kernels' flops", map(attrgetter("flops"), kernels), MAX_NUMBER)
        return self


_SUMMED_BYTES = (
    "bytes_read", "bytes_written", "estimated_bytes", "dram_bytes_read", "dram_bytes_written",
)  # fmt: skip
