"""What a run claims, checked end to end on real snippets: a miscompile is caught, running
out of memory is the snippet's error, a model runs as inference unless it trains."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.engine.runner import Runner

pytestmark = pytest.mark.slow

MISCOMPILED = """
import torch

def fn(x):
    y = torch.sin(x) * 2
    if torch.compiler.is_compiling():  # a wrong compiled result, as a bad fusion would give
        y = y + 0.01
    return y

def inputs():
    return (torch.randn(4096, device=device),)
"""

TOO_BIG = """
import torch

def fn(x):
    return torch.empty(1 << 62, dtype=torch.uint8, device=x.device)

def inputs():
    return (torch.randn(8, device=device),)
"""

MODEL = """
import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(256)
        self.linear = nn.Linear(256, 256)

    def forward(self, x):
        return torch.relu(self.linear(self.norm(x)) + x)

def get_inputs():
    return [torch.randn(512, 256, device=device)]
"""

TRAINS = """
import torch

def fn(x, w):
    loss = torch.relu(x @ w).sum()
    loss.backward()
    return w.grad

def inputs():
    x = torch.randn(64, 32, device=device)
    w = torch.randn(32, 32, device=device, requires_grad=True)
    return (x, w)
"""


def test_a_wrong_compiled_result_is_caught(run: Runner) -> None:
    result = run(MISCOMPILED)
    check = result.correctness
    assert result.status == "succeeded" and check is not None
    assert check.match is False
    assert check.method == "float64_reference"  # over the limits, confirmed against float64
    assert check.compiled_rmse_vs_float64 is not None and check.eager_rmse_vs_float64 is not None
    assert check.compiled_rmse_vs_float64 > 100 * check.eager_rmse_vs_float64
    assert check.max_abs_error == pytest.approx(0.01, rel=1e-3)


def test_running_out_of_memory_is_the_snippets_error(run: Runner) -> None:
    result = run(TOO_BIG)
    assert result.status == "failed" and result.error is not None
    assert result.error.kind == "out_of_memory"
    assert "in the eager run" in result.error.message
    assert result.error.line == 5


def test_a_model_runs_as_inference_unless_it_trains(run: Runner) -> None:
    result = run(MODEL)
    assert result.status == "succeeded"
    assert any("torch.no_grad()" in note for note in result.notes)
    assert result.grad_mode is not None and result.grad_mode.mode == "inference"
    load = result.machine_load  # the machine's load while it measured, recorded
    assert load is not None and load.measured_s > 0 and load.run_cpu_cores is not None
    for variant in result.variants.values():  # durations are medians over several calls
        assert variant.profiled_calls is not None and variant.profiled_calls >= 2
        for kernel in variant.kernels:
            assert kernel.duration_p10_us is not None and kernel.duration_p90_us is not None
            assert kernel.duration_p10_us <= kernel.dur_us <= kernel.duration_p90_us
    names = [k.name for k in result.variants["compiled"].kernels]
    assert not [n for n in names if "backward" in n]  # no mask saved for a backward
    outputs = [
        t for k in result.variants["compiled"].kernels for t in k.transfers if t.role == "output"
    ]
    assert len(outputs) == 1  # the result, and nothing saved beside it


def test_a_snippet_that_calls_backward_still_trains(run: Runner) -> None:
    result = run(TRAINS)
    assert result.status == "succeeded", result.error
    assert result.grad_mode is not None and result.grad_mode.mode == "training"
    assert "backward() on line 6" in result.grad_mode.reason
    ops = [k.op or k.name for k in result.variants["eager"].kernels]
    assert any("backward" in op for op in ops), ops  # relu's backward ran: it trained


SMALL = """
import torch

def fn(x):
    return torch.relu(x * 2 + 1)

def inputs():
    return (torch.randn(100_000, device=device),)
"""


def test_a_loaded_cpu_is_a_warning(run: Runner) -> None:
    spin = [sys.executable, "-c", "while True: pass"]
    # Two spinners per core, each in a session of its own as other users' programs are. The
    # run has a session of its own too, and with the kernel's autogroup scheduling each
    # session shares the CPU as one: spinners all in the tests' session would leave the run
    # half the machine (a whole core for its one thread: not loaded at all).
    busy = [
        subprocess.Popen(spin, start_new_session=True)
        for _ in range(2 * len(os.sched_getaffinity(0)))
    ]
    try:
        result = run(SMALL)
    finally:
        for process in busy:
            process.kill()
            process.wait()
    assert result.status == "succeeded", result.error
    assert result.device is not None
    if result.device.type == "cpu":
        loaded = [n for n in result.noise if n.kind == "loaded_cpu"]
        assert loaded, (result.machine_load, result.noise)
