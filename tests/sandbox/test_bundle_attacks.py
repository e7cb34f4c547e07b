"""a snippet attacks the reading side through its bundle and its
progress lines, under the real bubblewrap sandbox. Each run ends as a specific, stored
failure (or as the snippet's own outcome), never as a traceback or an internal error; the
reading process stays under 1 GiB and the blob store under the run's budget; facts the
snippet cannot vouch for come from the worker; names reach the figures as text.

The bundle attacks whose memory matters run `execute_run` in a process of their own, so
that its peak RSS (VmHWM) is the reading side's alone.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from backend.figures import run_timeline, traffic_figure
from backend.limits import RunLimits
from backend.report import render
from backend.result import RUN_STEPS, RunResult
from backend.store.repository import Store
from backend.worker.execute import execute_run
from backend.worker.process import WorkerSetup
from backend.worker.remote import Agent, Holding, WorkerConfig
from backend.worker.spares import SpareOptions
from backend.worker_protocol import StartedRun
from tests.paths import ROOT
from tests.sandbox import hostile_bundles as hostile
from tests.sandbox.escapes import TEST_UID_BASE

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("real_sandbox")]

GiB = 1 << 30
# Plotly draws these tags of ours in hover text and labels; any other tag is injected.
OUR_TAGS = {"b", "br", "extra", "sup"}
TAG = re.compile(r"<\s*/?\s*([A-Za-z]+)[^<>]*>")

# Runs `execute_run` on one snippet and prints its result and the process's peak RSS.
# The address space is capped once the child is gone (the reading starts), so that the
# reader of old, which took 4 GiB and more, fails here instead of straining the machine.
MEASURE = r"""
import json, resource, sys
from pathlib import Path
from backend.limits import RunLimits
from backend.store.repository import Store
from backend.worker import child, sandbox
from backend.worker.execute import execute_run
from backend.worker.process import WorkerSetup

data_dir, code = Path(sys.argv[1]), Path(sys.argv[2]).read_text()
sandbox.UID_BASE, sandbox.UID_SLOTS = int(sys.argv[3]), 8
read_outcome = child._outcome

def capped(*args, **kwargs):
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, resource.RLIM_INFINITY))
    return read_outcome(*args, **kwargs)

child._outcome = capped
with Store.open(data_dir) as store:
    run_id = store.create_run(code)
    setup = WorkerSetup(data_dir, limits=RunLimits(sandbox="bwrap", timeout_s=120))
    result = execute_run(store, run_id, setup)
# VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the forked parent across exec,
# so under a big pytest process ru_maxrss reports pytest's size, not this reader's.
status = Path("/proc/self/status").read_text()
peak = int(next(l for l in status.splitlines() if l.startswith("VmHWM:")).split()[1]) * 1024
print(json.dumps({"result": result.model_dump(mode="json"), "peak_rss": peak}))
"""


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("attack-data")


@pytest.fixture(scope="module")
def module_store(data_dir: Path) -> Iterator[Store]:
    """The store this module's runs are recorded in, in its `data_dir`."""
    with Store.open(data_dir) as opened:
        yield opened


def run(
    store: Store,
    data_dir: Path,
    code: str,
    work_mb: int = RunLimits.work_mb,
    work_files: int = RunLimits.work_files,
) -> RunResult:
    run_id = store.create_run(code)
    limits = RunLimits(sandbox="bwrap", timeout_s=120, work_mb=work_mb, work_files=work_files)
    setup = WorkerSetup(data_dir, limits=limits)
    return execute_run(store, run_id, setup)


def run_measured(tmp_path: Path, code: str) -> tuple[RunResult, int, int]:
    """(result, peak RSS of the reading process, bytes in its blob store)."""
    data_dir = tmp_path / "data"
    snippet = tmp_path / "snippet.py"
    snippet.write_text(code)
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(data_dir), str(snippet), str(TEST_UID_BASE)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.splitlines()[-1])
    blobs = sum(p.stat().st_size for p in (data_dir / "blobs").rglob("*") if p.is_file())
    return RunResult.model_validate(report["result"]), report["peak_rss"], blobs


