"""Why a round trip still goes through memory: every reason kind, on recorded bundles (H200
and CPU) and, for the two the corpus does not produce on a CPU, on a minimal bundle."""

from __future__ import annotations

from typing import Any

import pytest

from backend.analysis.assemble import Analysis
from backend.analysis.fusion_reasons import AUTOTUNE, Reasons, check_hints, run_hints
from backend.analysis.inductor_join import Placement
from backend.analysis.tensor_prose import in_prose
from backend.result import CompiledMode, Hint, RoundTrip, TripInMode
from tests.paths import ROOT
from tests.recorded import analyse_bundle

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
            named = in_prose(trip.tensor)  # "the mul output of line 8", in a sentence
            assert named.lower() in trip.why.message.lower() or trip.why.kind == "graph_break"


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


# ---- hints checked by the run's further modes -------------------------------------------


def _trip(
    eliminated: bool | None, why: str | None = None, fused_into: str | None = None
) -> RoundTrip:
    hint = {"message": "Try max-autotune", "compile_mode": AUTOTUNE}
    return RoundTrip.model_validate(
        {
            "tensor": "x @ w",
            "bytes": 1 << 20,
            "shape": [512, 512],
            "dtype": "float32",
            "producer": "aten::mm",
            "consumers": ["aten::add"],
            "eliminated": eliminated,
            "fused_into": fused_into,
            "why": None if why is None else {"kind": why, "message": "m", "hint": hint},
        }
    )


def _mode(mode: str, wall_us: float, speedup: float, spread: float = 0.02) -> CompiledMode:
    return CompiledMode(
        mode=mode, variant="compiled" if mode == "default" else f"compiled:{mode}",
        kernel_count=1, transfer_count=3, bytes_moved=1, wall_time_us=wall_us,
        kernel_time_us=2.0, speedup=speedup, speedup_interval=[speedup - spread, speedup + spread],
    )  # fmt: skip


def test_a_hint_is_checked_against_the_mode_the_run_also_ran() -> None:
    # On the H200 (gemm_epilogue, fp32 8192 x 4096 x 4096) max-autotune kept cuBLAS: the
    # hint must say so, not promise a fusion the run saw did not happen.
    first, autotuned = _mode("default", 65.0, 0.5), _mode(AUTOTUNE, 60.0, 0.55)
    for outcome, expected in (
        (_trip(False, "library_call"), "it stays: that mode also ran aten::mm as a library call"),
        (
            _trip(True, fused_into="triton_tem_fused_addmm_0"),
            "never written, fused into triton_tem",
        ),
        (_trip(None), "could not tell"),
        (_trip(False, "inductor_declined"), "still goes through memory (inductor declined)"),
    ):
        kept = _trip(False, "library_call")
        kept.modes[AUTOTUNE] = TripInMode(
            eliminated=outcome.eliminated, fused_into=outcome.fused_into, why=outcome.why
        )
        check_hints([kept], [], {AUTOTUNE: autotuned}, first)
        assert kept.why is not None and kept.why.hint is not None
        assert kept.why.hint.checked is not None and expected in kept.why.hint.checked, outcome
        assert kept.why.hint.checked.startswith(f"Checked in this run: with {AUTOTUNE}")


def test_each_round_trip_is_checked_by_its_own_fate_not_a_namesake() -> None:
    # a name assigned in a loop makes several round trips with one name: each hint must read
    # its own trip's fate in the other mode (by position), not the first namesake's
    first, autotuned = _mode("default", 65.0, 0.5), _mode(AUTOTUNE, 60.0, 0.55)
    early, late = _trip(False, "library_call"), _trip(False, "library_call")
    early.modes[AUTOTUNE] = TripInMode(eliminated=False, why=early.why)
    late.modes[AUTOTUNE] = TripInMode(eliminated=True, fused_into="triton_tem_fused_mm_0")
    check_hints([early, late], [], {AUTOTUNE: autotuned}, first)
    assert early.why is not None and early.why.hint is not None and late.why is not None
    assert "it stays" in (early.why.hint.checked or "")
    assert late.why.hint is not None and "never written" in (late.why.hint.checked or "")


