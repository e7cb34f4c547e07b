"""Eager ops joined to the nodes Inductor compiled, and whether each node's value was
ever given memory (a buffer) in the compiled variant.

Post-grad nodes remember the ATen op the eager dispatcher saw (`original_aten`) and the
snippet line they came from. Eager ops and nodes that share both are the same computation;
one eager op may have become several nodes (gelu: mul, erf, add, mul), and the node whose
result leaves that group holds the op's value. A node's value went through memory when a
buffer Inductor kept (not removed after fusion) holds it, directly or through a view, or
when it leaves the graph (returned, or saved for a backward graph).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Json = Mapping[str, Any]
VIEW_TARGETS = {
    "aten.view.default",
    "aten.reshape.default",
    "aten._unsafe_view.default",
    "aten.expand.default",
    "aten.permute.default",
    "aten.squeeze.dim",
    "aten.squeeze.dims",
    "aten.unsqueeze.default",
    "aten.slice.Tensor",
    "aten.select.int",
    "aten.t.default",
    "aten.transpose.int",
    "aten.alias.default",
    "<built-in function getitem>",
}
# Graph nodes that run as library calls: their inputs must be in memory
LIBRARY_TARGETS = {
    "aten.convolution.default",
    "aten.mm.default",
    "aten.bmm.default",
    "aten.addmm.default",
    "aten.baddbmm.default",
    "aten._scaled_dot_product_efficient_attention.default",
    "aten._scaled_dot_product_flash_attention.default",
    "aten._scaled_dot_product_cudnn_attention.default",
}
# Buffers a library call or a generated template writes (TritonTemplateBuffer,
# CUTLASSTemplateBuffer, CppTemplateBuffer, MultiTemplateBuffer, ExternKernelOut, ...)
LIBRARY_BUFFERS = ("ExternKernel", "FallbackKernel", "MultiOutput", "TemplateBuffer")


@dataclass
class Placement:
    """Where one eager op's value went in the compiled variant."""

    nodes: list[tuple[int, str]] = field(default_factory=list)  # (graph, node name)
    materialized: bool = False
    buffers: list[tuple[int, str]] = field(default_factory=list)  # (graph, buffer name)
    library: bool = False  # held by a library call's output (cuBLAS, cuDNN: an extern kernel)
    # the library node Inductor split off the op, whose output goes through memory in place
    # of the op's value (addmm -> mm + a bias add fused into the next kernel): `mm_default`
    split: str | None = None


class CompiledGraphs:
    """The graphs Inductor compiled, indexed for the questions the analysis asks."""

    def __init__(self, graphs: Sequence[Json]) -> None:
        self.graphs = graphs
        self.nodes = [{n["name"]: n for n in g.get("nodes", [])} for g in graphs]
        self.kinds = [
            {b["name"]: str(b.get("kind", "")) for b in g.get("buffers", [])} for g in graphs
        ]
        self.buffers_of: list[dict[str, list[str]]] = []
        for g, nodes in zip(graphs, self.nodes, strict=True):
            owned: dict[str, list[str]] = defaultdict(list)
            for buffer in g.get("buffers", []):
                if buffer.get("removed"):
                    continue
                for node in _holders(buffer, nodes):
                    owned[node].append(buffer["name"])
            self.buffers_of.append(owned)

    def is_library(self, graph: int, buffer: str) -> bool:
        return _is_library(self.kinds[graph].get(buffer, ""))

    def buffers(self, graph: int, node: str, seen: set[str] | None = None) -> list[str]:
        """Live buffers holding this node's value, directly or through views of it."""
        seen = seen if seen is not None else set()
        if node in seen:
            return []
        seen.add(node)
        found = list(self.buffers_of[graph].get(node, []))
        for user in self.nodes[graph].get(node, {}).get("users", []):
            if self.nodes[graph].get(user, {}).get("target") in VIEW_TARGETS:
                found += self.buffers(graph, user, seen)
        return found

    def library_part(self, graph: int, node: str) -> str | None:
        """The library node of the same eager op that feeds this node, when Inductor split
        the op in two (addmm into an extern mm and a bias add): the part that runs as a
        library call and so writes its output to memory."""
        here = self.nodes[graph].get(node, {})
        for name, other in self.nodes[graph].items():
            if (
                _is_library_node(other)
                and other.get("aten") == here.get("aten")
                and node in other.get("users", [])
                and self.buffers(graph, name)
            ):
                return str(name)
        return None

    def leaves_graph(self, graph: int, node: str, seen: set[str] | None = None) -> bool:
        seen = seen if seen is not None else set()
        if node in seen:
            return False
        seen.add(node)
        here = self.nodes[graph].get(node, {})
        if here.get("output"):
            return True
        return any(
            self.nodes[graph].get(user, {}).get("target") in VIEW_TARGETS
            and self.leaves_graph(graph, user, seen)
            for user in here.get("users", [])
        )


