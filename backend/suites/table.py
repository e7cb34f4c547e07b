"""A suite as a table: one row per problem, the totals, and two suites side by side.

Pure: run heads in, rows out. The CLI prints them (`backend.suites.report`), the API serves
them (`GET /api/suites/{id}`, `GET /api/suites/compare`), the suite pages draw them. Two
suites are compared problem by problem, matched by name (the same benchmark before and
after a torch upgrade, on another GPU, in another compile mode); a change of speedup is
judged by the one rule for timings (`backend.analysis.spread.verdict`): "within noise"
where the 90% intervals overlap, "too noisy to tell" where either run's timed calls spread
past the noise warning's 1.5x or it has no interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, Field

from backend.analysis.spread import Reading, verdict, widest_spread
from backend.analysis.spread import Verdict as TimingVerdict
from backend.result import FINISHED_STATUSES, RunStatus
from backend.run_head import RunHead

ERROR_SHOWN_CHARS = 200  # of a failed problem's message in its row
Verdict = Literal[
    "faster",
    "slower",
    "within noise",
    "too noisy to tell",
    "only in A",
    "only in B",
    "not comparable",
]
# a speedup that got better is faster: the suite pages' words for the one rule's verdicts
SPEEDUP_WORDS: dict[TimingVerdict, Verdict] = {
    "better": "faster",
    "worse": "slower",
    "within noise": "within noise",
    "too noisy to tell": "too noisy to tell",
}


class SuiteProblem(BaseModel):
    """One problem of a suite: its run's headline numbers."""

    name: str = Field(description="the problem's name in its suite (its file's stem)")
    run_id: str
    status: RunStatus
    error_kind: str | None = None
    error_message: str | None = Field(default=None, description="the error's first line")
    eager_kernels: int | None = None
    compiled_kernels: int | None = None
    round_trips_eliminated: int | None = None
    bytes_saved: int | None = None
    speedup: float | None = Field(default=None, description="eager wall / compiled wall")
    speedup_low: float | None = Field(default=None, description="90% interval, low end")
    speedup_high: float | None = Field(default=None, description="90% interval, high end")
    timed_calls_spread: float | None = Field(
        default=None,
        description="the wider of its variants' spreads of timed calls (90th over 10th "
        "percentile); past 1.5× its speedup is too noisy to compare",
    )
    outputs_match: bool | None = Field(default=None, description="None: not compared")
    traffic_coverage: float | None = Field(
        default=None,
        description="the lower of the two variants' traffic coverage (share of kernel time "
        "whose memory traffic is accounted), 0..1",
    )
    duration_s: float | None = None
    device_name: str | None = Field(default=None, description="the device it ran on")
    model: str | None = Field(
        default=None,
        description="a problem with modules (a model), in one line: its repeated blocks, "
        "bytes saved, and its kept round trips and their groups (GET /api/runs/{id}/modules)",
    )


class SuiteTotals(BaseModel):
    problems: int
    succeeded: int
    failed: int = Field(description="failed, timed out or crashed")
    cancelled: int = Field(default=0, description="stopped before they finished, by a person")
    unfinished: int = Field(description="queued or running")
    devices: list[str] = Field(
        default_factory=list, description="the devices the problems ran on, by name"
    )
    eager_kernels: int
    compiled_kernels: int
    round_trips_eliminated: int
    bytes_saved: int
    speedup_geomean: float | None = Field(
        default=None, description="geometric mean of the succeeded problems' speedups"
    )
    outputs_match: int = Field(description="problems whose outputs match")
    outputs_differ: int


class ProblemPair(BaseModel):
    name: str
    a: SuiteProblem | None
    b: SuiteProblem | None
    speedup_ratio: float | None = Field(default=None, description="B's speedup over A's")
    verdict: Verdict


