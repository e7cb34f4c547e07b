"""The output check's float64 rerun of a model turns one module's parameters to float64 at
a time, while it runs: a whole model in float64 at once was twice its weights again
(GPT-Neo-2.7B: 35.5 GiB under Kernelscope against 12.5 alone)."""

from __future__ import annotations

import copy

import pytest
import torch

from backend.harness.reference import parameters_in_float64_while_running

transformers = pytest.importorskip("transformers")


def tiny_gpt2() -> torch.nn.Module:
    torch.manual_seed(0)
    config = transformers.GPT2Config(n_layer=2, n_embd=32, n_head=2, vocab_size=64, n_positions=32)
    return transformers.GPT2LMHeadModel(config).eval()  # tied weights: wte is lm_head's


def test_a_model_run_one_module_at_a_time_in_float64_matches_a_float64_copy() -> None:
    model = tiny_gpt2()
    tokens = torch.randint(0, 64, (2, 8))
    before = {name: p.detach().clone() for name, p in model.named_parameters()}
    objects = [id(p) for p in model.parameters()]
    with torch.no_grad():
        expected = copy.deepcopy(model).double()(tokens).logits
        with parameters_in_float64_while_running(model):
            got = model(tokens).logits
    assert got.dtype == torch.float64 and torch.equal(got, expected)
    # the model is as it was: its own float32 tensors, the same objects, no hooks left
    assert [id(p) for p in model.parameters()] == objects
    for name, parameter in model.named_parameters():
        assert parameter.dtype == torch.float32 and torch.equal(parameter, before[name]), name
    assert not any(m._forward_hooks or m._forward_pre_hooks for m in model.modules())
    with torch.no_grad():
        assert model(tokens).logits.dtype == torch.float32


def test_only_the_running_modules_parameters_are_in_float64() -> None:
    model = tiny_gpt2()
    seen: list[tuple[str, torch.dtype, torch.dtype]] = []
    first, last = model.transformer.h[0], model.transformer.h[1]

    def look(module: torch.nn.Module, *_: object) -> None:
        seen.append(
            (type(module).__name__, first.mlp.c_fc.weight.dtype, last.mlp.c_fc.weight.dtype)
        )

    first.mlp.c_fc.register_forward_hook(look)  # first: before the float32 weights are back
    with torch.no_grad(), parameters_in_float64_while_running(model):
        model(torch.randint(0, 64, (1, 4)))
    assert seen == [("Conv1D", torch.float64, torch.float32)]
