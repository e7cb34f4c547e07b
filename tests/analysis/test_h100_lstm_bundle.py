"""cuDNN's LSTM on a recorded H100 bundle (tests/data/h100_lstm_bundle): one
`aten::_cudnn_rnn` launches 12,313 device activities a call, eagerly and under torch.compile (Dynamo
runs the LSTM outside any graph), so both variants run the very same kernels."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from backend.analysis.assemble import Analysis
from backend.analysis.variants import eager_sources, transfers
from backend.result import Variant
from tests.recorded import analyse_bundle

BUNDLE = Path(__file__).resolve().parents[1] / "data" / "h100_lstm_bundle"


@functools.cache
def analysed() -> Analysis:
    return analyse_bundle(BUNDLE)


def _accounted() -> tuple[int, int]:
    """What the eager accounting's ops read and wrote, all of them together."""
    eager = json.loads((BUNDLE / "bundle.json").read_text())["eager"]
    moved = [t for source in eager_sources(eager) for t in transfers(source)]
    read = sum(t.bytes for t in moved if t.direction == "read")
    return read, sum(t.bytes for t in moved if t.direction == "write")


def _cudnn(variant: Variant) -> list[str | None]:
    return [k.op for k in variant.kernels if k.op == "aten::_cudnn_rnn"]


def test_compiled_kernels_outside_graphs_carry_the_op_that_launched_them() -> None:
    variants = analysed().variants
    compiled = variants["compiled"]
    assert all(k.graph is None for k in compiled.kernels)  # no Inductor graph
    # 12,288 per-step kernels, 12 GEMMs, 12 memsets and the copy making x contiguous
    assert len(_cudnn(compiled)) == len(_cudnn(variants["eager"])) == 12_313
    assert "aten::set_" not in {k.op for k in compiled.kernels}


def test_an_ops_bytes_are_shared_among_its_kernels_never_multiplied() -> None:
    """The guard: no variant's kernels read more than the ops they were given account
    for, with one more pass over each of their tensors (a layout transform's) at most.
    Each of the 12,288 per-step kernels carried a whole tensor: 1.56 GB read in eager
    (hn, 122,880 bytes each) and 426 GB compiled (the 34.7 MB flat weights each)."""
    read, written = _accounted()
    for name, variant in analysed().variants.items():
        assert variant.bytes_read <= read + written, name
        assert variant.bytes_written <= read + written, name


def _moved(variant: Variant, op: str) -> tuple[int, int]:
    kernels = [k for k in variant.kernels if k.op == op]
    return sum(k.bytes_read for k in kernels), sum(k.bytes_written for k in kernels)


def test_the_lstms_kernels_move_the_same_bytes_in_both_variants() -> None:
    """Both run the same cuDNN kernels. This bundle's eager accounting was recorded before
    in-place views moved nothing (tests/harness/test_accounting.py): it gives 10 MiB of
    _cudnn_rnn's output write to the batch-first transpose_ inside it, which launches no
    kernel, and the compiled side keeps it: a gap of that size, and no more."""
    eager, compiled = analysed().variants["eager"], analysed().variants["compiled"]
    eager_read, eager_written = _moved(eager, "aten::_cudnn_rnn")
    compiled_read, compiled_written = _moved(compiled, "aten::_cudnn_rnn")
    assert abs(compiled_read - eager_read) <= 0.02 * eager_read
    gap = compiled_written - eager_written
    assert abs(gap - 10 * 2**20) <= 0.02 * eager_written
