"""Where a run ran, as the worker sees it: nvidia-smi's answer (recorded on the H200 device
machine of this workplace, driver 580.159.04; this machine has no GPU), /proc/cpuinfo, and
what happens when the run's claim cannot be true."""

from __future__ import annotations

import glob
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from backend.result import DeviceInfo
from backend.worker import device
from backend.worker.bundle import InvalidBundle
from backend.worker.device import Gpu, lookup_gpu, parse_smi, recorded_device, selected_gpu

# `nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader` on the
# H200 machine (also with `-i 0` and `-i GPU-f3a6...`: the same line), then with `-i 7`.
H200 = "NVIDIA H200, 580.159.04, 143771 MiB\n"
UNKNOWN_ID = "No devices were found\n"  # exit status 6
EIGHT = "".join("NVIDIA H100 80GB HBM3, 550.54.15, 81559 MiB\n" for _ in range(8))
DRIVER_DOWN = (
    "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure "
    "that the latest NVIDIA driver is installed and running.\n"
)


def test_the_recorded_h200_line_is_read() -> None:
    assert parse_smi(H200) == [Gpu("NVIDIA H200", "580.159.04", 143771 * 2**20)]
    assert len(parse_smi(EIGHT)) == 8


def test_unknown_fields_and_odd_rows_degrade() -> None:
    assert parse_smi("NVIDIA A100-SXM4-40GB, [N/A], [Not Supported]\n") == [
        Gpu("NVIDIA A100-SXM4-40GB", None, None)
    ]
    assert parse_smi(UNKNOWN_ID) == [] and parse_smi(DRIVER_DOWN) == [] and parse_smi("") == []
    assert parse_smi("Tesla T4, 470.1, 15 GiB\n") == [Gpu("Tesla T4", "470.1", 15 * 2**30)]


@pytest.mark.parametrize(
    ("visible", "selected"),
    [(None, None), ("1,0", "1"), (" GPU-f3a6 ,1", "GPU-f3a6"), ("", ""), ("-1", "")],
)
def test_the_gpu_cuda_calls_0_is_the_first_visible_one(
    visible: str | None, selected: str | None
) -> None:
    assert selected_gpu(visible) == selected


class FakeSmi:
    """Stands in for nvidia-smi: records the command, answers like the recorded one."""

    def __init__(self, stdout: str, returncode: int = 0, stderr: str = "") -> None:
        self.answer = subprocess.CompletedProcess([], returncode, stdout, stderr)
        self.commands: list[list[str]] = []

    def __call__(self, command: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        self.commands.append(command)
        return self.answer


@pytest.fixture
def smi_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: f"/usr/bin/{name}")


@pytest.mark.usefixtures("smi_installed")
def test_the_selected_gpu_is_asked_for() -> None:
    smi = FakeSmi(H200)
    found = lookup_gpu("1", run=smi)
    assert found.gpu == Gpu("NVIDIA H200", "580.159.04", 143771 * 2**20)
    assert smi.commands[0][-2:] == ["-i", "1"]
    assert "--query-gpu=name,driver_version,memory.total" in smi.commands[0]


@pytest.mark.usefixtures("smi_installed")
def test_an_id_nvidia_smi_does_not_know_is_unknown_not_absent() -> None:
    found = lookup_gpu("MIG-0000", run=FakeSmi(UNKNOWN_ID, returncode=6))
    assert found.gpu is None and not found.absent
    assert "No devices were found" in (found.why or "") and "MIG-0000" in (found.why or "")


@pytest.mark.usefixtures("smi_installed")
def test_no_gpu_at_all_is_absent_and_a_driver_failure_is_unknown() -> None:
    assert lookup_gpu(None, run=FakeSmi(UNKNOWN_ID, returncode=6)).absent
    down = lookup_gpu(None, run=FakeSmi("", returncode=9, stderr=DRIVER_DOWN))
    assert down.gpu is None and not down.absent and "NVIDIA-SMI has failed" in (down.why or "")


