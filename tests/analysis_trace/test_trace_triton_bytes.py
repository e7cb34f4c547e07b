"""triton_signature / split_read_write against kernel_num_gb (torch-facts 4.2)."""

from __future__ import annotations

import pytest

from backend.analysis.trace import ParsedTrace, cuda_kernels
from backend.analysis.triton_launch import (
    ArgBytes,
    TritonLaunch,
    split_read_write,
    triton_launch,
    triton_signature,
)
from tests.recorded import read_text


def _launch(parsed: ParsedTrace, position: int) -> TritonLaunch:
    launch = triton_launch(parsed, cuda_kernels(parsed)[position])
    assert launch is not None
    return launch


def test_signature_of_add_relu() -> None:
    source = read_text("h200", "add_relu_output_code.py.txt")
    assert triton_signature(source, "triton_poi_fused_add_relu_0") == {
        "in_ptr0": "*fp32",
        "in_ptr1": "*fp32",
        "out_ptr0": "*fp32",
        "xnumel": "i32",
        "XBLOCK": "constexpr",
    }


def test_signature_picks_the_named_kernel_in_output_code() -> None:
    source = read_text("h200", "f2_output_code.py.txt")
    first = triton_signature(source, "triton_red_fused_add_mul_relu_sum_0")
    second = triton_signature(source, "triton_per_fused_add_sum_1")
    assert list(first) == [
        "in_ptr0",
        "in_ptr1",
        "out_ptr0",
        "out_ptr1",
        "xnumel",
        "r0_numel",
        "XBLOCK",
        "R0_BLOCK",
    ]
    # xnumel is a constexpr here, yet it is still passed at launch
    assert second == {
        "in_ptr0": "*fp32",
        "out_ptr0": "*fp32",
        "xnumel": "constexpr",
        "r0_numel": "i32",
        "XBLOCK": "constexpr",
    }


def test_signature_of_a_single_kernel_file_with_generic_def_name() -> None:
    # unique_kernel_names=False: the def is `triton_`, the profiler shows the long name
    source = (
        "@triton_heuristics.pointwise(\n"
        "    triton_meta={'signature': {'in_out_ptr0': '*bf16', 'xnumel': 'i32', "
        "'XBLOCK': 'constexpr'}, 'constants': {}},\n)\n"
        "@triton.jit\ndef triton_(in_out_ptr0, xnumel, XBLOCK : tl.constexpr):\n    pass\n"
    )
    assert triton_signature(source, "triton_poi_fused_relu_0") == {
        "in_out_ptr0": "*bf16",
        "xnumel": "i32",
        "XBLOCK": "constexpr",
    }


def test_signature_missing_raises() -> None:
    with pytest.raises(ValueError, match="no triton_meta signature"):
        triton_signature("def something_else():\n    pass\n", "triton_poi_fused_add_0")


def test_add_relu_split(h200: dict[str, ParsedTrace]) -> None:
    launch = _launch(h200["add_relu_compiled"], 0)
    source = read_text("h200", "add_relu_output_code.py.txt")
    split = split_read_write(launch, triton_signature(source, launch.kernel_name))
    assert (split.bytes_read, split.bytes_written) == (134_217_728, 67_108_864)
    assert split.bytes_read + split.bytes_written == launch.kernel_num_bytes == 201_326_592
    assert split.args == [
        ArgBytes("in_ptr0", ("read",), (16777216,), "fp32", 67_108_864),
        ArgBytes("in_ptr1", ("read",), (16777216,), "fp32", 67_108_864),
        ArgBytes("out_ptr0", ("write",), (16777216,), "fp32", 67_108_864),
    ]


@pytest.mark.parametrize(
    ("position", "bytes_read", "bytes_written", "total"),
    [(0, 134_217_728, 67_110_912, 201_328_640), (1, 2_048, 4, 2_052)],
)
def test_f2_split_reproduces_kernel_num_gb(
    h200: dict[str, ParsedTrace], position: int, bytes_read: int, bytes_written: int, total: int
) -> None:
    launch = _launch(h200["f2_compiled"], position)
    source = read_text("h200", "f2_output_code.py.txt")
    read, written, _ = split_read_write(launch, triton_signature(source, launch.kernel_name))
    assert (read, written) == (bytes_read, bytes_written)
    assert read + written == launch.kernel_num_bytes == total


def test_f2_reduction_output_is_a_zero_dim_tensor(h200: dict[str, ParsedTrace]) -> None:
    launch = _launch(h200["f2_compiled"], 1)
    source = read_text("h200", "f2_output_code.py.txt")
    rows = split_read_write(launch, triton_signature(source, launch.kernel_name)).args
    assert [(r.name, r.shape, r.size_bytes) for r in rows] == [
        ("in_ptr0", (512,), 2048),
        ("out_ptr0", (), 4),
    ]


def _synthetic_launch(
    dims: tuple[tuple[int, ...], ...], strides: tuple[tuple[int, ...], ...], kwargs: str
) -> TritonLaunch:
    return TritonLaunch(
        op=0,
        kernel_name="triton_poi_fused_add_0",
        kernel_file="",
        kernel_hash="",
        kernel_kwargs=kwargs,
        kernel_num_gb=None,
        kernel_flop=None,
        input_dims=dims,
        input_types=tuple("float" if d else "Scalar" for d in dims),
        input_strides=strides,
        concrete_inputs=(),
    )


def test_in_out_pointer_counts_both_ways_and_broadcast_counts_once() -> None:
    signature = {
        "in_out_ptr0": "*fp16",
        "in_ptr0": "*fp32",
        "xnumel": "i32",
        "XBLOCK": "constexpr",
    }
    # in_ptr0 is a (1024,) bias expanded to (64, 1024): stride 0 on the broadcast dim
    launch = _synthetic_launch(
        dims=((64, 1024), (64, 1024), ()),
        strides=((1024, 1), (0, 1), ()),
        kwargs="XBLOCK=256",
    )
    split = split_read_write(launch, signature)
    assert split.args[0].directions == ("read", "write")
    assert (split.bytes_read, split.bytes_written) == (64 * 1024 * 2 + 1024 * 4, 64 * 1024 * 2)


def test_block_params_dropped_without_kernel_kwargs() -> None:
    signature = {"in_ptr0": "*i64", "out_ptr0": "*i1", "xnumel": "i32", "XBLOCK": "constexpr"}
    launch = _synthetic_launch(dims=((8,), (8,), ()), strides=(), kwargs="")
    assert split_read_write(launch, signature)[:2] == (64, 8)


def test_launch_signature_mismatch_raises() -> None:
    signature = {"in_ptr0": "*fp32", "out_ptr0": "*fp32", "xnumel": "i32", "XBLOCK": "constexpr"}
    launch = _synthetic_launch(dims=((8,), ()), strides=((1,), ()), kwargs="XBLOCK=8")
    with pytest.raises(ValueError, match="2 launch args recorded"):
        split_read_write(launch, signature)
