"""The result document without its long lists: what `GET /api/runs/{id}` serves.

A run of 200,000 kernels is a 236 MB document, and a page needs only its totals to start.
`RunHead` is `RunResult` with each variant's `kernels` and the run's `round_trips` left
out; those are paged from their own endpoints (`/api/runs/{id}/kernels/{variant}`,
`/api/runs/{id}/round-trips`). Both are `RunFields` (backend/result/document.py), the head
over `VariantTotals`, the whole document over `Variant`: one definition of every field.

The whole document stays the contract of `kernelscope run --json`, `kernelscope show
--json` and the `result.json` download.
"""

from __future__ import annotations

from backend.result import RunFields, RunResult, VariantTotals

__all__ = ["LEFT_OUT_OF_RUN", "LEFT_OUT_OF_VARIANT", "RunHead", "VariantTotals", "head_of"]

# What a head leaves out, per model: everything else is the whole document's.
LEFT_OUT_OF_VARIANT = frozenset({"kernels"})
LEFT_OUT_OF_RUN = frozenset({"round_trips"})


class RunHead(RunFields[VariantTotals]):
    """`RunResult` without kernel lists and round trips (see the module's docstring)."""


def head_of(result: RunResult) -> RunHead:
    """The head of a whole document (the lists are not copied, only left behind)."""
    fields = {name: value for name, value in result if name not in LEFT_OUT_OF_RUN}
    fields["variants"] = {
        name: VariantTotals.model_validate(variant.model_dump(exclude=set(LEFT_OUT_OF_VARIANT)))
        for name, variant in result.variants.items()
    }
    return RunHead.model_validate(fields)