@pytest.mark.usefixtures("smi_installed")
def test_a_hung_nvidia_smi_degrades() -> None:
    def hangs(command: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        raise subprocess.TimeoutExpired(command, 15)

    found = lookup_gpu(None, run=hangs)
    assert found.gpu is None and not found.absent and "timed out" in (found.why or "")


def test_without_nvidia_smi_device_nodes_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.setattr(glob, "glob", lambda pattern: [])
    assert lookup_gpu(None).absent
    monkeypatch.setattr(glob, "glob", lambda pattern: ["/dev/nvidia0"])
    assert not lookup_gpu(None).absent
    assert lookup_gpu("").absent  # CUDA_VISIBLE_DEVICES="" hides every GPU


def test_the_cpu_name_is_proc_cpuinfos() -> None:
    names = [
        line.split(":", 1)[1].strip()
        for line in Path("/proc/cpuinfo").read_text().splitlines()
        if line.startswith("model name")
    ]
    if not names:
        pytest.skip("no `model name` in /proc/cpuinfo here")
    assert device.cpu_name() == names[0]


def test_a_cpu_run_gets_the_workers_cpu_name_and_host() -> None:
    claimed = DeviceInfo(type="cpu", name="NVIDIA H200", l2_cache_bytes=1, note="from the run")
    recorded, driver = recorded_device(claimed, "worker-1")
    assert recorded is not None and driver is None
    assert recorded.name == device.cpu_name() != "NVIDIA H200"
    kept = (recorded.worker, recorded.l2_cache_bytes, recorded.note)
    assert kept == ("worker-1", 1, claimed.note)
    assert recorded.host


def test_a_cuda_run_gets_nvidia_smis_name_and_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(device, "_cached_gpu", lambda visible: device.GpuLookup(parse_smi(H200)[0]))
    claimed = DeviceInfo(type="cuda", name="NVIDIA B200 (forged)")
    recorded, driver = recorded_device(claimed, "gpu-worker")
    assert recorded is not None
    assert (recorded.name, recorded.memory_bytes, driver) == (
        "NVIDIA H200",
        143771 * 2**20,
        "580.159.04",
    )
    unknown = device.GpuLookup(None, why="nvidia-smi: timed out")
    monkeypatch.setattr(device, "_cached_gpu", lambda visible: unknown)
    recorded, driver = recorded_device(claimed, "gpu-worker")
    assert recorded is not None and "name unknown" in recorded.name and driver is None


def test_a_cuda_run_on_a_worker_without_a_gpu_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    absent = device.GpuLookup(None, absent=True, why="nvidia-smi is not installed")
    monkeypatch.setattr(device, "_cached_gpu", lambda visible: absent)
    with pytest.raises(InvalidBundle, match=r"CUDA device .* no GPU"):
        recorded_device(DeviceInfo(type="cuda", name="NVIDIA H200"), "local")


def test_other_processes_on_the_gpu_are_read_from_nvidia_smi() -> None:
    from backend.worker.device import parse_compute_apps

    rows = "4242, python, 1024\n77, /usr/bin/my app, [N/A]\nNo running processes found\n"
    found = parse_compute_apps(rows)
    assert [(p.pid, p.name, p.used_memory_bytes) for p in found] == [
        (4242, "python", 1024 * 1024**2),
        (77, "/usr/bin/my app", None),
    ]


def test_the_workers_own_processes_are_not_others() -> None:
    import os

    from backend.worker.device import _descends_from

    assert _descends_from(os.getpid(), os.getpid())
    assert not _descends_from(1, os.getpid())


def test_another_slots_run_is_busy_gpu_but_this_run_and_idle_spares_are_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Two local slots on one GPU: each run must see the other's process as load, never its
    # own, and never an idle spare (real processes, a faked nvidia-smi answer).
    import subprocess
    import sys
    import threading

    sleep = [sys.executable, "-c", "import time; time.sleep(30)"]
    ours, neighbour, spare = (subprocess.Popen(sleep) for _ in range(3))
    try:
        rows = (
            "".join(f"{p.pid}, python3, 512\n" for p in (ours, neighbour, spare)) + "1, init, 1\n"
        )
        answer = subprocess.CompletedProcess([], 0, stdout=rows, stderr="")
        monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/nvidia-smi")
        registered = threading.Event()
        release = threading.Event()

        def other_slot() -> None:
            with device.running_run(neighbour.pid):
                registered.set()
                release.wait(10)

        slot = threading.Thread(target=other_slot)
        slot.start()
        registered.wait(10)
        with device.running_run(ours.pid):
            owner = threading.get_ident()
            found = device.other_gpu_processes(None, lambda *a, **k: answer, owner=owner)
        release.set()
        slot.join()
        assert found is not None
        assert {p.pid: p.name for p in found} == {
            neighbour.pid: "python3 (another run here)",
            1: "init",
        }
        # once the other slot's run is over, its process is no longer counted as a run
        after = device.other_gpu_processes(None, lambda *a, **k: answer, owner=owner)
        assert after is not None and {p.pid for p in after} == {1}
    finally:
        for process in (ours, neighbour, spare):
            process.kill()
            process.wait()
