"""/api/runs/{id}/figures/*: Plotly figures built on the server, rendered by plotly.js."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Response

from backend.api.context import Context, result_of, result_with_kernels
from backend.api.errors import ERROR_RESPONSES, ApiError
from backend.api.run_access import READ_RUN
from backend.figures import run_timeline, sweep_figure, traffic_figure

router = APIRouter(
    prefix="/api/runs/{run_id}/figures",
    tags=["figures"],
    responses=ERROR_RESPONSES,
    dependencies=[READ_RUN],  # 404 for a run the caller may not see
)
FIGURE_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {"description": "a Plotly figure: {data, layout}", "content": {"application/json": {}}}
}


def figure_response(figure: Any) -> Response:
    return Response(figure.to_json(), media_type="application/json")


@router.get("/timeline", responses=FIGURE_RESPONSE)
def timeline(
    run_id: str,
    context: Context,
    start_us: float | None = None,
    end_us: float | None = None,
    width_px: Annotated[int, Query(ge=100, le=10000)] = 1200,
) -> Response:
    """Eager above compiled on one time axis. Kernels too narrow to see at this window and
    width are merged (level of detail): ask again with the zoomed window for finer bars."""
    window = _window(start_us, end_us)
    return figure_response(
        run_timeline(result_with_kernels(context, run_id), window=window, width_px=width_px)
    )


@router.get("/traffic", responses=FIGURE_RESPONSE)
def traffic(run_id: str, context: Context) -> Response:
    """What each kernel read from and wrote to device memory, and the eliminated round trips."""
    return figure_response(traffic_figure(result_with_kernels(context, run_id)))


@router.get("/sweep", responses=FIGURE_RESPONSE)
def sweep(run_id: str, context: Context) -> Response:
    """Speedup and bytes against size for the run's sweep (404 when it has none)."""
    figure = sweep_figure(result_of(context, run_id).sweep)
    if figure is None:
        raise ApiError(404, "sweep_not_found", f"Run {run_id} is not part of a sweep with data.")
    return figure_response(figure)


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
