"""A suite's table for the terminal: text, JSON (a list of rows) or CSV."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence

from backend.report import megabytes, printable
from backend.suites.table import SuiteProblem, SuiteTotals

_HEADER = (
    f"{'problem':<24} {'status':<10} {'kernels':>11} {'trips':>5} {'saved':>11} "
    f"{'speedup':>20} {'outputs':>8} {'coverage':>8} {'time':>7}"
)


def progress_line(index: int, count: int, row: SuiteProblem) -> str:
    """`[3/30] layernorm: succeeded in 8.1 s, 1.52x (1.49-1.55x)`, or why it failed."""
    took = f" in {row.duration_s:.1f} s" if row.duration_s is not None else ""
    if row.status == "succeeded":
        what = f"{_speedup(row)}, outputs {_outputs(row)}"
    else:
        what = f"{row.error_kind or row.status}: {row.error_message or ''}".rstrip(": ")
    return printable(f"[{index}/{count}] {row.name}: {row.status}{took}, {what}")


def render_table(rows: Sequence[SuiteProblem], summed: SuiteTotals) -> str:
    lines = [_HEADER]
    for row in rows:
        lines.append(
            f"{_cut(row.name, 24):<24} {row.status:<10} {_kernels(row):>11} "
            f"{_or_dash(row.round_trips_eliminated):>5} {_bytes(row.bytes_saved):>11} "
            f"{_speedup(row):>20} {_outputs(row):>8} {_coverage(row):>8} {_time(row):>7}"
        )
    lines.append(_totals_line(summed))
    failed = [row for row in rows if row.status not in ("succeeded", "queued", "running")]
    lines += [
        f"  {row.name}: {row.error_kind or row.status}: {row.error_message}" for row in failed
    ]
    return printable("\n".join(lines))


def rows_json(rows: Sequence[SuiteProblem]) -> str:
    return json.dumps([row.model_dump() for row in rows], indent=2)


def rows_csv(rows: Sequence[SuiteProblem]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(SuiteProblem.model_fields), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(row.model_dump())
    return out.getvalue()


def _totals_line(summed: SuiteTotals) -> str:
    geomean = f"{summed.speedup_geomean:.2f}x" if summed.speedup_geomean else "n/a"
    return (
        f"{summed.problems} problem(s): {summed.succeeded} succeeded, {summed.failed} failed"
        + (f", {summed.cancelled} cancelled" if summed.cancelled else "")
        + (f", {summed.unfinished} unfinished" if summed.unfinished else "")
        + f"; kernels {summed.eager_kernels} -> {summed.compiled_kernels}, "
        f"{summed.round_trips_eliminated} round trip(s) eliminated, "
        f"{megabytes(summed.bytes_saved)} saved; speedup geomean {geomean}; "
        f"outputs match {summed.outputs_match}, differ {summed.outputs_differ}"
    )


def _kernels(row: SuiteProblem) -> str:
    if row.eager_kernels is None:
        return "-"
    return f"{row.eager_kernels} -> {_or_dash(row.compiled_kernels)}"


def _speedup(row: SuiteProblem) -> str:
    if row.speedup is None:
        return "-"
    if row.speedup_low is None or row.speedup_high is None:
        return f"{row.speedup:.2f}x"
    return f"{row.speedup:.2f}x ({row.speedup_low:.2f}-{row.speedup_high:.2f}x)"


def _outputs(row: SuiteProblem) -> str:
    return {True: "match", False: "DIFFER", None: "-"}[row.outputs_match]


def _coverage(row: SuiteProblem) -> str:
    return "-" if row.traffic_coverage is None else f"{row.traffic_coverage:.0%}"


def _time(row: SuiteProblem) -> str:
    return "-" if row.duration_s is None else f"{row.duration_s:.1f} s"


def _bytes(count: int | None) -> str:
    return "-" if count is None else megabytes(count)


def _or_dash(value: int | None) -> str:
    return "-" if value is None else str(value)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