def cpu_model() -> str:
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    pytest.skip("no `model name` in /proc/cpuinfo on this machine")


def injected_tags(figure: Any) -> list[str]:
    """Tags in any string of the figure that are not Plotly markup of ours."""
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, str):
            found.extend(m.group(0) for m in TAG.finditer(node) if m.group(1) not in OUR_TAGS)
        elif isinstance(node, dict):
            for item in node.values():
                walk(item)
        elif isinstance(node, list | tuple):
            for item in node:
                walk(item)

    walk(json.loads(figure.to_json()))
    return found


# ---- the bundle ---------------------------------------------------------------------------


def test_a_gzip_bomb_as_the_eager_trace_is_refused_while_reading(tmp_path: Path) -> None:
    result, peak, blobs = run_measured(tmp_path, hostile.GZIP_BOMB)
    assert result.status == "failed" and result.error is not None, result.error
    assert result.error.kind == "bundle_too_large"
    assert "eager_trace.json.gz" in result.error.message
    assert re.search(r"limit[^.]* \d+ MiB", result.error.message), result.error.message
    assert peak < GiB, f"the reading process peaked at {peak / 2**20:,.0f} MiB"
    assert blobs == 0  # nothing of it is stored: the store stays under any run budget


def test_a_long_chain_of_eager_ops_is_refused_by_count_before_it_is_analysed(
    tmp_path: Path,
) -> None:
    """78,000 chained ops within every byte and value limit once cost the reader 40 s and
    2 GB; the ops the analysis walks are counted first (bench/bench_bundle_attacks.py
    measures the worst chain the limits admit)."""
    result, peak, blobs = run_measured(tmp_path, hostile.CHAINED_OPS)
    assert result.status == "failed" and result.error is not None, result.error
    assert result.error.kind == "bundle_too_large"
    assert "has 30,000 entries in eager.ops; the limit is 20,000" in result.error.message
    assert peak < GiB, f"the reading process peaked at {peak / 2**20:,.0f} MiB"
    assert blobs == 0


def test_sparse_generated_code_files_are_refused_unread(tmp_path: Path) -> None:
    result, peak, blobs = run_measured(tmp_path, hostile.SPARSE_CODE)
    assert result.status == "failed" and result.error is not None, result.error
    assert result.error.kind == "bundle_too_large"
    assert "output_code_0.py" in result.error.message
    assert "1,073,741,824 bytes" in result.error.message and "sparse" in result.error.message
    assert peak < GiB, f"the reading process peaked at {peak / 2**20:,.0f} MiB"
    assert blobs == 0


def test_a_forged_device_is_replaced_and_the_numbers_are_labelled(
    module_store: Store, data_dir: Path
) -> None:
    result = run(module_store, data_dir, hostile.FORGED_DEVICE)
    assert result.status == "succeeded", result.error
    assert result.device is not None
    assert result.device.name == cpu_model() != "NVIDIA H200"
    assert result.device.host == socket.gethostname()
    assert result.device.worker == "local"
    assert result.speedup == hostile.FORGED_SPEEDUP  # the run's own claim, kept ...
    text = render(result)
    assert "reported by the run" in text  # ... and said to be the run's
    assert f"{cpu_model()}" in text and "NVIDIA H200" not in text


def test_a_cuda_device_on_a_machine_without_one_is_refused(
    module_store: Store, data_dir: Path
) -> None:
    if any(Path("/dev").glob("nvidia[0-9]*")):
        pytest.skip("this machine has a GPU")
    result = run(module_store, data_dir, hostile.FORGED_CUDA)
    assert result.status == "failed" and result.error is not None
    assert result.error.kind == "invalid_bundle"
    assert "CUDA" in result.error.message and "no GPU" in result.error.message
    assert result.device is None or result.device.name != "NVIDIA H200"


