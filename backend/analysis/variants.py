"""Kernels and transfers of each variant: trace timing joined with the harness's accounting.

The trace says *when* each kernel ran; the harness's accounting says *what* it moved (eager:
one row per ATen op from the dispatch mode; compiled: one row per launch from the wrapper).
Joining is by name in launch order, which both sides share.
"""

from __future__ import annotations

import dataclasses
import json
import re
from bisect import bisect_left
from collections import defaultdict, deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from backend.analysis.compiled_trace import cpu_compiled_kernels
from backend.analysis.hardware import believable_flops
from backend.analysis.inner_sources import op_tree, transfers_of, value_transfer
from backend.analysis.kernel_share import main_kernels, share_traffic
from backend.analysis.module_places import LaunchPlaces
from backend.analysis.naming import kernel_kind, op_display, short_kernel_name
from backend.analysis.trace import (
    ParsedTrace,
    TraceKernel,
    cuda_kernels,
)
from backend.analysis.trace_json import nested_int_tuples
from backend.analysis.triton_launch import triton_launch
from backend.result import Kernel, Transfer

Json = Mapping[str, Any]
_GRAPH_PREFIX = re.compile(r"^graph_\d+_")


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


def transfers(source: Source | None) -> list[Transfer]:
    if source is None:
        return []
    if source.fixed is not None:
        return list(source.fixed)
    reads = [
        value_transfer(source.values[v], "read", source.read_bytes.get(v)) for v in source.reads
    ]
    return reads + [value_transfer(source.values[v], "write") for v in source.writes]


def build_kernels(
    timed: Sequence[tuple[TraceKernel | None, float, float, Source | None, str]],
) -> list[Kernel]:
    """Kernels from (trace kernel, start, duration, source, name) rows in launch order."""
    origin = min((start for _, start, _, _, _ in timed), default=0.0)
    kernels = []
    for index, (event, start, duration, source, name) in enumerate(timed):
        moved = transfers(source)
        op = source.op if source is not None else None
        note = None if moved else _traffic_note(source, name)
        source_ops = source.source_ops if source is not None else []
        kernels.append(
            Kernel(
                index=index,
                name=name,
                short_name=_short_name(name, op),
                op=op,
                kind=kernel_kind(name, op, source_ops),
                start_us=round(start - origin, 3),
                dur_us=round(duration, 3),
                lines=source.lines if source is not None else [],
                module=source.module if source is not None else None,
                frame=source.frame if source is not None else None,
                source_ops=source_ops,
                graph=source.graph if source is not None else None,
                bytes_read=sum(t.bytes for t in moved if t.direction == "read"),
                bytes_written=sum(t.bytes for t in moved if t.direction == "write"),
                transfers=moved,
                traffic_note=note,
                launches=source.launches if source is not None else None,
                helper=source.helper if source is not None else None,
                **_launch_config(event),
            )
        )
    return kernels


def _traffic_note(source: Source | None, name: str) -> str:
    """Why a kernel carries no reads or writes: said, never left blank."""
    if source is not None and source.note:
        return source.note
    if source is None:
        return "launched by no ATen op the profiler or the accounting saw: traffic unknown"
    if name.startswith(("triton_", "cpp_")):
        return "no launch of this kernel in Inductor's launch log: traffic unknown"
    return f"{source.op or 'its op'} was not matched to the accounting: traffic unknown"


def _short_name(name: str, op: str | None) -> str:
    """Inductor kernels keep their own names; library kernels are named by their op."""
    generated = name.startswith(("triton_", "cpp_", "graph_"))
    return op_display(op) if op and not generated else short_kernel_name(name)


def _launch_config(event: TraceKernel | None) -> dict[str, Any]:
    if event is None or event.cat == "cpu_kernel":
        return {}
    return {
        "stream": event.stream,
        "grid": list(event.grid) if event.grid else None,
        "block": list(event.block) if event.block else None,
        "registers_per_thread": event.registers_per_thread,
        "shared_memory_bytes": event.shared_memory_bytes,
        "occupancy_pct": event.occupancy_pct,
    }


# ---- eager -------------------------------------------------------------------------------


UNACCOUNTED_NOTE = (
    "past the eager accounting's per-op budget (see the run's notes): its traffic was not recorded"
)


def eager_sources(eager: Json) -> list[Source]:
    values = eager["values"]
    return [
        Source(
            op=profiler_name(op["op"]),
            reads=list(op["reads"]),
            writes=list(op["writes"]),
            values=values,
            lines=[op["line"]] if op.get("line") else [],
            read_bytes={int(vid): int(n) for vid, n in (op.get("read_bytes") or {}).items()},
            op_index=int(op["index"]),
            module=op.get("module"),
            frame=op.get("frame"),
            note=None if op.get("accounted", True) else UNACCOUNTED_NOTE,
        )
        for op in eager["ops"]
        if op["moves_data"]
    ]


