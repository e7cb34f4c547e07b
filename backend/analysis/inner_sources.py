"""The traffic of a library op's inner ops, as kernel sources (see harness/inner_ops.py).

On a GPU a library op (`_native_multi_head_attention`, `convolution`, `mse_loss`) launches
its kernels through the ATen ops it calls inside: each kernel hangs, in the profiler, under
the innermost of them. So each inner op becomes a source of its own, and an op that calls
others keeps only what none of them did: the reads and writes its own kernels made (a value
its inner ops read that none of them wrote was written by the op's own kernel, and the
other way round). An op whose inner ops did everything keeps nothing, and its kernels are
all its inner ops'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from backend.result import Transfer

Json = Mapping[str, Any]
Ref = tuple[str, int]  # ("value", id) or ("local", index)


@dataclass
class Access:
    direction: str
    ref: Ref
    bytes: int


@dataclass
class Node:
    """An op and the ops it called, with what it read and wrote."""

    op: str  # dispatcher name, `aten.bmm.default`
    accesses: list[Access]
    children: list[Node] = field(default_factory=list)
    # ops below it it stands for, outermost first: the profiler still shows them as its
    # children (`mul.Scalar` calls `mul.Tensor`), so they are not the next op of that name
    swallowed: list[str] = field(default_factory=list)

    def own_accesses(self) -> list[Access]:
        """What this op's own kernels moved: everything when it called no other op, else
        what its callees left undone."""
        if not self.children:
            return self.accesses
        done = {(a.direction, a.ref) for child in self.children for a in child.accesses}
        own = [a for a in self.accesses if (a.direction, a.ref) not in done]
        sizes = {a.ref: a.bytes for child in self.children for a in child.accesses}
        for ref in _locals_of(self.children, "read") - _locals_of(self.children, "write"):
            own.append(Access("write", ref, sizes[ref]))  # read inside, written by the op
        for ref in _locals_of(self.children, "write") - _locals_of(self.children, "read"):
            own.append(Access("read", ref, sizes[ref]))  # written inside, read by the op
        return own

    def walk(self) -> list[Node]:
        """This op and every op below it, in the order they started."""
        return [self, *(node for child in self.children for node in child.walk())]


def _collapse(node: Node) -> Node:
    """An op that only hands its work to one other op (`relu` calls `clamp_min`, `mean`
    calls `sum`) is that op: the kernel keeps the name the snippet used."""
    node.children = [_collapse(child) for child in node.children]
    if len(node.children) == 1 and _moves(node.children[0]) == _moves(node):
        only = node.children[0]
        node.swallowed = [only.op, *only.swallowed]
        node.children = only.children
    return node


def _moves(node: Node) -> set[tuple[str, Ref]]:
    return {(a.direction, a.ref) for a in node.accesses}


def _locals_of(nodes: Sequence[Node], direction: str) -> set[Ref]:
    return {
        a.ref
        for node in nodes
        for a in node.accesses
        if a.direction == direction and a.ref[0] == "local"
    }


def op_tree(op: Json) -> Node:
    """An eager op of the bundle with its inner ops as a tree (pre-order rows with depths)."""
    accesses = [Access("read", ("value", int(v)), -1) for v in op["reads"]]
    accesses += [Access("write", ("value", int(v)), -1) for v in op["writes"]]
    root = Node(str(op["op"]), accesses)
    stack = [root]  # stack[d] is the latest op at depth d
    for row in op.get("inner") or []:
        depth = max(1, min(int(row["depth"]), len(stack)))
        node = Node(str(row["op"]), [_access(t) for t in row["transfers"]])
        del stack[depth:]
        stack[-1].children.append(node)
        stack.append(node)
    return _collapse(root)


def _access(transfer: Json) -> Access:
    kind = "value" if transfer.get("value") is not None else "local"
    return Access(str(transfer["direction"]), (kind, int(transfer[kind])), int(transfer["bytes"]))


def transfers_of(
    accesses: Sequence[Access], values: Sequence[Json], locals_: Sequence[Json], op: Json
) -> list[Transfer]:
    """Transfers of accesses: a value's bytes as the table has them (a partial read as the
    op's `read_bytes` says), an inner op's as it touched them."""
    touched = {int(k): int(n) for k, n in (op.get("read_bytes") or {}).items()}
    rows = []
    for access in accesses:
        kind, index = access.ref
        if kind == "value":
            read = access.direction == "read"
            given = access.bytes if access.bytes >= 0 else touched.get(index) if read else None
            rows.append(value_transfer(values[index], access.direction, given))
        else:
            local = locals_[index]
            rows.append(
                Transfer(
                    tensor=str(local["name"]),
                    direction=access.direction,  # type: ignore[arg-type]
                    bytes=access.bytes,
                    shape=list(local["shape"]),
                    dtype=str(local["dtype"]),
                    role="scratch",
                )
            )
    return rows


def value_transfer(value: Json, direction: str, touched: int | None = None) -> Transfer:
    """One transfer of a value of the table: all its bytes, or the `touched` part of them
    (a gather's read, an inner op's slice), a read of part of it marked `partial`."""
    full = int(value["bytes"])
    size = full if touched is None else min(full, int(touched))
    return Transfer(
        tensor=str(value["name"]),
        direction=direction,  # type: ignore[arg-type]
        bytes=size,
        shape=list(value["shape"]),
        dtype=str(value["dtype"]),
        role=value["role"],
        partial=direction == "read" and size < full,
    )
