"""Device memory: each real-scale snippet alone against the same snippet under Kernelscope.

    python bench/bench_memory.py [--corpus DIR] [--only a,b] [--out F]

DIR holds `NAME.py` snippets or `NAME/snippet.py` ones (default: the recorded real-scale
corpus, tests/data/h200_scale_bundles).

On a GPU host (torch with CUDA; pydantic for the analysis). For each snippet, one at a time:
1. the snippet alone, in a fresh process: build its model and inputs, call it once (under
   torch.no_grad() unless it computes gradients, as Kernelscope runs it), and read
   torch.cuda.max_memory_allocated(): its own peak, inputs included;
2. the harness on the same snippet, in a fresh process: Kernelscope's own peak over the
   whole run (`harness_peak_memory_bytes`), each variant's peak, and what the analysis
   found (round trips eliminated or undecided, compiled kernels without transfers);
3. meanwhile the whole GPU's memory in use (nvidia-smi, sampled every 50 ms, less what was
   in use before the bench began), with `--spares N` warm spares (default 2, a worker
   slot's default) held ready beside the run as a server's slot holds them.
Prints one table row per snippet with the ratios and the target, 1.25 x own + 1 GiB, for
Kernelscope's own peak and for the whole GPU's; and the whole GPU's against the snippet
alone as nvidia-smi saw it during step 1 (its own CUDA context included, as a user who runs
it without Kernelscope sees it).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
GIB = 1024**3
OWN_PEAK = """
import sys, json, torch
from pathlib import Path
from backend.harness.snippet import load_module, find_entry_point, autograd_reason
path = Path(sys.argv[1]).resolve()
device = torch.device("cuda")
torch.cuda.reset_peak_memory_stats()
module = load_module(path, device)
entry = find_entry_point(module, path, None)
args = entry.make_args()
grad = autograd_reason(path.read_text()) is not None
with (torch.enable_grad() if grad else torch.no_grad()):
    entry.call(*args)
