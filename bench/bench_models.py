"""Whole models under Kernelscope: the whole-model table, one model at a time, on a GPU host.

    python bench/bench_models.py [--only a,b] [--spares N] [--out F] [--keep DIR]

For each snippet under bench/models (Hugging Face models built from their configurations),
one at a time: the model alone (its own peak, the whole GPU as nvidia-smi sees it), then the
harness on it in a fresh process with `--spares` warm spares held beside it (default 2, a
worker slot's), and what the analysis found. Prints one row per model and the targets:
- the run succeeds and its outputs match;
- traffic_coverage >= 0.99 in both variants;
- unknown fates under 2% of all round trips (over every model);
- the whole GPU's peak within 1.25 x the model alone's + 1 GiB;
- seconds at most 1.3 x its compile + 5 s. The harness here is a cold process (it imports
  torch and transformers itself, as a warm spare would not): an upper bound on a server's.
Needs torch with CUDA, transformers and the project's dependencies (scripts/gpu_wheels.sh).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_memory import GIB, GpuPeak, gpu_used, own_peak, spares_held, under_kernelscope  # noqa: E402

MODELS = ROOT / "bench" / "models"
COLUMNS = (
    "model | status | match | kernels eager -> compiled | round trips elim / kept / unknown | "
    "coverage eager / compiled | alone GiB | whole GPU GiB | / target | seconds | compile s | "
    "/ (1.3 x compile + 5)"
)


def findings(bundle_dir: Path, bundle: dict) -> dict:
    from backend.worker.bundle import analyse_bundle

    if bundle.get("status") != "succeeded":
        return {"error": (bundle.get("error") or {}).get("message", "?")[:200]}
    analysis = analyse_bundle(bundle_dir)
    trips = analysis.round_trips
    eager, compiled = analysis.variants["eager"], analysis.variants["compiled"]
    return {
        "match": analysis.correctness.match if analysis.correctness else None,
        "kernels": [len(eager.kernels), len(compiled.kernels)],
        "eliminated": sum(1 for t in trips if t.eliminated),
        "kept": sum(1 for t in trips if t.eliminated is False),
        "unknown": sum(1 for t in trips if t.eliminated is None),
        "coverage": [eager.traffic_coverage or 0.0, compiled.traffic_coverage or 0.0],
        "compile_s": analysis.compile.seconds if analysis.compile else None,
        "modules": len(analysis.modules),
    }


def line(row: dict) -> str:
    alone, gpu = row["own_gpu"], row["gpu"]
    target = 1.25 * alone + GIB
    head = f"| {row['model']} | {row.get('status', '?')} "
    if "error" in row:
        return head + f"| {row['error']} |"
    compile_s = row["compile_s"] or 0.0
    return head + (
        f"| {row['match']} | {row['kernels'][0]} -> {row['kernels'][1]} "
        f"| {row['eliminated']} / {row['kept']} / {row['unknown']} "
        f"| {row['coverage'][0]:.3f} / {row['coverage'][1]:.3f} "
        f"| {alone / GIB:.2f} | {gpu / GIB:.2f} | {gpu / target:.2f} "
        f"| {row['seconds']:.1f} | {compile_s:.1f} | {row['seconds'] / (1.3 * compile_s + 5):.2f} |"
    )


def summary(rows: list[dict]) -> list[str]:
    done = [r for r in rows if "error" not in r]
    trips = sum(r["eliminated"] + r["kept"] + r["unknown"] for r in done)
    unknown = sum(r["unknown"] for r in done)
    low = [r["model"] for r in done if min(r["coverage"]) < 0.99]
    over = [r["model"] for r in done if r["gpu"] > 1.25 * r["own_gpu"] + GIB]
    ratios = [r["seconds"] / (1.3 * (r["compile_s"] or 0.0) + 5) for r in done]
    return [
        f"{len(done)} of {len(rows)} succeeded; outputs match in "
        f"{sum(1 for r in done if r['match'])}",
        f"unknown fates: {unknown} of {trips} round trips ({unknown / max(trips, 1):.1%}; "
        "target under 2%)",
        f"coverage under 0.99: {', '.join(low) or 'none'}",
        f"whole GPU over 1.25 x alone + 1 GiB: {', '.join(over) or 'none'}",
        f"mean seconds / (1.3 x compile + 5): {sum(ratios) / max(len(ratios), 1):.2f} "
        "(target <= 1; a cold harness process)",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="snippet names, comma-separated, in order")
    parser.add_argument("--spares", type=int, default=2, help="warm spares held beside a run")
    parser.add_argument("--out", type=Path, help="append each row as a JSON line here")
    parser.add_argument("--keep", type=Path, help="keep each bundle under DIR/NAME")
    args = parser.parse_args()
    wanted = [name for name in args.only.split(",") if name]  # in this order
    snippets = [MODELS / f"{name}.py" for name in wanted] or sorted(MODELS.glob("*.py"))
    baseline = gpu_used()
    rows = []
    print(f"| {COLUMNS} |\n" + "|---" * (COLUMNS.count("|") + 1) + "|", flush=True)
    for snippet in snippets:
        rows.append(measure(snippet, args.spares, args.keep, baseline))
        print(line(rows[-1]), flush=True)
        if args.out:
            with args.out.open("a") as out:
                out.write(json.dumps(rows[-1]) + "\n")
    print("\n".join(summary(rows)))


def measure(snippet: Path, spares: int, keep: Path | None, baseline: int) -> dict:
    with GpuPeak() as alone:
        own = own_peak(snippet)
    with tempfile.TemporaryDirectory() as tmp:
        where = keep / snippet.stem if keep else Path(tmp)
        where.mkdir(parents=True, exist_ok=True)
        (where / "snippet.py").write_text(snippet.read_text())
        with spares_held(spares, Path(tmp) / "spares"), GpuPeak() as gpu:
            bundle, seconds = under_kernelscope(where / "snippet.py", where / "bundle")
        found = findings(where / "bundle", bundle)
    row = {"model": snippet.stem, "status": bundle.get("status"), "own": own, **found}
    row.update(seconds=seconds, gpu=gpu.peak - baseline, own_gpu=alone.peak - baseline)
    return row


if __name__ == "__main__":
    main()
