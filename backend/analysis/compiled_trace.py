"""What a compiled run's trace holds: whether it is one, the work it ran eagerly between
its graphs (islands after a graph break), and on the CPU backend its kernels, which are
CPU ops rather than device kernels (fused C++ kernels and extern ATen ops).

Pure functions over a `ParsedTrace` (`backend.analysis.trace`), like the parser itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from backend.analysis.trace import (
    COMPILED_REGION_PREFIX,
    ParsedTrace,
    TraceKernel,
    TraceOp,
    ancestors,
    graph_annotation_of,
    is_cpp_kernel_op,
    is_graph_annotation,
    is_triton_launch_op,
    is_user_level,
)

# Dynamo/AOTAutograd bookkeeping inside a compiled region: ATen ops under these are the
# runtime's own (input guards, aliasing fix-ups), not user code run eagerly after a break.
RUNTIME_MARKER_PREFIXES = (
    "TorchDynamo Cache Lookup",
    "Pregraph bytecode",
    "AOTDispatcher Runtime Wrapper",
)

# Dispatcher ops that only allocate or re-describe memory: inside a compiled graph they are
# wrapper plumbing, not extern kernels, and as islands they move no data.
NO_COMPUTE_OPS: frozenset[str] = frozenset(
    {
        "aten::empty",
        "aten::empty_strided",
        "aten::empty_like",
        "aten::as_strided",
        "aten::view",
        "aten::reshape",
        "aten::_reshape_alias",
        "aten::alias",
        "aten::detach",
        "aten::expand",
        "aten::t",
        "aten::transpose",
        "aten::permute",
        "aten::resolve_conj",
        "aten::resolve_neg",
        "aten::lift_fresh",
    }
)


def is_compiled_run(parsed: ParsedTrace) -> bool:
    return bool(parsed.graph_annotations) or any(
        op.name.startswith(COMPILED_REGION_PREFIX) for op in parsed.ops
    )


def _is_island_op(ops: Sequence[TraceOp], index: int) -> bool:
    # Inside a Torch-Compiled Region but in no compiled graph: Python bytecode Dynamo left
    # to run eagerly (a graph break). Runtime-wrapper markers hold the wrapper's own ops.
    in_region = False
    for ancestor in ancestors(ops, index):
        name = ops[ancestor].name
        if is_graph_annotation(ops[ancestor]) or name.startswith(RUNTIME_MARKER_PREFIXES):
            return False
        in_region = in_region or name.startswith(COMPILED_REGION_PREFIX)
    return in_region


def is_eager_island(parsed: ParsedTrace, kernel: TraceKernel) -> bool:
    """True for work a compiled run did outside every compiled graph (after a graph break)."""
    if kernel.graph_annotation is not None or kernel.launch_op is None:
        return False
    return _is_island_op(parsed.ops, kernel.launch_op)


def _is_outermost_aten(ops: Sequence[TraceOp], index: int) -> bool:
    op = ops[index]
    if not is_user_level(op) or is_triton_launch_op(op) or op.name in NO_COMPUTE_OPS:
        return False
    return op.parent is None or not is_user_level(ops[op.parent])


def _is_cpu_compiled_kernel(ops: Sequence[TraceOp], index: int) -> bool:
    if is_cpp_kernel_op(ops[index]):
        return True
    if not _is_outermost_aten(ops, index):
        return False
    # an extern kernel (aten::mm called by the wrapper) or an eager island
    return graph_annotation_of(ops, index) is not None or _is_island_op(ops, index)


def _cpu_kernel(ops: Sequence[TraceOp], index: int) -> TraceKernel:
    op = ops[index]
    return TraceKernel(
        name=op.name,
        cat="cpu_kernel",
        ts_us=op.ts_us,
        dur_us=op.dur_us,  # inclusive: aten::addmm's own expand/copy_ are part of its cost
        device=None,
        stream=None,
        grid=None,
        block=None,
        registers_per_thread=None,
        shared_memory_bytes=None,
        occupancy_pct=None,
        memcpy_bytes=None,
        external_id=op.external_id,
        correlation=None,
        launch_op=index,
        user_op=index,
        graph_annotation=graph_annotation_of(ops, index),
    )


def cpu_compiled_kernels(parsed: ParsedTrace) -> list[TraceKernel]:
    """The kernels of a compiled run on the CPU backend, in start order.

    Fused C++ kernels (`graph_<gid>_cpp_fused_*`) and extern ATen ops (aten::mm, aten::addmm,
    aten::convolution) inside a compiled graph carry `graph_annotation`; ATen ops run
    eagerly between graphs (islands after a graph break) have `graph_annotation=None`.
    An eager run (no Dynamo markers) yields nothing.
    """
    if not is_compiled_run(parsed):
        return []
    ops = parsed.ops
    return [_cpu_kernel(ops, i) for i in range(len(ops)) if _is_cpu_compiled_kernel(ops, i)]
