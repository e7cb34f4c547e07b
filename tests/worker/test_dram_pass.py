"""Measured DRAM bytes (`measure: ["dram"]`): the merge of ncu's numbers into the run's
kernels, and the worker's pass around a FAKE `ncu`.

CPU CI has no GPU and no Nsight Compute. The tests marked "wiring" put a fake `ncu` first on
PATH (a script that checks the arguments it is given and prints a real H200 CSV from
tests/data/ncu) and give the worker a recorded H200
bundle (a CUDA device) as the run's outcome: they verify the worker's wiring, NOT the GPU,
ncu or the harness's NVTX pass (docs/gpu-validation.md has the command for that check).
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest

from backend.analysis.dram import kernel_key, merge_dram
from backend.analysis.ncu import NcuKernel, parse_ncu_csv
from backend.compare import compare_runs
from backend.figures.traffic import traffic_figure
from backend.figures.units import human_bytes
from backend.limits import RunLimits, SandboxMode
from backend.report import render
from backend.result import DRAM_STEP, Measurement, RunResult, VariantName
from backend.worker import device as worker_device
from backend.worker import execute
from backend.worker.bundle import load_bundle
from backend.worker.child import ChildOutcome
from backend.worker.dram import METRICS
from backend.worker.execute import result_from_outcome, run_job
from backend.worker.process import Job, WorkerSetup
from tests.helpers import present
from tests.worker.host_caches import no_host_probes

DATA = Path(__file__).resolve().parents[1] / "data"
RECORDED = DATA / "h200_bundles" / "add_relu" / "bundle"
NCU_CSV = DATA / "ncu" / "add_relu_ncu.csv"
CODE = (DATA / "h200_bundles" / "add_relu" / "snippet.py").read_text()
# ncu's numbers for add_relu (fp32, 2**26 elements; the recorded bundle is at 1e6
# elements: the merge matches by variant, order and name, so sizes need not agree).
EAGER_ADD = (536_923_136, 249_417_216)
EAGER_RELU = (268_446_464, 241_981_440)
COMPILED = (536_875_520, 253_147_904)

FAKE_NCU = """#!{python}
import json, os, sys
config = json.load(open(os.path.join(os.path.dirname(__file__), "config.json")))
args = sys.argv[1:]
open(config["calls"], "a").write(" ".join(args) + "\\n")
expected = ["--csv", "--nvtx", "--nvtx-include", "EAGER/", "--nvtx-include", "COMPILED/",
            "--clock-control", "none", "--metrics", "{metrics}", "--target-processes", "all"]
if args[:len(expected)] != expected:
    sys.exit("fake ncu: unexpected options " + repr(args))
target = args[len(expected):]
if target[1:5] != ["-m", "backend.harness", "--ncu-pass", "--snippet"]:
    sys.exit("fake ncu: unexpected target " + repr(target))
if open(target[5]).read() != config["code"]:
    sys.exit("fake ncu: the snippet file is not the run's code")
mode = config["mode"]
if mode == "denied":
    print("==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA "
          "GPU Performance Counters on the target device 0.")
    sys.exit(1)
if mode == "hang":
    import time
    time.sleep(60)
if mode == "flood":
    sys.stdout.write("x" * (17 * 1024 * 1024))
    sys.exit(0)
# Like ncu, start the target as a child (a CPU host has no CUDA: the pass must get as far as
# saying so, rather than exit early), then print the recorded CSV.
import subprocess
done = subprocess.run(target, capture_output=True, text=True)
if done.returncode == 0 or "CUDA device" not in done.stderr:
    sys.exit(f"fake ncu: the pass exited {{done.returncode}} before its device check: "
             + done.stderr[-500:])