torch.cuda.synchronize()
print(json.dumps({"peak": torch.cuda.max_memory_allocated()}))
"""


def own_peak(snippet: Path) -> int:
    done = subprocess.run(
        [sys.executable, "-c", OWN_PEAK, str(snippet)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(json.loads(done.stdout.strip().splitlines()[-1])["peak"])


def gpu_used() -> int:
    """Bytes in use on GPU 0, all processes (nvidia-smi)."""
    query = ["nvidia-smi", "--query-gpu=memory.used", "--format=csv,noheader,nounits", "-i", "0"]
    done = subprocess.run(query, capture_output=True, text=True, check=True)
    return int(done.stdout.split()[0]) * 1024**2


class GpuPeak:
    """The largest whole-GPU reading while it is open, sampled in a thread."""

    def __init__(self) -> None:
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, gpu_used())
            self._stop.wait(0.05)

    def __enter__(self) -> GpuPeak:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()


@contextmanager
def spares_held(count: int, work: Path) -> Iterator[object]:
    """`count` real warm spares (the worker's own keeper), ready before this yields."""
    if count == 0:
        yield None
        return
    from backend.limits import RunLimits
    from backend.worker.process import WorkerSetup
    from backend.worker.spare_policy import SparePolicy
    from backend.worker.spares import SpareOptions, keeper_for

    setup = WorkerSetup(work, "cuda", RunLimits(sandbox="none"))
    keeper = keeper_for(setup, SpareOptions(policy=SparePolicy.for_host(True, count)), "bench")
    assert keeper is not None  # spares are on in these options
    try:
        while keeper.counts().ready < count:
            time.sleep(0.2)
        yield keeper
    finally:
        keeper.close()


def under_kernelscope(snippet: Path, bundle: Path) -> tuple[dict, float]:
    started = time.perf_counter()
    command = [sys.executable, "-m", "backend.harness", "--snippet", str(snippet)]
    subprocess.run(
        [*command, "--bundle", str(bundle), "--device", "cuda"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    return json.loads((bundle / "bundle.json").read_text()), time.perf_counter() - started


def findings(bundle_dir: Path, bundle: dict) -> dict:
    from backend.worker.bundle import analyse_bundle

    if bundle.get("status") != "succeeded":
        return {"error": (bundle.get("error") or {}).get("message", "?")[:160]}
    analysis = analyse_bundle(bundle_dir)
    trips = analysis.round_trips
    compiled = analysis.variants["compiled"].kernels
    bare = [k.short_name for k in compiled if not k.transfers]
    return {
        "round_trips": len(trips),
        "eliminated": sum(1 for t in trips if t.eliminated),
        "unknown": sum(1 for t in trips if t.eliminated is None),
        "kernels_without_transfers": bare,
        "eager_peak": analysis.variants["eager"].peak_memory_bytes,
        "compiled_peak": analysis.variants["compiled"].peak_memory_bytes,
        "correctness": analysis.correctness.match if analysis.correctness else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--corpus", type=Path, default=ROOT / "tests/data/h200_scale_bundles")
    parser.add_argument("--only", default="")
    parser.add_argument("--out", type=Path, help="also write the rows as JSON here")
    parser.add_argument("--keep", type=Path, help="keep each snippet and bundle under DIR/NAME")
    parser.add_argument("--spares", type=int, default=2, help="warm spares held beside each run")
    args = parser.parse_args()
    baseline = gpu_used()
    wanted = {n for n in args.only.split(",") if n}
    rows = []
    print(
        "| snippet | own peak GiB | Kernelscope peak GiB | ratio | target GiB | within | "
        f"whole GPU peak GiB, {args.spares} spares incl. | ratio | "
        "within (own target, which leaves out contexts) | "
        "alone, whole GPU GiB | ratio | target GiB | within | "
        "eager / compiled peak GiB | round trips | eliminated | unknown | "
        "kernels without transfers | seconds |"
    )
    print("|---" * 19 + "|")
    for snippet in snippets(args.corpus):
        name = snippet.parent.name if snippet.name == "snippet.py" else snippet.stem
        if wanted and name not in wanted:
            continue
        with GpuPeak() as alone:
            own = own_peak(snippet)
        with tempfile.TemporaryDirectory() as tmp:
            where = args.keep / name if args.keep else Path(tmp)
            where.mkdir(parents=True, exist_ok=True)
            shutil.copy(snippet, where / "snippet.py")
            with spares_held(args.spares, Path(tmp) / "spares"), GpuPeak() as gpu:
                bundle, seconds = under_kernelscope(where / "snippet.py", where / "bundle")
            found = findings(where / "bundle", bundle)
        ours = (bundle.get("memory") or {}).get("harness_peak_bytes") or 0
        target = 1.25 * own + GIB
        row = {"snippet": name, "own": own, "ours": ours, "seconds": seconds, **found}
        row["gpu"] = gpu.peak - baseline
        row["own_gpu"] = alone.peak - baseline
        rows.append(row)
        print(_line(row, target))
        sys.stdout.flush()
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1))


def snippets(corpus: Path) -> list[Path]:
    return sorted(corpus.glob("*.py")) or sorted(corpus.glob("*/snippet.py"))


def _line(row: dict, target: float) -> str:
    own, ours, gpu = row["own"], row["ours"], row["gpu"]
    head = (
        f"| {row['snippet']} | {own / GIB:.2f} | {ours / GIB:.2f} | {ours / own:.2f} "
        f"| {target / GIB:.2f} | {'yes' if ours <= target else 'NO'} "
        f"| {gpu / GIB:.2f} | {gpu / own:.2f} | {'yes' if gpu <= target else 'NO'} "
    )
    alone = row["own_gpu"]  # the snippet alone as nvidia-smi sees it: its CUDA context too
    alone_target = 1.25 * alone + GIB
    head += (
        f"| {alone / GIB:.2f} | {gpu / alone:.2f} | {alone_target / GIB:.2f} "
        f"| {'yes' if gpu <= alone_target else 'NO'} "
    )
    if "error" in row:
        return head + f"| {row['error']} |||||{row['seconds']:.0f} |"
    peaks = f"{(row['eager_peak'] or 0) / GIB:.2f} / {(row['compiled_peak'] or 0) / GIB:.2f}"
    bare = ", ".join(row["kernels_without_transfers"]) or "none"
    return head + (
        f"| {peaks} | {row['round_trips']} | {row['eliminated']} | {row['unknown']} "
        f"| {bare} | {row['seconds']:.0f} |"
    )


if __name__ == "__main__":
    main()
