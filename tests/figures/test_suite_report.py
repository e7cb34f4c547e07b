"""A suite's table for the terminal: every column of a row, the totals, JSON and CSV.

Pure (rows in, text out); tests/engine/test_suite_cli.py runs the real command.
"""

from __future__ import annotations

import csv
import io
import json

from backend.suites.report import progress_line, render_table, rows_csv, rows_json
from backend.suites.table import SuiteProblem, totals

GOOD = SuiteProblem(
    name="layernorm",
    run_id="r1",
    status="succeeded",
    eager_kernels=5,
    compiled_kernels=2,
    round_trips_eliminated=3,
    bytes_saved=12 * 1024**2,
    speedup=1.52,
    speedup_low=1.49,
    speedup_high=1.55,
    outputs_match=True,
    traffic_coverage=0.87,
    duration_s=8.14,
)
DIFFERS = GOOD.model_copy(update={"name": "softmax", "run_id": "r2", "outputs_match": False})
BROKEN = SuiteProblem(
    name="raises",
    run_id="r3",
    status="failed",
    error_kind="exception",
    error_message="ValueError on line 6 in the eager run: broken",
    duration_s=0.1,
)


def test_a_good_problems_row_has_every_column() -> None:
    table = render_table([GOOD], totals([GOOD])).splitlines()
    header = table[0].split()
    assert header == [
        "problem",
        "status",
        "kernels",
        "trips",
        "saved",
        "speedup",
        "outputs",
        "coverage",
        "time",
    ]
    row = table[1]
    for shown in ("layernorm", "succeeded", "5 -> 2", " 3 ", " 12 MiB ", "1.52x (1.49-1.55x)"):
        assert shown in row, (shown, row)
    assert "match" in row and "87%" in row and "8.1 s" in row


def test_failed_problems_show_dashes_and_their_own_message_under_the_totals() -> None:
    rows = [GOOD, DIFFERS, BROKEN]
    text = render_table(rows, totals(rows))
    broken_row = next(line for line in text.splitlines() if line.startswith("raises "))
    assert broken_row.split()[2:8] == ["-"] * 6
    assert "DIFFER" in text  # a wrong output is loud
    assert "3 problem(s): 2 succeeded, 1 failed; kernels 10 -> 4" in text
    assert "6 round trip(s) eliminated" in text and "outputs match 1, differ 1" in text
    assert "speedup geomean 1.52x" in text
    assert text.splitlines()[-1] == (
        "  raises: exception: ValueError on line 6 in the eager run: broken"
    )


def test_the_progress_line_says_where_in_the_suite_and_how_it_ended() -> None:
    assert progress_line(3, 30, GOOD) == (
        "[3/30] layernorm: succeeded in 8.1 s, 1.52x (1.49-1.55x), outputs match"
    )
    assert progress_line(4, 30, BROKEN) == (
        "[4/30] raises: failed in 0.1 s, exception: ValueError on line 6 in the eager run: broken"
    )


def test_json_is_a_list_and_csv_a_table_of_the_same_rows() -> None:
    rows = [GOOD, BROKEN]
    listed = json.loads(rows_json(rows))
    assert isinstance(listed, list) and [row["name"] for row in listed] == ["layernorm", "raises"]
    assert listed[0]["speedup_low"] == 1.49 and listed[1]["error_kind"] == "exception"
    table = list(csv.DictReader(io.StringIO(rows_csv(rows))))
    assert list(table[0]) == list(SuiteProblem.model_fields)
    assert table[0]["compiled_kernels"] == "2" and table[0]["traffic_coverage"] == "0.87"
    assert table[1]["status"] == "failed" and table[1]["speedup"] == ""
