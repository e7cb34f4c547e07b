"""The real-scale corpus's shapes, shrunk for the CPU (tests/data/cpu_bundles, recorded by
scripts/record_cpu_bundles.sh): eliminated round trips decided from Inductor's plan and
the values together, names a person can find, partial reads and in-place buffers."""

from __future__ import annotations

import re

import pytest

from backend.analysis.assemble import Analysis
from backend.result import RoundTrip
from tests.paths import ROOT
from tests.recorded import analyse_bundle

CPU_BUNDLES = ROOT / "tests" / "data" / "cpu_bundles"
NAMES = sorted(p.name for p in CPU_BUNDLES.iterdir() if (p / "bundle" / "bundle.json").is_file())
INTERNAL = re.compile(r"^tmp\d+$|:(in|out|in_out)_ptr|:arg\d|:out$")


def _run(name: str) -> Analysis:
    return analyse_bundle(CPU_BUNDLES / name / "bundle")


def _trip(analysis: Analysis, tensor: str, producer: str) -> RoundTrip:
    found = [t for t in analysis.round_trips if t.tensor == tensor and t.producer == producer]
    assert len(found) == 1, [(t.tensor, t.producer) for t in analysis.round_trips]
    return found[0]


@pytest.mark.parametrize("name", NAMES)
def test_every_round_trip_is_decided_and_every_name_is_readable(name: str) -> None:
    analysis = _run(name)
    assert analysis.round_trips
    assert [t.tensor for t in analysis.round_trips if t.eliminated is None] == []
    assert analysis.totals is not None and analysis.totals.round_trips_unknown == 0
    names = [t.tensor for v in analysis.variants.values() for k in v.kernels for t in k.transfers]
    names += [t.tensor for t in analysis.round_trips]
    assert [n for n in names if INTERNAL.search(n)] == []


def test_a_zero_bias_does_not_pass_for_a_kept_value() -> None:
    """`x @ w + b` equals `x @ w` when b is zero: the compiled matmul's buffer holds those
    numbers, but Inductor's plan says that buffer is `x @ w`'s, and that `x @ w + b` is
    recomputed inside the fused kernels, never stored."""
    analysis = _run("train_step")
    summed = _trip(analysis, "x @ w + b", "aten::add")
    assert summed.eliminated is True and summed.decided_by == "inductor"
    product = _trip(analysis, "x @ w", "aten::mm")
    assert product.eliminated is False and product.decided_by == "inductor+values"
    forward_mm = analysis.variants["compiled"].kernels[0]
    assert [t.tensor for t in forward_mm.transfers if t.direction == "write"] == ["x @ w"]


def test_backward_ops_join_the_backward_graph() -> None:
    analysis = _run("train_step")
    for tensor, producer in [
        ("mse_loss_backward output, line 10", "aten::mse_loss_backward"),
        ("gelu_backward output, line 10", "aten::gelu_backward"),
        ("mm output, line 10", "aten::mm"),
    ]:
        assert _trip(analysis, tensor, producer).decided_by == "inductor+values"
    incoming = [
        t
        for k in analysis.variants["compiled"].kernels
        for t in k.transfers
        if t.tensor == "incoming gradient"
    ]
    assert incoming and all(t.direction == "read" for t in incoming)


def test_layout_copies_are_named_after_what_they_copy() -> None:
    compiled = _run("conv_epilogue").variants["compiled"].kernels
    copies = [t.tensor for k in compiled for t in k.transfers if t.direction == "write"]
    assert {"x (copy)", "conv.weight (copy)"} <= set(copies)


def test_an_in_out_buffer_the_kernel_never_stores_to_is_only_read() -> None:
    compiled = _run("conv_epilogue").variants["compiled"].kernels
    epilogue = next(k for k in compiled if "hardswish" in k.name)
    writes = [t.tensor for t in epilogue.transfers if t.direction == "write"]
    assert writes == ["output"]


def test_lookups_count_the_rows_they_read() -> None:
    analysis = _run("embedding_gather")
    (lookup,) = [k for k in analysis.variants["eager"].kernels if k.op == "aten::embedding"]
    weight = next(t for t in lookup.transfers if t.tensor == "emb.weight")
    assert weight.partial and weight.bytes == 2 * 64 * 768 * 4  # 128 rows of 768 floats
    (pick,) = [k for k in analysis.variants["eager"].kernels if k.op == "aten::nll_loss_forward"]
    log_probs = next(t for t in pick.transfers if t.direction == "read" and t.partial)
    assert log_probs.bytes == 128 * 4  # one element per target


def test_the_softmax_written_for_the_second_matmul_is_kept() -> None:
    analysis = _run("attention_block")
    assert _trip(analysis, "att", "aten::_softmax").eliminated is False
    assert _trip(analysis, "mask == 0", "aten::eq").eliminated is True
