"""/api/runs/{id}/figures/*: Plotly figures built on the server, rendered by plotly.js."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response

from backend.api.conditional import NOT_MODIFIED, Tagged, conditional
from backend.api.context import (
    AppContext,
    Context,
    head_of_run,
    head_with_kernels,
    kernel_times,
)
from backend.api.errors import ERROR_RESPONSES, ApiError
from backend.api.run_access import READ_RUN
from backend.figures import (
    MAX_KERNELS,
    LaneTimes,
    TrafficTrips,
    TripGroup,
    caption_if_inflated,
    draw_timeline,
    fitted_to_calls,
    message_figure,
    mode_breaks,
    plan_timeline,
    sweep_figure,
    traffic_asks,
    traffic_figure_of,
)
from backend.figures.module_view import (
    coloured_by_module,
    module_lane,
    module_positions,
    module_variant,
    rebased,
)
from backend.figures.placement import HOVER_TRIPS
from backend.figures.roofline import ROOFLINE_KERNELS, roofline_figure
from backend.result import (
    Kernel,
    RoundTrip,
    TripInMode,
    Variant,
    VariantName,
    believed_time_scale,
)
from backend.run_head import RunHead

MAX_MODE_TRIPS = 20_000  # round trips read whole for the picture of a further compile mode
MAX_MODULE_KERNELS = 5_000  # a module's kernels read for its picture's totals (a block: tens)
# kernels drawn per panel of one module's picture: a block's forward and backward (a
# training step: 62 kernels in GPT-2's) fit, where the whole run's picture stops at 40
MODULE_PICTURE_KERNELS = 80

ModuleQuery = Annotated[
    str | None,
    Query(
        max_length=512,
        description="draw only this module's kernels (its subtree: `model.transformer.h.0` "
        "holds its attn, mlp, ...), each lane timed from its first one",
    ),
]

router = APIRouter(
    prefix="/api/runs/{run_id}/figures",
    tags=["figures"],
    responses=ERROR_RESPONSES,
    dependencies=[READ_RUN],  # 404 for a run the caller may not see
)
FIGURE_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {"description": "a Plotly figure: {data, layout}", "content": {"application/json": {}}},
    **NOT_MODIFIED,
}


def figure_response(figure: Any) -> Response:
    return Response(figure.to_json(), media_type="application/json")


def _figure_bytes(figure: Any) -> Tagged:
    return Tagged.of(figure.to_json().encode())


# NaN and inf parse as floats ("start_us=nan"), and every comparison with NaN is false.
FiniteMicroseconds = Annotated[
    float | None, Query(allow_inf_nan=False, description="a finite number of microseconds")
]


@router.get("/timeline", responses=FIGURE_RESPONSE)
def timeline(
    run_id: str,
    request: Request,
    context: Context,
    start_us: FiniteMicroseconds = None,
    end_us: FiniteMicroseconds = None,
    width_px: Annotated[int, Query(ge=100, le=10000)] = 1200,
    module: ModuleQuery = None,
    colour: Annotated[
        Literal["kind", "module"],
        Query(
            description="what the bars' colours say: the kernel's kind, or the module it ran "
            "in (the children of `module`, or of the top: the legend lists them)"
        ),
    ] = "kind",
) -> Response:
    """Eager above compiled on one time axis. Kernels too narrow to see at this window and
    width are merged (level of detail): ask again with the zoomed window for finer bars.
    With `module`, that module's kernels only."""
    window = _window(start_us, end_us)
    head = head_with_kernels(context, run_id)

    def build() -> Tagged:
        figure = _timeline(context, head, window, width_px, module or None)
        if colour == "module":
            figure = coloured_by_module(figure, module or "")
        return _figure_bytes(figure)

    if window is not None:
        return conditional(request, build())
    # the whole run (or module), which every page load asks for first: kept
    key = ("timeline", width_px, module or "", colour)
    tagged = context.results.part(run_id, key, build, kept="figure")
    return conditional(request, tagged)


