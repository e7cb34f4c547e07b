"""Where a run ran, as the worker itself sees it: device name, driver, memory, host.

The snippet runs in the harness's process and writes the bundle, so the bundle's device
is the snippet's claim ("NVIDIA H200" on a CPU machine). The worker, which never imports
torch, asks the system instead: `nvidia-smi` for the GPU that CUDA_VISIBLE_DEVICES
selects, /proc/cpuinfo for the CPU. The bundle still says which kind of device the run
used (the analysis reads CPU and CUDA traces differently); a CUDA run on a worker that
has no GPU is refused as forged.
"""

from __future__ import annotations

import contextlib
import functools
import glob
import os
import platform
import shutil
import socket
import subprocess
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from backend.result import DeviceInfo, GpuProcess
from backend.worker.bundle import InvalidBundle

SMI_QUERY = ("--query-gpu=name,driver_version,memory.total", "--format=csv,noheader")
SMI_TIMEOUT_S = 15.0
CPUINFO_BYTES = 256 * 1024  # the first processor's block is near the start
# CUDA_VISIBLE_DEVICES values that hide every GPU (an empty value too)
_NO_DEVICE = ("-1", "NoDevFiles", "none")
_UNITS = {"KiB": 1024, "MiB": 1024**2, "GiB": 1024**3}


@dataclass(frozen=True)
class Gpu:
    name: str
    driver: str | None
    memory_bytes: int | None


@dataclass(frozen=True)
class GpuLookup:
    """The GPU a run on this worker would get, or why there is none (`absent`: certainly
    none, so a CUDA run here is impossible) or why it is unknown."""

    gpu: Gpu | None
    absent: bool = False
    why: str | None = None


def parse_smi(text: str) -> list[Gpu]:
    """Rows of `nvidia-smi --query-gpu=name,driver_version,memory.total
    --format=csv,noheader`, e.g. `NVIDIA H200, 570.133.20, 143771 MiB`. Rows that do not
    have the three columns are skipped; `[N/A]` and the like read as unknown."""
    found = []
    for row in text.splitlines():
        parts = [part.strip() for part in row.rsplit(",", 2)]
        if len(parts) != 3 or not parts[0] or parts[0].startswith("["):
            continue
        name, driver, memory = parts
        found.append(Gpu(name[:256], _known(driver), _memory_bytes(memory)))
    return found


def _known(text: str) -> str | None:
    return None if not text or text.startswith("[") else text[:64]


def _memory_bytes(text: str) -> int | None:
    number, _, unit = text.partition(" ")
    if unit not in _UNITS or not number.isdigit():
        return None
    return int(number) * _UNITS[unit]


def selected_gpu(visible: str | None) -> str | None:
    """The GPU CUDA numbers 0 under CUDA_VISIBLE_DEVICES, as nvidia-smi's `-i` takes it
    (an index or a UUID); "" when the variable hides every GPU, None when it is unset."""
    if visible is None:
        return None
    first = visible.split(",")[0].strip()
    return "" if first in ("", *_NO_DEVICE) else first


Runner = Callable[..., "subprocess.CompletedProcess[str]"]


