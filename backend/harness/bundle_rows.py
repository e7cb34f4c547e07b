"""The rows of bundle.json the run builds from torch objects, and the value table they name.

An eager op's row (`op_dict`), an input's description (`describe_arg`), a call's value
table that knows the arguments, parameters and module tensors by name (`fresh_table`), and
the ids of a call's outputs in it (`value_ids`): what `run.Run` writes, field by field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import torch

from backend.harness.eager_capture import EagerOp
from backend.harness.snippet import EntryPoint
from backend.harness.tensors import ValueTable


def fresh_table(
    entry: EntryPoint, args: tuple[Any, ...], namespace: Mapping[str, Any]
) -> ValueTable:
    """A value table that knows the arguments, parameters and module tensors by name."""
    table = ValueTable()
    for name, arg in zip(entry.param_names, args, strict=False):
        if isinstance(arg, torch.Tensor):
            table.add_source(arg, name, "input")
            if arg.grad is not None:  # accumulated into by backward()
                table.add_source(arg.grad, f"{name}.grad", "input")
    if entry.module is not None:
        for name, tensor in entry.module.named_parameters():
            table.add_source(tensor, name, "parameter")
            if tensor.grad is not None:
                table.add_source(tensor.grad, f"{name}.grad", "input")
        for name, tensor in entry.module.named_buffers():
            table.add_source(tensor, name, "parameter")
    for name, value in namespace.items():
        if isinstance(value, torch.Tensor) and not name.startswith("_"):
            table.add_source(value, name, "input")
    return table


def value_ids(table: ValueTable, outputs: list[torch.Tensor]) -> list[int | None]:
    found = [table.known(t) for t in outputs]
    return [v.id if v is not None else None for v in found]


def op_dict(op: EagerOp) -> dict[str, Any]:
    """The op's bundle row, built field by field: `asdict` deep-copies every nested list
    and cost a quarter of the eager accounting's time on a call of 20,000 ops."""
    row: dict[str, Any] = {
        "index": op.index,
        "op": op.op,
        "view": op.view,
        "line": op.line,
        "stack_lines": op.stack_lines,
        "backward": op.backward,
        "reads": op.reads,
        "writes": op.writes,
        "module": op.module,
        "frame": op.frame,
    }
    for key, items in (("inner", op.inner), ("locals", op.locals)):
        if items:  # most ops call no other op: no empty lists
            row[key] = items
    if not op.accounted:  # past the accounting's budget: its traffic is unknown
        row["accounted"] = False
    row["read_bytes"] = {str(vid): n for vid, n in op.read_bytes.items()}
    return {**row, "moves_data": op.moves_data}


def describe_arg(name: str, arg: Any) -> dict[str, Any]:
    if isinstance(arg, torch.Tensor):
        return {
            "name": name,
            "shape": list(arg.shape),
            "dtype": str(arg.dtype).removeprefix("torch."),
        }
    return {"name": name, "value": repr(arg)[:100]}
