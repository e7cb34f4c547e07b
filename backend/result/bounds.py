"""Bounds on the numbers a run's document carries, and on their sums.

Every number of a result was reported by the run (the snippet can forge them all: see
docs/result-document.md, "Who vouches for what"), and the store keeps them in SQLite,
whose INTEGER is signed 64-bit: a count past 2^63 - 1, or a sum of counts that passes it
(a variant's bytes, the round trips' bytes summed by the store's queries), cannot be
stored, and used to make the report's request fail with a 500. So every integer field is
bounded where the document is parsed, far past what a real run reaches, and so are the
sums the store and the pages make of them: no sum of bounded fields can overflow.

- bytes: 2^53 (8 PiB, the largest integer a browser's JSON reads exactly). Logical bytes
  of ONE call: an H200 moving that much at its peak 4.8 TB/s takes half an hour, past any
  run's time limit; a variant's total, every kernel's and transfer's, a round trip's.
- counts (kernels, transfers, repeats, calls, CPUs, graphs): 2^31.
- any other integer (FLOPs, ids, lines, a stream, a grid, a pid): +-2^62.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated

from pydantic import Field

MAX_BYTES = 2**53
MAX_COUNT = 2**31
MAX_NUMBER = 2**62

Bytes = Annotated[int, Field(ge=0, le=MAX_BYTES)]
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
Number = Annotated[int, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]


def check_sum(where: str, numbers: Iterable[int | None], limit: int = MAX_BYTES) -> None:
    """A sum the store or a page makes of bounded numbers stays within `limit`; else a
    ValueError that says where, how much and why no run reaches it."""
    total = sum(filter(None, numbers))  # None: not measured
    if total > limit:
        raise ValueError(
            f"{where} add up to {total:,}, more than {limit:,} (2^{limit.bit_length() - 1}), "
            "which no run reaches: these numbers were not measured (did the snippet rewrite "
            "Kernelscope's own results?)"
        )
