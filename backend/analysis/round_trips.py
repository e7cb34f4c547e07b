"""Eager round trips through memory, and which of them the compiled variant eliminated.

A round trip is an intermediate written by one eager kernel and read back by later ones.
It is eliminated when no compiled kernel ever writes the same numbers: the harness checked
that on the data itself (`eliminated_check`), so a fused-away `a + b` is known to have
never reached memory, not guessed from kernel names.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Mapping, Sequence
from typing import Any

from backend.analysis.variants import profiler_name
from backend.result import RoundTrip, Totals

Json = Mapping[str, Any]


def eager_round_trips(bundle: Json) -> list[RoundTrip]:
    eager = bundle["eager"]
    graph = _Dataflow(bundle)
    trips = []
    for value in eager["values"]:
        consumers = graph.readers.get(value["id"], [])
        if value["role"] != "intermediate" or value["writer"] is None or not consumers:
            continue  # not an intermediate, or written and never read back: no round trip
        producer = graph.ops[value["writer"]]
        eliminated = graph.complete and graph.matches.get(value["id"]) is None
        trips.append(
            RoundTrip(
                tensor=value["name"],
                bytes=int(value["bytes"]) * (1 + len(consumers)),
                shape=list(value["shape"]),
                dtype=value["dtype"],
                producer=profiler_name(producer["op"]),
                consumers=[profiler_name(op["op"]) for op in consumers],
                lines=sorted({op["line"] for op in [producer, *consumers] if op.get("line")}),
                eliminated=eliminated,
                fused_into=graph.fused_into(value["id"]) if eliminated else None,
            )
        )
    return trips


def totals(trips: Sequence[RoundTrip]) -> Totals:
    gone = [t for t in trips if t.eliminated]
    return Totals(round_trips_eliminated=len(gone), bytes_saved=sum(t.bytes for t in gone))


class _Dataflow:
    """Who wrote and who read each eager value, and where it went in the compiled variant."""

    def __init__(self, bundle: Json) -> None:
        check = bundle.get("eliminated_check", {})
        # eager value id -> compiled value id with the same numbers (None: never written)
        self.matches: dict[int, int | None] = {
            int(k): v for k, v in check.get("matches", {}).items()
        }
        self.complete = bool(check.get("complete", False))
        self.ops = {op["index"]: op for op in bundle["eager"]["ops"]}
        self.readers: dict[int, list[Json]] = defaultdict(list)
        for op in bundle["eager"]["ops"]:
            if op["moves_data"]:
                for vid in op["reads"]:
                    self.readers[vid].append(op)
        compiled = bundle["compiled"]
        launches = {launch["index"]: launch for launch in compiled["launches"]}
        writers = (launches.get(value["writer"]) for value in compiled["values"])
        self.compiled_writer = [launch["kernel"] if launch else None for launch in writers]

    def fused_into(self, value_id: int) -> str | None:
        """The compiled kernel that writes the first surviving value downstream of this one."""
        frontier, seen = deque([value_id]), {value_id}
        while frontier:
            for op in self.readers.get(frontier.popleft(), []):
                for written in op["writes"]:
                    target = self.matches.get(written)
                    if target is not None:
                        return self.compiled_writer[target]
                    if written not in seen:
                        seen.add(written)
                        frontier.append(written)
        return None
