"""Parse a torch.profiler Chrome trace (Kineto JSON) into CPU ops and kernels.

Pure functions over the already-loaded JSON document: no file I/O, no torch import, so the
same code reads traces recorded on a GPU host (torch 2.11, CUDA) and on a CPU-only box
(torch 2.13/2.14); recorded traces of both are in tests/data/h200 and tests/data/cpu.

Every cross-reference (`parent`, `launch_op`, `user_op`, `graph_annotation`,
`ParsedTrace.graph_annotations`) is an index into `ParsedTrace.ops`. Times keep the trace's
microsecond floats (`_us`); nesting is decided on exact integer nanoseconds.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, NamedTuple

from backend.analysis.trace_json import args_of, float_or_none, int_or_none, int_tuple
from backend.harness.protocol import DEVICE_KERNEL_CATS

OpCat = Literal["cpu_op", "user_annotation"]
KernelCat = Literal["kernel", "gpu_memcpy", "gpu_memset", "cpu_kernel"]

GRAPH_ANNOTATION_PREFIX = "## Call CompiledFxGraph"
COMPILED_REGION_PREFIX = "Torch-Compiled Region"
_OP_CATS: frozenset[str] = frozenset({"cpu_op", "user_annotation"})
_LAUNCH_CATS: frozenset[str] = frozenset({"cuda_runtime", "cuda_driver"})
_NAMESPACED_OP = re.compile(r"^\w+::\w")
_CPP_KERNEL_OP = re.compile(r"^graph_\d+_cpp_")


@dataclass(frozen=True)
class TraceOp:
    """A CPU-side span: an ATen op, a RecordFunction or a user annotation."""

    name: str
    cat: OpCat
    ts_us: float
    dur_us: float
    pid: int | str
    tid: int | str
    external_id: int | None
    args: Mapping[str, object]
    depth: int  # 0 = outermost span on its thread
    parent: int | None  # index of the innermost op on the same thread that contains this one

    @property
    def end_us(self) -> float:
        return self.ts_us + self.dur_us


@dataclass(frozen=True)
class TraceKernel:
    """A device activity (CUDA kernel, memcpy, memset) or, on CPU, a compiled-run op."""

    name: str
    cat: KernelCat
    ts_us: float
    dur_us: float
    device: int | None
    stream: int | None
    grid: tuple[int, ...] | None
    block: tuple[int, ...] | None
    registers_per_thread: int | None
    shared_memory_bytes: int | None  # static + dynamic
    occupancy_pct: float | None  # Kineto's theoretical occupancy, not measured
    memcpy_bytes: int | None  # gpu_memcpy / gpu_memset only
    external_id: int | None
    correlation: int | None
    launch_op: int | None  # innermost cpu_op that launched it
    user_op: int | None  # outermost user-level op around the launch (aten::relu, triton_*)
    graph_annotation: int | None  # enclosing "## Call CompiledFxGraph <key> ##"

    @property
    def end_us(self) -> float:
        return self.ts_us + self.dur_us


@dataclass(frozen=True)
class ParsedTrace:
    ops: tuple[TraceOp, ...]  # sorted by start; parents come before children
    kernels: tuple[TraceKernel, ...]  # device activities sorted by start
    graph_annotations: tuple[int, ...]  # "## Call CompiledFxGraph" ops, in call order
    device_properties: tuple[Mapping[str, object], ...]


def _to_ns(value_us: object) -> int:
    # repr() gives the shortest decimal that round-trips, i.e. the text Kineto wrote
    # (ns precision); multiplying the float instead can land 1 ns off and break nesting.
    us = float_or_none(value_us) or 0.0
    return int((Decimal(repr(us)) * 1000).to_integral_value())


def _thread_key(event: Mapping[str, object]) -> tuple[str, str]:
    return (str(event.get("pid")), str(event.get("tid")))


def _id_or_str(value: object) -> int | str:
    as_int = int_or_none(value)
    return as_int if as_int is not None else str(value)


# --------------------------------------------------------------------------- CPU op nesting


class _Span(NamedTuple):
    start_ns: int
    end_ns: int
    thread: tuple[str, str]
    order: int  # position in the file, the last tie-breaker
    event: Mapping[str, object]


def _spans(events: Iterable[Mapping[str, object]]) -> list[_Span]:
    spans = []
    for order, event in enumerate(events):
        start_ns = _to_ns(event.get("ts"))
        end_ns = start_ns + _to_ns(event.get("dur"))
        spans.append(_Span(start_ns, end_ns, _thread_key(event), order, event))
    # longer first on equal starts, so a parent precedes a child that starts with it
    spans.sort(key=lambda s: (s.start_ns, -s.end_ns, s.order))
    return spans


def _contains(outer: _Span, inner: _Span) -> bool:
    return outer.start_ns <= inner.start_ns and inner.end_ns <= outer.end_ns


def _make_op(span: _Span, depth: int, parent: int | None) -> TraceOp:
    event = span.event
    cat: OpCat = "user_annotation" if event.get("cat") == "user_annotation" else "cpu_op"
    args = args_of(event)
    return TraceOp(
        name=str(event.get("name", "")),
        cat=cat,
        ts_us=float_or_none(event.get("ts")) or 0.0,
        dur_us=float_or_none(event.get("dur")) or 0.0,
        pid=_id_or_str(event.get("pid")),
        tid=_id_or_str(event.get("tid")),
        external_id=int_or_none(args.get("External id")),
        args=dict(args),
        depth=depth,
        parent=parent,
    )


def _build_ops(events: Iterable[Mapping[str, object]]) -> tuple[list[TraceOp], list[_Span]]:
    spans = _spans(events)
    stacks: dict[tuple[str, str], list[int]] = {}
    ops: list[TraceOp] = []
    for index, span in enumerate(spans):
        stack = stacks.setdefault(span.thread, [])
        # spans arrive by start time, so anything on the stack that does not contain this
        # one has ended and can never contain a later span either
        while stack and not _contains(spans[stack[-1]], span):
            stack.pop()
        ops.append(_make_op(span, len(stack), stack[-1] if stack else None))
        stack.append(index)
    return ops, spans


# --------------------------------------------------------------------------- op predicates


def is_graph_annotation(op: TraceOp) -> bool:
    return op.name.startswith(GRAPH_ANNOTATION_PREFIX)


def graph_key(op: TraceOp) -> str | None:
    """The FX-graph cache key of a "## Call CompiledFxGraph <key> ##" annotation."""
    if not is_graph_annotation(op):
        return None
    return op.name.removeprefix(GRAPH_ANNOTATION_PREFIX).strip(" #") or None


def is_triton_launch_op(op: TraceOp) -> bool:
    # kernel_backend is present only with record_shapes; the name prefix covers the rest
    return op.cat == "cpu_op" and (
        op.args.get("kernel_backend") == "triton" or op.name.startswith("triton_")
    )


def is_cpp_kernel_op(op: TraceOp) -> bool:
    """`graph_<gid>_cpp_fused_*`, emitted with torch._inductor.config.cpp.enable_kernel_profile."""
    return op.cat == "cpu_op" and bool(_CPP_KERNEL_OP.match(op.name))


def is_user_level(op: TraceOp) -> bool:
    # An op a user could have written (aten::relu, mylib::op) or an Inductor kernel launch.
    # Dynamo/Inductor markers, ProfilerStep and record_function spans have no "ns::" name.
    if op.cat != "cpu_op" or op.name.startswith("autograd::"):
        return False
    return bool(_NAMESPACED_OP.match(op.name)) or is_triton_launch_op(op) or is_cpp_kernel_op(op)


def ancestors(ops: Sequence[TraceOp], index: int) -> Iterable[int]:
    parent = ops[index].parent
    while parent is not None:
        yield parent
        parent = ops[parent].parent


def _user_op(ops: Sequence[TraceOp], launch: int) -> int:
    # climb while the enclosing span is still a user-level op: clamp_min -> relu, but never
    # into "## Call CompiledFxGraph" or "Torch-Compiled Region"
    outermost = launch
    for ancestor in ancestors(ops, launch):
        if not is_user_level(ops[ancestor]):
            break
        outermost = ancestor
    return outermost


def graph_annotation_of(ops: Sequence[TraceOp], index: int) -> int | None:
    return next((a for a in ancestors(ops, index) if is_graph_annotation(ops[a])), None)


# --------------------------------------------------------------------------- kernel linking


class _Linker:
    """Finds the launching cpu_op of a device activity."""

    def __init__(
        self, ops: list[TraceOp], spans: list[_Span], events: list[dict[str, object]]
    ) -> None:
        self.ops = ops
        self.by_external_id = self._index_external_ids(ops)
        self.launch_at = self._index_launches(events)
        self.thread_ops: dict[tuple[str, str], list[int]] = {}
        for index, span in enumerate(spans):
            self.thread_ops.setdefault(span.thread, []).append(index)
        self.starts_ns = {
            thread: [spans[i].start_ns for i in indices]
            for thread, indices in self.thread_ops.items()
        }
        self.spans = spans

    @staticmethod
    def _index_external_ids(ops: list[TraceOp]) -> dict[int, int]:
        by_id: dict[int, int] = {}
        for index, op in enumerate(ops):
            if op.cat != "cpu_op" or op.external_id is None:
                continue
            known = by_id.get(op.external_id)
            # the kernel belongs to the innermost op carrying the id
            if known is None or op.depth > ops[known].depth:
                by_id[op.external_id] = index
        return by_id

    @staticmethod
    def _index_launches(events: list[dict[str, object]]) -> dict[int, tuple[tuple[str, str], int]]:
        launches = {}
        for event in events:
            correlation = int_or_none(args_of(event).get("correlation"))
            if event.get("cat") in _LAUNCH_CATS and correlation is not None:
                launches[correlation] = (_thread_key(event), _to_ns(event.get("ts")))
        return launches

    def launch_op(self, external_id: int | None, correlation: int | None) -> int | None:
        if external_id is not None and external_id in self.by_external_id:
            return self.by_external_id[external_id]
        # no External id link (e.g. disable_external_correlation): fall back to the op that
        # was running when cudaLaunchKernel / cuLaunchKernel was called
        if correlation is None or correlation not in self.launch_at:
            return None
        thread, at_ns = self.launch_at[correlation]
        return self._innermost_cpu_op_at(thread, at_ns)

    def graph_around_launch(self, correlation: int | None) -> int | None:
        """The "## Call CompiledFxGraph" annotation around the runtime call that launched a
        kernel. A CUDA-graph replay (mode="reduce-overhead") launches its kernels with one
        cudaGraphLaunch whose External id is the outer "Torch-Compiled Region" op's, so the
        kernels' own ancestry never reaches the annotation; the launch's time does."""
        if correlation is None or correlation not in self.launch_at:
            return None
        thread, at_ns = self.launch_at[correlation]
        position = bisect.bisect_right(self.starts_ns.get(thread, []), at_ns) - 1
        candidate = self.thread_ops[thread][position] if position >= 0 else None
        while candidate is not None:
            span = self.spans[candidate]
            if is_graph_annotation(self.ops[candidate]) and span.start_ns <= at_ns <= span.end_ns:
                return candidate
            candidate = self.ops[candidate].parent
        return None

    def _innermost_cpu_op_at(self, thread: tuple[str, str], at_ns: int) -> int | None:
        starts = self.starts_ns.get(thread, [])
        position = bisect.bisect_right(starts, at_ns) - 1
        if position < 0:
            return None
        # the deepest span containing the instant is the last-started one or an ancestor
        candidate: int | None = self.thread_ops[thread][position]
        while candidate is not None:
            span = self.spans[candidate]
            if span.start_ns <= at_ns <= span.end_ns and self.ops[candidate].cat == "cpu_op":
                return candidate
            candidate = self.ops[candidate].parent
        return None


_DEVICE_CAT: dict[str, KernelCat] = {
    "kernel": "kernel",
    "gpu_memcpy": "gpu_memcpy",
    "gpu_memset": "gpu_memset",
}


def _device_kernel(event: Mapping[str, object], linker: _Linker) -> TraceKernel:
    args = args_of(event)
    external_id = int_or_none(args.get("External id"))
    correlation = int_or_none(args.get("correlation"))
    launch = linker.launch_op(external_id, correlation)
    cat = _DEVICE_CAT.get(str(event.get("cat")), "kernel")
    user_op = None if launch is None else _user_op(linker.ops, launch)
    graph = None if launch is None else graph_annotation_of(linker.ops, launch)
    if graph is None and (replayed := linker.graph_around_launch(correlation)) is not None:
        graph = replayed  # a CUDA-graph replay: its launching op is Dynamo's region, no op
        user_op = user_op if user_op is not None and is_user_level(linker.ops[user_op]) else None
    return TraceKernel(
        name=str(event.get("name", "")),
        cat=cat,
        ts_us=float_or_none(event.get("ts")) or 0.0,
        dur_us=float_or_none(event.get("dur")) or 0.0,
        device=int_or_none(args.get("device", event.get("pid"))),
        stream=int_or_none(args.get("stream", event.get("tid"))),
        grid=int_tuple(args.get("grid")),
        block=int_tuple(args.get("block")),
        registers_per_thread=int_or_none(args.get("registers per thread")),
        shared_memory_bytes=int_or_none(args.get("shared memory")),
        occupancy_pct=float_or_none(args.get("est. achieved occupancy %")),
        memcpy_bytes=int_or_none(args.get("bytes")) if cat != "kernel" else None,
        external_id=external_id,
        correlation=correlation,
        launch_op=launch,
        user_op=user_op,
        graph_annotation=graph,
    )


def _kernel_identity(event: Mapping[str, object]) -> tuple[object, ...]:
    args = args_of(event)
    return (
        event.get("cat"),
        event.get("name"),
        _to_ns(event.get("ts")),
        _to_ns(event.get("dur")),
        args.get("stream", event.get("tid")),
        args.get("correlation"),
    )


def _device_kernels(events: list[dict[str, object]], linker: _Linker) -> list[TraceKernel]:
    kernels: list[TraceKernel] = []
    seen: set[tuple[object, ...]] = set()
    for event in events:
        if event.get("cat") not in DEVICE_KERNEL_CATS:
            continue  # gpu_user_annotation spans kernels; it is not one
        identity = _kernel_identity(event)
        if identity in seen:
            continue  # a merged or re-exported trace can repeat an activity
        seen.add(identity)
        kernels.append(_device_kernel(event, linker))
    kernels.sort(key=lambda k: (_to_ns(k.ts_us), k.stream or 0))
    return kernels


def _complete_events(doc: Mapping[str, object]) -> list[dict[str, object]]:
    events = doc.get("traceEvents")
    if not isinstance(events, list):
        return []
    # "X" = complete events; instants, metadata and flow arrows carry no spans we need.
    # `overhead` (Activity Buffer Request) is dropped by the category filters downstream.
    return [e for e in events if isinstance(e, dict) and e.get("ph") == "X"]


def _device_properties(doc: Mapping[str, object]) -> tuple[Mapping[str, object], ...]:
    props = doc.get("deviceProperties")
    return tuple(p for p in props if isinstance(p, dict)) if isinstance(props, list) else ()


def parse_trace(doc: Mapping[str, object]) -> ParsedTrace:
    """Read a loaded Chrome trace (`json.load` of `prof.export_chrome_trace`)."""
    events = _complete_events(doc)
    ops, spans = _build_ops(e for e in events if e.get("cat") in _OP_CATS)
    kernels = _device_kernels(events, _Linker(ops, spans, events))
    return ParsedTrace(
        ops=tuple(ops),
        kernels=tuple(kernels),
        graph_annotations=tuple(i for i, op in enumerate(ops) if is_graph_annotation(op)),
        device_properties=_device_properties(doc),
    )


def cuda_kernels(parsed: ParsedTrace) -> list[TraceKernel]:
    """Device kernels, memcpys and memsets in start order."""
    return [k for k in parsed.kernels if k.cat in DEVICE_KERNEL_CATS]


def graph_index(parsed: ParsedTrace, kernel: TraceKernel) -> int | None:
    """Position of the kernel's compiled graph among the run's graph calls (0-based)."""
    if kernel.graph_annotation is None:
        return None
    return parsed.graph_annotations.index(kernel.graph_annotation)
