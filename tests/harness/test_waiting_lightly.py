"""A warm GPU spare holds no per-thread stack reservation while it waits, and its run gets
back exactly the reservation it had (a cold process's). The driver is a fake here: the
memory this frees was measured on the H200 (docs/benchmarks.md)."""

from __future__ import annotations

import ctypes
from typing import Any

import pytest
import torch

from backend.harness import cuda_stack


class FakeDriver:
    """cuCtxGetLimit / cuCtxSetLimit over a dict, recording every set."""

    def __init__(self, stack: int = 1024) -> None:
        self.limits = {cuda_stack.CU_LIMIT_STACK_SIZE: stack}
        self.sets: list[tuple[int, int]] = []

    def cuCtxGetLimit(self, value: Any, limit: int) -> int:  # the driver's names
        ctypes.cast(value, ctypes.POINTER(ctypes.c_size_t))[0] = self.limits[limit]
        return 0

    def cuCtxSetLimit(self, limit: int, value: ctypes.c_size_t) -> int:
        self.limits[limit] = value.value
        self.sets.append((limit, value.value))
        return 0


@pytest.fixture
def driver(monkeypatch: pytest.MonkeyPatch) -> FakeDriver:
    fake = FakeDriver()
    monkeypatch.setattr(cuda_stack, "_context_limits", lambda: cuda_stack._ContextLimits(fake))
    monkeypatch.setattr(cuda_stack, "_cold_stack", None)
    monkeypatch.setattr(cuda_stack, "_restore_failed", False)
    return fake


def test_the_stack_is_given_back_while_waiting_and_restored_for_the_run(
    driver: FakeDriver,
) -> None:
    with cuda_stack.waiting_lightly():
        assert driver.limits[cuda_stack.CU_LIMIT_STACK_SIZE] == cuda_stack.WAITING_STACK_BYTES
    assert driver.limits[cuda_stack.CU_LIMIT_STACK_SIZE] == 1024
    assert driver.sets == [(0, cuda_stack.WAITING_STACK_BYTES), (0, 1024)]


def test_the_stack_is_restored_when_waiting_ends_in_an_error(driver: FakeDriver) -> None:
    with pytest.raises(EOFError), cuda_stack.waiting_lightly():
        raise EOFError("the worker closed the job pipe")
    assert driver.limits[cuda_stack.CU_LIMIT_STACK_SIZE] == 1024


@pytest.mark.skipif(torch.cuda.is_initialized(), reason="a CUDA context exists here")
def test_nothing_is_touched_without_a_cuda_context() -> None:
    assert cuda_stack._context_limits() is None  # no context, no driver call
    with cuda_stack.waiting_lightly():
        pass


def test_a_stack_given_back_during_the_warm_up_is_the_cold_one_restored(
    driver: FakeDriver,
) -> None:
    cuda_stack.give_back()  # as the warm-up starts
    driver.limits[cuda_stack.CU_LIMIT_STACK_SIZE] = 64  # a warm-up kernel made the driver grow it
    with cuda_stack.waiting_lightly():
        assert driver.limits[cuda_stack.CU_LIMIT_STACK_SIZE] == cuda_stack.WAITING_STACK_BYTES
    assert driver.limits[cuda_stack.CU_LIMIT_STACK_SIZE] == 1024  # a cold process's, not 64


def test_a_restore_the_driver_refuses_is_told_to_the_run(driver: FakeDriver) -> None:
    original = driver.cuCtxSetLimit

    with cuda_stack.waiting_lightly():
        assert cuda_stack.stack_note() is None
        driver.cuCtxSetLimit = lambda limit, value: 2  # type: ignore[method-assign]
    driver.cuCtxSetLimit = original  # type: ignore[method-assign]
    note = cuda_stack.stack_note()
    assert note is not None and "could not take back" in note
