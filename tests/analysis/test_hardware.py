"""what each kernel asked of the hardware, on recorded H200 bundles: FLOPs from
operand shapes (GEMMs, convolutions) or Inductor's estimate, and bandwidth as a share of
the device's measured peak, with cache-resident data marked instead of an impossible %."""

from __future__ import annotations

import copy

import pytest

from backend.analysis.hardware import apply_device, kernel_flops, percent_of_peak
from backend.result import DeviceInfo, Transfer, Variant
from tests.paths import ROOT
from tests.recorded import analyse_bundle, analysed

# A roof chosen for the tests (the H200's copy rate is about 4.3 TB/s): the expectations
# below are computed from it, the bundle's bytes and the bundle's durations.
PEAK = 4.5e12


SCALE = ROOT / "tests" / "data" / "h200_scale_bundles"


def variants_with(example: str, peak: float | None, *, scale: bool = False) -> dict[str, Variant]:
    analysis = analyse_bundle(SCALE / example / "bundle") if scale else analysed(example)
    variants = copy.deepcopy(analysis.variants)
    assert analysis.device is not None
    apply_device(variants, analysis.device.model_copy(update={"peak_bandwidth_bytes_per_s": peak}))
    return variants


def transfer(direction: str, shape: list[int]) -> Transfer:
    return Transfer.model_validate(
        {
            "tensor": "t",
            "direction": direction,
            "bytes": 4,
            "shape": shape,
            "dtype": "float32",
            "role": "input",
        }
    )


def test_gemm_flops_come_from_the_operands_shapes() -> None:
    # x (2048 x 1024) @ w (1024 x 4096): 2 * 2048 * 4096 * 1024
    variants = variants_with("mlp_bias_gelu", PEAK)
    for name in ("eager", "compiled"):
        (mm,) = [k for k in variants[name].kernels if k.op and k.op.endswith("mm")]
        assert mm.flops == 2 * 2048 * 4096 * 1024, name
    # element-wise kernels have no FLOPs to place on the compute roof
    assert all(k.flops is None for k in variants["compiled"].kernels if k.kind != "matmul")


def test_flop_formulas() -> None:
    mm = [transfer("read", [8, 16]), transfer("read", [16, 32]), transfer("write", [8, 32])]
    assert kernel_flops("aten::mm", mm) == 2 * 8 * 32 * 16
    bmm = [transfer("read", [4, 8, 16]), transfer("read", [4, 16, 2]), transfer("write", [4, 8, 2])]
    assert kernel_flops("aten::bmm", bmm) == 2 * 4 * 8 * 2 * 16
    # conv: weight (128, 64, 3, 3) -> each output sums 64 * 3 * 3 products
    conv = [
        transfer("read", [2, 64, 10, 10]),
        transfer("read", [128, 64, 3, 3]),
        transfer("write", [2, 128, 8, 8]),
    ]
    assert kernel_flops("aten::convolution", conv) == 2 * (2 * 128 * 8 * 8) * 64 * 9
    assert kernel_flops("aten::add", mm) is None
    assert kernel_flops(None, mm) is None
    assert kernel_flops("aten::mm", [transfer("read", [8, 16])]) is None  # no output


def test_conv_flops_on_the_recorded_conv_epilogue() -> None:
    # Conv2d(64, 128, 3) on 64 x 64 x 256 x 256: output 64 x 128 x 254 x 254
    variants = variants_with("conv_epilogue", PEAK, scale=True)
    (conv,) = [k for k in variants["eager"].kernels if k.flops]
    assert conv.flops == 2 * (64 * 128 * 254 * 254) * 64 * 9


def test_bandwidth_is_a_share_of_the_measured_peak() -> None:
    # add + relu at 2**26 float32 elements: every tensor 256 MiB, far above the 60 MB L2
    variants = variants_with("add_relu_2p26", PEAK)
    (fused,) = variants["compiled"].kernels
    moved = fused.bytes_read + fused.bytes_written
    assert moved == 3 * 2**26 * 4
    expected = round(100 * moved / (fused.dur_us * 1e-6) / PEAK, 1)
    assert fused.achieved_bandwidth_pct == expected and 80 < expected <= 100
    assert not fused.cache_resident
    compiled = variants["compiled"]
    assert compiled.bandwidth_pct == percent_of_peak(
        compiled.bytes_read + compiled.bytes_written, compiled.kernel_time_us, PEAK
    )


