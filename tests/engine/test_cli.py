"""The `kernelscope` command: run, --json, show, --sizes, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from backend.result import run_steps
from tests.paths import BAD_SNIPPETS, EXAMPLES_DIR

pytestmark = pytest.mark.slow

RESULT_FIELDS = {
    "id", "status", "error", "device", "versions", "variants", "round_trips", "speedup",
    "kernel_speedup", "correctness", "compile", "output",
}  # fmt: skip
VARIANT_FIELDS = {
    "kernel_count", "transfer_count", "bytes_read", "bytes_written", "kernel_time_us",
    "wall_time_us", "kernels",
}  # fmt: skip
KERNEL_FIELDS = {"name", "op", "start_us", "dur_us", "bytes_read", "bytes_written", "transfers"}
ROUND_TRIP_FIELDS = {"tensor", "bytes", "producer", "consumers", "eliminated", "fused_into"}


def kernelscope(*args: str | Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "backend.cli", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)


def test_run_prints_the_summary_and_progress_and_stores_the_documented_contract(
    data_dir: Path,
) -> None:
    # One real run: the summary and the progress it prints, then the stored document read
    # back with `show --json` (the run's own `--json` prints the same model_dump_json, as
    # the failed run below and the sweep check).
    done = kernelscope("run", EXAMPLES_DIR / "add_relu.py", "--data-dir", data_dir)
    assert done.returncode == 0, done.stderr
    assert (
        "eliminated: (a + b) -> 3.81 MiB written by aten::add and read back by aten::relu"
        in done.stdout
    )
    assert "compiling" in done.stderr and "eager profile" in done.stderr  # steps, with time
    run_id = done.stdout.split("saved as run ")[1].split()[0]
    shown = kernelscope("show", run_id, "--data-dir", data_dir)
    assert shown.returncode == 0 and "eliminated: (a + b)" in shown.stdout

    shown_json = kernelscope("show", run_id, "--json", "--data-dir", data_dir)
    assert shown_json.returncode == 0, shown_json.stderr
    document = json.loads(shown_json.stdout)
    assert document["id"] == run_id
    assert document.keys() >= RESULT_FIELDS
    assert document["status"] == "succeeded" and document["error"] is None
    assert {"type", "name"} <= document["device"].keys()
    for name in ("eager", "compiled"):
        variant = document["variants"][name]
        assert variant.keys() >= VARIANT_FIELDS
        assert all(k.keys() >= KERNEL_FIELDS for k in variant["kernels"])
    assert all(t.keys() >= ROUND_TRIP_FIELDS for t in document["round_trips"])
    assert {"max_abs_error", "max_rel_error", "match"} <= document["correctness"].keys()
    assert {"seconds", "graph_count", "graph_breaks"} <= document["compile"].keys()
    assert {"stdout", "stderr", "truncated"} <= document["output"].keys()
    steps = list(document["step_seconds"])  # every step, in order, on the worker's clock
    assert steps == run_steps("default", []) and all(
        s >= 0 for s in document["step_seconds"].values()
    )
    assert document["prewarm_s"] is None  # one shot: the process started with the run


def test_failed_run_exits_non_zero_and_says_why(data_dir: Path) -> None:
    done = kernelscope("run", BAD_SNIPPETS / "syntax_error.py", "--quiet", "--data-dir", data_dir)
    assert done.returncode == 1
    assert "Syntax error on line 3" in done.stdout
    as_json = kernelscope(
        "run", BAD_SNIPPETS / "syntax_error.py", "--json", "--quiet", "--data-dir", data_dir
    )
    assert as_json.returncode == 1
    document = json.loads(as_json.stdout)
    assert document.keys() >= RESULT_FIELDS
    assert document["status"] == "failed" and document["error"]["kind"] == "syntax_error"
    shown = kernelscope("show", document["id"], "--json", "--data-dir", data_dir)
    assert json.loads(shown.stdout) == document


def test_a_sweep_in_several_compile_modes_runs_each_size_and_passes_its_steps_in_order(
    data_dir: Path,
) -> None:
    # One sweep checks both the sweep and the compile modes: each size is a real run, the
    # costly part of this file. The further mode's compile, check, profile and timing are
    # one protocol step: no progress line of a run is out of order (on the H200 the worker
    # once ignored 5).
    done = kernelscope(
        "run", EXAMPLES_DIR / "add_relu.py", "--sizes", "1e3,1e5", "--compile-mode",
        "default,reduce-overhead", "--json", "--data-dir", data_dir,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "ignored" not in done.stderr and "further compile modes" in done.stderr
    documents = json.loads(done.stdout)  # --sizes: one document per size
    assert [d["size"] for d in documents] == [1000, 100000]
    assert documents[0]["sweep_id"] == documents[1]["sweep_id"] is not None
    eager_bytes = [d["variants"]["eager"]["bytes_read"] for d in documents]
    assert eager_bytes == [3 * 4 * 1000, 3 * 4 * 100000]
    assert [p["size"] for p in documents[1]["sweep"]] in ([1000, 100000], [1000])
    for document in documents:
        assert list(document["variants"]) == ["eager", "compiled", "compiled:reduce-overhead"]
        assert list(document["step_seconds"]) == run_steps("default,reduce-overhead", [])
        assert not any("progress message" in note for note in document["notes"])


def test_bad_arguments_are_refused_clearly(data_dir: Path) -> None:
    done = kernelscope(
        "run", EXAMPLES_DIR / "add_relu.py", "--sizes", "big", "--data-dir", data_dir
    )
    assert done.returncode == 2 and "sizes must be numbers" in done.stderr
    missing = kernelscope("show", "nosuchrun", "--data-dir", data_dir)
    assert missing.returncode == 2 and "no run 'nosuchrun'" in missing.stderr
