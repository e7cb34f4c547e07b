"""Where the memory-traffic figure's parts sit, in data units, and the x axis in pixels.

The rows and bands every part of the picture is drawn in (`traffic.py` assembles them),
the `Scale` that says how much room a label has at the narrowest figure, and the two
drawing helpers the part modules share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import plotly.graph_objects as go

from backend.figures.labels import MARGIN, PAD_PX
from backend.figures.markup import plain
from backend.figures.placement import Panel, transfers_of

KERNEL_Y = (2.3, 3.2)
MEMORY_Y = (0.0, 1.2)
TRIP_Y = (0.66, 1.14)  # round-trip blocks: the upper half of the memory band
GHOST_Y = (0.06, 0.58)  # eliminated ghosts: the lower half
LABEL_Y, LABEL_GAP = 1.75, 0.2  # transfer labels sit in a gap cut out of their arrow
LABEL_ROWS = (1.52, 1.96)  # too close for one row: every other label one row up
# A kernel name with room neither in nor beside its box goes above the boxes on a leader
# line: one row, or two (every other name one up) when one leaves too little room.
LIFT_ROWS = (3.43, 3.71)
LIFT_TOP = 3.86  # the panel's top when any name is lifted (else KERNEL_Y[1] + 0.1)
LEADER_GAP = 0.13  # a leader stops this short of its name's centre
MIN_UNITS = 4.0
LABELLED_UNITS = 24  # panels wider than this show transfer labels on hover only
TINY_SHARE = 0.01  # transfers under 1% of the largest are drawn thin: listed, not dominant
FONT_SIZE = 13


@dataclass(frozen=True)
class Scale:
    """The x axis at the narrowest figure: its range, and pixels per data unit."""

    x_range: tuple[float, float]
    px: float
    # every tensor the figure may label: a shortened label must not fit two of them
    names: frozenset[str] = frozenset()

    def room(self, x: float, neighbours: Sequence[float]) -> float:
        """How wide a label centred at `x` may be: half of it must stay clear of half of
        each neighbour's (as wide at most), and within the figure's edges."""
        left = (x - self.x_range[0]) * self.px + MARGIN["l"] * 0.5
        right = (self.x_range[1] - x) * self.px + MARGIN["r"]
        gaps = [abs(x - n) * self.px for n in neighbours if n != x]
        return min([*gaps, 2 * left, 2 * right]) - PAD_PX


def labelled_names(panels: Sequence[Panel]) -> frozenset[str]:
    names = {t.tensor for p in panels for t in transfers_of(p)}
    names |= {s.tensor for p in panels for s in p.spans}
    names |= {t.tensor for p in panels for g in p.ghosts for t in g.trips.first}
    return frozenset(names)


def label_lines(lines: Sequence[str] | None) -> str:
    return "<br>".join(plain(line) for line in lines or [])


def boxes(rects: Sequence[tuple[float, float, float, float]], **style: Any) -> go.Scatter:
    """Rectangles as one filled trace (gaps between them), not as layout shapes."""
    xs: list[float | None] = []
    ys: list[float | None] = []
    for x0, x1, y0, y1 in rects:
        xs += [x0, x1, x1, x0, x0, None]
        ys += [y0, y0, y1, y1, y0, None]
    return go.Scatter(
        x=xs, y=ys, mode="lines", fill="toself", hoverinfo="skip", showlegend=False, **style
    )
