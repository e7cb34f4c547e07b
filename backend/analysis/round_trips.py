"""Eager round trips through memory, and which of them the compiled variant eliminated.

A round trip is an intermediate written by one eager kernel and read back by later ones.
Whether the compiled variant still sends it through memory is decided two ways, in
constant memory whatever the tensors' sizes (docs/result-document.md, "How
`eliminated` is decided"):
- from Inductor's own plan: the node that computes the value never got a buffer
  (`backend.analysis.inductor_join`);
- from the data: no compiled kernel ever wrote the same numbers (fingerprints,
  `backend.analysis.values`).
When both speak they must agree; when neither can, the answer is "unknown", with why.
"""

from __future__ import annotations

import math
from collections import defaultdict, deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from backend.analysis.fusion_reasons import Reasons
from backend.analysis.inductor_join import BufferMap, Placement, place_eager_ops
from backend.analysis.kernel_matching import profiler_name
from backend.analysis.values import DRIFT_TOLERANCE, distance, same_number_candidates
from backend.result import RoundTrip, Totals

Json = Mapping[str, Any]


@dataclass
class Evidence:
    """What the bundle says about each eager value's fate in the compiled variant."""

    # eager value id -> compiled values written with the same numbers ([]: none)
    candidates: dict[int, list[int]]
    placements: dict[int, Placement]  # eager op index -> where Inductor put its value
    buffers: BufferMap
    # eager ops that ran again as eager code between compiled graphs: they write memory
    island_ops: set[int] = field(default_factory=set)

    @property
    def matches(self) -> dict[int, int | None]:
        """Eager value id -> the compiled value holding its numbers (None: none does)."""
        return {vid: (found[0] if found else None) for vid, found in self.candidates.items()}


def gather_evidence(bundle: Json) -> Evidence:
    eager, compiled = bundle["eager"], bundle["compiled"]
    placements = place_eager_ops(eager["ops"], compiled.get("inductor") or [])
    candidates = same_number_candidates(eager["values"], compiled["values"])
    for eager_id, compiled_id in compiled.get("output_pairs", []):
        candidates[int(eager_id)] = [int(compiled_id)]  # outputs pair up by position
    buffers = BufferMap(bundle, placements)
    _drifted_into_their_own_buffers(bundle, placements, buffers, candidates)
    return Evidence(candidates, placements, buffers)


def _drifted_into_their_own_buffers(
    bundle: Json,
    placements: Mapping[int, Placement],
    buffers: BufferMap,
    candidates: dict[int, list[int]],
) -> None:
    """Deep in a model, eager and compiled float32 drift apart block by block (GPT-Neo's
    softmax from block 17 of 32 on, outputs 5.7e-4 apart at the end): no compiled value is
    within the search's tolerance, and "no kernel wrote its numbers" contradicted the plan.
    Where Inductor's plan keeps the value in a buffer, the value written to that very
    buffer is taken if it is within `DRIFT_TOLERANCE`: the candidate is named by the plan,
    not searched for among all same-sized values (wrong ones were >= 0.65 apart)."""
    eager_values = {int(v["id"]): v for v in bundle["eager"]["values"]}
    compiled_values = {int(v["id"]): v for v in bundle["compiled"]["values"]}
    for op_index, placement in placements.items():
        # a library call's buffer holds what it computed, not the op's value when Inductor
        # moved part of the op (a bias) elsewhere: `x @ w` is near `x @ w + b`, not it
        own = placement.materialized and not placement.library and placement.split is None
        for vid in buffers.eager_writes(op_index) if own else ():
            value = eager_values.get(vid)
            if candidates.get(vid) != [] or value is None or value.get("fingerprint") is None:
                continue
            for compiled_id in buffers.values_in(placement.buffers):
                other = compiled_values.get(compiled_id)
                if other is not None and _drifted(value, other):
                    candidates[vid] = [compiled_id]
                    break


def _drifted(eager: Json, compiled: Json) -> bool:
    fingerprint = compiled.get("fingerprint")
    if fingerprint is None or eager["dtype"] != compiled["dtype"]:
        return False
    if eager["shape"] and math.prod(eager["shape"]) != math.prod(compiled["shape"]):
        return False
    return distance(eager["fingerprint"], fingerprint) <= DRIFT_TOLERANCE


@dataclass
class Verdict:
    eliminated: bool | None
    decided_by: str | None  # inductor | values | inductor+values | eager_island
    unknown_reason: str | None = None