sys.stdout.write(open(config["csv"]).read())
"""


@pytest.fixture
def fake_ncu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake `ncu` first on PATH; returns the file it logs each call's arguments to."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "ncu"
    script.write_text(FAKE_NCU.format(python=sys.executable, metrics=METRICS))
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    calls = tmp_path / "ncu-calls.txt"
    fake_mode(bin_dir, "csv", calls)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    return calls


def fake_mode(bin_dir: Path, mode: str, calls: Path | None = None) -> None:
    """What the fake ncu does: print the CSV, or deny the counters, hang, flood stdout.
    (Its settings are a file beside it: the worker passes ncu a clean environment.)"""
    config = bin_dir / "config.json"
    known = json.loads(config.read_text()) if config.exists() else {}
    calls_file = str(calls) if calls is not None else known["calls"]
    config.write_text(
        json.dumps({"calls": calls_file, "csv": str(NCU_CSV), "code": CODE, "mode": mode})
    )


def recorded_outcome(device_type: str = "cuda") -> ChildOutcome:
    bundle = load_bundle(RECORDED)
    assert bundle is not None
    bundle.document["device"]["type"] = device_type
    return ChildOutcome("succeeded", bundle, None, "", "", False, 1.0)


@pytest.fixture
def child_returns_recorded(monkeypatch: pytest.MonkeyPatch) -> list[ChildOutcome]:
    """The run's child replaced by a recorded H200 run (a faked CUDA device); the ncu
    pass's environment made without the host's probes (a fast test of the wiring)."""
    given: list[ChildOutcome] = []
    no_host_probes(monkeypatch)

    def fake_child(*_args: object, **_kwargs: object) -> ChildOutcome:
        given.append(recorded_outcome())
        return given[-1]

    monkeypatch.setattr(execute, "run_child", fake_child)
    monkeypatch.setattr(worker_device, "prefetch", lambda: None)
    monkeypatch.setattr(worker_device, "watch_gpu", lambda: None)
    return given


def queued() -> RunResult:
    return RunResult(
        id="r1", status="running", created_at="2026-12-03T00:00:00+00:00", code_sha256="0"
    )


def setup(tmp_path: Path, sandbox: SandboxMode = "none", timeout_s: float = 120.0) -> WorkerSetup:
    return WorkerSetup(tmp_path / "data", "cuda", RunLimits(timeout_s=timeout_s, sandbox=sandbox))


def dram_numbers(result: RunResult, variant: VariantName) -> list[tuple[int | None, int | None]]:
    kernels = present(result.variants)[variant].kernels
    return [(k.dram_bytes_read, k.dram_bytes_written) for k in kernels]


# ---- the merge, on the recorded fixture --------------------------------------------------


def test_ncu_kernel_names_match_the_profilers_by_function_name() -> None:
    profiler = (
        "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, "
        "std::array<char*, 3ul> >(int, at::native::CUDAFunctor_add<float>, std::array<char*, 3ul>)"
    )
    ncu = (
        "void at::vectorized_elementwise_kernel<4, at::CUDAFunctor_add<float>, "
        "std::array<char *, 3>>(int, T2, T3)"
    )
    assert kernel_key(profiler) == kernel_key(ncu) == "vectorized_elementwise_kernel"
    assert kernel_key("triton_poi_fused_add_relu_0") == "triton_poi_fused_add_relu_0"


def test_recorded_h200_ncu_numbers_land_on_the_recorded_runs_kernels() -> None:
    analysis = present(load_bundle(RECORDED)).analyse()
    match = merge_dram(analysis.variants, parse_ncu_csv(NCU_CSV.read_text()))
    assert match.matched == {"eager": 2, "compiled": 1}
    assert match.profiled == {"eager": 2, "compiled": 1}
    eager = [(k.dram_bytes_read, k.dram_bytes_written) for k in analysis.variants["eager"].kernels]
    compiled = analysis.variants["compiled"].kernels[0]
    assert eager == [EAGER_ADD, EAGER_RELU]
    assert (compiled.dram_bytes_read, compiled.dram_bytes_written) == COMPILED


def _ncu(launch: int, name: str, nvtx: str | None, read: int | None = 100) -> NcuKernel:
    ranges = () if nvtx is None else (nvtx,)
    return NcuKernel(launch, name, nvtx, ranges, None, None, read, 50, 1000, None, {})


def test_extra_profiler_kernels_are_skipped_and_never_paired_with_another_kernel() -> None:
    analysis = present(load_bundle(RECORDED)).analyse()
    measured = [
        _ncu(0, "void at::native::vectorized_elementwise_kernel<4, add>(int)", "EAGER", 1),
        _ncu(1, "void at::native::unrolled_elementwise_kernel<fill>(int)", "EAGER", 7),  # extra
        _ncu(2, "void at::native::vectorized_elementwise_kernel<4, clamp>(int)", "EAGER", 2),
        _ncu(3, "triton_poi_fused_something_else_0", "COMPILED", 3),  # not the run's kernel
        _ncu(4, "void at::native::vectorized_elementwise_kernel<4, x>(int)", None, 9),  # no range
    ]
    match = merge_dram(analysis.variants, measured)
    assert [k.dram_bytes_read for k in analysis.variants["eager"].kernels] == [1, 2]
    assert analysis.variants["compiled"].kernels[0].dram_bytes_read is None
    assert match.matched == {"eager": 2, "compiled": 0}


def test_impossible_measured_values_are_dropped() -> None:
    analysis = present(load_bundle(RECORDED)).analyse()
    measured = [_ncu(0, "triton_poi_fused_add_relu_0", "COMPILED", -5)]
    assert merge_dram(analysis.variants, measured).matched["compiled"] == 0
    assert analysis.variants["compiled"].kernels[0].dram_bytes_read is None


# ---- the worker's pass, with a fake ncu (wiring, not the GPU) ----------------------------


@pytest.mark.usefixtures("child_returns_recorded")
def test_wiring_fake_ncu_measured_bytes_reach_the_result_document(
    tmp_path: Path, fake_ncu: Path
) -> None:
    job = Job(CODE, None, "default", ("dram",))
    outcome = run_job(job, setup(tmp_path), name="r1")
    result, _ = result_from_outcome(queued(), outcome, recorded_elsewhere=True)
    assert fake_ncu.read_text().count("--ncu-pass") == 1  # one pass, both variants
    assert dram_numbers(result, "eager") == [EAGER_ADD, EAGER_RELU]
    assert dram_numbers(result, "compiled") == [COMPILED]
    (measurement,) = result.measurements
    assert measurement.kind == "dram" and measurement.measured and measurement.reason is None
    assert measurement.kernels_matched == {"eager": 2, "compiled": 1}
    assert measurement.seconds is not None and measurement.seconds >= 0
    assert result.step_seconds is not None and DRAM_STEP in result.step_seconds
    assert not (tmp_path / "data" / "work" / "r1-ncu").exists()  # its directory is gone
    again = RunResult.model_validate_json(result.model_dump_json())
    assert dram_numbers(again, "compiled") == [COMPILED]


@pytest.mark.usefixtures("child_returns_recorded")
def test_wiring_without_measure_no_ncu_pass_runs(tmp_path: Path, fake_ncu: Path) -> None:
    outcome = run_job(Job(CODE), setup(tmp_path), name="r1")
    result, _ = result_from_outcome(queued(), outcome, recorded_elsewhere=True)
    assert not fake_ncu.exists()
    assert result.measurements == [] and dram_numbers(result, "compiled") == [(None, None)]


@pytest.mark.parametrize(
    ("mode", "cause", "words"),
    [
        ("denied", "counters_not_permitted", "ERR_NVGPUCTRPERM"),
        ("hang", "timeout", "did not finish within 2 s"),
        ("flood", "output_limit", "MiB"),
    ],
)
@pytest.mark.usefixtures("child_returns_recorded")
def test_wiring_fake_ncu_failures_say_why_and_leave_kernels_unmeasured(
    tmp_path: Path,
    fake_ncu: Path,
    monkeypatch: pytest.MonkeyPatch,
    mode: str,
    cause: str,
    words: str,
) -> None:
    fake_mode(tmp_path / "bin", mode)
    outcome = run_job(Job(CODE, measure=("dram",)), setup(tmp_path, timeout_s=2.0), name="r1")
    result, _ = result_from_outcome(queued(), outcome, recorded_elsewhere=True)
    (measurement,) = result.measurements
    assert not measurement.measured and measurement.cause == cause
    assert measurement.reason is not None and words in measurement.reason
    assert dram_numbers(result, "eager") == [(None, None), (None, None)]
    assert result.status == "succeeded"  # the run itself stands


@pytest.mark.usefixtures("child_returns_recorded")
def test_wiring_under_the_sandbox_the_snippet_never_runs_unsandboxed(
    tmp_path: Path, fake_ncu: Path
) -> None:
    outcome = run_job(Job(CODE, measure=("dram",)), setup(tmp_path, "bwrap"), name="r1")
    (measurement,) = outcome.measurements
    assert not fake_ncu.exists()  # ncu (and so the snippet) never started
    assert measurement.cause == "sandbox"
    assert "not available under the sandbox yet" in (measurement.reason or "")


@pytest.mark.usefixtures("child_returns_recorded")
def test_wiring_no_ncu_on_path_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    outcome = run_job(Job(CODE, measure=("dram",)), setup(tmp_path), name="r1")
    (measurement,) = outcome.measurements
    assert measurement.cause == "ncu_missing" and "not installed" in (measurement.reason or "")


def test_a_cpu_run_is_not_measured_and_says_why(tmp_path: Path, fake_ncu: Path) -> None:
    from backend.worker.dram import measure_dram

    found = measure_dram(Job(CODE, measure=("dram",)), setup(tmp_path), recorded_outcome("cpu"))
    assert not fake_ncu.exists()
    assert found.measurement.cause == "cpu_device" and found.kernels is None


@pytest.mark.slow
def test_a_real_cpu_run_asked_to_measure_dram_says_why_not(tmp_path: Path) -> None:
    from backend.store.repository import Store

    with Store.open(tmp_path) as store:
        run_id = store.create_run(CODE, measure=["dram"])
        worker = WorkerSetup(tmp_path, "cpu", RunLimits(sandbox="none"))
        result = execute.execute_run(store, run_id, worker, measure=("dram",))
        assert store.load_result(run_id) == result
    assert result.status == "succeeded", result.error
    (measurement,) = result.measurements
    assert not measurement.measured and measurement.cause == "cpu_device"
    assert "CPU" in (measurement.reason or "")
    kernels = [k for v in result.variants.values() for k in v.kernels]
    assert kernels and all(k.dram_bytes_read is None for k in kernels)


# ---- shown: CLI summary, traffic hover, compare, and stored whole -------------------------


def measured_result() -> RunResult:
    outcome = recorded_outcome()
    outcome.measurements = [Measurement(kind="dram", measured=True, seconds=2.5)]
    outcome.ncu_kernels = parse_ncu_csv(NCU_CSV.read_text())
    result, _ = result_from_outcome(queued(), outcome, recorded_elsewhere=True)
    return result


def test_the_cli_summary_gives_measured_vs_logical_per_variant() -> None:
    text = render(measured_result())
    assert "DRAM bytes, measured by Nsight Compute (ncu pass: 2.5 s):" in text
    eager = sum(EAGER_ADD) + sum(EAGER_RELU)
    assert f"eager     {human_bytes(eager)} measured vs 19.1 MiB logical" in text
    assert f"{eager / 20e6:.2f}x logical" in text


def test_the_cli_summary_says_why_not() -> None:
    result = measured_result().model_copy(
        update={"measurements": [Measurement(kind="dram", measured=False, reason="no ncu here")]}
    )
    assert "DRAM bytes: no ncu here" in render(result)


def test_the_traffic_hover_shows_both_numbers() -> None:
    figure = traffic_figure(measured_result())
    hovers = [h for trace in figure.data for h in (trace.hovertext or ())]
    both = "kernel: logical 11.4 MiB · DRAM measured: read 512 MiB · written 238 MiB"
    assert sum(both in h for h in hovers) == 3  # the add kernel's three arrows
    assert any("read 7.63 MiB" in h and "DRAM measured: read 512 MiB" in h for h in hovers)
    unmeasured, _ = result_from_outcome(queued(), recorded_outcome(), recorded_elsewhere=True)
    plain = traffic_figure(unmeasured)
    assert not any("DRAM" in h for t in plain.data for h in (t.hovertext or ()))


def test_compare_gives_measured_dram_deltas_when_both_runs_have_them() -> None:
    a, b = measured_result(), measured_result()
    b.variants["compiled"].kernels[0].dram_bytes_read = COMPILED[0] // 2
    delta = compare_runs(a, b).variants["compiled"].dram_bytes
    assert (delta.a, delta.b) == (sum(COMPILED), COMPILED[0] // 2 + COMPILED[1])
    unmeasured, _ = result_from_outcome(queued(), recorded_outcome(), recorded_elsewhere=True)
    assert compare_runs(a, unmeasured).variants["compiled"].dram_bytes.b is None


def test_measured_bytes_and_measurements_are_stored_and_load_back(tmp_path: Path) -> None:
    from backend.store.repository import Store

    with Store.open(tmp_path) as store:
        run_id = store.create_run(CODE, measure=["dram"])
        result = measured_result().model_copy(update={"id": run_id, "status": "succeeded"})
        store.save_result(result, CODE, [])
        loaded = store.load_result(run_id)
    assert loaded is not None and loaded.measurements == result.measurements
    assert dram_numbers(loaded, "eager") == [EAGER_ADD, EAGER_RELU]


def test_the_pass_compiles_the_first_of_several_modes(tmp_path: Path) -> None:
    """A run with compile_modes measures `variants.compiled`, its first mode: the comma
    list itself is no mode torch.compile knows."""
    from backend.worker.dram import _command

    job = Job(code="x = 1", compile_mode="max-autotune-no-cudagraphs,reduce-overhead")
    command = _command("ncu", job, WorkerSetup(tmp_path), "snippet.py")
    mode = command[command.index("--compile-mode") + 1]
    assert mode == "max-autotune-no-cudagraphs"
