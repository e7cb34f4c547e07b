"""Kernels and transfers of each variant: trace timing joined with the harness's accounting.

The trace says *when* each kernel ran; the harness's accounting says *what* it moved (eager:
one row per ATen op from the dispatch mode; compiled: one row per launch from the wrapper).
Joining is by name in launch order, which both sides share (`kernel_matching`); here the
matched pairs become `Kernel`s, an op that launched several kernels sharing its traffic
among them.
"""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from backend.analysis.compiled_trace import cpu_compiled_kernels
from backend.analysis.hardware import believable_flops
from backend.analysis.inner_sources import op_tree, transfers_of, value_transfer
from backend.analysis.kernel_matching import (
    IslandQueue,
    Json,
    LaunchQueue,
    Source,
    island_source,
    match_in_order,
    profiler_name,
)
from backend.analysis.kernel_share import main_kernels, share_traffic, wrapper_copy
from backend.analysis.naming import kernel_kind, op_display, short_kernel_name
from backend.analysis.trace import (
    ParsedTrace,
    TraceKernel,
    cuda_kernels,
)
from backend.analysis.triton_launch import triton_launch
from backend.result import Kernel, Transfer

_GRAPH_PREFIX = re.compile(r"^graph_\d+_")


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
                helper=share.helper or source.helper,
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
    left_out: int = 0  # kernels outside the graphs that no eager op accounts for


def outside_graphs_note(left_out: int) -> list[str]:
    """The one counting rule for code outside the graphs that eager never saw, said once."""
    if not left_out:
        return []
    return [
        f"{left_out} kernels ran outside the compiled graphs from ops the eager accounting "
        "never saw (a print()'s formatting of a tensor, say, which runs with the dispatch "
        "modes off): in both variants, they are not counted in the kernels"
    ]


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
    launches = LaunchQueue(compiled, provenance)
    islands = IslandQueue(eager_sources(eager) if island_sources is None else island_sources)
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
            source = island_source(islands, parsed, event)
        else:
            source = launches.take(names[position], user_ops[position]) or _wrapper_copy_source(
                event, user_ops[position]
            )
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
    outside = (
        {p for p, e in enumerate(events) if _unaccounted(e, user_ops[p], shared.get(p))}
        if device_type == "cpu"
        else set()
    )
    kept = [k for p, k in enumerate(kernels) if p not in outside]
    for index, kernel in enumerate(kept):
        kernel.index = index
    return CompiledKernels(kept, islands.taken, len(outside))


def _wrapper_copy_source(event: TraceKernel, user_op: str | None) -> Source | None:
    """A graph's copy or fill with no launch in the log: the wrapper's own, sized by the
    profiler (kernel_share.wrapper_copy)."""
    share = wrapper_copy(event, user_op) if user_op else None
    if share is None:
        return None
    return Source(user_op, [], [], [], fixed=share.transfers, helper=share.helper, note=share.note)


def _unaccounted(event: TraceKernel, user_op: str | None, source: Source | None) -> bool:
    """Run outside every graph by an op no eager op accounts for: code the eager accounting
    never saw (print's formatting runs with every dispatch mode off), so eager cannot count
    it; the compiled side leaves it out too, and the run's notes count it. On a CPU only,
    where eager's kernels are the accounted ops: on a GPU eager counts every device kernel
    of its trace, and a compiled kernel not matched to an op (the backward wrapper's own
    zeros, a library call the matching missed) is real work of that variant, shown with its
    traffic unknown rather than hidden."""
    return event.graph_annotation is None and source is None and user_op is not None


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
