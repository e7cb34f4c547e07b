"""Eager round trips through memory, and which of them the compiled variant eliminated.

A round trip is an intermediate written by one eager kernel and read back by later ones.
It is eliminated when no compiled kernel ever writes the same numbers: the harness checked
that on the data itself (`eliminated_check`), so a fused-away `a + b` is known to have
never reached memory, not guessed from kernel names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from backend.analysis.variants import profiler_name
from backend.result import RoundTrip, Totals

Json = Mapping[str, Any]


def eager_round_trips(bundle: Json) -> list[RoundTrip]:
    eager, compiled = bundle["eager"], bundle["compiled"]
    ops = [op for op in eager["ops"] if op["moves_data"]]
    values = eager["values"]
    matches = _eager_to_compiled(bundle)
    complete = bool(bundle.get("eliminated_check", {}).get("complete", False))
    trips = []
    for value in values:
        if value["role"] != "intermediate" or value["writer"] is None:
            continue
        consumers = [op for op in ops if value["id"] in op["reads"]]
        if not consumers:
            continue  # written and never read back: no round trip
        producer = _op_by_index(eager["ops"], value["writer"])
        eliminated = matches.get(value["id"]) is None and complete
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
                fused_into=_fused_into(value, ops, values, matches, compiled)
                if eliminated
                else None,
            )
        )
    return trips


def totals(trips: Sequence[RoundTrip]) -> Totals:
    gone = [t for t in trips if t.eliminated]
    return Totals(round_trips_eliminated=len(gone), bytes_saved=sum(t.bytes for t in gone))


def _eager_to_compiled(bundle: Json) -> dict[int, int | None]:
    """Eager value id -> compiled value id holding the same numbers (None: never written)."""
    raw = bundle.get("eliminated_check", {}).get("matches", {})
    matches: dict[int, int | None] = {int(k): v for k, v in raw.items()}
    compiled_outputs = {
        v["name"]: v["id"] for v in bundle["compiled"]["values"] if v["role"] == "output"
    }
    for value in bundle["eager"]["values"]:
        if value["role"] == "output" and value["name"] in compiled_outputs:
            matches[value["id"]] = compiled_outputs[value["name"]]
    return matches


def _fused_into(
    value: Json,
    ops: Sequence[Json],
    values: Sequence[Json],
    matches: dict[int, int | None],
    compiled: Json,
) -> str | None:
    """The compiled kernel that writes the first surviving value downstream of this one."""
    frontier, seen = [value["id"]], set()
    while frontier:
        vid = frontier.pop(0)
        for op in ops:
            if vid not in op["reads"]:
                continue
            for written in op["writes"]:
                target = matches.get(written)
                if target is not None:
                    return _writer_kernel(compiled, target)
                if written not in seen:
                    seen.add(written)
                    frontier.append(written)
    return None


def _writer_kernel(compiled: Json, value_id: int) -> str | None:
    writer = compiled["values"][value_id]["writer"]
    launches = {launch["index"]: launch for launch in compiled["launches"]}
    return str(launches[writer]["kernel"]) if writer in launches else None


def _op_by_index(ops: Sequence[Json], index: int) -> Json:
    return next(op for op in ops if op["index"] == index)