def test_a_hint_the_run_did_not_try_stays_unchecked_and_speed_hints_give_both_times() -> None:
    kept = _trip(False, "library_call")
    speed = Hint(message="Try reduce-overhead", compile_mode="reduce-overhead")
    graphs = _mode("reduce-overhead", 132.2, 0.26)
    check_hints([kept], [speed], {"reduce-overhead": graphs}, _mode("default", 65.7, 0.52))
    assert kept.why is not None and kept.why.hint is not None and kept.why.hint.checked is None
    assert speed.checked == (
        "Checked in this run: one reduce-overhead call took 132.2 µs against 65.7 µs with "
        "default (slower; speedup over eager 0.26× against 0.52×)."
    )
    # the H200's add_relu at 1M: 97.3 µs against 97.6 µs, with overlapping intervals
    for graphs, verdict in (
        (_mode("reduce-overhead", 97.3, 0.4855), "within noise"),
        (_mode("reduce-overhead", 40.0, 1.2), "faster"),
    ):
        speed.checked = None
        check_hints([], [speed], {"reduce-overhead": graphs}, _mode("default", 97.6, 0.4843))
        assert speed.checked is not None and f"({verdict};" in speed.checked


def test_a_bias_add_folded_into_addmm_names_addmm_as_the_library_call() -> None:
    why = _kept(_run("cpu_bundles/mlp_two_layers"), "x @ w1 + b1").why
    assert why is not None and why.kind == "library_call"
    assert why.message.startswith("addmm runs as a library call (a BLAS)"), why.message


def test_a_value_read_by_a_library_matmul_says_so_and_offers_autotune_on_a_cpu() -> None:
    why = _kept(_run("cpu_bundles/mlp_two_layers"), "h").why
    assert why is not None and why.kind == "library_call", why
    assert "addmm" in why.message and "reads h" in why.message
    assert why.hint is not None and why.hint.compile_mode == AUTOTUNE  # it applies on a CPU
    assert "C++ GEMM template" in why.hint.message


def test_a_print_graph_break_is_said_in_plain_words_with_its_fix() -> None:
    analysis = _run("cpu_bundles/print_break")
    (brk,) = analysis.compile.graph_breaks if analysis.compile else []
    assert (brk.line, brk.plain) == (7, "a call to print()")
    assert brk.reason == "Failed to trace builtin operator"  # Dynamo's words kept
    why = _kept(analysis, "y").why
    assert why is not None and why.kind == "graph_break"
    assert why.hint is not None and "remove the print" in why.hint.message


@pytest.mark.parametrize(
    ("folder", "tensor", "kernel"),
    [
        ("softmax_max", "m", "cpp_fused_div_exp_max_sub_sum_0"),
        ("softmax_max", "s", "cpp_fused_div_exp_max_sub_sum_0"),
        ("softmax_by_hand", "sum(e)", "cpp_fused_amax_div_exp_sub_sum_0"),
        ("graph_break", "sum(y)", "cpp_fused_add_gt_sin_sum_0"),
    ],
)
def test_a_value_kept_inside_its_own_kernel_is_said_so_not_unknown(
    folder: str, tensor: str, kernel: str
) -> None:
    # softmax's m and s and a graph break's sum(y) read "unknown"
    trip = _kept(_run(f"cpu_bundles/{folder}"), tensor)
    assert trip.compiled_reads == 0  # no other compiled kernel reads it back
    assert trip.why is not None and trip.why.kind == "inside_kernel"
    assert trip.why.message.startswith(f"{kernel} computes {tensor} and what reads it")
    assert f"({trip.compiled_bytes:,} bytes)" in trip.why.message
    assert "reduction's result" in trip.why.message  # max and sum are reductions


def test_a_value_two_kernels_pass_with_no_reason_logged_stays_unknown() -> None:
    trip = _kept(_run("cpu_bundles/eager_island"), "z")
    assert trip.why is not None and trip.why.kind == "unknown"
