"""Inner ops: the ATen ops a library op calls from its own kernel code. On the
CPU they are seen the same way as on a GPU (the op's own kernel run with the mode on)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch
import torch.nn.functional as F

from backend.analysis.inner_sources import op_tree, transfers_of
from backend.analysis.window import measured_calls
from backend.harness.eager_capture import EagerCapture, EagerOp
from backend.harness.protocol import MEASURED_CALL
from backend.harness.snippet import _on_device
from backend.harness.tensors import ValueTable


def _ops(fn: Callable[..., Any], *args: Any) -> tuple[list[EagerOp], ValueTable, Any]:
    table = ValueTable()
    for i, a in enumerate(args):
        table.add_source(a, f"arg{i}", "input")
    capture = EagerCapture(__file__, table)
    with torch.no_grad(), capture:
        out = fn(*args)
    return capture.ops, table, out


def test_multihead_attention_records_the_ops_it_calls_inside() -> None:
    attention = torch.nn.MultiheadAttention(32, 4, batch_first=True).eval()
    x = torch.randn(2, 8, 32)
    ops, _table, out = _ops(lambda t: attention(t, t, t, need_weights=False)[0], x)
    (mha,) = [op for op in ops if op.moves_data]
    assert mha.op == "aten._native_multi_head_attention.default"
    inner = [row["op"] for row in mha.inner]
    assert "aten.bmm.default" in inner and "aten._softmax.out" in inner
    # the in-projection reads the input (a value of the table), writes a local buffer
    projection = mha.inner[0]
    assert {"direction": "read", "bytes": x.numel() * 4, "value": 0} in projection["transfers"]
    assert any("local" in t for t in projection["transfers"] if t["direction"] == "write")
    # the softmax in place reads and writes the scores
    softmax = next(row for row in mha.inner if row["op"] == "aten._softmax.out")
    assert {t["direction"] for t in softmax["transfers"]} == {"read", "write"}
    torch.testing.assert_close(out, attention(x, x, x, need_weights=False)[0])


def test_an_op_keeps_only_what_its_inner_ops_left_undone() -> None:
    """mse_loss computes the squared difference into a scratch buffer itself and calls
    `mean` on it: its own kernel reads both inputs and writes the scratch; `mean` reads the
    scratch and writes the loss. Nothing is counted twice."""
    a, b = torch.randn(64, 64), torch.randn(64, 64)
    ops, table, _ = _ops(F.mse_loss, a, b)
    (loss,) = [op for op in ops if op.moves_data]
    row = {k: v for k, v in vars(loss).items()}
    row["op"] = loss.op
    tree = op_tree(row)
    values = [v.as_dict() for v in table.values]
    own = transfers_of(tree.own_accesses(), values, loss.locals, row)
    assert sorted((t.direction, t.tensor) for t in own) == [
        ("read", "arg0"),
        ("read", "arg1"),
        ("write", "scratch inside mse_loss"),
    ]
    mean = tree.children[0]
    assert mean.op == "aten.mean.out"
    assert [(a.direction, a.ref[0]) for a in mean.accesses] == [
        ("read", "local"),
        ("write", "value"),
    ]


def test_questions_about_a_tensor_are_no_inner_ops() -> None:
    """`pow` asks `result_type` of its input inside: no kernel, so no inner op (else it
    would seem to have read the input for the op, and the op's own kernel would lose it)."""
    ops, _, _ = _ops(lambda t: t**2, torch.randn(16))
    (power,) = [op for op in ops if op.moves_data]
    assert power.inner == []


def test_a_plain_op_keeps_its_accounting_and_its_name() -> None:
    """`relu` calls `clamp_min` inside: the same reads and writes, so the analysis treats
    them as one op, named as the snippet wrote it."""
    ops, _table, _out = _ops(lambda a, b: (a + b).relu(), torch.randn(8), torch.randn(8))
    assert [op.op for op in ops] == ["aten.add.Tensor", "aten.relu.default"]
    assert ops[0].inner == [] and [row["op"] for row in ops[1].inner] == ["aten.clamp_min.default"]
    assert ops[0].reads == [0, 1] and ops[1].reads == ops[0].writes
    relu = {**vars(ops[1]), "op": ops[1].op}
    assert op_tree(relu).children == []


def test_a_copy_inside_an_op_reads_its_source_only() -> None:
    """`contiguous` on a transposed tensor clones it, and the clone `copy_`s into a fresh
    buffer: the copy reads the source and writes the buffer, never reads the buffer (on the
    H200 the ShuffleNet unit's channel shuffle read 1.5x its bytes before)."""
    x = torch.randn(64, 32)
    ops, _table, _out = _ops(lambda t: t.t().contiguous(), x)
    (clone,) = [op for op in ops if op.moves_data]
    (copy,) = clone.inner
    assert copy["op"] == "aten.copy_.default"
    assert sorted((t["direction"], t["bytes"]) for t in copy["transfers"]) == [
        ("read", x.numel() * 4),
        ("write", x.numel() * 4),
    ]
    assert op_tree({**vars(clone), "op": clone.op}).children == []  # the clone is the copy


def test_inputs_are_built_on_the_runs_device() -> None:
    notes: list[str] = []
    built = _on_device(lambda: torch.randn(4), torch.device("meta"), notes)
    assert built.device.type == "meta" and notes == []


def test_a_snippets_own_cpu_generator_builds_on_the_cpu_with_its_values() -> None:
    notes: list[str] = []

    def make() -> torch.Tensor:
        if torch.get_default_device().type != "cpu":  # what CUDA says of a CPU generator
            raise RuntimeError("Expected a 'cuda' device type for generator but found 'cpu'")
        return torch.randn(4, generator=torch.Generator().manual_seed(3))

    built = _on_device(make, torch.device("meta"), notes)
    assert built.device.type == "cpu"
    torch.testing.assert_close(built, torch.randn(4, generator=torch.Generator().manual_seed(3)))
    assert notes and "generator" in notes[0]


@pytest.mark.parametrize("between", [True, False])
def test_what_runs_between_measured_calls_is_no_calls_kernel(between: bool) -> None:
    """Inputs rebuilt between two profiled calls (a snippet that modifies them) run after
    one call's mark ends and before the next begins: in no call's window."""
    mark = {"name": MEASURED_CALL, "cat": "user_annotation", "ph": "X"}
    events = [
        {**mark, "ts": 100.0, "dur": 50.0},
        {"name": "the call's kernel", "cat": "kernel", "ph": "X", "ts": 120.0, "dur": 5.0},
        {"name": "randn", "cat": "kernel", "ph": "X", "ts": 160.0 if between else 140.0},
        {**mark, "ts": 200.0, "dur": 50.0},
        {"name": "the call's kernel", "cat": "kernel", "ph": "X", "ts": 220.0, "dur": 5.0},
    ]
    first, second = measured_calls({"traceEvents": events})
    names = [e["name"] for e in first["traceEvents"]]
    assert names == (["the call's kernel"] if between else ["the call's kernel", "randn"])
    assert [e["name"] for e in second["traceEvents"]] == ["the call's kernel"]


def test_an_op_whose_own_kernel_cannot_be_run_directly_still_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Should running an op's kernel directly fail (a dispatcher path we did not foresee),
    the op runs as usual: the snippet's result is the same, only its inner ops are unseen."""
    import backend.harness.eager_capture as capture

    class Broken:
        def __eq__(self, other: object) -> bool:
            return False

    monkeypatch.setattr(capture, "backend_key", lambda *_: Broken())
    x = torch.randn(16)
    ops, _table, out = _ops(lambda t: (t * 2).relu(), x)
    torch.testing.assert_close(out, (x * 2).relu())
    assert [op.op for op in ops] == ["aten.mul.Tensor", "aten.relu.default"]
    assert all(op.inner == [] for op in ops)


def test_the_snippets_own_error_is_still_its_own() -> None:
    with pytest.raises(RuntimeError, match=r"cannot be multiplied|size mismatch|must match"):
        _ops(lambda a: a @ a, torch.randn(3, 4))


def test_module_level_tensors_are_built_on_the_runs_device(tmp_path: Path) -> None:
    from backend.harness.snippet import find_entry_point, load_module

    path = tmp_path / "notebook.py"
    path.write_text("import torch\nx = torch.randn(4)\n\ndef f(x):\n    return x + 1\n")
    module = load_module(path, torch.device("meta"))
    assert module.x.device.type == "meta"
    assert not any("CPU" in n for n in find_entry_point(module, path, None).notes)


def test_module_level_code_with_a_cpu_generator_builds_on_the_cpu(tmp_path: Path) -> None:
    from backend.harness.snippet import find_entry_point, load_module

    path = tmp_path / "seeded.py"
    path.write_text(
        "import torch\n"
        "if torch.get_default_device().type != 'cpu':  # as CUDA says of a CPU generator\n"
        "    raise RuntimeError(\"Expected a 'cuda' device type for generator\")\n"
        "x = torch.randn(4, generator=torch.Generator().manual_seed(5))\n\n"
        "def f(x):\n    return x + 1\n"
    )
    module = load_module(path, torch.device("meta"))
    assert module.x.device.type == "cpu"
    notes = find_entry_point(module, path, None).notes
    assert any("CPU generator" in n for n in notes), notes