def _timeline(
    context: AppContext,
    head: RunHead,
    window: tuple[float, float] | None,
    width_px: int,
    module: str | None = None,
) -> Any:
    """Level of detail from the kernels' time columns; whole kernels only for the bars that
    show one kernel each."""
    times = kernel_times(context, head.id)
    lanes = []
    keeps: list[list[int] | None] = []  # a module's lanes: their kernels' launch positions
    for name in head.variants:  # eager, compiled, then each further compile mode
        found = times.get(name)
        if found is None:
            continue
        lane = LaneTimes(
            name,
            found.index,
            found.start_us,
            found.dur_us,
            compiled=name != "eager",
            graph=found.graph,
        )
        keep = None if module is None else module_positions(found.module, module)
        lanes.append(lane if keep is None else module_lane(lane, keep))
        keeps.append(keep)
    walls = {str(name): v.wall_time_us for name, v in head.variants.items()}
    if module is None:  # a module's part of a call has no wall time to fit it to
        lanes = fitted_to_calls(lanes, head.noise, walls)
    plan = plan_timeline(lanes, window=window, width_px=width_px)
    kernels = [
        _kernels_at(context, head.id, lane.label, plan.positions(i), keeps[i])
        for i, lane in enumerate(lanes)
    ]
    breaks = head.compile.graph_breaks if head.compile is not None else []
    figure = draw_timeline(plan, kernels, breaks, mode_breaks(head.compiled_modes))
    if module is not None:
        return figure
    return caption_if_inflated(figure, head.noise, walls, head.speedup, lanes)


def _kernels_at(
    context: AppContext, run_id: str, lane: str, positions: list[int], keep: list[int] | None
) -> dict[int, Kernel]:
    """The kernels a plan draws whole, by its positions: in a module's lane those are
    positions among the module's kernels, `keep` maps them to the variant's, and they are
    timed from the module's first kernel, as the lane is."""
    if keep is None:
        return context.store.kernels_at(run_id, lane, positions)
    if not keep:  # no kernel of the module in this lane
        return {}
    found = context.store.kernels_at(run_id, lane, [keep[0], *(keep[p] for p in positions)])
    drawn = {p: found[keep[p]] for p in positions if keep[p] in found}
    return rebased(drawn, found[keep[0]].start_us) if keep[0] in found else drawn


@router.get("/traffic", responses=FIGURE_RESPONSE)
def traffic(
    run_id: str,
    request: Request,
    context: Context,
    variant: Annotated[
        str,
        Query(
            max_length=64,
            description="the compiled variant drawn under eager: `compiled` (the first compile "
            "mode) or a further mode's `compiled:<mode>`",
        ),
    ] = "compiled",
    module: ModuleQuery = None,
) -> Response:
    """What each kernel read from and wrote to device memory, and the eliminated round trips.
    With `module`, that module's kernels only (the compiled panel: the first compile mode's)."""
    head = head_with_kernels(context, run_id)
    if module:
        tagged = context.results.part(
            run_id,
            ("traffic", "module", module),
            lambda: _figure_bytes(_traffic(context, head, module)),
            kept="figure",
        )
    elif variant == "compiled":
        tagged = context.results.part(
            run_id, "traffic", lambda: _figure_bytes(_traffic(context, head))
        )
    else:
        mode = _further_mode(head, variant)
        tagged = context.results.part(
            run_id,
            ("traffic", variant),
            lambda: _figure_bytes(_mode_traffic(context, head, mode)),
            kept="figure",
        )
    return conditional(request, tagged)


def _further_mode(head: RunHead, variant: str) -> str:
    modes = {m.variant: m.mode for m in head.compiled_modes if m.variant != "compiled"}
    if variant not in modes:
        known = ", ".join(["compiled", *modes]) if modes else "compiled (this run has one mode)"
        raise ApiError(
            404, "no_such_variant", f"run {head.id} has no compiled variant {variant!r}: {known}"
        )
    return modes[variant]


def _variants(
    context: AppContext, head: RunHead, drawn: str, module: str | None = None
) -> dict[VariantName, Variant]:
    """Eager and the `drawn` compiled variant, as `compiled`: their totals with their first
    MAX_KERNELS kernels (the run's other modes are not read). With `module`, the module's
    kernels, and totals of them."""
    variants: dict[VariantName, Variant] = {}
    for name, totals in head.variants.items():
        if name not in ("eager", drawn):
            continue
        limit = MAX_KERNELS if module is None else MAX_MODULE_KERNELS
        page = context.store.kernel_page(head.id, name, 0, limit, module=module)
        kernels = [] if page is None else page.kernels
        variant = (
            Variant(**totals.model_dump(), kernels=kernels)
            if module is None
            else module_variant(totals, kernels, page.total if page else 0)
        )
        variants["compiled" if name == drawn else name] = variant
    return variants


