"""The real-scale corpus on an H200 (tests/data/h200_scale_bundles, recorded at the corpus's
own sizes by bench/bench_memory.py --keep): tensors of several GiB, a training step, GEMM
and convolution epilogues, gathers, and max-autotune's library GEMM."""

from __future__ import annotations

import re

import pytest

from backend.analysis.assemble import Analysis
from backend.result import RoundTrip
from tests.paths import ROOT
from tests.recorded import analyse_bundle

SCALE = ROOT / "tests" / "data" / "h200_scale_bundles"
NAMES = sorted(p.name for p in SCALE.iterdir() if (p / "bundle" / "bundle.json").is_file())
INTERNAL = re.compile(r"^tmp\d+$|:(in|out|in_out)_ptr|:arg\d|:out$")
GIB = 1024**3


def _run(name: str) -> Analysis:
    return analyse_bundle(SCALE / name / "bundle")


def _trip(analysis: Analysis, tensor: str) -> RoundTrip:
    (found,) = [t for t in analysis.round_trips if t.tensor == tensor]
    return found


def test_the_whole_corpus_was_recorded() -> None:
    assert set(NAMES) == {
        "attention_block",
        "big_chain",
        "conv_epilogue",
        "embedding_gather",
        "gemm_epilogue",
        "kernelbench_style_max_autotune",
        "loss_reduction",
        "rms_norm_4d",
        "train_step",
    }


@pytest.mark.parametrize("name", NAMES)
def test_every_round_trip_is_decided_at_any_size(name: str) -> None:
    analysis = _run(name)
    assert analysis.round_trips
    undecided = [(t.tensor, t.unknown_reason) for t in analysis.round_trips if t.eliminated is None]
    assert undecided == []
    assert analysis.correctness is not None and analysis.correctness.match is True


@pytest.mark.parametrize("name", NAMES)
def test_every_compiled_op_carries_its_traffic(name: str) -> None:
    """Triton kernels, templates, extern GEMMs and convolutions, ATen fallbacks: each
    compiled op's reads and writes sit on one of its kernels (its longest)."""
    kernels = _run(name).variants["compiled"].kernels
    for index, kernel in enumerate(kernels):
        if kernel.transfers:
            continue
        neighbours = kernels[max(0, index - 2) : index + 3]
        carriers = [k for k in neighbours if k.op == kernel.op and k.transfers]
        assert kernel.op is not None and carriers, kernel.name


@pytest.mark.parametrize("name", NAMES)
def test_names_are_readable(name: str) -> None:
    analysis = _run(name)
    names = [t.tensor for v in analysis.variants.values() for k in v.kernels for t in k.transfers]
    assert [n for n in names + [t.tensor for t in analysis.round_trips] if INTERNAL.search(n)] == []


@pytest.mark.parametrize("name", NAMES)
def test_peak_memory_is_recorded_per_variant_and_for_the_harness(name: str) -> None:
    analysis = _run(name)
    eager = analysis.variants["eager"].peak_memory_bytes
    compiled = analysis.variants["compiled"].peak_memory_bytes
    assert eager and compiled and analysis.harness_peak_memory_bytes
    assert analysis.harness_peak_memory_bytes >= max(eager, compiled)


def test_four_gib_intermediates_are_eliminated() -> None:
    """Above the old 4 GiB snapshot budget every round trip read 'not eliminated'."""
    analysis = _run("big_chain")
    assert [(t.tensor, t.eliminated) for t in analysis.round_trips] == [
        ("x * y", True),
        ("x * y + 1.0", True),
        ("tanh(x * y + 1.0)", True),
    ]
    assert all(t.bytes == 2 * 4 * GIB for t in analysis.round_trips)
    assert analysis.totals is not None and analysis.totals.bytes_saved == 24 * GIB
    (fused,) = analysis.variants["compiled"].kernels
    assert [(t.tensor, t.direction) for t in fused.transfers] == [
        ("x", "read"),
        ("y", "read"),
        ("output", "write"),
    ]
    # Kernelscope's own peak stays within its target beside the snippet's 16 GiB
    assert analysis.harness_peak_memory_bytes is not None
    assert analysis.harness_peak_memory_bytes <= 1.25 * 16 * GIB + GIB


def test_compiling_lowers_the_peak_of_a_reduction() -> None:
    analysis = _run("loss_reduction")
    eager = analysis.variants["eager"].peak_memory_bytes
    compiled = analysis.variants["compiled"].peak_memory_bytes
    assert eager is not None and compiled is not None and compiled < eager / 2


def test_the_convolution_output_stays_in_memory_for_its_epilogue() -> None:
    """cuDNN writes the convolution (without its bias: Inductor moves the bias into the
    epilogue, so the numbers differ from eager's); the activations fuse after it."""
    analysis = _run("conv_epilogue")
    conv = _trip(analysis, "x")
    assert (conv.eliminated, conv.decided_by) == (False, "inductor")
    assert _trip(analysis, "silu(x)").eliminated is True
    assert _trip(analysis, "silu(x) - 0.5").eliminated is True


def test_max_autotune_gemm_carries_its_traffic() -> None:
    """Under max-autotune the linear became `extern_kernels.bias_addmm`/`mm`, which the
    profiler shows as a cuBLAS kernel under `aten::mm` or `aten::addmm`: its reads and
    writes were lost before (2 transfers compiled instead of 6)."""
    compiled = _run("kernelbench_style_max_autotune").variants["compiled"]
    assert compiled.transfer_count == 6
    gemm = compiled.kernels[0]
    assert gemm.kind == "matmul"
    assert [t.tensor for t in gemm.transfers if t.direction == "read"] == ["x", "linear.weight"]


def test_a_zero_bias_does_not_hide_a_recomputed_value() -> None:
    analysis = _run("train_step")
    summed = _trip(analysis, "x @ w + b")
    assert (summed.eliminated, summed.decided_by) == (True, "inductor")
    assert _trip(analysis, "x @ w").eliminated is False


def test_gathers_count_what_they_touch_eager_and_compiled() -> None:
    analysis = _run("embedding_gather")
    rows = 8 * 1024 * 768 * 4  # 8,192 tokens of 768 floats, of a 154 MB table
    eager_lookup = analysis.variants["eager"].kernels[0]
    compiled_lookup = analysis.variants["compiled"].kernels[0]
    for lookup in (eager_lookup, compiled_lookup):
        table = next(t for t in lookup.transfers if t.tensor == "emb.weight")
        assert (table.partial, table.bytes) == (True, rows)
    picks = [
        t
        for v in analysis.variants.values()
        for k in v.kernels
        for t in k.transfers
        if t.partial and t.tensor in ("logits", "log_softmax(logits)")
    ]
    assert picks and all(t.bytes == 8 * 1024 * 4 for t in picks)  # one float per target