def test_a_tensor_named_with_a_link_reaches_the_figures_as_text(
    module_store: Store, data_dir: Path
) -> None:
    result = run(module_store, data_dir, hostile.HTML_TENSOR)
    assert result.status == "succeeded", result.error
    stored = module_store.load_result(result.id)
    assert stored is not None
    assert hostile.LINK in [t.tensor for t in stored.round_trips]  # stored as it was named
    for figure in (traffic_figure(stored), run_timeline(stored)):
        assert injected_tags(figure) == []
    assert "&lt;a href=" in traffic_figure(stored).to_json()  # shown, as text


def test_kernelscope_run_reports_a_refused_bundle_without_a_traceback(tmp_path: Path) -> None:
    snippet = tmp_path / "bomb.py"
    snippet.write_text(hostile.GZIP_BOMB)
    command = [sys.executable, "-m", "backend.cli", "run", str(snippet), "--sandbox", "bwrap"]
    command += ["--quiet", "--data-dir", str(tmp_path / "data")]
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert done.returncode == 1, done.stderr[-3000:]
    assert "Traceback" not in done.stderr
    assert "failed (bundle_too_large)" in done.stdout and "eager_trace.json.gz" in done.stdout


def test_the_remote_worker_reports_a_refused_bundle(tmp_path: Path) -> None:
    config = WorkerConfig(
        api_url="http://127.0.0.1:9",  # never called: only the run itself is exercised
        token=None,
        device_kind="cpu",
        redis_url="redis://127.0.0.1:9",
        work_dir=tmp_path / "worker",
        name="test-worker",
        limits=RunLimits(sandbox="bwrap"),
        spares=SpareOptions(enabled=False),  # the run itself is exercised, started cold
    )
    agent = Agent(config)
    queued = RunResult(id="r1", status="running", created_at="2026-01-01T00:00:00+00:00",
                       code_sha256="0" * 64)  # fmt: skip
    started = StartedRun(
        id="r1", attempt=1, code=hostile.SPARSE_CODE, size=None, compile_mode="default",
        title=None, timeout_s=120.0, document=queued,
    )  # fmt: skip
    result, artifacts = agent._run(started, Holding("r1", 1))
    assert result.error is not None and result.error.kind == "bundle_too_large", result.error
    assert artifacts == []
    assert result.device is None or result.device.worker == "test-worker"


def test_a_bundle_claiming_2_to_the_62_bytes_fails_its_run_with_where(
    module_store: Store, data_dir: Path
) -> None:
    """The schema took 2^62 bytes a value, and the store's sums then passed
    SQLite's 64-bit INTEGER (OverflowError while saving: a 500 for a remote worker)."""
    result = run(module_store, data_dir, hostile.HUGE_NUMBERS)
    assert result.status == "failed" and result.error is not None
    assert result.error.kind == "invalid_bundle", result.error
    assert "eager.values.0.bytes: Input should be less than or equal to" in result.error.message
    stored = module_store.load_result(result.id)
    assert stored is not None and stored.status == "failed"


def test_the_remote_worker_reports_a_bundle_of_huge_numbers_as_refused(tmp_path: Path) -> None:
    """What a worker spools for that snippet is a failed run the API can store."""
    config = WorkerConfig(
        api_url="http://127.0.0.1:9",  # never called: only the run itself is exercised
        token=None,
        device_kind="cpu",
        redis_url="redis://127.0.0.1:9",
        work_dir=tmp_path / "worker",
        name="test-worker",
        limits=RunLimits(sandbox="bwrap"),
        spares=SpareOptions(enabled=False),
    )
    queued = RunResult(id="r1", status="running", created_at="2026-01-01T00:00:00+00:00",
                       code_sha256="0" * 64)  # fmt: skip
    started = StartedRun(
        id="r1", attempt=1, code=hostile.HUGE_NUMBERS, size=None, compile_mode="default",
        title=None, timeout_s=120.0, document=queued,
    )  # fmt: skip
    result, artifacts = Agent(config)._run(started, Holding("r1", 1))
    assert result.error is not None and result.error.kind == "invalid_bundle", result.error
    assert "eager.values.0.bytes" in result.error.message and artifacts == []
    assert RunResult.model_validate_json(result.model_dump_json()) == result


