"""The roofline on recorded H200 bundles: kernels with FLOPs placed by intensity
and FLOP/s under the measured roofs, every kernel on the bandwidth strip with cache-resident
ones marked, names kept as text, and the API's figure for a stored run."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from backend.analysis.hardware import apply_device
from backend.figures.roofline import roofline_figure
from backend.result import DeviceInfo, Variant
from backend.store.children import KernelRate
from tests.paths import ROOT
from tests.recorded import analyse_bundle, analysed

PEAK = 4.5e12  # test roofs: the expectations are computed from them
FLOPS = {"float32": 5.0e13, "bfloat16": 7.0e14}


def h200(example: str, peak: float | None = PEAK) -> tuple[dict[str, Variant], DeviceInfo]:
    analysis = analysed(example)
    variants = copy.deepcopy(analysis.variants)
    assert analysis.device is not None
    device = analysis.device.model_copy(
        update={"peak_bandwidth_bytes_per_s": peak, "peak_flops": FLOPS if peak else None}
    )
    apply_device(variants, device)
    return variants, device


def rates(variants: dict[str, Variant]) -> dict[str, tuple[int, list[KernelRate]]]:
    return {
        name: (
            len(v.kernels),
            [
                KernelRate(
                    k.index,
                    k.short_name,
                    k.flops,
                    k.bytes_read + k.bytes_written,
                    k.dur_us,
                    k.cache_resident,
                )
                for k in v.kernels
            ],
        )
        for name, v in variants.items()
    }


def traces(figure: Any) -> list[dict[str, Any]]:
    return [t.to_plotly_json() for t in figure.data]


def test_gemms_sit_under_the_roofs_at_their_intensity() -> None:
    variants, device = h200("mlp_bias_gelu")
    figure = roofline_figure(rates(variants), device)
    compute = [
        t for t in traces(figure) if t.get("yaxis") in (None, "y") and t["mode"] == "markers"
    ]
    placed = {(t["name"], len(t["x"])) for t in compute}
    assert placed == {("eager", 1), ("compiled", 1)}  # the one mm of each variant
    for trace in compute:
        (mm,) = [k for k in variants[trace["name"]].kernels if k.flops]
        moved = mm.bytes_read + mm.bytes_written
        assert trace["x"][0] == pytest.approx(2 * 2048 * 4096 * 1024 / moved)
        assert trace["y"][0] == pytest.approx(mm.flops / (mm.dur_us * 1e-6))  # type: ignore[operator]
        assert trace["y"][0] < FLOPS["float32"] * 10  # a real TF32 GEMM, not a wild number
        assert trace["customdata"] == [[trace["name"], mm.index]]
    roofs = [t for t in traces(figure) if t["mode"] == "lines"]
    slope = next(t for t in roofs if t["name"].startswith("bandwidth roof"))
    assert slope["y"][0] / slope["x"][0] == pytest.approx(PEAK)
    flat = {t["y"][0] for t in roofs if "matmul roof" in t["name"]}
    assert flat == set(FLOPS.values())


def test_every_kernel_is_on_the_bandwidth_strip_and_cache_resident_ones_are_open() -> None:
    variants, device = h200("add_relu")
    figure = roofline_figure(rates(variants), device)
    strip = [t for t in traces(figure) if t.get("yaxis") == "y2" and t["mode"] == "markers"]
    assert sum(len(t["x"]) for t in strip) == sum(len(v.kernels) for v in variants.values())
    for trace in strip:
        kernels = variants[trace["name"]].kernels
        for kernel, symbol, hover in zip(
            kernels, trace["marker"]["symbol"], trace["hovertext"], strict=True
        ):
            assert symbol.endswith("-open") == kernel.cache_resident
            assert ("cache-resident" in hover) == kernel.cache_resident
    assert any(k.cache_resident for v in variants.values() for k in v.kernels)
    assert "measured" in json_text(figure)


def test_without_measured_peaks_there_are_no_roofs_and_the_title_says_why() -> None:
    variants, device = h200("mlp_bias_gelu", peak=None)
    figure = roofline_figure(rates(variants), device)
    assert not [t for t in traces(figure) if t["mode"] == "lines"]
    assert "device peaks not measured" in figure.layout.title.text


def test_a_large_run_says_which_kernels_it_draws() -> None:
    variants, device = h200("add_relu")
    _, kernels = rates(variants)["eager"]
    figure = roofline_figure({"eager": (5_000, kernels)}, device)
    assert f"the longest {len(kernels)} of 5,000 eager kernels" in figure.layout.title.text


def test_kernel_names_are_text_not_markup() -> None:
    hostile = KernelRate(0, "<img src=x onerror=alert(1)>", 10, 100, 1.0, False)
    figure = roofline_figure({"eager": (1, [hostile])}, None)
    assert "<img" not in json_text(figure)


def json_text(figure: Any) -> str:
    return str(figure.to_json())


def test_kernels_at_the_roof_are_drawn_together_and_said_to_be_there() -> None:
    # The H200's probe (4.317 TB/s) and add_relu at 2**26: every kernel within 1% of the roof.
    # The strip spans two decades to past the roof (an autoscaled log axis spread 4.27-4.36
    # TB/s over the whole width), and a kernel past the roof with data far over the L2 is
    # "at the roof", not cache-resident and not "101%".
    peak = 4.317e12
    variants, device = h200("add_relu_2p26", peak)
    figure = roofline_figure(rates(variants), device).to_plotly_json()
    low, high = figure["layout"]["xaxis2"]["range"]
    assert high - low >= 2 and 10**low < peak / 50 and 10**high > peak
    drawn = [t for t in figure["data"] if t.get("xaxis") == "x2" and t["mode"] == "markers"]
    hovers = [h for t in drawn for h in t["hovertext"]]
    past = [h for t in drawn for x, h in zip(t["x"], t["hovertext"], strict=True) if x > peak]
    assert past and all("at the roof" in h and "cache-resident" not in h for h in past), hovers
    assert all("% of the measured bandwidth" in h for h in hovers if h not in past)


# The H200's peaks as its worker measured them on 2026-12-02 (docs/gpu-validation.md).
H200_PEAKS = {
    "peak_bandwidth_bytes_per_s": 4.317e12,
    "peak_flops": {"float32": 5.12e13, "bfloat16": 7.66e14},
}
SCALE = sorted(p.name for p in (ROOT / "tests" / "data" / "h200_scale_bundles").iterdir())


@pytest.mark.parametrize("example", SCALE)
def test_the_scale_corpus_rooflines_under_the_h200s_measured_roofs(example: str) -> None:
    analysis = analyse_bundle(ROOT / "tests" / "data" / "h200_scale_bundles" / example / "bundle")
    assert analysis.device is not None
    device = analysis.device.model_copy(update=H200_PEAKS)
    variants = copy.deepcopy(analysis.variants)
    apply_device(variants, device)
    figure = roofline_figure(rates(variants), device).to_plotly_json()
    strip = [t for t in figure["data"] if t.get("xaxis") == "x2" and t["mode"] == "markers"]
    drawn = sum(len(t["x"]) for t in strip)
    assert drawn == sum(
        1 for v in variants.values() for k in v.kernels if k.bytes_read + k.bytes_written > 0
    )
    for variant in variants.values():  # never above 100% without the cache label
        for kernel in variant.kernels:
            share = kernel.achieved_bandwidth_pct
            assert share is None or share <= 100, (kernel.short_name, share)
            if kernel.cache_resident:
                moved = kernel.bytes_read + kernel.bytes_written
                assert moved < 4 * (device.l2_cache_bytes or 0), kernel.short_name
    compute = [t for t in figure["data"] if t.get("xaxis") == "x" and t["mode"] == "markers"]
    for trace in compute:  # GEMMs and convolutions under the highest measured roof
        assert all(y <= 1.05 * 7.66e14 for y in trace["y"]), (example, trace["y"])


def test_the_headline_says_at_the_roof_not_a_rate_that_was_never_measured() -> None:
    from backend.figures.summary import bandwidth_sentence

    variants, device = h200("add_relu_2p26", 4.317e12)
    pct = variants["compiled"].bandwidth_pct
    assert pct == 100.0  # passed the probe's roof with 768 MiB of data: clamped
    sentence = bandwidth_sentence(pct, device)
    assert sentence is not None and "at the roof" in sentence and "100%" not in sentence
    below = bandwidth_sentence(85.0, device)
    assert below is not None and below.startswith("compiled reached 85% of")


def test_the_bandwidth_sentence_names_the_measured_rate_not_a_rounded_one() -> None:
    """At a tiny share the stored percentage rounds to 0 (or to 0.02): the sentence's rate
    is the variant's own bytes over kernel time, as the kernel table computes it."""
    from backend.figures.summary import bandwidth_sentence

    _, device = h200("add_relu_2p26", 4.317e12)
    achieved = 605 * 1024  # 605 KiB/s, as a CPU run's table said
    sentence = bandwidth_sentence(0.0, device, achieved)
    assert sentence is not None and "605 KiB/s" in sentence, sentence
    assert "0 B/s" not in sentence
    close = bandwidth_sentence(17.0, device, 745 * 1024**2 * 1.0)
    assert close is not None and "745 MiB/s" in close, close


