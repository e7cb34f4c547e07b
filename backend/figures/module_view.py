"""One module's part of the figures: the traffic picture and the timeline of a model's
block, not of the whole model.

A model with repeated blocks runs hundreds of kernels: the traffic picture draws the first
40 and the timeline merges most into grey bars. One block's kernels show what fusion did
to a block (every block alike), so the page draws one module at a time (`module=` on the
figure routes). A module is its subtree: `h.0` holds `h.0.attn`, not `h.00`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import plotly.graph_objects as go

from backend.figures import palette
from backend.figures.timeline_lanes import LaneTimes
from backend.result import Kernel, Variant, VariantTotals


def in_subtree(module: str | None, path: str) -> bool:
    """Whether a kernel of `module` ran inside the module at `path` (or is it)."""
    return module is not None and (module == path or module.startswith(f"{path}."))


def module_positions(modules: Sequence[str | None], path: str) -> list[int]:
    """The launch positions of the kernels of `path`'s subtree, in order."""
    return [i for i, module in enumerate(modules) if in_subtree(module, path)]


def module_lane(lane: LaneTimes, keep: Sequence[int]) -> LaneTimes:
    """The lane's kernels at positions `keep` (`module_positions`), timed from the first
    of them: eager's and compiled's block start together, so their lengths compare as the
    lanes of a run do. The plan's positions are then into `keep`, not the variant."""
    origin = lane.start_us[keep[0]] if keep else 0.0
    graph = [lane.graph[i] for i in keep] if lane.graph else []
    return replace(
        lane,
        index=[lane.index[i] for i in keep],
        start_us=[lane.start_us[i] - origin for i in keep],
        dur_us=[lane.dur_us[i] for i in keep],
        graph=graph,
    )


def rebased(kernels: Mapping[int, Kernel], origin_us: float) -> dict[int, Kernel]:
    """A module lane's kernels timed as its `module_lane` is: from its first kernel (the
    bars are drawn from the kernels' own start times)."""
    return {
        position: kernel.model_copy(update={"start_us": kernel.start_us - origin_us})
        for position, kernel in kernels.items()
    }


def module_variant(totals: VariantTotals, kernels: Sequence[Kernel], count: int) -> Variant:
    """A variant as the module's kernels make it: the picture's titles count the module's
    kernels, transfers and bytes, not the run's. `kernels` are the first of its `count`
    kernels (a block has far fewer than are read), so their bytes are the module's."""
    return Variant(
        **totals.model_dump(exclude={"kernels"})
        | {
            "kernel_count": count,
            "transfer_count": sum(len(k.transfers) for k in kernels),
            "bytes_read": sum(k.bytes_read for k in kernels),
            "bytes_written": sum(k.bytes_written for k in kernels),
            "kernel_time_us": round(sum(k.dur_us for k in kernels), 3),
        },
        kernels=list(kernels),
    )


# the colours of the modules' bars, in legend order (Okabe-Ito, as every figure); a module
# past the last shares the last colour, and the legend says which bars are which
MODULE_COLORS = [
    palette.BLUE,
    palette.ORANGE,
    palette.BLUISH_GREEN,
    palette.REDDISH_PURPLE,
    palette.SKY_BLUE,
    palette.VERMILLION,
    palette.YELLOW,
    palette.BLACK,
]
MODULE_INDEX = 11  # a kernel bar's customdata: its module (timeline_draw)
OTHER = "outside any module"
_BarRow = tuple[float, float, str, list[Any], float]  # base, length, lane, customdata, outline


def module_group(module: str | None, under: str) -> str:
    """The child of `under` a kernel ran in (`under.attn` for `under.attn.c_attn`): the
    depth the timeline colours by; `under` itself for its own kernels."""
    if module is None or (under and not in_subtree(module, under)):
        return OTHER
    rest = module[len(under) + 1 :] if under else module
    if not rest:
        return under
    return f"{under}.{rest.split('.')[0]}" if under else rest.split(".")[0]


def coloured_by_module(figure: go.Figure, under: str) -> go.Figure:
    """The timeline's kernel bars regrouped by module (the children of `under`, "" the top),
    one trace and colour each, by the start of each's first kernel; merged bars stay grey."""
    groups: dict[str, list[_BarRow]] = {}
    kept = []
    for trace in figure.data:
        cds = list(trace.customdata or [])
        if not cds or cds[0][1] < 0:  # merged bars: no one kernel, no one module
            kept.append(trace)
            continue
        widths = trace.marker.line.width
        for i, cd in enumerate(cds):
            outline = widths[i] if isinstance(widths, tuple | list) else (widths or 0.0)
            row = (trace.base[i], trace.x[i], trace.y[i], list(cd), outline)
            groups.setdefault(module_group(cd[MODULE_INDEX], under), []).append(row)
    # legend in time order: the module whose first kernel starts first leads
    ordered = sorted(groups.items(), key=lambda item: min(row[0] for row in item[1]))
    traces = [_module_trace(name, rows, i) for i, (name, rows) in enumerate(ordered)]
    coloured = go.Figure(data=[*traces, *kept], layout=figure.layout)
    coloured.update_layout(legend_title_text="module")
    return coloured


def _module_trace(
    name: str, rows: list[tuple[float, float, str, list[Any], float]], i: int
) -> go.Bar:
    color = MODULE_COLORS[min(i, len(MODULE_COLORS) - 1)]
    return go.Bar(
        orientation="h",
        name=name,
        base=[r[0] for r in rows],
        x=[r[1] for r in rows],
        y=[r[2] for r in rows],
        customdata=[r[3] for r in rows],
        hovertemplate=(
            "<b>%{customdata[4]}</b> · %{customdata[11]}<br>op %{customdata[5]}<br>"
            "%{customdata[10]}<br>read %{customdata[6]} · written %{customdata[7]}"
            "%{customdata[8]}<extra>%{y}</extra>"
        ),
        marker={"color": color, "line": {"color": "white", "width": [r[4] for r in rows]}},
        width=0.6,
    )
