"""Eager accounting: every ATen op below autograd, with the values it read and wrote.

A TorchDispatchMode sees about one op per kernel launch (after CompositeImplicit
decompositions), which is what the eager variant runs. Run it in its own call, never inside
the timed profile: the mode's Python overhead would distort the timeline.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from backend.harness.errors import HarnessError
from backend.harness.inner_ops import InnerRecorder, backend_key, resolve
from backend.harness.module_paths import BackwardLink, ModuleStack, Where, library_frame
from backend.harness.op_budget import FULL, NAME, NONE, OpBudget
from backend.harness.tensors import (
    Value,
    ValueTable,
    footprint_bytes,
    leaves,
    only_metadata,
    storage_key,
)

# Ops that allocate or inspect without moving data through memory.
NO_TRAFFIC_OPS = {
    "aten.empty.memory_format",
    "aten.empty_strided.default",
    "aten.empty_like.default",
    "aten.lift_fresh.default",
    "aten.detach.default",
    "aten.alias.default",
}

_INFIX = {"add": "+", "sub": "-", "rsub": "-", "mul": "*", "div": "/", "mm": "@", "matmul": "@"}
_INFIX.update({"bmm": "@", "pow": "**", "gt": ">", "lt": "<", "ge": ">=", "le": "<=", "eq": "=="})
_PRECEDENCE = {"**": 4, "*": 3, "/": 3, "@": 3, "+": 2, "-": 2}  # comparisons: 1
MAX_NAME_CHARS = 40


@dataclass
class Operand:
    value: int | None  # value id for a tensor operand
    text: str  # literal text for a non-tensor operand


@dataclass
class EagerOp:
    index: int
    op: str
    view: bool
    line: int | None
    stack_lines: list[int]
    operands: list[Operand]
    backward: bool = False  # run by autograd's backward pass (joins backward graphs)
    reads: list[int] = field(default_factory=list)
    writes: list[int] = field(default_factory=list)
    # value id -> bytes, for reads that touch only part of a tensor (gathers, nll_loss)
    read_bytes: dict[int, int] = field(default_factory=dict)
    # the ATen ops this op dispatched from its own kernel code (inner_ops.py), in the order
    # they started, and the buffers that lived only inside it
    inner: list[dict[str, Any]] = field(default_factory=list)
    locals: list[dict[str, Any]] = field(default_factory=list)
    # the nn.Module path it ran in (None: the snippet's own code) and the innermost library
    # line that called it (module_paths.py); a backward op takes its forward op's
    module: str | None = None
    frame: str | None = None
    # False past the accounting's budget (op_budget.py): reads and writes were not recorded
    accounted: bool = True

    @property
    def moves_data(self) -> bool:
        return not self.view and self.op not in NO_TRAFFIC_OPS


def op_base_name(op: str) -> str:
    """`aten.add.Tensor` -> `add`; `aten.mul_.Tensor` -> `mul`."""
    parts = op.split(".")
    return (parts[1] if len(parts) > 1 else op).rstrip("_").lstrip("_")


class EagerCapture(TorchDispatchMode):  # type: ignore[misc]
    def __init__(
        self, snippet_file: str, table: ValueTable, budget: OpBudget | None = None
    ) -> None:
        super().__init__()
        self.snippet_file = snippet_file
        self.table = table
        self.budget = budget if budget is not None else OpBudget()
        self.ops: list[EagerOp] = []
        self._inner: InnerRecorder | None = None  # set while an op's own kernel code runs
        self.modules: ModuleStack | None = None  # set by the caller to learn each op's module
        self.link: BackwardLink | None = None

    def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        kwargs = kwargs or {}
        if self._inner is not None:
            return self._inner_call(func, args, kwargs)
        level = self.budget.next_level()
        recorder = InnerRecorder() if level == FULL else None
        if recorder is not None:
            out = self._run_own_kernel(func, args, kwargs, recorder)
        else:  # no detour for inner ops past full detail: the op runs as usual
            out = func(*args, **kwargs)
        try:
            if level == NONE:
                self._forget_writes(func, args, kwargs, out)
            elif level == NAME:
                self._record_name(func, args, kwargs, out)
            else:
                self._record(func, args, kwargs, out, recorder, full=level == FULL)
        except Exception as exc:  # the op ran; what failed is our accounting of it
            raise HarnessError(f"accounting {func}: {type(exc).__name__}: {exc}") from exc
        return out

    def _run_own_kernel(self, func: Any, args: Any, kwargs: Any, recorder: InnerRecorder) -> Any:
        """Run the op with `recorder` collecting the ATen ops it calls inside."""
        self._inner = recorder
        try:
            return self._call_own_kernel(func, args, kwargs)
        finally:
            self._inner = None

    def _call_own_kernel(self, func: Any, args: Any, kwargs: Any) -> Any:
        """Run the op's backend kernel with this mode on again, so that the ATen ops it
        calls from C++ come back here as inner ops (a plain call where it has none)."""
        key = backend_key(func, args, kwargs)
        if key is None:
            return func(*args, **kwargs)
        recorder = self._inner
        recorded = len(recorder.ops) if recorder is not None else 0
        try:
            with self:
                return func._op_dk(key, *args, **kwargs)
        except Exception:
            # the detour itself may be what failed: run the op as usual, which raises the
            # snippet's own error again if it was the op's (so it is blamed on its line)
            if recorder is not None:
                del recorder.ops[recorded:]
            return func(*args, **kwargs)

    def _inner_call(self, func: Any, args: Any, kwargs: Any) -> Any:
        recorder = self._inner
        assert recorder is not None
        position = len(recorder.ops)  # recorded where it started, before its own inner ops
        recorder.depth += 1
        try:
            out = self._call_own_kernel(func, args, kwargs)
        finally:
            recorder.depth -= 1
        recorder.record(func, args, kwargs, out, position)
        return out

    def _record(
        self,
        func: Any,
        args: Any,
        kwargs: Any,
        out: Any,
        recorder: InnerRecorder | None = None,
        full: bool = True,
    ) -> None:
        """One op's row; `full` off (past the budget's full detail): no operand names and
        no fingerprints of what it wrote, its reads and writes still."""
        inputs = leaves((args, kwargs))
        outputs = _tensors(leaves(out))
        lines = self._snippet_lines()
        view = _is_view(func, _tensors(inputs), outputs)
        op = EagerOp(len(self.ops), str(func), view, lines[0] if lines else None, lines, [])
        op.backward = torch._C._current_autograd_node() is not None
        where = self._where(op.backward)
        op.module, op.frame = where.module, where.frame
        if full:
            op.operands = [self._operand(x) for x in inputs if not isinstance(x, torch.dtype)]
        if op.moves_data:
            tensors = _tensors(inputs)
            read_ids = [self.table.read(t, "const").id for t in tensors]
            op.reads = _unique(read_ids)
            op.read_bytes = self._view_reads(tensors, read_ids)
            for position, touched in partial_reads(op.op, args, outputs).items():
                op.read_bytes[self.table.read(tensors[position], "const").id] = touched
            name = f"tmp{op.index}"
            op.writes = [self.table.write(t, op.index, name, full).id for t in outputs]
            if recorder is not None and recorder.ops:
                reads = {storage_key(t): vid for t, vid in zip(tensors, read_ids, strict=True)}
                writes = {storage_key(t): vid for t, vid in zip(outputs, op.writes, strict=True)}
                op.inner, op.locals = resolve(recorder, reads, writes, op.op)
        else:  # a view's output is the same storage as its input: no new value
            for t in _tensors(inputs):
                self.table.read(t, "const")
        self.ops.append(op)

    def _view_reads(self, tensors: list[torch.Tensor], read_ids: list[int]) -> dict[int, int]:
        """Values read through views smaller than themselves -> the bytes those views
        cover: a classifier's addmm on `out[:, -1]` reads one step, not all of `out`.
        Overlapping views are summed (at most the value's bytes)."""
        seen: dict[int, int] = {}
        # the same elements read twice (`s * s`, or `s @ s.t()`: dims in another order) once
        views = {
            (vid, t.storage_offset(), tuple(sorted(zip(t.shape, t.stride(), strict=True)))): t
            for t, vid in zip(tensors, read_ids, strict=True)
        }
        for (vid, *_), t in views.items():
            seen[vid] = seen.get(vid, 0) + footprint_bytes(t)
        values = self.table.values
        return {vid: n for vid, n in seen.items() if n < values[vid].bytes}

    def _where(self, backward: bool) -> Where:
        if self.modules is None or self.link is None:
            return Where(None, None)
        if backward:
            return self.link.backward(torch._C._current_autograd_node()) or Where(None, None)
        where = Where(self.modules.current, library_frame(sys._getframe(), self.snippet_file))
        self.link.forward(where)
        return where

    def _record_name(self, func: Any, args: Any, kwargs: Any, out: Any) -> None:
        """Past the budget: the op's name (its kernel is still timed) and nothing of its
        traffic. What it wrote is forgotten by the table, so no value of an earlier op is
        taken for its storage's new contents (the output's value is then unknown)."""
        self.ops.append(self._forget_writes(func, args, kwargs, out))

    def _forget_writes(self, func: Any, args: Any, kwargs: Any, out: Any) -> EagerOp:
        """The op as unaccounted; what it wrote forgotten by the table (past the rows a
        bundle holds, only this: the op has no row)."""
        outputs = _tensors(leaves(out))
        view = _is_view(func, _tensors(leaves((args, kwargs))), outputs)
        op = EagerOp(len(self.ops), str(func), view, None, [], [], accounted=False)
        if op.moves_data:
            for t in outputs:
                self.table.forget(t)
        return op

    def _operand(self, x: Any) -> Operand:
        if _tensors([x]):
            return Operand(self.table.read(x, "const").id, "")
        return Operand(None, _literal(x))

    def _snippet_lines(self) -> list[int]:
        """Snippet lines on the stack, innermost first."""
        lines = []
        frame = sys._getframe(2)
        while frame is not None:
            if frame.f_code.co_filename == self.snippet_file:
                lines.append(frame.f_lineno)
            frame = frame.f_back  # type: ignore[assignment]
        return lines


def _is_view(func: Any, inputs: list[torch.Tensor], outputs: list[torch.Tensor]) -> bool:
    """An op that returns (part of) an input's storage moves nothing: `view`, `expand`,
    and ops whose schema does not say so, such as `_unsafe_view`. In-place and `out=` ops
    return their input too, but wrote it: their schema marks the alias as written, except
    the in-place views (`only_metadata`)."""
    if only_metadata(func):
        return True
    returns = func._schema.returns
    if any(r.alias_info is not None and r.alias_info.is_write for r in returns):
        return False
    if any(r.alias_info is not None for r in returns):
        return True
    read = {storage_key(t) for t in inputs}
    return bool(outputs) and all(storage_key(t) in read for t in outputs)


# Ops that read only some elements of an input: (position among the op's tensor inputs,
# how many elements it touches). Their logical bytes count what they touch, not the whole
# tensor: an embedding lookup reads a few rows of a large table.
def _rows(table: torch.Tensor, count: int, dim: int = 0) -> int:
    per_row = table.numel() // max(1, table.shape[dim]) if table.dim() else 1
    return count * per_row


def partial_reads(op: str, args: Any, outputs: list[torch.Tensor]) -> dict[int, int]:
    """Position of each partly-read tensor input -> bytes touched (at most its footprint)."""
    base = op_base_name(op)
    tensors = _tensors(leaves(args))
    if not tensors:
        return {}
    source = tensors[0]
    if base == "embedding" and len(tensors) >= 2:
        touched = _rows(source, tensors[1].numel())
    elif base == "index_select" and len(tensors) >= 2 and isinstance(args[1], int):
        touched = _rows(source, tensors[1].numel(), args[1] % max(1, source.dim()))
    elif base in ("gather", "nll_loss_forward", "nll_loss2d_forward") and len(tensors) >= 2:
        touched = tensors[1].numel()  # one element per index / per target
    elif base == "index" and outputs:
        touched = outputs[0].numel()
    else:
        return {}
    full = footprint_bytes(source)
    return {0: min(full, touched * source.element_size())}


def _tensors(items: list[Any]) -> list[torch.Tensor]:
    """Dense tensors, the ones with storage to account: sparse and nested tensors are
    left out of the traffic (their layout has no single storage)."""
    return [
        x
        for x in items
        if isinstance(x, torch.Tensor) and x.layout == torch.strided and not x.is_nested
    ]


def _unique(ids: list[int]) -> list[int]:
    return list(dict.fromkeys(ids))


# Operands whose repr is short and cheap. Any other object's repr may walk all of it: a GPU
# storage (cuDNN's LSTM weights) is read one element at a time, a device sync each, which
# kept an H100 run of a 6-layer LSTM in its eager accounting for minutes.
_PLAIN = (bool, int, float, complex, type(None), torch.dtype, torch.device, torch.layout)


def _literal(x: Any) -> str:
    if isinstance(x, str):
        text = repr(x[:16])
    elif isinstance(x, (*_PLAIN, torch.memory_format)):
        text = repr(x)
    else:
        return type(x).__name__[:24]
    return text if len(text) <= 12 else f"{x:.4g}" if isinstance(x, float) else text[:12]


def name_values(ops: list[EagerOp], table: ValueTable, targets: dict[int, str]) -> None:
    """Give each written value a name a person recognises.

    The last op of an assignment statement names its output after the variable (`y`);
    other outputs are named after the expression (`a + b`, `relu(a + b)`), and fall back to
    the op and its line (`gelu_backward output, line 8`) when the expression grows too long.
    """
    values = table.values
    for position, op in enumerate(ops):
        if not op.writes:
            continue
        value = values[op.writes[0]]
        if value.previous is not None:
            value.name = values[value.previous].name  # in place: the same tensor, new contents
            continue
        if value.role not in ("intermediate", "scratch") or not value.name.startswith("tmp"):
            continue
        target = targets.get(op.line) if op.line is not None else None
        if target and _last_op_of_statement(ops, position):
            value.name = target
        else:
            value.name = _expression(op, values) or op_output_name(op)
    for op in ops:  # later writes of the same storage share the first name
        first = values[op.writes[0]] if op.writes else None
        if first is not None and first.name.startswith("tmp"):
            first.name = op_output_name(op)
        for vid in op.writes[1:]:
            values[vid].name = _further_output_name(op, values[op.writes[0]].name, vid)


def _further_output_name(op: EagerOp, first: str, vid: int) -> str:
    """Another output of a multi-output op, by the name its schema gives it (max's
    `m.indices`, as `x.max(dim).indices` reaches it), else by position (`m[1]`)."""
    position = op.writes.index(vid)
    returns = _schema_returns(op.op)
    field_name = returns[position] if position < len(returns) else ""
    return f"{first}.{field_name}" if field_name else f"{first}[{position}]"


def _schema_returns(op_name: str) -> list[str]:
    """`aten.max.dim` -> its schema's return names (["values", "indices"]); [] unknown."""
    try:
        namespace, name, overload = op_name.split(".")
        packet = getattr(getattr(torch.ops, namespace), name)
        return [r.name for r in getattr(packet, overload)._schema.returns]
    except (ValueError, AttributeError, RuntimeError):
        return []


def op_output_name(op: EagerOp) -> str:
    """What a person can find in their code: `gelu_backward output, line 8`."""
    where = f", line {op.line}" if op.line is not None else ""
    return f"{op_base_name(op.op)} output{where}"


def _last_op_of_statement(ops: list[EagerOp], position: int) -> bool:
    here = ops[position]
    for later in ops[position + 1 :]:
        if later.moves_data:
            return later.line != here.line or later.stack_lines[1:] != here.stack_lines[1:]
    return True


def _expression(op: EagerOp, values: list[Value]) -> str | None:
    if op.reads and not op.operands:  # past full detail: operands not kept, `add()` misleads
        return None
    base = op_base_name(op.op)
    names = [values[o.value].name if o.value is not None else o.text for o in op.operands]
    if any(" output" in name for name in names):  # `add(gelu output, line 3)` reads badly
        return None
    if base in _INFIX and len(names) >= 2:
        left, right = names[:2] if base != "rsub" else names[1::-1]
        symbol = _INFIX[base]
        level = _PRECEDENCE.get(symbol, 1)
        text = f"{_wrap(left, level, False)} {symbol} {_wrap(right, level, True)}"
    else:
        tensor_names = [values[o.value].name for o in op.operands if o.value is not None]
        text = f"{base}({', '.join(tensor_names)})"
    return text if len(text) <= MAX_NAME_CHARS else None


def _wrap(name: str, level: int, right_side: bool) -> str:
    """Parenthesise an operand only where precedence needs it: `a * b + 1`, `(a + b) * c`."""
    inner = _top_level_precedence(name)
    needs = inner < level or (right_side and inner == level)
    return f"({name})" if needs else name


def _top_level_precedence(name: str) -> int:
    depth, lowest = 0, 99
    for token in name.split(" "):
        depth += token.count("(") + token.count("[") - token.count(")") - token.count("]")
        if depth == 0 and token in _INFIX.values():
            lowest = min(lowest, _PRECEDENCE.get(token, 1))
    return lowest
