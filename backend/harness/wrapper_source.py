"""What Inductor's generated wrapper module says about each launch, read from its source.

Two facts the launch log cannot see at run time:
- which Inductor buffer (`buf3`, `arg0_1`) each kernel argument is, at each call site, so a
  compiled buffer can be named after the node that produced it;
- which arguments a Triton kernel reads only through indirect loads (`tl.load(in_ptr1 +
  (x0 + 768*tmp4))`: an embedding row, a gathered element), and how many elements those
  loads touch, so a gather counts the bytes it reads rather than the whole table.

Standard library only: this runs in the harness, and is pure text processing.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict

_TRITON_KERNEL = re.compile(r"^(\w+) = async_compile\.triton\('\w+', r?'''(.*?)'''", re.S | re.M)
_CPP_KERNEL = re.compile(r"^(\w+) = async_compile\.cpp_pybinding\(.*?'''(.*?)'''", re.S | re.M)
_STORE = re.compile(
    r"tl\.store\((in_out_ptr\d+)\b"  # Triton
    r"|\.store\((in_out_ptr\d+)\b"  # C++ vectorised
    r"|(in_out_ptr\d+)\[[^\]]*\]\s*=[^=]"  # C++ scalar
)
_NUMEL = re.compile(r"^\s+(x|y|z|r0_|r1_)numel = (\d+)\s*$", re.M)
_LOAD = re.compile(r"tl\.load\((in_ptr\d+|in_out_ptr\d+) \+ ")
_INDIRECT = re.compile(r"\btmp\d+\b")


def call_sites(source: str) -> dict[str, list[list[str | None]]]:
    """Kernel (as the launch log names it) -> the buffer name of each argument, per call,
    in source order. Triton: `k.run(...)`; C++: `k(...)`; library: `extern_kernels.f(...)`
    with `out=` last; ATen fallbacks: `torch.ops.aten.f.overload(...)` as `aten.f.overload`."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}
    assigned = {  # `buf2 = extern_kernels.convolution(...)`: the call allocates its output
        id(node.value): node.targets[0].id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
    }
    calls = sorted(
        (node for node in ast.walk(tree) if isinstance(node, ast.Call)),
        key=lambda node: (node.lineno, node.col_offset),
    )
    sites: dict[str, list[list[str | None]]] = defaultdict(list)
    for node in calls:
        name = _kernel_name(node.func)
        if name is not None:
            args = [_buffer_name(a) for a in node.args]
            args += [_buffer_name(k.value) for k in node.keywords if k.arg == "out"]
            if id(node) in assigned:
                args.append(assigned[id(node)])
            sites[name].append(args)
    return dict(sites)


def _kernel_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name) and func.id.startswith("cpp_"):
        return func.id
    dotted = _dotted(func)
    if dotted is None:
        return None
    owner, _, attr = dotted.rpartition(".")
    if attr == "run" and owner.startswith("triton_") and "." not in owner:
        return owner
    if owner == "extern_kernels":
        return dotted
    # ATen fallbacks: `torch.ops.aten.sort.stable(...)` (or `aten.sort.default(...)`)
    op = dotted.removeprefix("torch.ops.")
    if op != dotted or dotted.startswith("aten."):
        return op if op.count(".") == 2 and not op.startswith("inductor.") else None
    return None


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        owner = _dotted(node.value)
        return f"{owner}.{node.attr}" if owner is not None else None
    return None


def _buffer_name(arg: ast.expr) -> str | None:
    if isinstance(arg, ast.Name):
        return arg.id
    if (  # a view of a buffer: the buffer
        isinstance(arg, ast.Call)
        and isinstance(arg.func, ast.Name)
        and arg.func.id == "reinterpret_tensor"
        and arg.args
    ):
        return _buffer_name(arg.args[0])
    return None


def cpp_pointer_params(source: str) -> dict[str, list[str]]:
    """C++ kernel -> its pointer arguments in order: `const float* in_ptr0, float* out_ptr0,
    const int64_t ks0` -> [in_ptr0, out_ptr0]."""
    found = {}
    for match in _CPP_KERNEL.finditer(source):
        signature = re.search(r"void\s+kernel\((.*?)\)", match.group(2), re.S)
        if signature is not None:
            found[match.group(1)] = [
                param.split("*")[-1].strip()
                for param in signature.group(1).split(",")
                if "*" in param
            ]
    return found


def unwritten_in_out(source: str) -> dict[str, set[str]]:
    """Kernel -> its `in_out_ptr` arguments it never stores to. Inductor keeps such an
    argument when it planned an in-place update, then removed the buffer: the kernel
    only reads it."""
    found: dict[str, set[str]] = {}
    for pattern in (_TRITON_KERNEL, _CPP_KERNEL):
        for match in pattern.finditer(source):
            name, body = match.group(1), match.group(2)
            declared = set(re.findall(r"\b(in_out_ptr\d+)\b", body))
            stored = {next(g for g in m.groups() if g) for m in _STORE.finditer(body)}
            if declared - stored:
                found[name] = declared - stored
    return found


def indirect_reads(source: str) -> dict[str, dict[str, int]]:
    """Triton kernel -> {pointer argument: elements touched} for arguments read only through
    indirect loads. One load per iteration of the loops its index uses: x (and y, z) always,
    the reduction loop when the index moves with it."""
    found: dict[str, dict[str, int]] = {}
    for match in _TRITON_KERNEL.finditer(source):
        name, body = match.group(1), match.group(2)
        numels = {axis: int(count) for axis, count in _NUMEL.findall(body)}
        loads: dict[str, list[str]] = defaultdict(list)
        for load in _LOAD.finditer(body):
            loads[load.group(1)].append(_index_expression(body, load.end()))
        partial = {
            pointer: _touched(indices, numels)
            for pointer, indices in loads.items()
            if all(_INDIRECT.search(index) for index in indices)
        }
        if partial:
            found[name] = partial
    return found


def _index_expression(body: str, start: int) -> str:
    """The parenthesised index after `tl.load(in_ptrN + `."""
    depth = 0
    for position in range(start, len(body)):
        if body[position] == "(":
            depth += 1
        elif body[position] == ")":
            depth -= 1
            if depth <= 0:
                return body[start : position + 1]
    return body[start:]


def _touched(indices: list[str], numels: dict[str, int]) -> int:
    elements = 1
    for axis in ("x", "y", "z"):
        elements *= numels.get(axis, 1)
    for axis in ("r0_", "r1_"):
        if any(axis in index for index in indices):
            elements *= numels.get(axis, 1)
    return elements * len(indices)
