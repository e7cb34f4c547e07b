"""Kernel-to-op matching: which eager op or compiled launch moved each kernel's data.

A `Source` is what the harness's accounting says one op or launch moved; this module pairs
them with what the trace saw, in the order both ran: eager ops with the profiler's ops by
name (`match_in_order`, an op pairing with its in-place twin), compiled kernels with the
wrapper's launch log (`LaunchQueue`), and the eager ops that run between compiled graphs
with eager's own (`IslandQueue`, by name and the sizes the profiler recorded).
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections import defaultdict, deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from backend.analysis.module_places import LaunchPlaces
from backend.analysis.trace import ParsedTrace, TraceKernel
from backend.analysis.trace_json import nested_int_tuples
from backend.result import Transfer

Json = Mapping[str, Any]


@dataclass
class Source:
    """What moved the data for one kernel: an eager op or a compiled launch."""

    op: str | None
    reads: list[int]
    writes: list[int]
    values: Sequence[Json]  # the value table the ids refer to
    lines: list[int] = field(default_factory=list)
    source_ops: list[str] = field(default_factory=list)
    graph: int | None = None
    read_bytes: dict[int, int] = field(default_factory=dict)  # value id -> bytes touched
    op_index: int | None = None  # the eager op, for eager sources
    fixed: list[Transfer] | None = None  # transfers worked out already (kernel_share.py)
    launches: int | None = None  # its op's main kernel ran as this many launches
    helper: str | None = None  # a helper kernel of its op: memset, layout transform, ...
    note: str | None = None  # why it carries no traffic, when it carries none
    swallowed: list[str] = field(default_factory=list)  # ops below it it stands for
    module: str | None = None  # where in the model (Kernel.module)
    frame: str | None = None


def profiler_name(dispatch_op: str) -> str:
    """`aten.mul_.Tensor` -> `aten::mul_`, the name torch.profiler gives the same op."""
    namespace, _, rest = dispatch_op.partition(".")
    return f"{namespace}::{rest.split('.')[0]}"


def match_in_order(
    wanted: Sequence[str],
    trace_ops: Sequence[str],
    inside: Sequence[Sequence[str]] = (),
    parents: Sequence[int | None] = (),
) -> dict[int, int]:
    """Pair each wanted name with the next trace op of that name, keeping order.

    An op and its in-place or out-of-place twin (`aten::add`, `aten::add_`) pair up: while a
    dispatch mode is on, autograd never sums gradients in place (it takes the mode for a
    tensor subclass), so the accounting pass saw `add` where the profiled run ran `add_`,
    the same kernel moving the same bytes; an exact pairing would skip ahead to a later
    `add` and leave every op in between unpaired. `inside[i]`: the ops wanted[i] stands
    for below it (`inner_sources.Node.swallowed`): the first descendant of each name in the
    trace (`parents`) is its own, passed over rather than paired with the next wanted op.
    Each name's positions are looked up by bisection: a scan to the end for every name the
    trace lacks cost wanted x trace steps (20,000 x 20,000 for a bundle whose names do not
    match its trace)."""
    keys = [_twin(name) for name in trace_ops]
    positions = NamePositions(keys)
    below = _children(parents)
    matches: dict[int, int] = {}
    passed: set[int] = set()
    cursor = 0
    for index, name in enumerate(wanted):
        key = _twin(name)
        position = positions.next_of({key}, cursor)
        while position is not None and position in passed:
            position = positions.next_of({key}, position + 1)
        if position is None:
            continue
        matches[index] = position
        cursor = position + 1
        for inner in inside[index] if index < len(inside) else ():
            passed |= _first_named(below, keys, position, _twin(inner))
    return matches


def _twin(name: str) -> str:
    """`aten::add_` -> `aten::add`: the name an op shares with its in-place form."""
    namespace, sep, op = name.rpartition("::")
    if op.endswith("_") and not op.endswith("__"):
        op = op[:-1]
    return f"{namespace}{sep}{op}"


def _children(parents: Sequence[int | None]) -> dict[int, list[int]]:
    below: dict[int, list[int]] = defaultdict(list)
    for index, parent in enumerate(parents):
        if parent is not None:
            below[parent].append(index)
    return below


def _first_named(
    below: Mapping[int, list[int]], keys: Sequence[str], top: int, key: str
) -> set[int]:
    """The first descendant of `top` (depth first, in start order) with this name, if any."""
    stack = list(reversed(below.get(top, [])))
    while stack:
        position = stack.pop()
        if keys[position] == key:
            return {position}
        stack += reversed(below.get(position, []))
    return set()


class NamePositions:
    """Where each name occurs in a sequence, for "the next of these names from here"."""

    def __init__(self, names: Sequence[str | None]) -> None:
        self._at: dict[str | None, list[int]] = defaultdict(list)
        for position, name in enumerate(names):
            self._at[name].append(position)

    def next_of(self, names: Iterable[str | None], cursor: int) -> int | None:
        """The first position at or after `cursor` holding one of `names`."""
        found = None
        for name in names:
            at = self._at.get(name)
            if not at:
                continue
            i = bisect_left(at, cursor)
            if i < len(at) and (found is None or at[i] < found):
                found = at[i]
        return found


# kernels that are never a library call: Inductor's own, and the copies and fills the
# wrapper runs itself (`buf.copy_(cpu_buf)` moving a CPU constant to the device), which the
# launch log does not list; handed the next library call, such a copy shifted every later
# extern launch by one, and the last library kernels found none left
_NOT_LIBRARY = ("triton_", "cpp_", "Memcpy", "Memset")


class LaunchQueue:
    """The wrapper's launch log, consumed in order by kernel name."""

    def __init__(self, compiled: Json, provenance: Json) -> None:
        self.pending: dict[str, deque[Json]] = defaultdict(deque)
        for launch in compiled["launches"]:
            self.pending[launch["kernel"]].append(launch)
        self.values = compiled["values"]
        self.lines = provenance.get("lines", {})
        self.source_ops = provenance.get("source_ops", {})
        self.places = LaunchPlaces(compiled)

    def take(self, kernel_name: str, user_op: str | None) -> Source | None:
        """The next launch of this kernel; for a library kernel (cuBLAS, cuDNN, cutlass),
        the library call behind its op (`aten::mm` <- `extern_kernels.mm`), else the next
        library call not yet placed (`extern_kernels.bias_addmm` runs as `aten::addmm`)."""
        if self.pending[kernel_name]:
            return self._source(self.pending[kernel_name].popleft(), user_op)
        if kernel_name.startswith(_NOT_LIBRARY) or not user_op or "::" not in user_op:
            return None
        base = user_op.split("::")[1]
        named = [
            f"extern_kernels.{base}",
            *(k for k in self.pending if k.startswith(f"aten.{base}.")),
        ]
        for name in named:
            if self.pending[name]:
                return self._source(self.pending[name].popleft(), user_op)
        waiting = [q for q in self.pending.values() if q and q[0]["backend"] == "extern"]
        if not waiting:
            return None
        earliest = min(waiting, key=lambda q: int(q[0]["index"]))
        return self._source(earliest.popleft(), user_op)

    def _source(self, launch: Json, user_op: str | None) -> Source:
        kernel = launch["kernel"]
        touched = launch.get("read_bytes") or {}
        module, frame = self.places.of(launch)
        return Source(
            op=user_op if launch["backend"] == "extern" else None,
            reads=[vid for _, vid in launch["reads"]],
            writes=[vid for _, vid in launch["writes"]],
            values=self.values,
            lines=list(self.lines.get(kernel, [])),
            source_ops=list(self.source_ops.get(kernel, [])),
            graph=launch["graph"],
            read_bytes={vid: int(touched[p]) for p, vid in launch["reads"] if p in touched},
            module=module,
            frame=frame,
        )