def eager_sources_with_inner(eager: Json) -> list[Source]:
    """Every op that moved data and every op it called inside (inner_sources.py), in the
    order they started: the sources a GPU's kernels hang under."""
    values = eager["values"]
    sources = []
    for op in eager["ops"]:
        if not op["moves_data"]:
            continue
        lines = [op["line"]] if op.get("line") else []
        locals_ = op.get("locals") or []
        accounted = op.get("accounted", True)
        for node in op_tree(op).walk():
            own = transfers_of(node.own_accesses(), values, locals_, op)
            inside = f"{profiler_name(node.op)}'s ops inside it did its work"
            sources.append(
                Source(
                    op=profiler_name(node.op),
                    reads=[],
                    writes=[],
                    values=values,
                    lines=lines,
                    op_index=int(op["index"]),
                    fixed=own,
                    note=None if own else inside if accounted else UNACCOUNTED_NOTE,
                    swallowed=[profiler_name(name) for name in node.swallowed],
                    module=op.get("module"),
                    frame=op.get("frame"),
                )
            )
    return sources


def eager_kernel_sources(eager: Json, device_type: str) -> list[Source]:
    """The sources eager kernels are matched against: the same for every profiled call, so
    made once per run (they cost more than the matching)."""
    return eager_sources_with_inner(eager) if device_type == "cuda" else eager_sources(eager)


def eager_kernels(
    eager: Json, parsed: ParsedTrace, device_type: str, sources: Sequence[Source] | None = None
) -> list[Kernel]:
    if sources is None:
        sources = eager_kernel_sources(eager, device_type)
    op_names = [op.name for op in parsed.ops]
    parents = [op.parent for op in parsed.ops]
    inside = [s.swallowed for s in sources]
    matched = match_in_order([s.op or "" for s in sources], op_names, inside, parents)
    if device_type == "cuda":
        return build_kernels(_cuda_rows(parsed, sources, matched))
    rows = []
    for index, source in enumerate(sources):
        trace_op = parsed.ops[matched[index]] if index in matched else None
        start = trace_op.ts_us if trace_op else 0.0
        rows.append((None, start, trace_op.dur_us if trace_op else 0.0, source, source.op or ""))
    return build_kernels(rows)


def _cuda_rows(
    parsed: ParsedTrace, sources: Sequence[Source], matched: dict[int, int]
) -> list[tuple[TraceKernel | None, float, float, Source | None, str]]:
    """Each device kernel with the op that launched it (the innermost the accounting saw);
    an op that launched several kernels shares its traffic among them (kernel_share.py)."""
    owner_of_trace_op = {trace_index: index for index, trace_index in matched.items()}
    kernels = cuda_kernels(parsed)
    owners = [_owning_source(parsed, k.launch_op, owner_of_trace_op) for k in kernels]
    shared = _shared(kernels, owners, dict(enumerate(sources)))
    rows: list[tuple[TraceKernel | None, float, float, Source | None, str]] = []
    for position, kernel in enumerate(kernels):
        source = shared.get(position)
        if source is None and kernel.user_op is not None:
            name = parsed.ops[kernel.user_op].name
            note = f"{name} was not matched to the accounting: traffic unknown"
            source = Source(name, [], [], [], note=note)
        rows.append((kernel, kernel.ts_us, kernel.dur_us, source, kernel.name))
    return rows


def _shared(
    kernels: Sequence[TraceKernel], owners: Sequence[int | None], sources: Mapping[int, Source]
) -> dict[int, Source]:
    """Kernel position -> the source with its share of its owner's traffic."""
    groups: dict[int, list[int]] = defaultdict(list)
    for position, owner in enumerate(owners):
        if owner is not None:
            groups[owner].append(position)
    shared: dict[int, Source] = {}
    for owner, positions in groups.items():
        source = sources[owner]
        group = [kernels[p] for p in positions]
        for position, share in zip(
            positions, share_traffic(group, transfers(source), source.op or "its op"), strict=True
        ):
            shared[position] = dataclasses.replace(
                source,
                fixed=share.transfers,
                launches=share.launches,
                helper=share.helper,
                note=share.note or source.note,
            )
    return shared


def _owning_source(parsed: ParsedTrace, op_index: int | None, owners: dict[int, int]) -> int | None:
    while op_index is not None:
        if op_index in owners:
            return owners[op_index]
        op_index = parsed.ops[op_index].parent
    return None


# ---- compiled ----------------------------------------------------------------------------


@dataclass
class CompiledKernels:
    kernels: list[Kernel]
    island_ops: set[int]  # eager ops that ran again, as eager code, between compiled graphs


