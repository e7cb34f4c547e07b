"""A roofline: how far each kernel is from what the device can do.

Top: kernels that do arithmetic (GEMMs, convolutions, templates with Inductor's FLOP
estimate), placed by arithmetic intensity (FLOPs per logical byte) and achieved FLOP/s,
under the device's measured roofs: bandwidth x intensity, and its matmul FLOP/s. Bottom:
every kernel on the bandwidth axis alone (element-wise kernels have no FLOPs to place),
with the measured bandwidth as a line; a kernel whose data was cache-resident sits past
it and says so. Both variants are drawn; a large run draws its longest kernels (where the
time went) and says how many of how many. Clicking a point opens its row.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from backend.figures import palette
from backend.figures.markup import plain
from backend.figures.units import human_bytes, human_rate

ROOFLINE_KERNELS = 2_000  # per variant: the longest ones
VARIANT_STYLE = {  # colour and symbol per variant, so grey-scale still tells them apart
    "eager": (palette.ORANGE, "circle"),
    "compiled": (palette.BLUE, "diamond"),
}


class KernelRateLike(Protocol):
    """What the roofline reads of a kernel (`backend.store.children.KernelRate`)."""

    @property
    def index(self) -> int: ...
    @property
    def short_name(self) -> str: ...
    @property
    def flops(self) -> int | None: ...
    @property
    def bytes_moved(self) -> int: ...
    @property
    def dur_us(self) -> float: ...
    @property
    def cache_resident(self) -> bool: ...


class Roofs(Protocol):
    """The device's measured peaks (`backend.result.DeviceInfo`)."""

    @property
    def name(self) -> str: ...
    @property
    def peak_bandwidth_bytes_per_s(self) -> float | None: ...
    @property
    def peak_flops(self) -> dict[str, float] | None: ...


@dataclass(frozen=True)
class BelievedKernel:
    """A kernel at the time the page believes: its profiled time times its variant's
    `believed_time_scale` (below 1 only where the profiler inflated the variant's kernel
    times past its timed call), so no rate is drawn from a time the page disowns."""

    index: int
    short_name: str
    flops: int | None
    bytes_moved: int
    dur_us: float
    cache_resident: bool
    profiled_us: float

    @classmethod
    def of(cls, kernel: KernelRateLike, scale: float) -> BelievedKernel:
        return cls(
            kernel.index,
            kernel.short_name,
            kernel.flops,
            kernel.bytes_moved,
            kernel.dur_us * scale,
            kernel.cache_resident,
            kernel.dur_us,
        )


def roofline_figure(
    variants: Mapping[str, tuple[int, Sequence[KernelRateLike]]],
    device: Roofs | None,
    scales: Mapping[str, float] | None = None,
) -> go.Figure:
    """`variants`: per variant, its kernel count and the kernels to draw; `scales`: per
    variant, its `believed_time_scale` (1 where absent). Without a kernel that computes
    (element-wise work only) the compute panel shrinks to a line saying so."""
    scales = scales or {}
    believed = {
        name: (total, [BelievedKernel.of(k, scales.get(name, 1.0)) for k in kernels])
        for name, (total, kernels) in variants.items()
    }
    figure = _figure(believed, device)
    fitted = [name for name, scale in scales.items() if scale < 1 and name in variants]
    if fitted:
        figure.layout.title.text += f"<br><sup>{_fitted_note(fitted, scales)}</sup>"
    return figure


def _fitted_note(fitted: Sequence[str], scales: Mapping[str, float]) -> str:
    each = [f"{variant_label(name)} ÷{1 / scales[name]:.1f}" for name in fitted]
    return (
        "kernel times fitted to the timed call, as the profiler inflated them ("
        + ", ".join(each)
        + "): rates are over the time per call"
    )


def _figure(
    variants: Mapping[str, tuple[int, Sequence[BelievedKernel]]], device: Roofs | None
) -> go.Figure:
    bandwidth = device.peak_bandwidth_bytes_per_s if device is not None else None
    flops = (device.peak_flops or {}) if device is not None else {}
    computing = [(n, k) for n, (_, ks) in variants.items() for k in ks if k.flops and k.dur_us > 0]
    figure = make_subplots(
        rows=2,
        cols=1,
        row_heights=[0.68, 0.32] if computing else [0.12, 0.88],
        vertical_spacing=0.24 if computing else 0.1,  # the top axis title clears the strip's
        subplot_titles=(_compute_title(bool(computing)), _strip_title()),
    )
    for name, (_, kernels) in variants.items():
        figure.add_trace(_compute_points(name, [k for k in kernels if k.flops]), row=1, col=1)
        figure.add_trace(_bandwidth_points(name, kernels, bandwidth), row=2, col=1)
    for trace in _roofs(computing, bandwidth, flops):
        figure.add_trace(trace, row=1, col=1)
    if bandwidth and variants:
        figure.add_trace(_bandwidth_line(list(variants), bandwidth), row=2, col=1)
    figure.update_layout(_layout(variants, device, bandwidth))
    figure.update_xaxes(range=_strip_range(variants, bandwidth), row=2, col=1)
    if not computing:  # element-wise work only: no empty panel, a line saying why
        figure.update_xaxes(visible=False, row=1, col=1)
        figure.update_yaxes(visible=False, row=1, col=1)
        figure.update_layout(height=380)
    return figure


