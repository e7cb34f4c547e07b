"""Readable kernel names and kinds: what a person sees on a timeline bar."""

from __future__ import annotations

import re

from backend.result import KernelKind

_GRAPH_PREFIX = re.compile(r"^graph_\d+_(?=cpp_)")
_INNER_TEMPLATE = re.compile(r"<[^<>]*>")
_MATMUL = {"mm", "addmm", "bmm", "baddbmm", "matmul", "linear", "gemm", "gemv", "nvjet", "cutlass"}
_MATMUL |= {"xmma", "tem", "sgemm", "convolution", "conv2d"}
_REDUCTION = {"sum", "mean", "amax", "amin", "softmax", "norm", "reduce", "red", "per", "var"}
_REDUCTION |= {"std", "prod", "argmax", "argmin", "cumsum", "logsumexp", "layer", "native"}
# Ops that reduce, or (max.other, min.other) compare two tensors element by element: a
# reduction unless the kernel that ran says it is an elementwise one.
_REDUCTION_OR_BINARY = {"max", "min"}
_REDUCTION |= {"all", "any", "median", "nansum", "nanmean", "norm", "aminmax", "count"}
_COPY = {"copy", "clone", "contiguous", "memcpy", "memset", "fill", "cat", "to", "index", "local"}


def op_display(op: str) -> str:
    """`aten.add.Tensor` or `aten::add` -> `add`."""
    name = op.replace("::", ".").split(".")
    return (name[1] if len(name) > 1 else name[0]).strip("_") or op


def short_kernel_name(name: str) -> str:
    """Strip C++ templates, return types and namespaces; keep Inductor names whole."""
    name = _GRAPH_PREFIX.sub("", name)
    if name.startswith(("triton_", "cpp_", "extern_kernels.")):
        return name
    name = name.replace("(anonymous namespace)", "anonymous")
    previous = None
    while previous != name:  # innermost template arguments first, until none are left
        previous, name = name, _INNER_TEMPLATE.sub("", name)
    name = name.split("(")[0].strip().removeprefix("void ").strip()
    return name.split("::")[-1] or name


def kernel_kind(name: str, op: str | None, source_ops: list[str]) -> KernelKind:
    """Kind for colouring: by the launching op when known, else by the kernel's name."""
    name = _GRAPH_PREFIX.sub("", name)
    generated = name.startswith(("triton_", "cpp_"))
    text = op_display(op) if op and not generated else name
    words = set(re.split(r"[^a-z0-9]+", short_kernel_name(text).lower()))
    # a generated kernel named after a matmul (`..._fused_addmm_...`) is its epilogue;
    # only a template (`triton_tem_`) computes the product itself
    if words & _MATMUL and (not generated or name.startswith("triton_tem")):
        return "matmul"
    if len(set(source_ops)) >= 2:
        return "fused"
    if words & _REDUCTION:
        return "reduction"
    if words & _REDUCTION_OR_BINARY:
        return "elementwise" if "elementwise" in name else "reduction"
    if words & _COPY:
        return "copy"
    return "elementwise" if op or name.startswith(("triton_poi", "cpp_")) else "other"
