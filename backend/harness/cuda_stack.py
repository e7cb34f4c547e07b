"""A warm spare's CUDA context without its per-thread stack reservation while it waits.

The driver reserves a per-thread stack (1 KiB by default) for every thread the GPU can hold
at once, whether a kernel uses it or not: 1 KiB x 2,048 threads x 132 SMs = 264 MiB on an
H100, of a context's 676 MiB. A spare's own kernels need none, and the driver grows the
reservation again at any launch that needs more, so a spare gives it back from the start of
its warm-up until its snippet arrives, then takes back the reservation a cold process has:
what the run measures, and what the whole GPU holds during it, are a cold start's.
"""

from __future__ import annotations

import contextlib
import ctypes
import sys
from collections.abc import Iterator
from typing import Any

CU_LIMIT_STACK_SIZE = 0  # cuCtxSetLimit's limit: the per-thread stack, in bytes
WAITING_STACK_BYTES = 0  # a spare's own kernels need next to none; the driver grows it if so
_cold_stack: int | None = None  # the reservation a cold process has, while a spare holds less
_restore_failed = False  # the driver refused to give it back (the run says so: stack_note)


@contextlib.contextmanager
def waiting_lightly() -> Iterator[None]:
    """While a warm spare waits for its snippet, its CUDA context holds no per-thread stack
    reservation, and its run gets a cold process's back before the snippet starts."""
    give_back()
    try:
        yield
    finally:
        take_back()


def give_back() -> None:
    """Lower this process's CUDA context's per-thread stack reservation (bytes of stack x
    every thread the GPU can hold at once: a few hundred MiB on an H200). The driver grows
    it again at any launch that needs more, so a kernel never fails for it. Nothing happens
    without a CUDA context (a CPU spare, a bare process)."""
    global _cold_stack
    limits = _context_limits()
    held = limits.get(CU_LIMIT_STACK_SIZE) if limits else None
    if limits is None or held is None:
        return
    if limits.set(CU_LIMIT_STACK_SIZE, WAITING_STACK_BYTES) and _cold_stack is None:
        _cold_stack = held


def take_back() -> None:
    """The reservation the context had before `give_back`: the run's context is then
    a cold process's, in memory as in behaviour. A restore the driver refuses (the GPU is
    too full for it) leaves the driver to grow the stack at a launch that needs it, and the
    run says so (`stack_note`)."""
    global _cold_stack, _restore_failed
    limits = _context_limits()
    if limits is not None and _cold_stack is not None:
        _restore_failed = not limits.set(CU_LIMIT_STACK_SIZE, _cold_stack)
        _cold_stack = None


def stack_note() -> str | None:
    """A note for the run whose spare could not take back a cold process's stack."""
    if not _restore_failed:
        return None
    return (
        "the warm process this run used could not take back the CUDA per-thread stack "
        "reservation it gave up while waiting (the GPU was too full): a kernel that needs "
        "stack allocates it at its launch, and the device memory shown holds less than a "
        "fresh process's"
    )


class _ContextLimits:
    """cuCtxGetLimit / cuCtxSetLimit on this thread's current CUDA context (the driver's
    API: torch offers no way to set a context limit)."""

    def __init__(self, driver: Any) -> None:
        self._driver = driver

    def get(self, limit: int) -> int | None:
        value = ctypes.c_size_t()
        ok = self._driver.cuCtxGetLimit(ctypes.byref(value), limit) == 0
        return value.value if ok else None

    def set(self, limit: int, value: int) -> bool:
        return bool(self._driver.cuCtxSetLimit(limit, ctypes.c_size_t(value)) == 0)


def _context_limits() -> _ContextLimits | None:
    torch = sys.modules.get("torch")
    if torch is None or not torch.cuda.is_initialized():
        return None
    try:
        driver = ctypes.CDLL("libcuda.so.1")
        torch.cuda.synchronize()  # and the context is this thread's current one
    except (OSError, RuntimeError):  # no driver library; a broken context (the run meets it)
        return None
    return _ContextLimits(driver)