def _mode_traffic(context: AppContext, head: RunHead, mode: str) -> Any:
    """Eager above a further compile mode: the run's round trips with that mode's fates.
    They are read whole (a mode's fates are not indexed), up to MAX_MODE_TRIPS."""
    variants = _variants(context, head, f"compiled:{mode}")
    eager, drawn = variants["eager"], variants["compiled"]
    page = context.store.round_trip_page(head.id, 0, MAX_MODE_TRIPS + 1)
    if page.total > MAX_MODE_TRIPS:
        return message_figure(
            f"{page.total:,} round trips: the picture per compile mode draws runs of up to "
            f"{MAX_MODE_TRIPS:,} (the {mode} variant's kernels are in the table and timeline)"
        )
    in_mode = [_in_mode(trip, mode) for trip in page.round_trips]
    trips = TrafficTrips.of(in_mode, traffic_asks(eager, drawn, MAX_KERNELS))
    return traffic_figure_of(head.status, variants, trips, compiled_name=f"compiled ({mode})")


def _in_mode(trip: RoundTrip, mode: str) -> RoundTrip:
    """The round trip as `mode` left it: its fate fields replaced by that mode's."""
    fate = trip.modes.get(mode) or TripInMode(
        eliminated=None, unknown_reason="the run was stored before each mode's fates were kept"
    )
    update = {name: getattr(fate, name) for name in TripInMode.model_fields}
    # the compiled side was counted on the first mode's kernels: not this mode's to claim
    update |= {"compiled_bytes": None, "compiled_reads": None}
    return trip.model_copy(update=update)


def _traffic(context: AppContext, head: RunHead, module: str | None = None) -> Any:
    """The picture draws the first MAX_KERNELS kernels of each variant (of `module`) and
    the round trips those show: only they are read."""
    variants = _variants(context, head, "compiled", module)
    eager, compiled = variants.get("eager"), variants.get("compiled")
    drawn = MAX_KERNELS if module is None else MODULE_PICTURE_KERNELS
    if eager is None or compiled is None:
        trips = TrafficTrips({}, {}, TripGroup.of([]))
    else:
        asks = traffic_asks(eager, compiled, drawn)
        found = context.store.picture_trips(
            head.id, sorted(asks.tensors), sorted(asks.kernels), HOVER_TRIPS
        )
        trips = TrafficTrips(found.by_tensor, found.fused, found.rest)
    return traffic_figure_of(head.status, variants, trips, drawn)


@router.get("/roofline", responses=FIGURE_RESPONSE)
def roofline(run_id: str, request: Request, context: Context) -> Response:
    """Each kernel (a large run: each variant's longest ROOFLINE_KERNELS) by FLOPs per byte
    and FLOP/s under the device's measured roofs, and every kernel by bytes per second
    against the measured bandwidth."""
    head = head_with_kernels(context, run_id)

    def build() -> Tagged:
        kernels = context.store.longest_kernels(head.id, ROOFLINE_KERNELS)
        scales = {str(name): believed_time_scale(v) for name, v in head.variants.items()}
        return _figure_bytes(roofline_figure(kernels, head.device, scales))

    return conditional(request, context.results.part(run_id, "roofline", build, kept="figure"))


@router.get("/sweep", responses=FIGURE_RESPONSE)
def sweep(run_id: str, request: Request, context: Context) -> Response:
    """Speedup and bytes against size for the run's sweep (404 when it has none)."""
    figure = sweep_figure(head_of_run(context, run_id).sweep)
    if figure is None:
        raise ApiError(404, "sweep_not_found", f"Run {run_id} is not part of a sweep with data.")
    return conditional(request, _figure_bytes(figure))  # siblings still finishing: not kept


def _window(start_us: float | None, end_us: float | None) -> tuple[float, float] | None:
    if start_us is None and end_us is None:
        return None
    if start_us is None or end_us is None or end_us <= start_us:
        raise ApiError(
            422,
            "invalid_request",
            "give both start_us and end_us, with end_us > start_us",
            field="query.end_us",
        )
    return (start_us, end_us)