def _compute_title(computing: bool) -> str:
    if computing:
        return "Kernels that compute: FLOP/s against FLOPs per byte"
    return "No kernel computes FLOPs (element-wise work): each kernel by its bandwidth below"


def variant_label(variant: str) -> str:
    """`compiled:max-autotune-no-cudagraphs` -> `compiled, max-autotune-no-cudagraphs`."""
    base, _, mode = variant.partition(":")
    return f"{base}, {mode}" if mode else base


# Ticks in the units people read: bytes per second in binary units (1 KiB/s ... 32 TiB/s),
# FLOP/s in SI (1 GFLOP/s); plotly's own log ticks say "1B" (billion), read as bytes.
_RATE_TICKS = [float(1024**power * step) for power in range(0, 6) for step in (1, 32)]
_FLOP_TICKS = [10.0**power for power in range(3, 19)]
_SI = ((1e15, "P"), (1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k"))


def _flop_rate(value: float) -> str:
    scale, prefix = next(((s, p) for s, p in _SI if value >= s), (1.0, ""))
    return f"{value / scale:g} {prefix}FLOP/s"


def _rate_axis(title: str) -> dict[str, Any]:
    return {
        "type": "log",
        "title": {"text": title},
        "tickvals": _RATE_TICKS,
        "ticktext": [human_rate(v) for v in _RATE_TICKS],
    }


def _strip_range(
    variants: Mapping[str, tuple[int, Sequence[KernelRateLike]]], bandwidth: float | None
) -> list[float] | None:
    """The strip's log range: at least two decades up to past the roof, so kernels within a
    few per cent of each other are drawn together, not spread over the whole width."""
    rates = [
        k.bytes_moved / (k.dur_us * 1e-6)
        for _, kernels in variants.values()
        for k in kernels
        if k.bytes_moved > 0 and k.dur_us > 0
    ]
    if not rates:
        return None
    top = max([*rates, bandwidth or 0.0])
    bottom = min([*rates, top / 100])
    return [math.log10(bottom) - 0.1, math.log10(top) + 0.1]


def _bandwidth_line(lanes: list[str], bandwidth: float) -> go.Scatter:
    """The measured bandwidth across the strip's lanes (a trace, not a shape: it is named in
    the legend, and a shape's label on a log axis needs log units)."""
    return go.Scatter(
        x=[bandwidth, bandwidth],
        y=[variant_label(lanes[0]), variant_label(lanes[-1])],
        mode="lines",
        name=f"measured bandwidth {human_rate(bandwidth)}",
        line={"color": palette.INK, "dash": "dash", "width": 2},
        hoverinfo="name",
    )


def _strip_title() -> str:
    return "Every kernel: logical bytes per second (element-wise work lives here)"


def _compute_points(variant: str, kernels: Sequence[BelievedKernel]) -> go.Scatter:
    color, symbol = VARIANT_STYLE.get(variant, (palette.GREY, "square"))
    drawn = [k for k in kernels if k.flops and k.bytes_moved > 0 and k.dur_us > 0]
    return go.Scatter(
        x=[(k.flops or 0) / k.bytes_moved for k in drawn],
        y=[(k.flops or 0) / (k.dur_us * 1e-6) for k in drawn],
        mode="markers",
        name=variant_label(variant),
        legendgroup=variant,
        showlegend=False,  # the strip below carries the variant's legend entry
        marker={
            "color": color,
            "symbol": symbol,
            "size": 10,
            "line": {"color": "white", "width": 1},
        },
        hovertext=[_hover(variant, k) for k in drawn],
        hoverinfo="text",
        customdata=[[variant, k.index] for k in drawn],
    )


def _bandwidth_points(
    variant: str, kernels: Sequence[BelievedKernel], peak: float | None
) -> go.Scatter:
    color, symbol = VARIANT_STYLE.get(variant, (palette.GREY, "square"))
    drawn = [k for k in kernels if k.bytes_moved > 0 and k.dur_us > 0]
    return go.Scatter(
        x=[k.bytes_moved / (k.dur_us * 1e-6) for k in drawn],
        y=[variant_label(variant)] * len(drawn),
        mode="markers",
        name=variant_label(variant),
        legendgroup=variant,
        marker={
            "color": color,
            # open symbols: cache-resident, so the rate is not DRAM's
            "symbol": [f"{symbol}-open" if k.cache_resident else symbol for k in drawn],
            "size": 9,
        },
        hovertext=[_hover(variant, k, peak) for k in drawn],
        hoverinfo="text",
        customdata=[[variant, k.index] for k in drawn],
    )


def _roofs(
    computing: Sequence[tuple[str, KernelRateLike]],
    bandwidth: float | None,
    flops: Mapping[str, float],
) -> list[go.Scatter]:
    """The bandwidth slope and one flat roof per measured dtype, over the points' range."""
    if not bandwidth or not flops:
        return []
    intensities = [(k.flops or 0) / k.bytes_moved for _, k in computing if k.bytes_moved > 0]
    ridge = max(flops.values()) / bandwidth  # where the slope meets the highest roof
    low = min([*intensities, ridge]) / 10
    high = max([*intensities, ridge]) * 10
    roofs = [
        go.Scatter(
            x=[low, ridge],
            y=[bandwidth * low, bandwidth * ridge],
            mode="lines",
            name=f"bandwidth roof {human_rate(bandwidth)}",
            showlegend=False,  # the same dashed line as the strip's "measured bandwidth"
            line={"color": palette.INK, "dash": "dash"},
            hoverinfo="name",
        )
    ]
    for dtype, peak in sorted(flops.items(), key=lambda item: item[1]):
        roofs.append(
            go.Scatter(
                x=[peak / bandwidth, high],
                y=[peak, peak],
                mode="lines",
                name=f"{plain(dtype)} matmul roof {peak / 1e12:,.3g} TFLOP/s",
                line={"color": palette.INK, "dash": "dot" if dtype == "float32" else "solid"},
                hoverinfo="name",
            )
        )
    return roofs


def _hover(variant: str, kernel: BelievedKernel, peak: float | None = None) -> str:
    seconds = kernel.dur_us * 1e-6
    rate = kernel.bytes_moved / seconds if seconds > 0 else 0.0
    fitted = kernel.dur_us != kernel.profiled_us
    profiled = f"profiled {kernel.profiled_us:,.1f}"
    timing = f"{kernel.dur_us:,.1f} µs fitted to the timed call ({profiled})"
    lines = [
        f"<b>{plain(kernel.short_name)}</b>",
        f"{variant} #{kernel.index} · " + (timing if fitted else f"{kernel.dur_us:,.1f} µs"),
        f"{human_bytes(kernel.bytes_moved)} logical bytes · {human_rate(rate)}",
    ]
    if kernel.flops:
        lines.append(
            f"{kernel.flops:,} FLOPs · {kernel.flops / kernel.bytes_moved:,.1f} FLOP/B · "
            f"{kernel.flops / seconds / 1e12:,.3g} TFLOP/s"
            if kernel.bytes_moved and seconds
            else f"{kernel.flops:,} FLOPs"
        )
    if kernel.cache_resident:
        lines.append("faster than the measured bandwidth: its data was cache-resident")
    elif peak and rate > peak:  # far more data than the cache: DRAM, a little past the probe
        lines.append(f"at the roof: {100 * rate / peak - 100:.0f}% past the measured bandwidth")
    elif peak:
        lines.append(f"{100 * rate / peak:.0f}% of the measured bandwidth")
    lines.append("click: its row in the kernel table")
    return "<br>".join(lines)


def _layout(
    variants: Mapping[str, tuple[int, Sequence[KernelRateLike]]],
    device: Roofs | None,
    bandwidth: float | None,
) -> dict[str, Any]:
    shown = [
        f"the longest {len(kernels):,} of {total:,} {name} kernels"
        for name, (total, kernels) in variants.items()
        if total > len(kernels)
    ]
    title = "Roofline" + (f": {plain(device.name)}" if device is not None else "")
    if not bandwidth:
        title += " (device peaks not measured: no roofs)"
    if shown:
        title += f"<br><sup>{'; '.join(shown)}</sup>"
    return {
        "title": {"text": title, "x": 0.01},
        "height": 560,
        "margin": {"l": 70, "r": 20, "t": 90, "b": 50},
        "legend": {"orientation": "h", "y": -0.12},
        "xaxis": {
            "type": "log",
            "title": {"text": "FLOPs per logical byte"},
            "exponentformat": "power",
        },
        "yaxis": {
            "type": "log",
            "title": {"text": "FLOP/s"},
            "tickvals": _FLOP_TICKS,
            "ticktext": [_flop_rate(v) for v in _FLOP_TICKS],
        },
        "xaxis2": _rate_axis("logical bytes per second"),
        "yaxis2": {"type": "category", "autorange": "reversed"},
        "hovermode": "closest",
    }
