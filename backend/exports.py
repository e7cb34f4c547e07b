"""Downloads built from the result document: a CSV of every kernel of both variants."""

from __future__ import annotations

import csv
import io

from backend.result import RunResult

GIB = 2**30
KERNEL_COLUMNS = (
    "variant", "index", "name", "short_name", "op", "kind", "start_us", "dur_us",
    "bytes_read", "bytes_written", "bandwidth_gib_s", "grid", "block", "lines", "source_ops",
)  # fmt: skip


def kernels_csv(result: RunResult) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(KERNEL_COLUMNS)
    for variant_name, variant in result.variants.items():
        for k in variant.kernels:
            moved = k.bytes_read + k.bytes_written
            # binary GiB/s, as the page and the figures say it (a decimal GB/s beside the
            # page's GiB/s read 7% apart for one kernel)
            bandwidth = round(moved / (k.dur_us / 1e6) / GIB, 3) if k.dur_us > 0 else ""
            writer.writerow(
                [
                    variant_name, k.index, k.name, k.short_name, k.op or "", k.kind,
                    k.start_us, k.dur_us, k.bytes_read, k.bytes_written, bandwidth,
                    _dims(k.grid), _dims(k.block),
                    " ".join(map(str, k.lines)), " ".join(k.source_ops),
                ]
            )  # fmt: skip
    return out.getvalue()


def _dims(values: list[int] | None) -> str:
    return "x".join(str(v) for v in values) if values else ""