def _is_library(kind: str) -> bool:
    return any(part in kind for part in LIBRARY_BUFFERS)


def _holders(buffer: Json, nodes: Mapping[str, Json]) -> list[str]:
    """The nodes whose value a buffer holds: its origin node, or for a library call
    (convolution, mm) that records none, the nodes it was made from; for a computed buffer
    that records none (realized because a library call reads it), the origin that library
    call takes as input."""
    if buffer.get("node"):
        return [buffer["node"]]
    origins = list(buffer.get("origins", []))
    if _is_library(str(buffer.get("kind", ""))):
        return origins
    return [
        name
        for name in origins
        if not _is_library_node(nodes.get(name, {}))
        and any(
            _is_library_node(nodes.get(user, {})) for user in nodes.get(name, {}).get("users", [])
        )
    ]


def _is_library_node(node: Json) -> bool:
    """A node Inductor runs as a library call (no Triton kernel of its own)."""
    return str(node.get("target", "")) in LIBRARY_TARGETS


def place_eager_ops(eager_ops: Sequence[Json], graphs: Sequence[Json]) -> dict[int, Placement]:
    """Eager op index -> where its value went, for the ops that could be joined."""
    compiled = CompiledGraphs(graphs)
    placements: dict[int, Placement] = {}
    ops = [op for op in eager_ops if op.get("moves_data") and op.get("writes")]
    for index, graph in enumerate(graphs):
        backward = _is_backward(graph)
        mine = [op for op in ops if bool(op.get("backward")) == backward]
        for op, node in _join(mine, graph.get("nodes", []), ignore_lines=backward):
            placement = placements.setdefault(int(op["index"]), Placement())
            placement.nodes.append((index, node))
            kept = compiled.buffers(index, node)
            if not kept and not compiled.leaves_graph(index, node):
                part = compiled.library_part(index, node)
                if part is not None:  # its library part's output is stored instead
                    placement.split = part
                    placement.nodes.append((index, part))
                    kept = compiled.buffers(index, part)
            placement.buffers += [(index, b) for b in kept]
            placement.materialized |= bool(kept) or compiled.leaves_graph(index, node)
            placement.library |= any(compiled.is_library(index, b) for b in kept)
    return placements


def _is_backward(graph: Json) -> bool:
    """A backward graph takes the gradients flowing in as `tangents_*` inputs."""
    return any(
        n.get("op") == "placeholder" and str(n.get("name", "")).startswith("tangents")
        for n in graph.get("nodes", [])
    )


def _join(
    ops: Sequence[Json], nodes: Sequence[Json], *, ignore_lines: bool = False
) -> list[tuple[Json, str]]:
    """Pairs (eager op, node holding its value) in one graph, where unambiguous. A backward
    graph's nodes carry the forward's lines, its eager ops the line of `backward()` (or
    none, from the autograd engine's thread): there, ops match on the ATen op alone."""
    by_key: dict[tuple[str, int | None], list[Json]] = defaultdict(list)
    for node in nodes:
        if node.get("op") == "call_function" and node.get("aten"):
            lines = node.get("lines") or []
            line = None if ignore_lines or not lines else lines[-1]
            by_key[(_functional(node["aten"]), line)].append(node)
    eager_by_key: dict[tuple[str, int | None], list[Json]] = defaultdict(list)
    for op in ops:
        line = None if ignore_lines else op.get("line")
        eager_by_key[(_functional(op["op"]), line)].append(op)
    pairs: list[tuple[Json, str]] = []
    for key, mine in eager_by_key.items():
        group = by_key.get(key, [])
        holders = _group_outputs(group)
        if len(holders) == len(mine):
            pairs += list(zip(mine, holders, strict=True))
        elif len(group) == len(mine):
            pairs += list(zip(mine, [n["name"] for n in group], strict=True))
    return pairs


