"""Accounting without copies: storage identity, views, partial reads, inputs, autograd."""

from collections.abc import Callable
from typing import Any

import pytest
import torch
import torch.nn.functional as F

from backend.harness.eager_capture import EagerCapture, name_values, partial_reads
from backend.harness.errors import SnippetError
from backend.harness.inner_ops import InnerRecorder
from backend.harness.inputs import Inputs
from backend.harness.memory import is_out_of_memory, out_of_memory_error
from backend.harness.snippet import EntryPoint, autograd_reason
from backend.harness.tensors import ValueTable
from tests.helpers import present


def _capture(fn: Callable[..., Any], *args: Any) -> tuple[EagerCapture, ValueTable, Any]:
    table = ValueTable()
    for i, a in enumerate(args):
        table.add_source(a, f"arg{i}", "input")
    capture = EagerCapture(__file__, table)
    with capture:
        out = fn(*args)
    return capture, table, out


def test_a_freed_address_reused_by_a_new_tensor_is_a_new_value() -> None:
    memory = bytearray(4096)  # two storages at one address, one after the other
    table = ValueTable()
    first = torch.frombuffer(memory, dtype=torch.float32)
    value = table.write(first, 0, "first")
    del first
    second = torch.frombuffer(memory, dtype=torch.float32)
    assert table.known(second) is None  # not taken for an in-place write of `first`
    again = table.write(second, 1, "second")
    assert again.previous is None and again.id != value.id


def test_an_in_place_write_keeps_the_name_and_links_the_earlier_value() -> None:
    table = ValueTable()
    t = torch.zeros(10)
    before = table.write(t, 0, "t")
    after = table.write(t, 1, "ignored")
    assert (after.name, after.previous) == ("t", before.id)


def test_views_move_nothing_even_without_an_alias_in_their_schema() -> None:
    def fn(x: torch.Tensor) -> torch.Tensor:
        y = x.view(4, 25)
        z = torch.ops.aten._unsafe_view(y, [100])  # no alias annotation in its schema
        return z * 2

    capture, _, _ = _capture(fn, torch.randn(100))
    moving = [op.op for op in capture.ops if op.moves_data]
    assert moving == ["aten.mul.Tensor"]


def test_in_place_views_move_nothing() -> None:
    """cuDNN's batch-first LSTM ends with `transpose_` on its output: it changes strides
    only, and was given a 10 MiB write of its own (no kernel ran for it)."""

    def fn(x: torch.Tensor) -> torch.Tensor:
        y = x * 2
        y.transpose_(0, 1)
        y.unsqueeze_(0)
        return y

    capture, _, _ = _capture(fn, torch.randn(8, 16))
    assert [op.op for op in capture.ops if op.moves_data] == ["aten.mul.Tensor"]
    assert {op.op for op in capture.ops if op.view} == {
        "aten.transpose_.default",
        "aten.unsqueeze_.default",
    }


