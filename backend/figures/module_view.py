"""One module's part of the figures: the traffic picture and the timeline of a model's
block, not of the whole model.

A model with repeated blocks runs hundreds of kernels: the traffic picture draws the first
40 and the timeline merges most into grey bars. One block's kernels show what fusion did
to a block (every block alike), so the page draws one module at a time (`module=` on the
figure routes). A module is its subtree: `h.0` holds `h.0.attn`, not `h.00`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from backend.figures.timeline_lanes import LaneTimes
from backend.result import Kernel, Variant, VariantTotals


def in_subtree(module: str | None, path: str) -> bool:
    """Whether a kernel of `module` ran inside the module at `path` (or is it)."""
    return module is not None and (module == path or module.startswith(f"{path}."))


def module_lane(lane: LaneTimes, modules: Sequence[str | None], path: str) -> LaneTimes:
    """The lane's kernels of `path`'s subtree, timed from the first of them: eager's and
    compiled's block start together, so their lengths compare as the lanes of a run do."""
    keep = [i for i, module in enumerate(modules) if in_subtree(module, path)]
    origin = lane.start_us[keep[0]] if keep else 0.0
    graph = [lane.graph[i] for i in keep] if lane.graph else []
    return replace(
        lane,
        index=[lane.index[i] for i in keep],
        start_us=[lane.start_us[i] - origin for i in keep],
        dur_us=[lane.dur_us[i] for i in keep],
        graph=graph,
    )


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