def lookup_gpu(visible: str | None, run: Runner | None = None) -> GpuLookup:
    """Ask nvidia-smi about the GPU a run gets under CUDA_VISIBLE_DEVICES=`visible`."""
    selected = selected_gpu(visible)
    if selected == "":
        return GpuLookup(None, absent=True, why=f"CUDA_VISIBLE_DEVICES={visible!r} hides every GPU")
    smi = shutil.which("nvidia-smi")
    if smi is None:
        nodes = glob.glob("/dev/nvidia[0-9]*")
        why = "nvidia-smi is not installed" + ("" if nodes else " and there is no /dev/nvidia*")
        return GpuLookup(None, absent=not nodes, why=why)
    command = [smi, *SMI_QUERY, *(["-i", selected] if selected is not None else [])]
    try:
        done = (run or subprocess.run)(
            command, capture_output=True, text=True, timeout=SMI_TIMEOUT_S, check=False
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return GpuLookup(None, why=f"nvidia-smi failed: {exc}")
    gpus = parse_smi(done.stdout) if done.returncode == 0 else []
    if gpus:
        return GpuLookup(gpus[0])
    said = (done.stderr or done.stdout).strip().splitlines()
    why = f"nvidia-smi: {said[0][:200] if said else f'exit status {done.returncode}'}"
    # With `-i`, "No devices were found" only says nvidia-smi does not know that id (a MIG
    # UUID, say): the GPU is unknown, not absent. Without it, there is no GPU at all.
    none_at_all = selected is None and "No devices were found" in why
    if selected is not None:
        why += f" (for CUDA_VISIBLE_DEVICES={visible!r})"
    return GpuLookup(None, absent=none_at_all, why=why)


def _cached_gpu(visible: str | None) -> GpuLookup:
    with _SMI_LOCK:  # a second asker waits for the first's answer instead of asking again
        return _gpu_once(visible)


@functools.cache
def _gpu_once(visible: str | None) -> GpuLookup:
    return lookup_gpu(visible)


_SMI_LOCK = threading.Lock()


def prefetch() -> None:
    """Ask nvidia-smi now, in the background, about the GPU this process's runs get, so
    that recording a finished run's device waits for nothing (nvidia-smi takes a second or
    two on a large GPU host). Once per process; nothing where there is no nvidia-smi."""
    if _PREFETCHED.is_set() or shutil.which("nvidia-smi") is None:
        return
    _PREFETCHED.set()
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    asking = threading.Thread(target=_cached_gpu, args=(visible,), name="ks-smi", daemon=True)
    asking.start()


_PREFETCHED = threading.Event()


def cpu_name() -> str:
    """The CPU's model name (/proc/cpuinfo), or the best the platform says."""
    try:
        with open("/proc/cpuinfo", "rb") as cpuinfo:
            text = cpuinfo.read(CPUINFO_BYTES).decode(errors="replace")
    except OSError:
        text = ""
    for key in ("model name", "Model", "Hardware", "cpu model"):
        for line in text.splitlines():
            label, _, value = line.partition(":")
            if label.strip() == key and value.strip():
                return value.strip()[:256]
    return platform.processor() or platform.machine() or "unknown CPU"


def recorded_device(
    claimed: DeviceInfo | None, worker: str
) -> tuple[DeviceInfo | None, str | None]:
    """The device as this worker records it (name, memory, host, worker) and its driver,
    keeping of the run's claim only its kind, cache size and note. InvalidBundle when the
    claim cannot be true here."""
    if claimed is None:
        return None, None
    facts = {"host": socket.gethostname()[:256], "worker": worker[:200]}
    if claimed.type == "cpu":
        return claimed.model_copy(update={"name": cpu_name(), "memory_bytes": None, **facts}), None
    found = _cached_gpu(os.environ.get("CUDA_VISIBLE_DEVICES"))
    if found.absent:
        raise InvalidBundle(
            f"The run says it used a CUDA device ({claimed.name[:80]!r}), but this worker has no "
            f"GPU ({found.why}). The bundle is not the harness's: nothing of it was stored."
        )
    gpu = found.gpu
    name = gpu.name if gpu is not None else f"CUDA device (name unknown: {found.why})"
    memory = gpu.memory_bytes if gpu is not None else None
    device = claimed.model_copy(update={"name": name, "memory_bytes": memory, **facts})
    return device, gpu.driver if gpu is not None else None


def this_device(setup_device: str) -> tuple[str, str]:
    """(kind, name) of the device this process's runs get under the harness's `--device`
    (auto, cpu or cuda), named as `recorded_device` names it."""
    if setup_device == "cpu":
        return "cpu", cpu_name()
    found = _cached_gpu(os.environ.get("CUDA_VISIBLE_DEVICES"))
    if found.gpu is not None:
        return "cuda", found.gpu.name
    if setup_device == "cuda":
        return "cuda", f"CUDA device (name unknown: {found.why})"
    return "cpu", cpu_name()


def worker_device_name(gpu: str | None) -> str:
    """What a remote worker runs on, for the workers list: its GPU's name, or its CPU's."""
    if gpu is None:
        return cpu_name()
    found = _cached_gpu(gpu)
    return found.gpu.name if found.gpu is not None else f"GPU {gpu}"


# ---- other processes on the run's GPU ------------------------------------------

SMI_APPS_QUERY = (
    "--query-compute-apps=pid,process_name,used_memory",
    "--format=csv,noheader,nounits",
)


def parse_compute_apps(text: str) -> list[GpuProcess]:
    """Rows of `nvidia-smi --query-compute-apps=pid,process_name,used_memory
    --format=csv,noheader,nounits`, e.g. `4242, python, 1024` (MiB). Other rows skipped."""
    found = []
    for row in text.splitlines():
        parts = [part.strip() for part in row.split(",")]
        if len(parts) < 3 or not parts[0].isdigit():
            continue
        pid, name, memory = int(parts[0]), ",".join(parts[1:-1])[:256], parts[-1]
        found.append(GpuProcess(pid=pid, name=name, used_memory_bytes=_mib(memory)))
    return found


def _mib(text: str) -> int | None:
    return int(text) * 1024**2 if text.isdigit() else None


def _descends_from(pid: int, ancestor: int) -> bool:
    """Is `pid` this worker's own (its run's process, a spare)? Walks /proc's parents; a pid
    this host's /proc does not show (another container's) is not ours."""
    seen = 0
    while pid > 1 and seen < 64:
        if pid == ancestor:
            return True
        try:
            with open(f"/proc/{pid}/stat", "rb") as stat:
                text = stat.read().decode(errors="replace")
        except OSError:
            return False
        pid = int(text.rsplit(")", 1)[1].split()[1])  # the field after the state: ppid
        seen += 1
    return False


# The harness processes running a snippet in this worker process now, by the thread that
# runs each: with several local slots on one GPU, another slot's run is load for this one.
_RUNNING: dict[int, int] = {}  # process id -> the running thread's ident
_RUNNING_LOCK = threading.Lock()


@contextlib.contextmanager
def running_run(pid: int | None) -> Iterator[None]:
    """While a run's process (`pid`) runs its snippet, in this thread."""
    if pid is None:
        yield
        return
    with _RUNNING_LOCK:
        _RUNNING[pid] = threading.get_ident()
    try:
        yield
    finally:
        with _RUNNING_LOCK:
            _RUNNING.pop(pid, None)


def other_gpu_processes(
    visible: str | None, run: Runner | None = None, owner: int | None = None
) -> list[GpuProcess] | None:
    """Processes on the GPU a run gets that are not its own: anything outside this worker,
    and this worker's runs in other slots (not `owner`, the run's thread), but not its idle
    spares. None where nvidia-smi cannot tell."""
    selected = selected_gpu(visible)
    smi = shutil.which("nvidia-smi")
    if selected == "" or smi is None:
        return None
    command = [smi, *SMI_APPS_QUERY, *(["-i", selected] if selected is not None else [])]
    try:
        done = (run or subprocess.run)(
            command, capture_output=True, text=True, timeout=SMI_TIMEOUT_S, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    me = os.getpid()
    with _RUNNING_LOCK:
        neighbours = [pid for pid, thread in _RUNNING.items() if thread != owner]
    found = []
    for process in parse_compute_apps(done.stdout):
        if not _descends_from(process.pid, me):
            found.append(process)
        elif any(_descends_from(process.pid, pid) for pid in neighbours):
            found.append(process.model_copy(update={"name": f"{process.name} (another run here)"}))
    return found


def gpu_memory_of(pids: list[int], run: Runner | None = None) -> int | None:
    """Bytes of GPU memory held by `pids` and the processes under them (a sandboxed spare's
    python runs under its bubblewrap): what idle spares cost the device. None where
    nvidia-smi cannot tell."""
    smi = shutil.which("nvidia-smi")
    if smi is None or selected_gpu(os.environ.get("CUDA_VISIBLE_DEVICES")) == "":
        return None
    try:
        command = [smi, *SMI_APPS_QUERY]
        done = (run or subprocess.run)(
            command, capture_output=True, text=True, timeout=SMI_TIMEOUT_S, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    held = [
        process.used_memory_bytes or 0
        for process in parse_compute_apps(done.stdout)
        if any(_descends_from(process.pid, pid) for pid in pids)
    ]
    return sum(held)


class GpuWatch:
    """Asks nvidia-smi once, in the background, while a run runs: its answer is what else
    was on the GPU then, at no cost to the run's latency (a query takes a second or two)."""

    def __init__(self, visible: str | None) -> None:
        self._found: list[GpuProcess] | None = None
        owner = threading.get_ident()  # the run's thread: its own process is not "other"
        self._thread = threading.Thread(
            target=self._ask, args=(visible, owner), name="ks-smi-apps", daemon=True
        )
        self._thread.start()

    def _ask(self, visible: str | None, owner: int) -> None:
        self._found = other_gpu_processes(visible, owner=owner)

    def result(self, timeout_s: float = SMI_TIMEOUT_S) -> list[GpuProcess] | None:
        self._thread.join(timeout_s)
        return self._found


def watch_gpu() -> GpuWatch | None:
    """A GpuWatch for this worker's runs, or None where there is no GPU to watch."""
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    if shutil.which("nvidia-smi") is None or selected_gpu(visible) == "":
        return None
    return GpuWatch(visible)