def test_faster_than_dram_is_marked_cache_resident_never_above_100() -> None:
    # add + relu at 2**20 elements (4 MiB tensors): the eager add reads what the L2 holds
    variants = variants_with("add_relu", PEAK)
    kernels = [k for v in variants.values() for k in v.kernels]
    resident = [k for k in kernels if k.cache_resident]
    assert resident, [(k.short_name, k.achieved_bandwidth_pct) for k in kernels]
    for kernel in resident:
        assert kernel.achieved_bandwidth_pct is None
        assert (kernel.bytes_read + kernel.bytes_written) / (kernel.dur_us * 1e-6) > PEAK
    assert all(k.achieved_bandwidth_pct is None or k.achieved_bandwidth_pct <= 100 for k in kernels)


# What the H200's first probe measured (2026-12-02: a copy timed one call at a time), below
# what Inductor's fused add_relu reached on 805 MB: such a roof must not turn DRAM-bound
# kernels into "L2-resident" ones, nor show them above 100%.
LOW_H200_PEAK = 4.047e12


def test_data_far_over_the_cache_beating_a_low_roof_is_at_the_roof_not_cache_resident() -> None:
    variants = variants_with("add_relu_2p26", LOW_H200_PEAK)
    kernels = [k for v in variants.values() for k in v.kernels]
    over = [
        k for k in kernels if (k.bytes_read + k.bytes_written) / (k.dur_us * 1e-6) > LOW_H200_PEAK
    ]
    assert over, "the recorded 2**26 bundle has kernels faster than this roof"
    assert all(not k.cache_resident and k.achieved_bandwidth_pct == 100.0 for k in over)
    assert all(0 < (k.achieved_bandwidth_pct or 0) <= 100 for k in kernels)
    assert all(v.bandwidth_pct is not None and v.bandwidth_pct <= 100 for v in variants.values())


def test_cache_resident_needs_data_that_fits_a_few_times_in_the_cache() -> None:
    # the same 1M-element add at a roof it beats: cache-resident with the H200's 60 MB L2,
    # at the roof on a device whose cache is a hundredth of that
    variants = variants_with("add_relu", LOW_H200_PEAK)
    assert any(k.cache_resident for k in variants["eager"].kernels)
    analysis = analysed("add_relu")
    assert analysis.device is not None
    tiny_cache = analysis.device.model_copy(
        update={"peak_bandwidth_bytes_per_s": LOW_H200_PEAK, "l2_cache_bytes": 600_000}
    )
    variants = copy.deepcopy(analysis.variants)
    apply_device(variants, tiny_cache)
    kernels = [k for v in variants.values() for k in v.kernels]
    assert not any(k.cache_resident for k in kernels)
    assert all(k.achieved_bandwidth_pct is None or k.achieved_bandwidth_pct <= 100 for k in kernels)


@pytest.mark.parametrize("peak", [None, 0.0])
def test_no_measured_peak_means_no_share(peak: float | None) -> None:
    variants = variants_with("add_relu_2p26", peak)
    kernels = [k for v in variants.values() for k in v.kernels]
    assert all(k.achieved_bandwidth_pct is None and not k.cache_resident for k in kernels)
    assert all(v.bandwidth_pct is None for v in variants.values())


def test_no_device_fills_flops_only() -> None:
    variants = copy.deepcopy(analysed("mlp_bias_gelu").variants)
    apply_device(variants, None)
    assert any(k.flops for k in variants["eager"].kernels)
    assert all(k.achieved_bandwidth_pct is None for k in variants["eager"].kernels)


def test_device_info_keeps_the_measured_peaks() -> None:
    device = DeviceInfo(type="cuda", name="H200", peak_bandwidth_bytes_per_s=4.3e12)
    assert device.model_dump()["peak_flops"] is None


@pytest.mark.parametrize("forged", [-5, 0, 2**70])
def test_flops_no_kernel_does_are_not_believed(forged: int) -> None:
    """Inductor's estimate comes from the run's trace: a negative or unstorable count
    (SQLite holds 63 bits) is dropped, and a GEMM's own count from shapes takes its place."""
    variants = copy.deepcopy(analysed("mlp_bias_gelu").variants)
    for variant in variants.values():
        for kernel in variant.kernels:
            kernel.flops = forged
    apply_device(variants, None)
    for variant in variants.values():
        for kernel in variant.kernels:
            expected = kernel_flops(kernel.op, kernel.transfers)
            assert kernel.flops == expected and (expected is None or 0 < expected <= 2**62)
    huge = [
        transfer("read", [2**40, 2**20]),
        transfer("read", [2**20, 2**40]),
        transfer("write", [2**40, 2**40]),
    ]
    assert kernel_flops("aten::mm", huge) is None  # 2**141: no kernel does that