def island_source(islands: IslandQueue, parsed: ParsedTrace, event: TraceKernel) -> Source | None:
    """The eager op an island kernel takes its traffic from: one on its launch chain (the
    op that launched it and those around it, as an eager kernel takes the innermost op the
    accounting saw), else one of its op's family. The family alone is not enough: it holds
    every op below the kernel's user-level op, and the first of them in eager's order wins,
    so a cuDNN LSTM's kernels went to the `aten::set_` that `aten::lstm` runs (on its flat
    weights) before `aten::_cudnn_rnn` launches them."""
    sizes = input_sizes(parsed, event)
    chain = {parsed.ops[index].name for index in _chain(parsed, event.launch_op)}
    return islands.take(chain, sizes) or islands.take(op_family(parsed, event), sizes)


def _chain(parsed: ParsedTrace, index: int | None) -> Iterable[int]:
    while index is not None:
        yield index
        index = parsed.ops[index].parent


def op_family(parsed: ParsedTrace, event: TraceKernel) -> set[str]:
    """Names of the ops around a kernel: `aten::is_nonzero` ran `aten::_local_scalar_dense`."""
    names: set[str] = set()
    for start in (event.launch_op, event.user_op):
        names |= {parsed.ops[index].name for index in _chain(parsed, start)}
    if event.user_op is not None:
        names |= {op.name for op in parsed.ops if _descends_from(parsed, op.parent, event.user_op)}
    return names


