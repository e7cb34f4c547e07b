"""What Inductor knew when it compiled each graph: nodes, buffers, kernels, refusals.

Whether an eager intermediate still goes through memory when compiled is a fact of
Inductor's own state (docs/result-document.md, "How `eliminated` is decided"): a pointwise value
it inlines into its consumers never becomes a buffer, and a buffer it made kernel-local
is in `removed_buffers`. `_post_fusion_custom_pass` hands us each graph's scheduler right
after fusion; the graph's buffers and removals are final once compilation returns, so the
graphs are kept until then and written down as plain data (`describe`), then dropped.

The fusion loggers' `WhyNoFuse` records say why Inductor declined to fuse two nodes.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Iterator
from typing import Any

from backend.harness.module_paths import library_frame_in_trace, node_module

MAX_NODES_PER_GRAPH = 20_000  # a bundle stays bounded for models with huge graphs
MAX_REJECTIONS = 2_000
FUSION_LOGGERS = (
    "torch._inductor.scheduler.__fusion",
    "torch._inductor.codegen.simd.__fusion",
    "torch._inductor.codegen.triton.__fusion",
)


class GraphCapture(logging.Handler):
    """Collects every graph Inductor schedules, and every fusion it declines."""

    def __init__(self, snippet_file: str, top_is_module: bool = False) -> None:
        super().__init__(level=logging.DEBUG)
        self.snippet_file = snippet_file
        self.top_is_module = top_is_module  # Dynamo's `L['self']` is the snippet's Model
        self.pending: list[tuple[Any, list[Any]]] = []
        self.rejections: list[dict[str, Any]] = []

    def emit(self, record: logging.LogRecord) -> None:
        message: Any = record.msg
        if type(message).__name__ == "WhyNoFuse" and len(self.rejections) < MAX_REJECTIONS:
            try:
                reason = str(message.reason % message.args)
            except (TypeError, ValueError):
                reason = str(message.reason)
            self.rejections.append(  # logged while graph len(pending) is being fused
                {
                    "graph": len(self.pending),
                    "first": str(message.name1),
                    "second": str(message.name2),
                    "reason": reason,
                }
            )

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        import torch._inductor.config as ic
        from torch._inductor.virtualized import V

        pending = self.pending

        def after_fusion(nodes: list[Any]) -> list[Any]:
            # a plain function, not a method: Inductor pickles its config, and a logging
            # handler holds a lock
            pending.append((V.graph, list(nodes)))
            return nodes

        previous = ic._post_fusion_custom_pass
        ic._post_fusion_custom_pass = after_fusion
        loggers = [logging.getLogger(name) for name in FUSION_LOGGERS]
        saved = [(lg, lg.level, lg.propagate) for lg in loggers]
        for lg in loggers:
            lg.addHandler(self)
            lg.setLevel(logging.DEBUG)
            lg.propagate = False  # the user's stderr is not the place for them
        try:
            yield
        finally:
            ic._post_fusion_custom_pass = previous
            for lg, level, propagate in saved:
                lg.removeHandler(self)
                lg.setLevel(level)
                lg.propagate = propagate

    def take(self) -> list[dict[str, Any]]:
        """The graphs scheduled so far, as data (compilation is over: buffers are final)."""
        described = [
            describe(graph, nodes, self.snippet_file, self.top_is_module)
            for graph, nodes in self.pending
        ]
        self.pending.clear()
        return described


def describe(
    graph: Any, scheduled: list[Any], snippet_file: str, top_is_module: bool = False
) -> dict[str, Any]:
    removed = set(graph.removed_buffers) | set(graph.inplaced_to_remove)
    nodes = [n for n in graph.module.graph.nodes if n.op in ("call_function", "placeholder")]
    outputs = {a.name for a in _output_args(graph.module.graph)}
    return {
        "wrapper_path": str(getattr(graph, "cache_path", "") or ""),
        "nodes": [
            _node(n, snippet_file, outputs, top_is_module) for n in nodes[:MAX_NODES_PER_GRAPH]
        ],
        "buffers": [_buffer(b, removed) for b in graph.buffers],
        "kernels": [_scheduled(s) for s in scheduled],
        "truncated": len(nodes) > MAX_NODES_PER_GRAPH,
    }


def _output_args(fx_graph: Any) -> list[Any]:
    from torch.utils._pytree import tree_flatten

    for node in fx_graph.nodes:
        if node.op == "output":
            return [a for a in tree_flatten(node.args)[0] if hasattr(a, "name")]
    return []


_LINE = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+)')


def _node(
    node: Any, snippet_file: str, outputs: set[str], top_is_module: bool = False
) -> dict[str, Any]:
    trace = node.meta.get("stack_trace") or ""
    lines = [int(m["line"]) for m in _LINE.finditer(trace) if m["file"] == snippet_file]
    aten = node.meta.get("original_aten")
    return {
        "name": node.name,
        "op": node.op,
        "target": str(node.target),
        "aten": str(aten) if aten is not None else None,
        "lines": lines,
        "source": _dynamo_name(node),
        "users": [u.name for u in node.users],
        "output": node.name in outputs,
        # where in the model (module_paths.py): the kernels holding this node inherit it
        "module": node_module(node.meta, top_is_module),
        "frame": library_frame_in_trace(trace, snippet_file),
    }


def _dynamo_name(node: Any) -> str | None:
    """The node Dynamo traced from the user's code (often named after their variable)."""
    sources = node.meta.get("from_node") or []
    while sources and getattr(sources[-1], "from_node", None):
        sources = sources[-1].from_node
    return str(sources[-1].name) if sources else None


def _buffer(buffer: Any, removed: set[str]) -> dict[str, Any]:
    origin = getattr(buffer, "origin_node", None) or getattr(
        getattr(buffer, "data", None), "origin_node", None
    )
    origins = getattr(buffer, "origins", None) or ()
    name = buffer.get_name()
    return {
        "name": name,
        "node": origin.name if origin is not None else None,
        "origins": sorted(o.name for o in origins),
        "kind": type(buffer).__name__,
        "removed": name in removed,
    }


def _scheduled(snode: Any) -> dict[str, Any]:
    """One scheduler node: a kernel to be (or a library call, or nothing at all)."""
    if snode.is_extern():
        kind = "extern"
    elif snode.is_template():
        kind = "template"
    elif snode.is_reduction():
        kind = "reduction"
    else:
        kind = type(snode).__name__.removesuffix("SchedulerNode").lower() or "pointwise"
    try:
        reads = sorted({dep.name for dep in snode.read_writes.reads})
        writes = sorted({dep.name for dep in snode.read_writes.writes})
    except Exception:  # a node type without dependencies: not worth failing the run
        reads, writes = [], []
    origins = sorted({o.name for n in snode.get_nodes() for o in _node_origins(n)})
    return {
        "name": snode.get_name(),
        "kind": kind,
        "parts": [n.get_name() for n in snode.get_nodes()],
        "nodes": origins,
        "reads": reads,
        "writes": writes,
    }


def _node_origins(snode: Any) -> Any:
    node = getattr(snode, "node", None)
    return getattr(node, "origins", None) or ()
