"""Whole models recorded on an H100 (tests/data/h100_model_bundles, two GPT-2 blocks): the
training step's backward carries its traffic, and transformer round trips are decided."""

from __future__ import annotations

from backend.analysis.assemble import Analysis
from backend.analysis.kernel_matching import match_in_order
from tests.paths import H100_MODEL_BUNDLES
from tests.recorded import analyse_bundle

TRAIN = H100_MODEL_BUNDLES / "gpt2_train_two_blocks" / "bundle"
INFERENCE = H100_MODEL_BUNDLES / "gpt2_two_blocks" / "bundle"


def _train() -> Analysis:
    return analyse_bundle(TRAIN)


def test_the_training_steps_eager_kernels_all_carry_their_traffic() -> None:
    # the backward ran on autograd's device thread; its gradient sums ran as `add_` in the
    # profile but as `add` under the accounting's dispatch mode, which once left every
    # backward kernel after the first sum unpaired (coverage 0.77)
    eager = _train().variants["eager"]
    assert eager.traffic_coverage is not None and eager.traffic_coverage >= 0.99
    assert [k.name for k in eager.kernels if not k.transfers] == []


def test_the_training_steps_compiled_kernels_carry_their_traffic() -> None:
    compiled = _train().variants["compiled"]
    assert compiled.traffic_coverage is not None and compiled.traffic_coverage >= 0.99


def test_gradient_accumulation_after_a_compiled_backward_reads_gradients_of_its_size() -> None:
    # the engine adds every gradient at once after the compiled backward, in its own order:
    # each AccumulateGrad kernel takes the eager op whose tensors have the recorded sizes
    compiled = _train().variants["compiled"]
    adds = [k for k in compiled.kernels if k.op == "aten::add_" and k.graph is None]
    assert len(adds) == 28  # one per parameter
    first = adds[0]  # the token embedding's, the largest
    assert {t.tensor for t in first.transfers} == {
        "model.transformer.wte.weight.grad",
        "add output",
    }
    assert first.bytes_written == 50257 * 768 * 4
    grads = [t.tensor for k in adds for t in k.transfers if t.direction == "write"]
    assert len(set(grads)) == 28  # each parameter's gradient once


def test_the_compiled_backwards_own_zeros_are_not_eager_zeros() -> None:
    # the compiled backward's wrapper zeroes [4, 12, 128, 64] tensors; eager's zeros were
    # empty ([0]): paired, they would claim 0 bytes for a 1.5 MB fill
    compiled = _train().variants["compiled"]
    zeros = [k for k in compiled.kernels if k.op == "aten::zeros"]
    assert zeros and all(not k.transfers and k.traffic_note for k in zeros)


def test_the_training_steps_round_trips_are_all_decided() -> None:
    trips = _train().round_trips
    assert trips and [t.tensor for t in trips if t.eliminated is None] == []


def test_an_op_pairs_with_its_in_place_twin_without_skipping_ahead() -> None:
    wanted = ["aten::mul", "aten::add", "aten::mm"]
    trace = ["aten::mul", "aten::add_", "aten::mm", "aten::add"]
    assert match_in_order(wanted, trace) == {0: 0, 1: 1, 2: 2}


def test_an_op_that_stands_for_its_inner_op_passes_over_it_in_the_trace() -> None:
    # `mul.Scalar` calls `mul.Tensor` (one source, collapsed); the next `mul` is another op
    wanted = ["aten::mul", "aten::mul"]
    trace = ["aten::mul", "aten::mul", "aten::mul"]
    parents = [None, 0, None]
    matched = match_in_order(wanted, trace, [["aten::mul"], []], parents)
    assert matched == {0: 0, 1: 2}
    # without the nesting (a sibling, not a child) it is the next op, as before
    assert match_in_order(wanted, trace, [["aten::mul"], []], [None, None, None]) == {0: 0, 1: 1}


def test_split_gemms_are_kept_as_the_mms_output_and_say_so() -> None:
    # GPT-2's c_proj and c_fc: Inductor lowers addmm to an extern mm and fuses the bias add
    # into the residual add (or the GELU); the bias is zero (built from its configuration),
    # so the mm's buffer holds the addmm's numbers: once "the two disagree", now both agree
    trips = analyse_bundle(INFERENCE).round_trips
    split = [t for t in trips if t.why is not None and "split addmm" in t.why.message]
    assert len(split) == 6  # c_proj, c_fc, mlp c_proj in each of two blocks
    for trip in split:
        why = trip.why
        assert why is not None and why.kind == "library_call"
        assert (trip.eliminated, trip.decided_by) == (False, "inductor+values")
        assert why.message.startswith(
            "Kept, as the mm's output: Inductor split addmm into mm + bias add, and fused the "
            "bias add into the kernel that reads the addmm output of line 15"
        )
        assert trip.compiled_bytes and trip.compiled_reads  # the mm's write and reads back


def test_unknown_fates_are_under_two_percent() -> None:
    for folder in (INFERENCE, TRAIN):
        trips = analyse_bundle(folder).round_trips
        unknown = [t for t in trips if t.eliminated is None]
        assert len(unknown) <= 0.02 * len(trips), [t.unknown_reason for t in unknown]


def test_reads_of_same_named_values_go_to_the_value_they_read() -> None:
    # every Linear's output is `addmm output, line 15`; block 1's residual kernel reads its
    # own attention c_proj output and block 0's MLP output (the residual it recomputes):
    # each read goes to its own value, not both to the newest
    trips = [t for t in analyse_bundle(INFERENCE).round_trips if t.producer == "aten::addmm"]
    reads = [t.compiled_reads for t in trips]
    # per block: c_attn (3 readers), attn c_proj, c_fc, MLP c_proj (read again next block)
    assert reads == [3, 1, 1, 2, 3, 1, 1, 1]


BIGBIRD = H100_MODEL_BUNDLES / "bigbird_two_blocks" / "bundle"


def test_bigbirds_compiled_kernels_carry_their_traffic() -> None:
    # its block-sparse attention copies a CPU index constant to the device inside the graph;
    # that copy, in no launch log, took the next library call, every later one shifted, and
    # the last graph's mm and lm head addmm (6.3 ms of 10.8) found none: coverage 0.41
    compiled = analyse_bundle(BIGBIRD).variants["compiled"]
    assert compiled.traffic_coverage is not None and compiled.traffic_coverage >= 0.99
    assert [k.name for k in compiled.kernels if not k.transfers] == []


def test_bigbirds_lm_head_reads_its_weight_and_writes_the_logits() -> None:
    compiled = analyse_bundle(BIGBIRD).variants["compiled"]
    head = max(compiled.kernels, key=lambda k: k.dur_us)
    assert head.op == "aten::addmm"
    # the logits, [1, 4095, 50358] floats, written once
    assert head.bytes_written == 4095 * 50358 * 4
    assert 768 * 50358 * 4 in {t.bytes for t in head.transfers if t.direction == "read"}
