"""A timeline's lanes: a lane's kernels in memory (`Lane`), or as the columns level of
detail reads (`LaneTimes`), with the window searches a zoom asks for."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate, pairwise
from operator import add

from backend.result import Kernel


@dataclass(frozen=True)
class Lane:
    """A lane whose kernels are in memory."""

    label: str
    kernels: Sequence[Kernel]
    # In a compiled lane, kernels outside every compiled graph ran eagerly (graph break).
    compiled: bool = False


@dataclass(frozen=True)
class LaneTimes:
    """One lane's kernels as columns, in launch order: all that level of detail reads."""

    label: str
    index: Sequence[int]  # Kernel.index of each
    start_us: Sequence[float]
    dur_us: Sequence[float]
    compiled: bool = False
    # Kernel.graph of each (None: ran eagerly); empty when not known. A compiled lane's
    # graph breaks are drawn where one graph's kernels end.
    graph: Sequence[int | None] = ()
    # drawn time = measured time x scale: below 1 for a lane the profiler inflated past its
    # timed call, drawn shrunk to that call (`fitted_to_calls`)
    scale: float = 1.0

    @classmethod
    def of(cls, lane: Lane) -> LaneTimes:
        kernels = lane.kernels
        return cls(
            lane.label,
            [k.index for k in kernels],
            [k.start_us for k in kernels],
            [k.dur_us for k in kernels],
            lane.compiled,
            [k.graph for k in kernels],
        )

    @cached_property
    def graph_ends_us(self) -> list[float]:
        """Where the compiled program was split: after the last kernel of a graph that
        something else follows (another graph, or eager code between graphs), and before
        eager code that ran ahead of the first graph. Each at the middle of the idle gap, if
        any. Empty for an eager lane."""
        if not self.compiled or len(self.graph) != len(self.start_us):
            return []
        ends: list[float] = []
        reach = float("-inf")  # the latest end of any kernel so far
        seen_graph = False
        for i, (before, after) in enumerate(pairwise(self.graph), start=1):
            reach = max(reach, self.start_us[i - 1] + self.dur_us[i - 1])
            seen_graph = seen_graph or before is not None
            graph_ended = before is not None and after != before
            first_graph_after_eager = before is None and after is not None and not seen_graph
            if graph_ended or first_graph_after_eager:
                start = self.start_us[i]
                ends.append((reach + start) / 2 if start > reach else start)
        return ends

    def __len__(self) -> int:
        return len(self.start_us)

    @cached_property
    def extent(self) -> tuple[float, float] | None:
        if not self.start_us:
            return None
        ends = map(add, self.start_us, self.dur_us)
        return min(self.start_us), max(ends)

    @cached_property
    def _reach(self) -> list[float] | None:
        """The latest end of any kernel up to each one, when starts never go back (one
        stream): then a window's kernels lie between two binary searches. None otherwise."""
        starts = self.start_us
        if any(later < earlier for earlier, later in pairwise(starts)):
            return None
        return list(accumulate(map(add, starts, self.dur_us), max))

    def in_window(self, low: float, high: float) -> Iterable[int]:
        """Positions of the kernels overlapping [low, high], in launch order. A kernel that
        only touches the window (ends at `low`, starts at `high`) belongs to the neighbour: a
        merged bar's window, asked for again, holds that bar's kernels and no more."""
        extent = self.extent
        if extent is None:
            return range(0)
        if low <= extent[0] and extent[1] <= high:  # the whole lane, as every page load asks
            return range(len(self))
        starts, durations, reach = self.start_us, self.dur_us, self._reach
        first, stop = 0, len(starts)
        if reach is not None:  # the first kernel to reach `low` .. the last to start by `high`
            first, stop = bisect_left(reach, low), bisect_right(starts, high)
        return (i for i in range(first, stop) if _overlaps(starts[i], durations[i], low, high))


def _overlaps(start: float, duration: float, low: float, high: float) -> bool:
    """Whether [start, start + duration] shares time with [low, high]; an instant (a zero
    duration, or a zero-width window) counts at either edge."""
    end = start + duration
    if duration == 0 or low == high:
        return start <= high and end >= low
    return start < high and end > low