# ---- progress lines -------------------------------------------------------------------------


@pytest.fixture
def status_writes(module_store: Store, monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """Every progress step written to the database while the test runs."""
    written: list[str | None] = []
    set_status = module_store.set_status

    def spy(run_id: str, status: Any, *, progress_step: str | None = None) -> None:
        written.append(progress_step)
        set_status(run_id, status, progress_step=progress_step)

    monkeypatch.setattr(module_store, "set_status", spy)
    return written


def test_a_progress_line_that_is_not_an_object_is_ignored(
    module_store: Store, data_dir: Path, status_writes: list[str | None]
) -> None:
    result = run(module_store, data_dir, hostile.PROGRESS_NOT_AN_OBJECT)
    assert result.status == "failed" and result.error is not None
    assert result.error.kind == "exception", result.error  # the snippet's own error
    assert "the snippet's own error" in result.error.message
    assert set(status_writes) <= {*RUN_STEPS, None}
    assert any("progress" in note and "ignored" in note for note in result.notes), result.notes


def test_huge_progress_steps_are_never_stored(
    module_store: Store, data_dir: Path, status_writes: list[str | None], tmp_path: Path
) -> None:
    result = run(module_store, data_dir, hostile.PROGRESS_HUGE_STEPS)
    assert result.error is not None and result.error.kind == "exception", result.error
    assert set(status_writes) <= {*RUN_STEPS, None}
    measured, peak, _ = run_measured(tmp_path, hostile.PROGRESS_HUGE_STEPS)
    assert measured.error is not None and measured.error.kind == "exception"
    assert peak < GiB


def test_a_progress_flood_makes_few_status_writes(
    module_store: Store, data_dir: Path, status_writes: list[str | None]
) -> None:
    result = run(module_store, data_dir, hostile.PROGRESS_FLOOD)
    assert result.error is not None and result.error.kind == "exception", result.error
    # at most one write per step, forwards only, however many lines came
    assert len(status_writes) <= len(RUN_STEPS) + 1, len(status_writes)


def test_a_snippets_own_progress_line_does_not_move_the_step_list(
    module_store: Store, data_dir: Path, status_writes: list[str | None]
) -> None:
    """The snippet can write to the progress pipe; its lines lack the key the harness got
    with the job, so a "timing" line from a snippet that never got past loading is ignored."""
    result = run(module_store, data_dir, hostile.PROGRESS_JUMP)
    assert result.error is not None and result.error.kind == "exception", result.error
    assert "timing" not in status_writes, status_writes
    assert "loading snippet" in status_writes  # the harness's own lines still pass
    assert any("progress" in note and "ignored" in note for note in result.notes), result.notes


# ---- the sandbox's disk ---------------------------------------------------------------------


def test_the_work_directory_holds_only_its_quota(module_store: Store, data_dir: Path) -> None:
    result = run(module_store, data_dir, hostile.FILL_THE_DISK, work_mb=64)
    assert result.status == "failed" and result.error is not None
    assert result.error.kind == "disk_limit", result.error
    assert "64 MiB" in result.error.message
    assert "wrote 256 MiB" not in result.output.stdout


def test_the_work_directory_holds_only_its_file_count(module_store: Store, data_dir: Path) -> None:
    result = run(module_store, data_dir, hostile.MANY_FILES, work_files=2000)
    assert result.status == "failed" and result.error is not None
    assert result.error.kind == "disk_limit", result.error
    assert "2,000 files" in result.error.message