def _descends_from(parsed: ParsedTrace, index: int | None, ancestor: int) -> bool:
    while index is not None:
        if index == ancestor:
            return True
        index = parsed.ops[index].parent
    return False


# the shapes an op was called with, sorted, each without its 1s (a bias gradient summed to
# [1, 768] is added as [768]): its tensor inputs', or a factory's (`zeros`) requested size
Sizes = list[tuple[int, ...]]


class IslandQueue:
    """Eager ops that run between compiled graphs: same op, same data as in eager.

    Mostly they run in eager's order. Gradient accumulation does not: after a compiled
    backward the engine adds every parameter's gradient at once, in an order of its own.
    So an island takes the next op of its name whose tensors have the sizes the profiler
    recorded for it (`Input Dims`), and looks back for one only when none lies ahead."""

    def __init__(self, sources: Sequence[Source]) -> None:
        self.sources = sources
        self.positions = NamePositions([s.op for s in sources])  # no scan to the end per miss
        self.cursor = 0
        self.taken: set[int] = set()

    def take(self, op_names: set[str], sizes: Mapping[str, Sizes]) -> Source | None:
        for start, stop in ((self.cursor, len(self.sources)), (0, self.cursor)):
            position = self._next_fitting(op_names, sizes, start, stop)
            if position is None:
                continue
            source = self.sources[position]
            self.cursor = max(self.cursor, position + 1)
            if source.op_index is not None:
                self.taken.add(source.op_index)
            return source
        return None

    def _next_fitting(
        self, op_names: set[str], sizes: Mapping[str, Sizes], start: int, stop: int
    ) -> int | None:
        """The first position in [start, stop) of one of `op_names`, not taken yet, whose
        tensors have the recorded sizes (any, where none were recorded)."""
        position = self.positions.next_of(op_names, start)
        while position is not None and position < stop:
            source = self.sources[position]
            recorded = sizes.get(source.op or "")
            fits = recorded is None or recorded == _source_sizes(source)
            if fits and source.op_index not in self.taken:
                return position
            position = self.positions.next_of(op_names, position + 1)
        return None


def _squeezed(shape: Sequence[int]) -> tuple[int, ...]:
    return tuple(int(n) for n in shape if n != 1)


def _source_sizes(source: Source) -> Sizes:
    read = [source.values[v]["shape"] for v in source.reads]
    if not read and source.writes:
        read = [source.values[source.writes[0]]["shape"]]
    return sorted(_squeezed(shape) for shape in read if shape)


def input_sizes(parsed: ParsedTrace, event: TraceKernel) -> dict[str, Sizes]:
    """For each op from the kernel's launching op out, and each op nested inside its user's
    op, the sizes the profiler recorded for it (with record_shapes): its tensor inputs'
    `Input Dims`, or for an op that read no tensor the size list it was given (`Concrete
    Inputs`); none where it recorded neither."""
    sizes: dict[str, Sizes] = {}
    index = event.launch_op
    while index is not None:
        op = parsed.ops[index]
        found = _recorded_sizes(op.args)
        if found is not None:
            sizes.setdefault(op.name, found)
        index = op.parent
    # the ops nested inside the user's op are names `op_family` offers too: without their
    # sizes, print's `isfinite` of 6 formatted elements took the snippet's `mul` inside it
    if event.user_op is not None:
        for op in parsed.ops:
            found = _recorded_sizes(op.args)
            if found is not None and _descends_from(parsed, op.parent, event.user_op):
                sizes.setdefault(op.name, found)
    return sizes


def _recorded_sizes(args: Mapping[str, object]) -> Sizes | None:
    dims = [d for d in nested_int_tuples(args.get("Input Dims")) if d]
    if dims:
        return sorted(_squeezed(d) for d in dims)
    types, given = args.get("Input type"), args.get("Concrete Inputs")
    if not (isinstance(types, list) and isinstance(given, list) and types and given):
        return None
    if types[0] != "ScalarList":
        return None
    try:
        return [_squeezed(json.loads(str(given[0])))]
    except (ValueError, TypeError):
        return None