# One op under several names: eager dispatches a backend's own batch norm (cuDNN's on a GPU),
# Inductor's graphs hold the decomposition's `_native_batch_norm_legit_*`.
_SAME_OP = {
    name: "aten.batch_norm"
    for name in (
        "aten.cudnn_batch_norm",
        "aten.miopen_batch_norm",
        "aten.native_batch_norm",
        "aten._native_batch_norm_legit",
        "aten._native_batch_norm_legit_no_training",
        "aten._native_batch_norm_legit_functional",
    )
}


def _functional(op: str) -> str:
    """Inductor's graphs are functional: eager's `aten.mul_.Tensor` is their `aten.mul.Tensor`
    (and a backend's batch norm is the graph's batch norm, whatever its overload)."""
    namespace, _, rest = op.partition(".")
    name, _, overload = rest.partition(".")
    if name.endswith("_") and not name.endswith("__"):
        name = name[:-1]
    base = f"{namespace}.{name}"
    if base in _SAME_OP:
        return _SAME_OP[base]
    return f"{base}.{overload}" if overload else base


def _group_outputs(group: Sequence[Json]) -> list[str]:
    names = {n["name"] for n in group}
    return [
        n["name"]
        for n in group
        if n.get("output") or any(user not in names for user in n.get("users", []))
    ]


class BufferMap:
    """Which Inductor buffer each compiled value was written to, and which eager values
    that buffer's node stands for. Wrapper modules (the launch log's `graph`) pair with
    Inductor's graphs by the path the module was loaded from."""

    def __init__(self, bundle: Json, placements: Mapping[int, Placement]) -> None:
        compiled = bundle["compiled"]
        self.graphs = compiled.get("inductor") or []
        by_path = {str(g.get("wrapper_path")): i for i, g in enumerate(self.graphs)}
        self.graph_of_module = {
            int(m["index"]): by_path.get(str(m.get("path"))) for m in compiled.get("graphs", [])
        }
        self.buffers = [{b["name"]: b for b in g.get("buffers", [])} for g in self.graphs]
        self.nodes = [{n["name"]: n for n in g.get("nodes", [])} for g in self.graphs]
        self.written_to: dict[int, tuple[int, str]] = {}
        for launch in compiled.get("launches", []):
            graph = self.graph_of_module.get(int(launch["graph"]))
            for param, vid in launch["writes"]:
                buffer = (launch.get("buffers") or {}).get(param)
                if graph is not None and buffer is not None:
                    self.written_to[int(vid)] = (graph, buffer)
        ops = {int(op["index"]): op for op in bundle["eager"]["ops"]}
        self.op_writes = {index: op.get("writes") or [] for index, op in ops.items()}
        self.eager_values: dict[tuple[int, str], list[int]] = defaultdict(list)
        for op_index, placement in placements.items():
            writes = ops[op_index].get("writes") or []
            for graph, node in placement.nodes:
                if writes:
                    self.eager_values[(graph, node)].append(int(writes[0]))

    def buffer(self, graph: int, name: str) -> Json | None:
        return self.buffers[graph].get(name)

    def values_in(self, buffers: Sequence[tuple[int, str]]) -> list[int]:
        """The compiled values written to these (graph, buffer)s, in launch order."""
        wanted = set(buffers)
        return [vid for vid, where in self.written_to.items() if where in wanted]

    def eager_writes(self, op_index: int) -> list[int]:
        """The eager values the op wrote (its first: the one the plan's nodes stand for)."""
        writes = self.op_writes.get(op_index) or []
        return [int(writes[0])] if writes else []

    def holders(self, graph: int, name: str) -> list[str]:
        found = self.buffer(graph, name)
        return [] if found is None else _holders(found, self.nodes[graph])

    def owners(self, compiled_value: int) -> list[int] | None:
        """Eager values whose node wrote this compiled value's buffer; None: not known."""
        where = self.written_to.get(compiled_value)
        if where is None:
            return None
        graph, name = where
        found = self.buffer(graph, name)
        holders = [] if found is None else _holders(found, self.nodes[graph])
        if not holders:
            return None
        owned = [v for node in holders for v in self.eager_values.get((graph, node), [])]
        return owned or None
