"""The fair order in which waiting runs start: pure, no storage.

Next is always the oldest waiting run of the owner with the fewest runs in flight (running,
or handed to a worker queue); among owners with as many in flight, the one whose last run
was picked longest ago (never: first), then the one whose oldest waiting run is oldest. So
owners take turns: one user's 50 runs alternate with everyone else's instead of starving
them, even when runs take milliseconds and nobody has anything in flight. A single owner
(no accounts: every run is anonymous) gets plain oldest-first order, except that each
suite's problems take turns as an owner of their own (`suite_lane`).

Queue positions replay this choice over the whole waiting list, counting each chosen run
as in flight and as just picked, so the position a user sees is the order runs will start
in while nothing finishes.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

# Whose turn it is: a user id; without accounts (no owner) a suite's problems take turns
# as one (`suite_lane`), and None is every other anonymous run.
Owner = int | str | None
# How recently an owner was served: (0, -1.0) never, (1, timestamp) picked then,
# (2, n) the n-th pick of the replay (later than anything real).
_Recency = tuple[int, float]
_NEVER: _Recency = (0, -1.0)


@dataclass(frozen=True)
class Waiting:
    run_id: str
    owner_id: Owner
    created_at: datetime


def suite_lane(owner_id: int | None, suite_id: str | None) -> Owner:
    """A run's turn-taker: its owner; an anonymous suite's problems share one of their own,
    so a suite of 50 problems takes turns with single runs even without accounts."""
    if owner_id is None and suite_id is not None:
        return f"suite:{suite_id}"
    return owner_id


def fair_order(
    waiting: Iterable[Waiting],
    in_flight: Mapping[Owner, int],
    last_picked: Mapping[Owner, datetime] | None = None,
) -> list[str]:
    """Every waiting run id, in the order the runs will be started."""
    by_owner: defaultdict[Owner, list[Waiting]] = defaultdict(list)
    for run in waiting:
        by_owner[run.owner_id].append(run)
    picked = last_picked or {}
    # Heap entries: (in flight, recency, oldest waiting, its id, owner number, next index).
    # The run id is unique, so owners (None and ints do not compare) are never compared.
    owners = list(by_owner)
    heap: list[tuple[int, _Recency, datetime, str, int, int]] = []
    for number, owner in enumerate(owners):
        runs = by_owner[owner]
        runs.sort(key=lambda run: (run.created_at, run.run_id))
        when = picked.get(owner)
        recency = _NEVER if when is None else (1, when.timestamp())
        heapq.heappush(heap, (in_flight.get(owner, 0), recency, *_key(runs[0]), number, 0))
    order: list[str] = []
    while heap:
        count, _, _, run_id, number, index = heapq.heappop(heap)
        order.append(run_id)
        runs = by_owner[owners[number]]
        if index + 1 < len(runs):
            replayed = (2, float(len(order)))
            heapq.heappush(heap, (count + 1, replayed, *_key(runs[index + 1]), number, index + 1))
    return order


def _key(run: Waiting) -> tuple[datetime, str]:
    return run.created_at, run.run_id
