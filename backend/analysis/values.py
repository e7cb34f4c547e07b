"""Which compiled buffer holds the same numbers as an eager value, from fingerprints.

The harness fingerprints every value a kernel writes (backend/harness/fingerprint.py):
14 numbers for floating point, an exact hash for integers. Two float fingerprints estimate
the relative L2 distance of their values (random-sign projections); values match within a
tolerance that accepts reassociated arithmetic and TF32 but not a different value
(docs/fusion-facts.md section 2: wrong same-shape candidates were >= 0.65 apart).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

Json = Mapping[str, Any]
TOLERANCE = {"float32": 1e-3, "float16": 1e-2, "bfloat16": 4e-2, "float64": 1e-6}
# For the value Inductor's own plan puts in a buffer (round_trips.py): float32 drifting
# through tens of blocks of a model, still far from a different value (>= 0.65 apart).
DRIFT_TOLERANCE = 0.05
HEADER = 6  # n, NaN, +Inf, -Inf, sum|x|, sum x^2; then the projections


def distance(a: Json, b: Json) -> float:
    """Estimated relative L2 distance of two values (0: same numbers; inf: incomparable)."""
    if a.get("kind") != b.get("kind"):
        return math.inf
    if a["kind"] == "exact":
        return 0.0 if (a["n"], a["hash"]) == (b["n"], b["hash"]) else math.inf
    va, vb = a["v"], b["v"]
    if len(va) != len(vb) or va[:4] != vb[:4]:  # size, or NaN/Inf pattern, differs
        return math.inf
    projections = list(zip(va[HEADER:], vb[HEADER:], strict=True))
    spread = math.sqrt(sum((p - q) ** 2 for p, q in projections) / max(1, len(projections)))
    norm = math.sqrt(va[5])
    return spread / norm if norm > 0 else (0.0 if spread == 0 else math.inf)


def same_numbers(a: Json, b: Json, dtype: str) -> bool:
    return distance(a, b) <= TOLERANCE.get(dtype, 0.0)


def same_number_candidates(eager: Sequence[Json], compiled: Sequence[Json]) -> dict[int, list[int]]:
    """Each fingerprinted eager value written by a kernel -> every compiled value written
    with the same numbers (empty: no compiled kernel ever wrote them). Layouts do not
    matter (fingerprints follow the logical index), so candidates share numel and dtype."""
    written: dict[tuple[int, str], list[Json]] = defaultdict(list)
    for value in compiled:
        if value.get("fingerprint") is not None and value.get("writer") is not None:
            written[(_numel(value), value["dtype"])].append(value)
    found: dict[int, list[int]] = {}
    for value in eager:
        mine = value.get("fingerprint")
        if mine is None or value.get("writer") is None:
            continue
        found[int(value["id"])] = [
            int(c["id"])
            for c in written[(_numel(value), value["dtype"])]
            if same_numbers(mine, c["fingerprint"], value["dtype"])
        ]
    return found


def _numel(value: Json) -> int:
    return math.prod(int(n) for n in value["shape"])
