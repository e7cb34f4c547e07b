"""Getting a spare harness process ready before its snippet arrives.

Most of a cold run is paid before the snippet does anything: importing torch and Inductor,
creating the device context, the C++ or Triton toolchain's first use, the profiler's first
start (CUPTI on a GPU) and its trace export. A spare pays all of that ahead of need with a
tiny eager + compile + profile of a throwaway function, then forgets everything that run
could carry into the snippet's:

- Inductor's caches: the throwaway compiles into a temporary cache directory that is
  deleted afterwards, with the in-memory caches cleared on the way in and out
  (`torch._inductor.utils.fresh_cache`); the snippet's own compile has caches off anyway;
- Dynamo's state: compiled frames, guards, graph-break records and counters (recompiles
  are read from them) are reset;
- device memory: the throwaway's tensors are freed, the allocator's cache is emptied and
  its peak counters reset, so the run's peak is the snippet's and the pre-warm holds
  nothing beyond the context itself;
- the RNG: the run seeds torch before it loads the snippet, as a cold process does;
- output: what torch prints meanwhile goes nowhere (the streams belong to the snippet).

What it keeps on purpose is only what no run can tell apart from a cold start's: imported
modules, the device context, the toolchain's probes and, on a GPU, Kernelscope's own
measurement kernels (value fingerprints, the output check), compiled for common dtypes.

It comes in two stages. HOST needs no device: every module a run imports. DEVICE creates
the context and does the rest. A spare its worker keeps parked (spares.py) stops after
HOST, holding no device memory, until it is told to go on or its job arrives first (the
run then starts the device as a cold process would).

A failure here is never the run's: it is reported on the ready line and the run goes on
cold where it must.

While it warms up and waits, a spare on a GPU gives back much of its CUDA context's memory:
the per-thread stack the driver reserves for every thread the GPU can hold at once
(cuda_stack.py). Its run gets it back before the snippet starts.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from backend.harness import cuda_stack, imports

if TYPE_CHECKING:
    import torch

THROWAWAY_ELEMENTS = 4096  # 16 KiB: a pre-warm's device memory is the context and no more


HOST, DEVICE = "host", "device"  # a warm-up's stages, in order


def prewarm(
    device_choice: str, stages: tuple[str, ...] = (HOST, DEVICE)
) -> tuple[float, str | None]:
    """Warm this process for a run on `device_choice`: (seconds it took, what failed).
    HOST needs no device: every module a run imports. DEVICE holds one: the context,
    Inductor's first kernel, the profiler's first start. A parked spare does HOST alone and
    DEVICE when its worker says so (spares.py)."""
    started = time.perf_counter()
    error = None
    try:
        with _quiet_output():
            if HOST in stages:
                _warm_host()
            if DEVICE in stages:
                _warm_device(device_choice)
    except Exception as exc:
        error = f"{type(exc).__name__}: {exc}"
    finally:
        _forget()
    return time.perf_counter() - started, error


def _throwaway(t: torch.Tensor) -> torch.Tensor:
    return (t * 2.0).sin() + 1.0


def _warm_host() -> None:
    """What a warm-up can do without a device context, so a parked spare holds no device
    memory: every module a run imports (3-5 s of a 7-9 s warm-up on an H100 host). Not a
    first trace: Dynamo saves the CUDA RNG state around every frame it compiles, CPU code
    too, and that creates a context (pytorch/pytorch#150622)."""
    import torch
    import torch._inductor.codegen.triton  # Inductor's GPU code generator (and Triton)
    import torch._inductor.lowering

    import backend.harness.run  # noqa: F401  (everything the run imports, imported now)

    with contextlib.suppress(ImportError):  # Dynamo imports it at a snippet's first trace
        import torch.distributed.tensor.experimental  # (0.4 s on an H200 host): now instead

    if torch.cuda.is_initialized():  # a parked spare would hold device memory after all
        raise RuntimeError("importing the harness initialised CUDA before the device stage")
    failed = imports.import_ahead(imports.wanted())  # what this host's snippets import
    if torch.cuda.is_initialized():
        raise RuntimeError(f"importing {imports.wanted()} initialised CUDA")
    if failed:
        raise RuntimeError(f"could not import ahead of need: {', '.join(failed)}")


def _warm_device(device_choice: str) -> None:
    import torch
    from torch._inductor.utils import fresh_cache

    from backend.harness import environment, inductor, measure

    device, _ = environment.pick_device(device_choice)
    if device.type == "cuda":
        torch.cuda.init()
        cuda_stack.give_back()  # the warm-up too costs the GPU less (waiting_lightly)
    inductor.configure_inductor(device)  # the settings the snippet's compile will use
    inductor.link_host_builds(device)

    with fresh_cache(), torch.no_grad():
        x = torch.randn(THROWAWAY_ELEMENTS, device=device)
        compiled = inductor.compile_entry(_throwaway, "default")
        compiled(x)
        measure.profile_call(lambda t: (_throwaway(t), compiled(t)), lambda: (x,), device)
        measure.synchronize(device)
    if device.type == "cuda":
        warm_measurement_passes(device)


# The dtypes a snippet's values most often have; another one compiles at its first use.
WARMED_FLOAT_DTYPES = ("float32", "bfloat16", "float16")
WARMED_INT_DTYPES = ("int64", "int32", "bool")


def warm_measurement_passes(device: torch.device) -> None:
    """Kernelscope's own one-pass kernels (value fingerprints, the output check's error
    sums: fused_passes.py), compiled now for the common dtypes and layouts. Triton compiles
    each variant at its first launch, a few tenths of a second each in a fresh process (the
    run's Triton cache is its own): likely most of the eager profile's 0.5-0.9 s and the
    output check's 0.4 s on the H200 (not yet measured with this warm-up). They are the
    harness's kernels, not the snippet's: nothing the run measures depends on their being
    compiled."""
    import torch

    from backend.harness import accuracy, fingerprint

    for name in WARMED_FLOAT_DTYPES + WARMED_INT_DTYPES:
        dtype = getattr(torch, name)
        square = torch.ones(64, 64, device=device, dtype=dtype)
        for layout in (square, square.t()):  # contiguous, and strided
            pending = fingerprint.fingerprint(layout)
            if pending is not None:
                pending.result()
        if dtype.is_floating_point:
            accuracy.errors(square, square)
            accuracy.errors(square, square.t())


def _forget() -> None:
    """Nothing of the throwaway may reach the snippet's run."""
    import torch

    torch._dynamo.reset()
    torch._dynamo.utils.counters.clear()
    torch._inductor.metrics.reset()
    gc.collect()
    if torch.cuda.is_initialized():
        torch.cuda.synchronize()
        torch.cuda.empty_cache()
        for index in range(torch.cuda.device_count()):
            torch.cuda.reset_peak_memory_stats(index)


@contextlib.contextmanager
def _quiet_output() -> Iterator[None]:
    """File descriptors 1 and 2 go to /dev/null meanwhile (torch's own C++ and Python
    lines, the profiler's, the compiler's): nobody reads a spare's pipes until its run."""
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    saved = [os.dup(1), os.dup(2)]
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        yield
    finally:
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in (*saved, devnull):
            os.close(fd)
