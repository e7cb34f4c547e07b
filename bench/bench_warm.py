"""Submit -> finished through a warm server, beside a bare eager + compile + profile script.

    python bench/bench_warm.py [--device cpu|cuda] [--sandbox auto|bwrap|none]
                               [--repeats N] [SNIPPET.py ...]   (default: examples/add_relu.py)

For each snippet, in one run on this machine:
1. the bare script: a fresh `python` that imports torch and does by hand what a user would
   (eager call, eager profile, torch.compile with caches off, compiled call, compiled
   profile), timed from its start to its end (`REPEATS` times, median);
2. `kernelscope serve` (one worker slot, spares on) started once; before each submission
   the bench waits until the slot's spares are all ready (its /metrics), then times
   `POST /api/runs` -> the run reads as finished (`GET /api/runs/{id}`, polled every 20 ms).

Prints both, the ratio, and the last run's steps and its spare's warm-up (its document).

With `--gaps 0,10,1,...` the bench instead asks what an edit loop meets: once the spares
are ready, it submits the first snippet, then again after each gap (seconds from the last
run's end to the next submission) with no wait for a spare, and prints each run's time
and what it found (a spare ready, nearly warm, parked, or none: a cold start; counted by
/metrics' `kernelscope_spare_takes_total`). `--back-to-back N` is N submits with no gap,
each printed over the bare script's median, measured first in the same run.
Standard library only (urllib): it runs on a GPU host that has torch and the project's
wheels and nothing else. Nothing is asserted: targets are in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FINISHED = {"succeeded", "failed", "timed_out", "crashed", "cancelled"}
# A sample of the Prometheus text format: `name{label="value",...} number`.
SAMPLE = re.compile(r"^(\w+)(?:\{(.*)\})? (\S+)$")
LABEL = re.compile(r'(\w+)="([^"]*)"')
# what a run found, by the `found` label of kernelscope_spare_takes_total
FOUND = {
    "ready": "a spare ready",
    "warming": "a spare nearly warm, and waited for it",
    "parked": "a parked spare, and started the device",
    "none": "no spare: a cold start",
}

# What a user does by hand: the snippet's own function and inputs, eager then compiled,
# each called once before its profile, caches off like Kernelscope's compile.
BARE = r"""
import sys, time, types
started = time.perf_counter()
import torch
from torch.profiler import ProfilerActivity, profile

path, device_name = sys.argv[1], sys.argv[2]
device = torch.device("cuda" if device_name == "cuda" else "cpu")
torch._inductor.config.force_disable_caches = True
module = types.ModuleType("snippet")
module.device = device
exec(compile(open(path).read(), path, "exec"), module.__dict__)
space = module.__dict__
make = space.get("inputs") or space.get("get_inputs")
if callable(space.get("fn")):
    call = space["fn"]
else:
    init = space.get("get_init_inputs", lambda: [])
    call = space["Model"](*init()).to(device)
args = make()
activities = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if device.type == "cuda" else [])


def profiled(function):
    function(*args)
    if device.type == "cuda":
        torch.cuda.synchronize()
    with profile(activities=activities, record_shapes=True) as prof:
        function(*args)
        if device.type == "cuda":
            torch.cuda.synchronize()
    return prof


with torch.no_grad():
    profiled(call)
    profiled(torch.compile(call, dynamic=False))
print(f"{time.perf_counter() - started:.3f}")
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("snippets", nargs="*", type=Path, default=[ROOT / "examples/add_relu.py"])
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    parser.add_argument("--sandbox", choices=("auto", "bwrap", "none"), default="auto")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--spares", type=int, default=None, help="spares per slot")
    parser.add_argument("--log", type=Path, default=None, help="keep the server's log here")
    parser.add_argument("--gaps", type=_gaps, default=None, help="e.g. 0,10,1,9,2,8,3,7,5")
    parser.add_argument("--back-to-back", type=int, default=None, metavar="N",
                        help="N submits with no gap, each over the bare script")  # fmt: skip
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; device {args.device}")
    bare_s = None
    if args.back_to_back is not None:
        bare_s = statistics.median(bare_seconds(args.snippets[0], args.device, args.repeats))
        print(f"bare eager+compile+profile script: {bare_s:.2f} s (median of {args.repeats})")
        args.gaps = [0.0] * (args.back_to_back - 1)
    if args.gaps is not None:
        with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp), args) as server:
            edit_loop(server, args.snippets[0], args.gaps, bare_s)
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
        return
    bares = {path: bare_seconds(path, args.device, args.repeats) for path in args.snippets}
    with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp), args) as server:
        for path in args.snippets:
            warm = [server.submit_when_ready(path) for _ in range(args.repeats)]
            report(path, bares[path], warm, server)


