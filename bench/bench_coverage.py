"""Traffic coverage and undecided round trips over a folder of recorded bundles.

For every `<name>/bundle` under the folders given (default: the recorded H200 bundles in
tests/data), prints each variant's `traffic_coverage` (the share of kernel time on kernels
whose traffic is accounted), its kernels without transfers, and the round trips whose fate
is unknown; then the totals, time-weighted over the runs as the issue counts them. Where a
bundle folder holds `ncu.csv.gz` (Nsight Compute's DRAM bytes of the same snippet), also
the kernels whose logical bytes are within 10% of DRAM's among those moving at least 4x the
L2 (50 MiB on an H200), where DRAM bytes and logical bytes should meet.

    .venv/bin/python bench/bench_coverage.py [FOLDER ...]
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from backend.analysis.assemble import Analysis, analyse  # noqa: E402
from backend.analysis.ncu import parse_ncu_csv  # noqa: E402
from backend.worker.bundle import read_bundle, read_trace  # noqa: E402

DEFAULT = [ROOT / "tests/data/h200_traffic_bundles", ROOT / "tests/data/h200_scale_bundles"]
L2_BYTES = 50 * 2**20  # the H200's L2; traffic over 4x this reaches DRAM


def analysed(folder: Path) -> Analysis:
    bundle = read_bundle(folder)
    assert bundle is not None, folder
    traces = (read_trace(folder, bundle, v) for v in ("eager", "compiled"))
    return analyse(bundle, *traces)


def dram_agreement(analysis: Analysis, ncu_csv: Path) -> tuple[int, int]:
    """(kernels within 10% of DRAM, kernels compared) over those past 4x the L2; ncu
    profiles no memsets or copies, so those are left out of the pairing."""
    measured = parse_ncu_csv(gzip.decompress(ncu_csv.read_bytes()).decode())
    within = compared = 0
    for variant in ("eager", "compiled"):
        ours = [k for k in analysis.variants[variant].kernels if k.helper not in ("memset", "copy")]
        theirs = [k for k in measured if k.nvtx_range == variant.upper()]
        if len(ours) != len(theirs):
            continue  # the pass chose other kernels: nothing to pair
        for kernel, ncu in zip(ours, theirs, strict=True):
            dram = (ncu.dram_bytes_read or 0) + (ncu.dram_bytes_written or 0)
            logical = kernel.bytes_read + kernel.bytes_written
            if logical >= 4 * L2_BYTES and dram:
                compared += 1
                within += abs(logical / dram - 1) <= 0.10
    return within, compared


def main(folders: list[Path]) -> None:
    time_all = {"eager": 0.0, "compiled": 0.0}
    time_covered = dict(time_all)
    trips = unknown = within = compared = 0
    print(
        f"{'run':28} {'eager cov':>9} {'bare':>6} {'compiled cov':>12} {'bare':>6} {'unknown':>8}"
    )
    for folder in folders:
        for bundle in sorted(folder.glob("*/bundle")):
            analysis = analysed(bundle)
            row = [f"{bundle.parent.name:28}"]
            for name in ("eager", "compiled"):
                variant = analysis.variants[name]
                bare = sum(1 for k in variant.kernels if not k.transfers)
                row += [f"{variant.traffic_coverage:9.3f}", f"{bare:>3}/{len(variant.kernels):<3}"]
                time_all[name] += variant.kernel_time_us
                time_covered[name] += sum(k.dur_us for k in variant.kernels if k.transfers)
            undecided = sum(1 for t in analysis.round_trips if t.eliminated is None)
            trips, unknown = trips + len(analysis.round_trips), unknown + undecided
            row.append(f"{undecided:>3}/{len(analysis.round_trips):<3}")
            ncu_csv = bundle.parent / "ncu.csv.gz"
            if ncu_csv.is_file():
                agree, pairs = dram_agreement(analysis, ncu_csv)
                within, compared = within + agree, compared + pairs
                row.append(f"DRAM within 10%: {agree}/{pairs}")
            print(" ".join(row))
    for name in time_all:
        share = time_covered[name] / time_all[name] if time_all[name] else 1.0
        print(f"{name}: {share:.4f} of kernel time on kernels with transfers (time-weighted)")
    print(f"unknown fates: {unknown} of {trips} round trips ({unknown / max(1, trips):.1%})")
    if compared:
        print(f"logical within 10% of DRAM past 4x L2: {within} of {compared} kernels")


if __name__ == "__main__":
    main([Path(a) for a in sys.argv[1:]] or DEFAULT)
