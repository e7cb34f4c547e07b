"""Compile modes side by side: a bundle with a further mode analyses to one more
variant, `compiled:<mode>`, with that mode's own numbers, while `compiled`, the round trips
and their reasons stay the first mode's."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.figures import mode_sentences, run_timeline
from backend.report import render
from backend.result import RoundTrip, RunResult, VariantName
from backend.worker.bundle import InvalidBundle, analyse_bundle
from tests.helpers import present
from tests.two_modes import AUTOTUNE, DEFAULT, MODE, two_mode_folder

FURTHER: VariantName = "compiled:max-autotune-no-cudagraphs"  # compiled:{MODE}


def _unchecked(trip: RoundTrip) -> RoundTrip:
    """The trip without what a further mode added to its hint: run alone, no mode checked it
    (kernelbench's y is kept, and the further mode checks its max-autotune hint)."""
    if trip.why is None or trip.why.hint is None:
        return trip
    hint = trip.why.hint.model_copy(update={"checked": None})
    return trip.model_copy(update={"why": trip.why.model_copy(update={"hint": hint})})


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return two_mode_folder(tmp_path_factory.mktemp("modes"))


def test_a_further_mode_is_its_own_variant_with_its_own_numbers(folder: Path) -> None:
    both = analyse_bundle(folder / "bundle")
    alone = analyse_bundle(DEFAULT / "bundle")
    autotuned = analyse_bundle(AUTOTUNE / "bundle")
    assert list(both.variants) == ["eager", "compiled", FURTHER]
    # the first mode is the run's `compiled`, exactly as it analyses alone
    assert both.variants["compiled"] == alone.variants["compiled"]
    first_only = [_unchecked(t.model_copy(update={"modes": {}})) for t in both.round_trips]
    assert first_only == alone.round_trips and both.speedup == alone.speedup
    # each round trip also keeps what the further mode did to it: its own recording's fate
    for trip, own_trip in zip(both.round_trips, autotuned.round_trips, strict=True):
        fate = trip.modes[MODE]
        assert (fate.eliminated, fate.fused_into, fate.why) == (
            own_trip.eliminated,
            own_trip.fused_into,
            own_trip.why,
        )
    assert both.compile is not None and both.compile.mode == "default"
    # the further mode's kernels and transfers are its own recording's
    further, own = both.variants[FURTHER], autotuned.variants["compiled"]
    assert further.kernels == own.kernels
    assert (further.kernel_count, further.transfer_count) == (own.kernel_count, own.transfer_count)
    first, second = both.compiled_modes
    assert (first.mode, first.variant, second.mode, second.variant) == (
        "default",
        "compiled",
        MODE,
        FURTHER,
    )
    eager = both.variants["eager"]
    assert second.speedup == round(eager.wall_time_us / further.wall_time_us, 4)
    assert second.kernel_speedup == round(eager.kernel_time_us / further.kernel_time_us, 4)
    assert second.kernel_count == own.kernel_count and second.wall_time_us == own.wall_time_us
    assert second.correctness is not None and second.correctness.match is True
    assert second.compile is not None and second.compile.mode == MODE
    assert first.round_trips_eliminated == present(both.totals).round_trips_eliminated
    assert second.round_trips_eliminated == present(autotuned.totals).round_trips_eliminated


def test_the_headline_timeline_and_cli_show_each_mode(folder: Path) -> None:
    analysis = analyse_bundle(folder / "bundle")
    head = {"id": "r", "status": "succeeded", "created_at": "2026-12-03T00:00:00+00:00"}
    result = RunResult.model_validate({**head, "code_sha256": "0", **vars(analysis)})
    further = result.variants[FURTHER]
    (line,) = mode_sentences(result.compiled_modes)
    assert line.startswith(f"{MODE}: {further.kernel_count} kernel")
    assert f"{further.transfer_count} transfers" in line
    assert f"speedup {result.compiled_modes[1].speedup:.2f}× wall" in line
    figure = run_timeline(result)
    lanes = {y for bar in figure.data for y in (bar.y or ())}
    assert lanes == {"eager", "compiled", FURTHER}
    printed = render(result)
    assert f"\n{FURTHER} " in printed and line in printed
    assert printed.count("speedup:") == 1  # the run's, for the first mode; a line per other


def test_a_further_mode_naming_an_unknown_mode_is_refused(folder: Path, tmp_path: Path) -> None:
    import json
    import shutil

    bad = tmp_path / "bundle"
    shutil.copytree(folder / "bundle", bad)
    document = json.loads((bad / "bundle.json").read_text())
    document["further_modes"][0]["mode"] = "../../etc"
    (bad / "bundle.json").write_text(json.dumps(document))
    with pytest.raises(InvalidBundle, match="further_modes"):
        analyse_bundle(bad)


def test_the_cli_takes_a_comma_list_of_compile_modes() -> None:
    from backend.cli import build_parser

    parser = build_parser()
    args = parser.parse_args(["run", "x.py", "--compile-mode", f"default, {MODE}"])
    assert args.compile_mode == f"default,{MODE}"
    assert parser.parse_args(["run", "x.py"]).compile_mode == "default"
    for bad in ("fast", "default,default", f"default,{MODE},reduce-overhead,default", ","):
        with pytest.raises(SystemExit):
            parser.parse_args(["run", "x.py", "--compile-mode", bad])


# ---- real two-mode recordings from the H200 (tests/data/h200_mode_bundles) ----------------

H200_MODES = Path(__file__).resolve().parents[1] / "data" / "h200_mode_bundles"


def test_a_cuda_graph_lane_carries_the_traffic_of_the_kernels_it_replays() -> None:
    analysis = analyse_bundle(H200_MODES / "add_relu_1m_reduce_overhead" / "bundle")
    graphs, first = analysis.variants["compiled:reduce-overhead"], analysis.variants["compiled"]
    fused = [k for k in graphs.kernels if k.short_name == "triton_poi_fused_add_relu_0"]
    assert len(fused) == 1 and fused[0].graph == 0  # inside the compiled graph, not an island
    assert [t.tensor for t in fused[0].transfers] == ["a", "b", "output"]
    assert (fused[0].bytes_read, fused[0].bytes_written) == (2 * 4 * 2**20, 4 * 2**20)
    assert graphs.transfer_count == first.transfer_count == 3
    (copy,) = [k for k in graphs.kernels if k.short_name == "foreach_copy"]
    assert copy.op == "aten::_foreach_copy_" and copy.transfers == []
    assert copy.graph == 0  # part of the graph's call, not an eager island (no graph break)
    (mode,) = [m for m in analysis.compiled_modes if m.mode == "reduce-overhead"]
    assert any("replays a CUDA graph" in note for note in mode.notes)
    assert mode.round_trips_eliminated == 1
    # the run's own hint, checked by the lane it asked for: on the H200 no faster
    (hint,) = analysis.hints
    assert hint.compile_mode == "reduce-overhead" and hint.checked is not None
    assert "within noise" in hint.checked


def test_max_autotune_keeping_cublas_makes_the_hint_say_so() -> None:
    analysis = analyse_bundle(H200_MODES / "gemm_epilogue_two_modes" / "bundle")
    (kept,) = [t for t in analysis.round_trips if t.eliminated is False]
    assert kept.tensor == "x @ w" and kept.why is not None and kept.why.kind == "library_call"
    assert kept.why.hint is not None and kept.why.hint.compile_mode == "max-autotune-no-cudagraphs"
    assert kept.why.hint.checked is not None
    assert "it stays: that mode also ran aten::mm as a library call" in kept.why.hint.checked
    lane = analysis.variants["compiled:max-autotune-no-cudagraphs"]
    assert [k.kind for k in lane.kernels] == ["matmul", "fused"]
    assert not any(k.short_name.startswith("triton_tem") for k in lane.kernels)