def test_axes_speak_bytes_and_flops_not_billions() -> None:
    variants, device = h200("mlp_bias_gelu")
    layout = roofline_figure(rates(variants), device).to_plotly_json()["layout"]
    strip = layout["xaxis2"]["ticktext"]
    assert "1 GiB/s" in strip and "1 TiB/s" in strip, strip
    assert not any(text.endswith("B") for text in strip)  # no "1B": a billion read as bytes
    assert "1 TFLOP/s" in layout["yaxis"]["ticktext"]
    assert layout["xaxis"]["exponentformat"] == "power"


def test_element_wise_runs_have_no_empty_compute_panel() -> None:
    variants, device = h200("add_relu")
    figure = roofline_figure(rates(variants), device).to_plotly_json()
    layout = figure["layout"]
    assert layout["xaxis"]["visible"] is False and layout["yaxis"]["visible"] is False
    titles = [a["text"] for a in layout["annotations"]]
    assert any(t.startswith("No kernel computes FLOPs") for t in titles), titles


def test_the_legend_names_modes_in_words_not_variant_keys() -> None:
    variants, device = h200("mlp_bias_gelu")
    drawn = rates(variants)
    drawn["compiled:max-autotune-no-cudagraphs"] = drawn["compiled"]
    names = {t["name"] for t in traces(roofline_figure(drawn, device)) if t.get("name")}
    assert "compiled, max-autotune-no-cudagraphs" in names
    assert not any(":" in name for name in names), names
