"""/api/compare: two runs side by side (headline deltas, kernel-matched diff, timelines)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response

from backend.api.context import Context, result_of
from backend.api.errors import ERROR_RESPONSES
from backend.api.figures import figure_response
from backend.api.run_access import READ_PAIR
from backend.compare import Comparison, code_diff, compare_runs
from backend.figures import compare_timeline as compared_timelines

router = APIRouter(
    prefix="/api/compare",
    tags=["compare"],
    responses=ERROR_RESPONSES,
    dependencies=[READ_PAIR],  # both runs must be ones the caller may see
)
RunId = Annotated[str, Query(min_length=1, max_length=64)]


@router.get("", response_model=Comparison)
def compare(a: RunId, b: RunId, context: Context) -> Comparison:
    """Run b measured against run a: deltas are b - a, ratios b / a; `code_diff` shows
    what changed in the snippet."""
    comparison = compare_runs(result_of(context, a), result_of(context, b))
    if not comparison.same_code:
        codes = context.store.get_code(a), context.store.get_code(b)
        comparison.code_diff = code_diff(codes[0] or "", codes[1] or "")
    return comparison


@router.get("/figures/timeline")
def compare_timeline(
    a: RunId,
    b: RunId,
    context: Context,
    width_px: Annotated[int, Query(ge=100, le=10000)] = 1200,
) -> Response:
    """Both runs' timelines on one time axis: a's lanes above b's. A run whose kernel times
    the profiler inflated is drawn to its timed calls, as on its own run page."""
    runs = {"A": result_of(context, a), "B": result_of(context, b)}
    return figure_response(compared_timelines(runs, width_px=width_px))
