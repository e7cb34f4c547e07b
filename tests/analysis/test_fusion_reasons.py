"""Why a round trip still goes through memory: every reason kind, on recorded bundles (H200
and CPU) and, for the two the corpus does not produce on a CPU, on a minimal bundle."""

from __future__ import annotations

from typing import Any

import pytest

from backend.analysis.assemble import Analysis
from backend.analysis.fusion_reasons import AUTOTUNE, Reasons, run_hints
from backend.analysis.inductor_join import Placement
from backend.result import RoundTrip
from tests.analysis.conftest import ROOT, analyse_bundle

DATA = ROOT / "tests" / "data"


def _run(folder: str) -> Analysis:
    return analyse_bundle(DATA / folder / "bundle")


def _kept(analysis: Analysis, tensor: str) -> RoundTrip:
    (trip,) = [t for t in analysis.round_trips if t.tensor == tensor and t.eliminated is False]
    assert trip.why is not None
    return trip


@pytest.mark.parametrize(
    "folder",
    [
        p.relative_to(DATA).as_posix()
        for root in ("h200_bundles", "h200_scale_bundles", "cpu_bundles")
        for p in sorted((DATA / root).iterdir())
        if (p / "bundle").is_dir()
    ],
)
def test_every_kept_round_trip_says_why_and_no_other_does(folder: str) -> None:
    for trip in _run(folder).round_trips:
        assert (trip.why is not None) == (trip.eliminated is False), trip.tensor
        if trip.why is not None:
            assert trip.tensor in trip.why.message or trip.why.kind == "graph_break"


def test_graph_break_names_dynamos_reason_line_and_the_change() -> None:
    for folder in ("h200_bundles/graph_break", "cpu_bundles/graph_break"):
        why = _kept(_run(folder), "y").why
        assert why is not None and why.kind == "graph_break"
        assert "line 8" in why.message and "generic_jump" in why.message
        assert why.lines == [8]
        assert why.hint is not None and "torch.where" in why.hint.message
        assert why.hint.compile_mode is None  # a change to the code, not a switch


def test_a_gemm_epilogue_is_a_library_call_with_a_max_autotune_hint() -> None:
    why = _kept(_run("h200_scale_bundles/gemm_epilogue"), "x @ w").why
    assert why is not None and why.kind == "library_call"
    assert "cuBLAS" in why.message
    assert why.hint is not None and why.hint.compile_mode == AUTOTUNE


def test_a_convolution_is_a_library_call_without_a_gemm_hint() -> None:
    why = _kept(_run("h200_scale_bundles/conv_epilogue"), "x").why
    assert why is not None and (why.kind, why.hint) == ("library_call", None)
    assert "cuDNN" in why.message


def test_under_max_autotune_there_is_no_max_autotune_hint() -> None:
    for trip in _run("h200_scale_bundles/kernelbench_style_max_autotune").round_trips:
        assert trip.why is None or trip.why.hint is None


def test_inductor_declined_in_its_own_words() -> None:
    why = _kept(_run("cpu_bundles/inductor_declined"), "s").why
    assert why is not None and why.kind == "inductor_declined"
    assert "declined" in why.message and "share no data" in why.message


def test_values_saved_for_backward_and_gradients_leaving_the_graph() -> None:
    analysis = _run("cpu_bundles/saved_for_backward")
    saved = _kept(analysis, "h").why
    assert saved is not None and saved.kind == "needed_later" and "backward" in saved.message
    grads = [t for t in analysis.round_trips if t.why and "in place" in t.why.message]
    assert grads and all(t.why and t.why.kind == "needed_later" for t in grads)
    backward_break = _kept(_run("h200_scale_bundles/train_step"), "sum output").why
    assert backward_break is not None and backward_break.kind == "needed_later"


def _minimal(kernels: list[dict[str, Any]], buffers: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "device": {"type": "cuda"},
        "compile": {"mode": AUTOTUNE, "graph_breaks": []},
        "compiled": {
            "inductor": [{"nodes": [], "buffers": buffers, "kernels": kernels}],
            "fusion_rejections": [],
        },
    }