def problem_row(name: str, head: RunHead) -> SuiteProblem:
    eager, compiled = head.variants.get("eager"), head.variants.get("compiled")
    low, high = head.speedup_interval or (None, None)
    coverages = [
        v.traffic_coverage for v in (eager, compiled) if v and v.traffic_coverage is not None
    ]
    correctness = head.correctness
    error = head.error
    return SuiteProblem(
        name=name,
        run_id=head.id,
        status=head.status,
        error_kind=error.kind if error else None,
        error_message=_first_line(error.message) if error else None,
        eager_kernels=eager.kernel_count if eager else None,
        compiled_kernels=compiled.kernel_count if compiled else None,
        round_trips_eliminated=head.totals.round_trips_eliminated if head.totals else None,
        bytes_saved=head.totals.bytes_saved if head.totals else None,
        speedup=head.speedup,
        speedup_low=low,
        speedup_high=high,
        timed_calls_spread=widest_spread((eager, compiled)),
        outputs_match=correctness.match if correctness else None,
        traffic_coverage=min(coverages) if coverages else None,
        duration_s=head.duration_s,
        device_name=head.device.name if head.device else None,
    )


def totals(rows: Sequence[SuiteProblem]) -> SuiteTotals:
    succeeded = [row for row in rows if row.status == "succeeded"]
    speedups = [row.speedup for row in succeeded if row.speedup and row.speedup > 0]
    geomean = math.exp(sum(map(math.log, speedups)) / len(speedups)) if speedups else None
    return SuiteTotals(
        problems=len(rows),
        succeeded=len(succeeded),
        failed=sum(row.status in ("failed", "timed_out", "crashed") for row in rows),
        cancelled=sum(row.status == "cancelled" for row in rows),
        unfinished=sum(row.status not in FINISHED_STATUSES for row in rows),
        devices=sorted({row.device_name for row in rows if row.device_name}),
        eager_kernels=sum(row.eager_kernels or 0 for row in succeeded),
        compiled_kernels=sum(row.compiled_kernels or 0 for row in succeeded),
        round_trips_eliminated=sum(row.round_trips_eliminated or 0 for row in succeeded),
        bytes_saved=sum(row.bytes_saved or 0 for row in succeeded),
        speedup_geomean=round(geomean, 6) if geomean is not None else None,
        outputs_match=sum(row.outputs_match is True for row in rows),
        outputs_differ=sum(row.outputs_match is False for row in rows),
    )


def compare(a: Sequence[SuiteProblem], b: Sequence[SuiteProblem]) -> list[ProblemPair]:
    """Every problem name of either suite once, in A's order, then those only B has."""
    in_a, in_b = {row.name: row for row in a}, {row.name: row for row in b}
    names = [*in_a, *(name for name in in_b if name not in in_a)]
    return [_pair(name, in_a.get(name), in_b.get(name)) for name in names]


def _pair(name: str, a: SuiteProblem | None, b: SuiteProblem | None) -> ProblemPair:
    if a is None or b is None:
        return ProblemPair(name=name, a=a, b=b, verdict="only in B" if a is None else "only in A")
    if not (a.speedup and b.speedup):
        return ProblemPair(name=name, a=a, b=b, verdict="not comparable")
    ratio = round(b.speedup / a.speedup, 6)
    found = verdict(_reading(a), _reading(b), higher_is_better=True)
    return ProblemPair(name=name, a=a, b=b, speedup_ratio=ratio, verdict=SPEEDUP_WORDS[found])


def _reading(row: SuiteProblem) -> Reading:
    known = row.speedup_low is not None and row.speedup_high is not None
    interval = (row.speedup_low or 0.0, row.speedup_high or 0.0) if known else None
    return Reading(row.speedup or 0.0, interval, row.timed_calls_spread)


def _first_line(message: str) -> str:
    line = message.strip().splitlines()[0] if message.strip() else ""
    return line if len(line) <= ERROR_SHOWN_CHARS else line[: ERROR_SHOWN_CHARS - 1] + "…"