def edit_loop(server: Server, path: Path, gaps: list[float], bare_s: float | None) -> None:
    """Submits after each gap, as a person editing one snippet does; prints every run (and
    its time over the bare script's, when given)."""
    server.wait_for_ready_spares()
    times = []
    for number, gap in enumerate([0.0, *gaps], 1):
        time.sleep(gap)
        seconds, found = server.submit_and_see(path)
        times.append(seconds)
        ratio = "" if bare_s is None else f" = {seconds / bare_s:.2f}x the bare script"
        print(f"  run {number:2d} after a {gap:4.1f} s gap: {seconds:6.2f} s{ratio}  "
              f"(found {found}){_timing(server.last_document)}", flush=True)  # fmt: skip
    slow = [t for t in times if t >= 2.0]
    print(f"\n{path.name}: {len(times)} runs, median {statistics.median(times):.2f} s, "
          f"max {max(times):.2f} s; {len(slow)} took 2 s or more")  # fmt: skip
    if bare_s is not None:
        print(f"slowest run / bare script: {max(times) / bare_s:.2f}x")


def _timing(document: dict[str, object]) -> str:
    """The run's speedups, and whether it ran on fewer CPU threads because other processes
    kept cores busy (on a CPU slot, often its own next spare warming up)."""
    notes = document.get("notes")
    cut = isinstance(notes, list) and any("CPU threads" in str(note) for note in notes)
    return f"  speedup {document.get('speedup')}x, kernel {document.get('kernel_speedup')}x" + (
        "; ran on fewer CPU threads: other processes kept cores busy" if cut else ""
    )


def _gaps(text: str) -> list[float]:
    return [float(part) for part in text.split(",") if part.strip()]


def bare_seconds(path: Path, device: str, repeats: int) -> list[float]:
    """The bare script's own wall time, run `repeats` times after one unmeasured run (which
    warms the OS's file cache and the C++ toolchain for both sides)."""
    command = [sys.executable, "-c", BARE, str(path), device]
    subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
        times.append(time.perf_counter() - started)
    return times


class Server:
    def __init__(self, base: str, log: Path) -> None:
        self.base, self.log = base, log
        self.last_document: dict[str, object] = {}

    def submit_when_ready(self, path: Path) -> float:
        """Seconds from POST /api/runs to the run read as finished, once the spares are
        ready."""
        self.wait_for_ready_spares()
        return self.submit(path)

    def submit_and_see(self, path: Path) -> tuple[float, str]:
        """`submit`, and what the run found (from the server's spare counters)."""
        before = self.takes()
        seconds = self.submit(path)
        grew = [found for found, count in self.takes().items() if count > before.get(found, 0)]
        return seconds, ", ".join(FOUND.get(found, found) for found in grew) or "?"

    def submit(self, path: Path) -> float:
        """Seconds from POST /api/runs to the run read as finished."""
        started = time.perf_counter()
        run = _call(self.base + "/api/runs", {"code": path.read_text()})
        url = f"{self.base}/api/runs/{run['id']}"
        while (document := _call(url))["status"] not in FINISHED:
            time.sleep(0.02)
        seconds = time.perf_counter() - started
        status, self.last_document = document["status"], document
        if status != "succeeded":
            raise SystemExit(f"{path.name}: run {run['id']} {status}; see {self.log}")
        return seconds

    def takes(self) -> dict[str, float]:
        """Runs so far by what they found (`kernelscope_spare_takes_total{found=...}`)."""
        samples = spare_metrics(self.base)
        return {labels["found"]: value for name, labels, value in samples
                if name == "kernelscope_spare_takes_total"}  # fmt: skip

    def wait_for_ready_spares(self, timeout_s: float = 900) -> None:
        """Until every spare the server wants is held and none is still warming: the state
        a server idles in."""
        deadline = time.monotonic() + timeout_s
        while not spares_settled(spare_metrics(self.base)):
            if time.monotonic() > deadline:
                raise SystemExit(f"the spares did not get ready; see {self.log}")
            time.sleep(0.1)

    def last_steps(self) -> tuple[str, str]:
        """The last run's steps and its spare's warm-up, from its document."""
        steps = self.last_document.get("step_seconds")
        shown = _steps(steps) if isinstance(steps, dict) else "?"
        return shown, str(self.last_document.get("prewarm_s", "?"))


