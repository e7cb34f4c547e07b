"""Readable kernel names and kinds: what a person sees on a timeline bar."""

from __future__ import annotations

import re

from backend.result import KernelKind

_GRAPH_PREFIX = re.compile(r"^graph_\d+_(?=cpp_)")
_TEMPLATE_ARGS = re.compile(r"<.*>", re.S)
_MATMUL = ("mm", "addmm", "bmm", "baddbmm", "matmul", "linear", "gemm", "gemv", "nvjet", "cutlass")
_MATMUL += ("xmma", "triton_tem", "sgemm", "convolution")
_REDUCTION = ("sum", "mean", "amax", "amin", "max", "min", "softmax", "norm", "reduce")
_REDUCTION += ("triton_red", "triton_per", "var", "std", "prod", "argmax", "argmin", "cumsum")
_COPY = ("copy", "clone", "contiguous", "memcpy", "memset", "fill", "cat", "to_copy", "index")


def op_display(op: str) -> str:
    """`aten.add.Tensor` or `aten::add` -> `add`."""
    name = op.replace("::", ".").split(".")
    return (name[1] if len(name) > 1 else name[0]).strip("_") or op


def short_kernel_name(name: str) -> str:
    """Strip C++ templates, return types and namespaces; keep Inductor names whole."""
    name = _GRAPH_PREFIX.sub("", name)
    if name.startswith(("triton_", "cpp_", "extern_kernels.")):
        return name
    name = _TEMPLATE_ARGS.sub("", name)
    name = name.split("(")[0].strip()
    name = name.removeprefix("void ").strip()
    return name.split("::")[-1] or name


def kernel_kind(name: str, op: str | None, source_ops: list[str]) -> KernelKind:
    """Kind for colouring: by the launching op when known, else by the kernel's name."""
    words = op_display(op).lower() if op else short_kernel_name(name).lower()
    if name.startswith(("triton_", "cpp_")):
        words = name.lower()
    if _any_word(words, _MATMUL):
        return "matmul"
    if len(set(source_ops)) >= 2:
        return "fused"
    if _any_word(words, _REDUCTION):
        return "reduction"
    if _any_word(words, _COPY):
        return "copy"
    return "elementwise" if op or name.startswith(("triton_poi", "cpp_fused")) else "other"


def _any_word(text: str, words: tuple[str, ...]) -> bool:
    return any(re.search(rf"(^|[^a-z]){re.escape(w)}", text) for w in words)