def compiled_kernels(
    compiled: Json,
    eager: Json,
    parsed: ParsedTrace,
    device_type: str,
    provenance: Json,
    island_sources: Sequence[Source] | None = None,
) -> CompiledKernels:
    """Compiled kernels: graph kernels from the launch log, graph-break islands from eager
    (`island_sources`: `eager_sources(eager)`, made once for all calls and modes)."""
    events = cuda_kernels(parsed) if device_type == "cuda" else cpu_compiled_kernels(parsed)
    launches = _LaunchQueue(compiled, provenance)
    islands = _IslandQueue(eager_sources(eager) if island_sources is None else island_sources)
    names = [_GRAPH_PREFIX.sub("", e.name) if e.cat == "cpu_kernel" else e.name for e in events]
    user_ops = [parsed.ops[e.user_op].name if e.user_op is not None else None for e in events]
    # an op that launched several kernels takes its launch (or island op) at its main
    # kernel, whose position then owns them all: they share its traffic (kernel_share.py)
    mains = main_kernels(events, [e.user_op for e in events])
    owners = [mains[e.user_op] if e.user_op is not None else p for p, e in enumerate(events)]
    sources: dict[int, Source] = {}
    for position in sorted(set(owners)):
        event = events[position]
        if event.graph_annotation is None:
            source = islands.take(_op_family(parsed, event), _input_sizes(parsed, event))
        else:
            source = launches.take(names[position], user_ops[position])
        if source is not None:
            sources[position] = source
    shared = _shared(events, [o if o in sources else None for o in owners], sources)
    rows: list[tuple[TraceKernel | None, float, float, Source | None, str]] = []
    for position, (event, name, user_op) in enumerate(zip(events, names, user_ops, strict=True)):
        source = shared.get(position)
        if source is None and user_op:
            source = Source(user_op, [], [], [])
        rows.append((event, event.ts_us, event.dur_us, source, name))
    kernels = _with_estimates(build_kernels(rows), parsed, events)
    kernels = _dense_graph_numbers(_in_their_graph(kernels, events))
    return CompiledKernels(kernels, islands.taken)


def _in_their_graph(kernels: list[Kernel], events: list[TraceKernel]) -> list[Kernel]:
    """A kernel inside a compiled graph's call that no launch names (the copy of the inputs
    into a CUDA graph's buffers before a replay) belongs to that graph, not to an eager
    island: it takes the graph of the kernels in the same call."""
    graph_of: dict[int, int] = {}
    for kernel, event in zip(kernels, events, strict=True):
        if kernel.graph is not None and event.graph_annotation is not None:
            graph_of.setdefault(event.graph_annotation, kernel.graph)
    for kernel, event in zip(kernels, events, strict=True):
        if kernel.graph is None and event.graph_annotation in graph_of:
            kernel.graph = graph_of[event.graph_annotation]
    return kernels


def _dense_graph_numbers(kernels: list[Kernel]) -> list[Kernel]:
    """Graphs numbered 0, 1, ... in the order they ran (the harness counts loaded modules)."""
    order: dict[int, int] = {}
    for kernel in kernels:
        if kernel.graph is not None:
            kernel.graph = order.setdefault(kernel.graph, len(order))
    return kernels


def _with_estimates(
    kernels: list[Kernel], parsed: ParsedTrace, events: list[TraceKernel]
) -> list[Kernel]:
    """Attach Inductor's own estimates to Triton kernels: bytes (kernel_num_gb) and FLOPs
    (kernel_flop; 0 where it makes none, as for point-wise kernels)."""
    for kernel, event in zip(kernels, events, strict=True):
        launch = triton_launch(parsed, event) if event.cat == "kernel" else None
        if launch is not None:
            kernel.estimated_bytes = launch.kernel_num_bytes
            kernel.flops = believable_flops(launch.kernel_flop)
    return kernels


class _LaunchQueue:
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
        if kernel_name.startswith(("triton_", "cpp_")) or not user_op or "::" not in user_op:
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


def _op_family(parsed: ParsedTrace, event: TraceKernel) -> set[str]:
    """Names of the ops around a kernel: `aten::is_nonzero` ran `aten::_local_scalar_dense`."""
    names: set[str] = set()
    for start in (event.launch_op, event.user_op):
        index = start
        while index is not None:
            names.add(parsed.ops[index].name)
            index = parsed.ops[index].parent
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


class _IslandQueue:
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


def _input_sizes(parsed: ParsedTrace, event: TraceKernel) -> dict[str, Sizes]:
    """For each op from the kernel's launching op out, the sizes the profiler recorded for
    it (with record_shapes): its tensor inputs' `Input Dims`, or for an op that read no
    tensor the size list it was given (`Concrete Inputs`); none where it recorded neither."""
    sizes: dict[str, Sizes] = {}
    index = event.launch_op
    while index is not None:
        op = parsed.ops[index]
        found = _recorded_sizes(op.args)
        if found is not None:
            sizes.setdefault(op.name, found)
        index = op.parent
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
