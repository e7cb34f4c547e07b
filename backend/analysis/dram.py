"""Measured DRAM bytes (Nsight Compute) into the run's kernels, per variant, in launch order.

The measuring pass runs each variant's call once inside an NVTX range ("EAGER",
"COMPILED"); ncu lists the kernels it profiled in each range in launch order. The run's
own kernels (from torch.profiler) are matched to them in order by kernel name: ncu may
see extra kernels (a fill, a copy) the run's trace does not attribute, and the run may
have entries ncu does not profile (memcpy), so an unmatched kernel on either side is
skipped, never paired with a different kernel. Names are compared by their function's
own name (`vectorized_elementwise_kernel`, `triton_poi_fused_add_relu_0`): ncu and the
profiler demangle namespaces and templates differently.
Pure: no I/O; the numbers are ncu's, bounded here (they come from the run's process).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from backend.analysis.ncu import NcuKernel
from backend.result import Kernel, Variant

NVTX_RANGES: dict[str, str] = {"eager": "EAGER", "compiled": "COMPILED"}
# How far ahead in ncu's list a run's kernel is looked for (extra fills and copies).
LOOKAHEAD = 64
MAX_MEASURED_BYTES = 2**62  # anything larger is not a measurement: dropped


@dataclass
class DramMatch:
    """Per variant: run kernels given measured numbers, and kernels ncu saw in its range."""

    matched: dict[str, int] = field(default_factory=dict)
    profiled: dict[str, int] = field(default_factory=dict)

    @property
    def any(self) -> bool:
        return any(self.matched.values())


def kernel_key(name: str) -> str:
    """The function's own name: no return type, namespaces, template or parameters."""
    text = name.strip()
    if text.startswith("void "):
        text = text[5:]
    depth, end = 0, len(text)
    for position, char in enumerate(text):
        if char in "<(" and depth == 0:
            end = position
            break
    return text[:end].rsplit("::", 1)[-1].strip()


def _bounded(value: int | None) -> int | None:
    if value is None or not 0 <= value <= MAX_MEASURED_BYTES:
        return None
    return value


def merge_dram(variants: Mapping[str, Variant], measured: Sequence[NcuKernel]) -> DramMatch:
    """Set `dram_bytes_read` / `dram_bytes_written` on the kernels ncu measured."""
    match = DramMatch()
    for name, variant in variants.items():
        range_name = NVTX_RANGES.get(name)
        if range_name is None:
            continue
        profiled = [k for k in measured if k.nvtx_range == range_name]
        match.profiled[name] = len(profiled)
        match.matched[name] = _merge_variant(variant.kernels, profiled)
    return match


def _merge_variant(kernels: Sequence[Kernel], profiled: Sequence[NcuKernel]) -> int:
    keys = [kernel_key(k.kernel_name) for k in profiled]
    matched, next_free = 0, 0
    for kernel in sorted(kernels, key=lambda k: k.index):
        key = kernel_key(kernel.name)
        window = range(next_free, min(len(profiled), next_free + LOOKAHEAD))
        found = next((j for j in window if keys[j] == key), None)
        if found is None:
            continue
        read = _bounded(profiled[found].dram_bytes_read)
        written = _bounded(profiled[found].dram_bytes_written)
        next_free = found + 1
        if read is None or written is None:
            continue
        kernel.dram_bytes_read, kernel.dram_bytes_written = read, written
        matched += 1
    return matched


@dataclass(frozen=True)
class MeasuredTotals:
    """A variant's measured DRAM bytes beside the logical bytes of the same kernels."""

    dram_bytes: int  # read plus written, over the measured kernels
    logical_bytes: int  # read plus written, logical, over the same kernels
    kernels: int  # measured kernels
    of_kernels: int  # kernels of the variant

    @property
    def ratio(self) -> float | None:
        return self.dram_bytes / self.logical_bytes if self.logical_bytes else None


def measured_totals(variant: Variant | None) -> MeasuredTotals | None:
    """None when no kernel of the variant was measured."""
    if variant is None:
        return None
    measured = [
        k
        for k in variant.kernels
        if k.dram_bytes_read is not None and k.dram_bytes_written is not None
    ]
    if not measured:
        return None
    return MeasuredTotals(
        dram_bytes=sum((k.dram_bytes_read or 0) + (k.dram_bytes_written or 0) for k in measured),
        logical_bytes=sum(k.bytes_read + k.bytes_written for k in measured),
        kernels=len(measured),
        of_kernels=len(variant.kernels),
    )