def _op(index: int, name: str) -> dict[str, Any]:
    return {"index": index, "op": f"aten.{name}.default", "line": 3, "writes": [index]}


def test_a_template_whose_epilogue_did_not_fuse() -> None:
    bundle = _minimal(
        kernels=[
            {"name": "op0", "kind": "template", "parts": ["op0"], "nodes": ["mm"]},
            {"name": "op1", "kind": "pointwise", "parts": ["op1"], "nodes": ["relu"]},
        ],
        buffers=[{"name": "buf0", "node": "mm", "origins": ["mm"], "kind": "TritonTemplateBuffer"}],
    )
    placements = {0: Placement([(0, "mm")], True, [(0, "buf0")], library=True)}
    why = Reasons(bundle, placements).why("x @ w", _op(0, "mm"), [_op(1, "relu")])
    assert why.kind == "template_epilogue" and "template" in why.message


def test_no_evidence_is_unknown_and_says_what_is_known() -> None:
    bundle = _minimal(
        kernels=[{"name": "op0", "kind": "pointwise", "parts": ["op0"], "nodes": ["sin"]}],
        buffers=[{"name": "buf0", "node": "sin", "origins": ["sin"], "kind": "ComputedBuffer"}],
    )
    placements = {0: Placement([(0, "sin")], True, [(0, "buf0")])}
    why = Reasons(bundle, placements).why("sin(x)", _op(0, "sin"), [_op(1, "cos")])
    assert why.kind == "unknown"
    assert "between sin and cos" in why.message and "no reason" in why.message


def test_reduce_overhead_is_suggested_only_when_launches_dominate() -> None:
    bundle = _minimal([], [])
    bundle["compile"]["mode"] = "default"
    (hint,) = run_hints(bundle, eager_wall_us=40.0, compiled_wall_us=120.0, kernel_us=15.0)
    assert hint.compile_mode == "reduce-overhead" and "120.0 µs" in hint.message
    assert run_hints(bundle, eager_wall_us=400.0, compiled_wall_us=120.0, kernel_us=100.0) == []
    bundle["device"]["type"] = "cpu"
    assert run_hints(bundle, eager_wall_us=40.0, compiled_wall_us=120.0, kernel_us=15.0) == []


def test_recorded_small_kernels_on_the_h200_get_the_reduce_overhead_hint() -> None:
    hints = _run("h200_bundles/softmax_residual").hints
    assert [h.compile_mode for h in hints] == ["reduce-overhead"]
    assert _run("h200_bundles/add_relu_2p26").hints == []  # big kernels: no overhead problem


def test_values_made_between_graphs_stay_and_say_so() -> None:
    analysis = _run("cpu_bundles/eager_island")
    island = _kept(analysis, "idx")
    assert island.decided_by == "eager_island"
    assert island.why is not None and island.why.kind == "graph_break"
    (nonzero,) = [k for k in analysis.variants["compiled"].kernels if k.graph is None]
    assert nonzero.op == "aten::nonzero" and nonzero.transfers


def test_aten_fallbacks_carry_their_traffic() -> None:
    """Inductor calls sort and cumsum as `torch.ops.aten.*` from its wrapper: logged too."""
    for folder, op in (("saved_for_backward", "sort"), ("inductor_declined", "cumsum")):
        kernels = _run(f"cpu_bundles/{folder}").variants["compiled"].kernels
        (fallback,) = [k for k in kernels if k.short_name == op]
        assert fallback.bytes_read > 0 and fallback.bytes_written > 0
    saved = _run("cpu_bundles/saved_for_backward")
    assert _kept(saved, "y").decided_by == "values"  # sort's output, read by the backward


def test_without_a_logged_reason_the_answer_is_unknown_and_says_what_is_known() -> None:
    """The CPU backend's own fusion checks log nothing: a reduction kept for the add."""
    why = _kept(_run("cpu_bundles/eager_island"), "z").why
    assert why is not None and why.kind == "unknown"
    assert "between sum and add" in why.message and "no reason" in why.message
