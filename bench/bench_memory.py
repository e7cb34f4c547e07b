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
   found (round trips eliminated or undecided, compiled kernels without transfers).
Prints one table row per snippet with the ratio and the target, 1.25 x own + 1 GiB.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
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
    args = parser.parse_args()
    wanted = {n for n in args.only.split(",") if n}
    rows = []
    print(
        "| snippet | own peak GiB | Kernelscope peak GiB | ratio | target GiB | within | "
        "eager / compiled peak GiB | round trips | eliminated | unknown | "
        "kernels without transfers | seconds |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for snippet in snippets(args.corpus):
        name = snippet.parent.name if snippet.name == "snippet.py" else snippet.stem
        if wanted and name not in wanted:
            continue
        own = own_peak(snippet)
        with tempfile.TemporaryDirectory() as tmp:
            where = args.keep / name if args.keep else Path(tmp)
            where.mkdir(parents=True, exist_ok=True)
            shutil.copy(snippet, where / "snippet.py")
            bundle, seconds = under_kernelscope(where / "snippet.py", where / "bundle")
            found = findings(where / "bundle", bundle)
        ours = (bundle.get("memory") or {}).get("harness_peak_bytes") or 0
        target = 1.25 * own + GIB
        row = {"snippet": name, "own": own, "ours": ours, "seconds": seconds, **found}
        rows.append(row)
        print(_line(row, target))
        sys.stdout.flush()
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1))


def snippets(corpus: Path) -> list[Path]:
    return sorted(corpus.glob("*.py")) or sorted(corpus.glob("*/snippet.py"))


def _line(row: dict, target: float) -> str:
    own, ours = row["own"], row["ours"]
    head = (
        f"| {row['snippet']} | {own / GIB:.2f} | {ours / GIB:.2f} | {ours / own:.2f} "
        f"| {target / GIB:.2f} | {'yes' if ours <= target else 'NO'} "
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
