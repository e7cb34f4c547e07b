"""Colours and patterns for every figure, so a kind looks the same everywhere.

Colours come from the Okabe–Ito palette, which stays distinguishable under the common
forms of colour blindness. Each style also carries a pattern: meaning must survive a
grey-scale print or a reader who cannot tell two hues apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from backend.result import KernelKind

# Okabe & Ito (2008), "Color Universal Design".
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
REDDISH_PURPLE = "#CC79A7"
BLACK = "#000000"
# Not Okabe–Ito: a neutral grey for "detail hidden here", which must not look like a kind.
GREY = "#9E9E9E"
INK = "#333333"


@dataclass(frozen=True)
class BarStyle:
    """How one group of bars looks, and the legend name a reader sees for it."""

    label: str
    color: str
    pattern: str  # Plotly pattern shape; "" is solid

    def marker(self) -> dict[str, Any]:
        """A Plotly bar `marker`: fill colour, with the pattern drawn over it in dark ink.
        A white outline keeps back-to-back kernels apart (eager launches often touch)."""
        return {
            "color": self.color,
            "line": {"color": "white", "width": 1.5},
            "pattern": {
                "shape": self.pattern,
                "fillmode": "overlay",
                "fgcolor": INK,
                "fgopacity": 0.55,
                "size": 6,
                "solidity": 0.25,
            },
        }


KIND_STYLES: Mapping[KernelKind, BarStyle] = {
    "elementwise": BarStyle("elementwise", SKY_BLUE, "."),
    "reduction": BarStyle("reduction", ORANGE, "\\"),
    "matmul": BarStyle("matmul", BLUE, "+"),
    "copy": BarStyle("copy", REDDISH_PURPLE, "/"),
    "fused": BarStyle("fused", BLUISH_GREEN, ""),
    "other": BarStyle("other", YELLOW, "-"),
}
KIND_ORDER: tuple[KernelKind, ...] = tuple(KIND_STYLES)

# Compiled-variant kernels outside every compiled graph ran eagerly at a graph break.
EAGER_ISLAND = BarStyle("eager island (graph break)", VERMILLION, "|")
# Level of detail: a run of kernels too narrow to see at this zoom, drawn as one bar.
MERGED = BarStyle("merged: zoom in", GREY, "x")

# Memory traffic: direction is also carried by dash, arrowhead and a ↑/↓ in the label.
READ_COLOR = BLUE
WRITE_COLOR = ORANGE
READ_DASH = "solid"
WRITE_DASH = "dash"
ROUND_TRIP_COLOR = VERMILLION
ELIMINATED_COLOR = BLUISH_GREEN
MEMORY_FILL = "#EDEDED"

# Sweep curves.
SPEEDUP_COLOR = BLUE
KERNEL_SPEEDUP_COLOR = VERMILLION
EAGER_BYTES_COLOR = ORANGE
COMPILED_BYTES_COLOR = BLUISH_GREEN


def kind_style(kind: KernelKind) -> BarStyle:
    return KIND_STYLES.get(kind, KIND_STYLES["other"])


def tint(color: str, alpha: float) -> str:
    """`#0072B2` at `alpha` as an rgba() string: a light fill that dark text stays readable on."""
    red, green, blue = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({red},{green},{blue},{alpha})"