def eager_round_trips(bundle: Json, evidence: Evidence) -> list[RoundTrip]:
    graph = Dataflow(bundle, evidence.matches)
    judge = Judge(bundle, evidence)
    reasons = Reasons(bundle, evidence.placements, evidence.island_ops)
    trips = []
    for value in bundle["eager"]["values"]:
        consumers = graph.readers.get(value["id"], [])
        if value["role"] != "intermediate" or value["writer"] is None or not consumers:
            continue  # not an intermediate, or written and never read back: no round trip
        producer = graph.ops[value["writer"]]
        verdict = judge.verdict(value, producer)
        trips.append(
            RoundTrip(
                tensor=value["name"],
                bytes=int(value["bytes"]) + sum(_read_bytes(op, value) for op in consumers),
                shape=list(value["shape"]),
                dtype=value["dtype"],
                producer=profiler_name(producer["op"]),
                consumers=[profiler_name(op["op"]) for op in consumers],
                lines=sorted({op["line"] for op in [producer, *consumers] if op.get("line")}),
                module=producer.get("module"),
                frame=producer.get("frame"),
                eliminated=verdict.eliminated,
                fused_into=graph.fused_into(value["id"]) if verdict.eliminated else None,
                decided_by=verdict.decided_by,
                unknown_reason=verdict.unknown_reason,
                why=reasons.why(value["name"], producer, consumers)
                if verdict.eliminated is False
                else None,
            )
        )
    return trips


def _read_bytes(op: Json, value: Json) -> int:
    touched = (op.get("read_bytes") or {}).get(str(value["id"]))
    return int(touched) if touched is not None else int(value["bytes"])


def totals(trips: Sequence[RoundTrip]) -> Totals:
    gone = [t for t in trips if t.eliminated]
    unknown = [t for t in trips if t.eliminated is None]
    return Totals(
        round_trips_eliminated=len(gone),
        bytes_saved=sum(t.bytes for t in gone),
        round_trips_unknown=len(unknown),
    )


class Judge:
    """Combines Inductor's plan and the values into one verdict per eager value."""

    def __init__(self, bundle: Json, evidence: Evidence) -> None:
        self.evidence = evidence
        self.has_plan = bool((bundle.get("compiled") or {}).get("inductor"))

    def verdict(self, value: Json, producer: Json) -> Verdict:
        if int(producer["index"]) in self.evidence.island_ops:
            return Verdict(False, "eager_island")  # it ran between graphs, as eager code
        by_values = self._by_values(int(value["id"]))
        placement = self.evidence.placements.get(int(producer["index"]))
        by_plan = None if placement is None else not placement.materialized
        if by_plan is None and by_values is None:
            return Verdict(None, None, self._why_unknown(value, producer))
        if by_plan is None or by_values is None:
            decided_by = "inductor" if by_values is None else "values"
            return Verdict(by_plan if by_values is None else by_values, decided_by)
        if by_plan == by_values:
            return Verdict(by_plan, "inductor+values")
        if by_plan is False and placement is not None and placement.library:
            # a library call (convolution, GEMM) writes its result to memory, but not the
            # same numbers when Inductor moved part of the op (the bias) into the epilogue
            return Verdict(False, "inductor")
        plan = "gives it no buffer" if by_plan else "keeps it in a buffer"
        data = "no compiled kernel wrote its numbers" if by_values else "a kernel wrote them"
        return Verdict(None, None, f"Inductor's plan {plan}, but {data}: the two disagree")

    def _by_values(self, vid: int) -> bool | None:
        """True: no compiled kernel wrote these numbers; False: one wrote them to this
        value's own buffer (or one Inductor cannot place); None: the data cannot tell,
        because it was not fingerprinted, or every buffer holding the same numbers
        belongs to another value (`x @ w + b` equals `x @ w` when b is zero)."""
        found = self.evidence.candidates.get(vid)
        if found is None:
            return None
        if not found:
            return True
        for compiled_id in found:
            owners = self.evidence.buffers.owners(compiled_id)
            if owners is None or vid in owners:
                return False
        return None

    def _why_unknown(self, value: Json, producer: Json) -> str:
        op = profiler_name(producer["op"])
        plan = "no compiled graph has a node for " + op
        if not self.has_plan:
            plan = "Inductor's plan was not recorded"
        if value.get("fingerprint") is None:
            return f"{value['dtype']} values cannot be fingerprinted, and {plan}"
        return f"the same numbers were written for another value, and {plan}"


class Dataflow:
    """Who wrote and who read each eager value, and where it went in the compiled variant."""

    def __init__(self, bundle: Json, matches: dict[int, int | None]) -> None:
        compiled = bundle["compiled"]
        self.matches = matches
        self.ops = {op["index"]: op for op in bundle["eager"]["ops"]}
        self.readers: dict[int, list[Json]] = defaultdict(list)
        for op in bundle["eager"]["ops"]:
            if op["moves_data"]:
                for vid in op["reads"]:
                    self.readers[vid].append(op)
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