def _steps(seconds: dict[str, float]) -> str:
    return ", ".join(f"{step} {value:.2f}" for step, value in seconds.items())


def spare_metrics(base: str) -> list[tuple[str, dict[str, str], float]]:
    """The server's /metrics samples named kernelscope_spare*: (name, labels, value)."""
    request = urllib.request.Request(base + "/metrics")
    with urllib.request.urlopen(request, timeout=60) as response:
        text = response.read().decode()
    samples = []
    for line in text.splitlines():
        match = SAMPLE.match(line)
        if match is not None and match[1].startswith("kernelscope_spare"):
            samples.append((match[1], dict(LABEL.findall(match[2] or "")), float(match[3])))
    return samples


def spares_settled(samples: list[tuple[str, dict[str, str], float]]) -> bool:
    """Every spare wanted is held, none still warming, and one at least is ready."""
    held = {labels.get("state"): value for name, labels, value in samples
            if name == "kernelscope_spares"}  # fmt: skip
    wanted = next((value for name, _, value in samples if name == "kernelscope_spares_wanted"), 0)
    ready, parked = held.get("ready", 0), held.get("parked", 0)
    return ready >= 1 and held.get("warming", 0) == 0 and ready + parked >= wanted


@contextmanager
def serve(data_dir: Path, args: argparse.Namespace) -> Iterator[Server]:
    port = _free_port()
    log = data_dir / "server.log"
    command = [sys.executable, "-m", "backend.cli", "serve", "--port", str(port), "--workers"]
    command += ["1", "--data-dir", str(data_dir / "data"), "--device", args.device]
    command += ["--sandbox", args.sandbox]
    env = {**os.environ, "KERNELSCOPE_WARM_SPARES": "true"}
    if getattr(args, "spares", None):  # spares per slot; unset: the server's default
        env["KERNELSCOPE_SPARES_PER_SLOT"] = str(args.spares)
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for_health(base, process, log)
        yield Server(base, log)
    finally:
        process.send_signal(signal.SIGINT)  # graceful: the spare is killed and cleaned up
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if getattr(args, "log", None):  # the server's own account, kept for reading later
            with contextlib.suppress(OSError):  # never hides why the bench ended
                shutil.copyfile(log, args.log)


def report(path: Path, bare: list[float], warm: list[float], server: Server) -> None:
    bare_s, warm_s = statistics.median(bare), statistics.median(warm)
    steps, prewarm = server.last_steps()
    peak = server.last_document.get("harness_peak_memory_bytes")
    print(f"\n{path.name}")
    print(f"  bare eager+compile+profile script: {bare_s:6.2f} s  (runs: {_list(bare)})")
    print(f"  warm server, submit -> finished:   {warm_s:6.2f} s  (runs: {_list(warm)})")
    print(f"  ratio warm server / bare:          {warm_s / bare_s:6.2f}x")
    print(f"  last run's steps: {steps}")
    print(f"  its spare's warm-up took {prewarm} s, before the submission (not counted)")
    if isinstance(peak, int):
        print(f"  Kernelscope's device memory peak in the last run: {peak / 2**20:,.1f} MiB")


def _list(values: list[float]) -> str:
    return ", ".join(f"{v:.2f}" for v in values)


def _call(url: str, body: object = None) -> dict[str, object]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, method="POST" if data else "GET")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=60) as response:
        found: dict[str, object] = json.load(response)
        return found


def _wait_for_health(base: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"kernelscope serve exited; see {log}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"kernelscope serve did not start; see {log}")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


if __name__ == "__main__":
    main()