def test_a_slice_of_a_value_reads_only_the_slice() -> None:
    """A classifier on the last step (`out[:, -1]`) reads one step, not the whole output;
    two slices of one value read both."""

    def fn(x: torch.Tensor, w: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        out = x * 2  # 4 x 512 x 8 floats
        last = out[:, -1, :] @ w
        both = torch.cat([out[:, 0], out[:, 1]])
        return last, both

    capture, table, _ = _capture(fn, torch.randn(4, 512, 8), torch.randn(8, 3))
    doubled = next(v for v in table.values if v.writer == 0)
    by_op = {op.op: op for op in capture.ops if op.moves_data}
    assert by_op["aten.mm.default"].read_bytes == {doubled.id: 4 * 8 * 4}
    assert by_op["aten.cat.default"].read_bytes == {doubled.id: 2 * 4 * 8 * 4}
    assert doubled.id not in by_op["aten.mul.Tensor"].read_bytes  # whole reads say nothing


def test_one_slice_read_twice_counts_once() -> None:
    def fn(y: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        s = y[:, :2]
        return s * s, s @ s.t()

    y = torch.randn(100, 100)
    capture, table, _ = _capture(fn, y)
    source = present(table.known(y)).id
    reads = [op.read_bytes for op in capture.ops if op.moves_data]
    assert reads == [{source: 100 * 2 * 4}] * 2


def test_an_in_place_view_inside_an_op_is_no_inner_op() -> None:
    """cuDNN's LSTM calls `transpose_` on its output inside `_cudnn_rnn`: recorded as an
    inner op, it read and wrote the whole 10 MiB output."""
    recorder = InnerRecorder()
    t = torch.randn(8, 16)
    recorder.record(torch.ops.aten.transpose_.default, (t, 0, 1), {}, t, 0)
    recorder.record(torch.ops.aten.mul_.Tensor, (t, 2.0), {}, t, 1)
    assert [op.op for op in recorder.ops] == ["aten.mul_.Tensor"]


def test_gathers_count_the_rows_they_touch() -> None:
    weight = torch.randn(1000, 64)
    tokens = torch.randint(0, 1000, (10,))
    capture, table, _ = _capture(F.embedding, tokens, weight)
    (op,) = [op for op in capture.ops if op.moves_data]
    weight_id = present(table.known(weight)).id
    assert op.read_bytes == {weight_id: 10 * 64 * 4}


def test_nll_loss_reads_one_element_per_target() -> None:
    logp = torch.randn(8, 5000).log_softmax(-1)
    target = torch.randint(0, 5000, (8,))
    touched = partial_reads("aten.nll_loss_forward.default", (logp, target, None, 1, -100), [])
    assert touched == {0: 8 * 4}
    # an index touching every element is capped at the tensor's size
    small = torch.randn(3, 4)
    index = torch.zeros(3, 40, dtype=torch.long)
    assert partial_reads("aten.gather.default", (small, 1, index), []) == {0: small.numel() * 4}


def _entry(make_args: Callable[[], tuple[Any, ...]], style: str = "fn_inputs") -> EntryPoint:
    return EntryPoint("fn", style, lambda *a: None, make_args, ["x"])


def _run_user_code(what: str, call: Callable[[], Any]) -> Any:
    return call()


def test_inputs_are_reused_unless_the_snippet_modifies_them() -> None:
    built = []

    def make_args() -> tuple[torch.Tensor]:
        built.append(1)
        return (torch.randn(8),)

    inputs = Inputs(_entry(make_args), _run_user_code)
    args = inputs.first()
    before = inputs.versions(args)
    args[0].add(1)  # not in place
    inputs.check_mutation(args, before)
    assert inputs.for_call() is args and len(built) == 1

    inputs = Inputs(_entry(make_args), _run_user_code)
    args = inputs.first()
    original = args[0].clone()
    before = inputs.versions(args)
    args[0].add_(1)
    inputs.check_mutation(args, before)
    fresh = inputs.for_call()
    assert fresh[0] is not args[0]
    assert torch.equal(fresh[0], original)  # rebuilt under the same seed


def test_module_level_inputs_modified_in_place_are_restored() -> None:
    tensor = torch.arange(5.0)
    inputs = Inputs(_entry(lambda: (tensor,), "notebook"), _run_user_code)
    args = inputs.first()
    before = inputs.versions(args)
    args[0].mul_(10)
    inputs.check_mutation(args, before)
    assert torch.equal(inputs.for_call()[0], torch.arange(5.0))


def test_autograd_stays_on_only_when_the_snippet_computes_gradients() -> None:
    assert autograd_reason("def fn(x):\n    return x.relu()\n") is None
    trains = "def fn(x, w):\n    y = x @ w\n    y.sum().backward()\n"
    assert "line 3" in str(autograd_reason(trains))
    assert "autograd.grad" in str(autograd_reason("g = torch.autograd.grad(y, x)\n"))
    imported = "from torch.autograd import grad\ng = grad(y, x)\n"
    assert "line 2" in str(autograd_reason(imported))
    assert "kernelscope_autograd" in str(autograd_reason("kernelscope_autograd = True\n"))
    assert autograd_reason("kernelscope_autograd = False\n") is None


def test_running_out_of_host_memory_is_the_snippets_error() -> None:
    with pytest.raises(RuntimeError) as raised:
        torch.empty(1 << 62, dtype=torch.uint8)
    assert is_out_of_memory(raised.value)
    error = out_of_memory_error(raised.value, "in the eager run", torch.device("cpu"))
    assert isinstance(error, SnippetError)
    assert error.kind == "out_of_memory"
    assert "in the eager run" in error.message and "smaller" in error.message
    assert "4294967296.00 GiB" in error.message  # 2**62 bytes, from torch's message


def test_a_further_output_is_named_by_its_schema_not_its_position() -> None:
    def fn(x: torch.Tensor) -> torch.Tensor:
        m = x.max(dim=-1, keepdim=True).values
        return x - m

    capture, table, _ = _capture(fn, torch.randn(8, 16))
    name_values(capture.ops, table, {fn.__code__.co_firstlineno + 1: "m"})
    names = [v.name for v in table.values]
    assert "m" in names and "m.indices" in names  # was "m[1]"
    assert not any(n.startswith("m[") for n in names)
