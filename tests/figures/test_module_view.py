"""One module's part of the figures: its subtree's kernels, each lane timed from its first."""

from __future__ import annotations

from backend.figures.module_view import (
    OTHER,
    coloured_by_module,
    in_subtree,
    module_group,
    module_lane,
    module_positions,
    module_variant,
)
from backend.figures.timeline import timeline_figure
from backend.figures.timeline_lanes import Lane, LaneTimes
from tests.recorded import recorded_run


def test_a_module_is_its_subtree() -> None:
    assert in_subtree("h.0", "h.0")
    assert in_subtree("h.0.attn.c_attn", "h.0")
    assert not in_subtree("h.00", "h.0")
    assert not in_subtree(None, "h.0")


def test_the_lane_keeps_the_module_kernels_from_their_first_start() -> None:
    lane = LaneTimes("eager", [0, 1, 2, 3], [0.0, 10.0, 25.0, 40.0], [5.0, 5.0, 5.0, 5.0])
    lane = LaneTimes(lane.label, lane.index, lane.start_us, lane.dur_us, graph=[None, 0, 0, 1])
    keep = module_positions([None, "h.1", "h.1.mlp", "h.2"], "h.1")
    assert keep == [1, 2]
    block = module_lane(lane, keep)
    assert (list(block.index), list(block.start_us), list(block.graph)) == (
        [1, 2],
        [0.0, 15.0],
        [0, 0],
    )
    assert list(module_lane(lane, module_positions([None] * 4, "h.1")).index) == []


def test_the_variant_counts_the_module_kernels_not_the_run() -> None:
    eager = recorded_run("mlp_bias_gelu").variants["eager"]
    first = eager.kernels[:1]
    variant = module_variant(eager, first, 1)
    assert (variant.kernel_count, variant.transfer_count) == (1, len(first[0].transfers))
    assert variant.bytes_read == first[0].bytes_read
    assert variant.wall_time_us == eager.wall_time_us  # the run's, as the module has none


def test_kernels_colour_by_the_child_module_they_ran_in() -> None:
    assert module_group("h.0.attn.c_attn", "h.0") == "h.0.attn"
    assert module_group("h.0", "h.0") == "h.0"
    assert module_group("h.1.mlp", "h.0") == OTHER
    assert module_group(None, "") == OTHER
    assert module_group("model.h.0", "") == "model"


def test_the_coloured_timeline_has_a_trace_per_module() -> None:
    kernels = recorded_run("mlp_bias_gelu").variants["eager"].kernels
    where = ["m.fc", "m.act", "m.fc", None]
    placed = [k.model_copy(update={"module": where[i % 4]}) for i, k in enumerate(kernels)]
    figure = coloured_by_module(timeline_figure([Lane("eager", placed)]), "m")
    names = [trace.name for trace in figure.data]
    assert names[: len(set(where))] == [
        module_group(m, "m") for m in dict.fromkeys(where[: len(placed)])
    ]
    assert sum(len(t.base) for t in figure.data) == len(placed)
    assert figure.layout.legend.title.text == "module"
