"""Where and how a run ran: its device and versions, why it failed, what it printed."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from backend.result.bounds import Bytes, Number


class ErrorInfo(BaseModel):
    """Why a run did not succeed. `line` is set when the user's code is at fault."""

    kind: str = Field(description="machine-readable cause, e.g. syntax_error, exception, timeout")
    message: str = Field(description="what went wrong and how to fix it, for a person")
    line: Number | None = Field(default=None, description="1-based line in the snippet at fault")
    traceback: list[str] = Field(
        default_factory=list, description="the user's own frames only, innermost last"
    )


class DeviceInfo(BaseModel):
    """Where the run ran. `name`, `memory_bytes`, `host` and `worker` are recorded by the
    worker (nvidia-smi, /proc/cpuinfo), never taken from the run; `type`, `l2_cache_bytes`
    and `note` are what the run reported."""

    type: Literal["cuda", "cpu"] = Field(description="the kind of device the run reported using")
    name: str = Field(description="recorded by the worker: nvidia-smi's GPU name, or the CPU's")
    l2_cache_bytes: Bytes | None = Field(
        default=None,
        description="last-level cache size (reported by the run); data smaller than this may "
        "never reach DRAM",
    )
    note: str | None = Field(default=None, description="e.g. why a CPU was used (from the run)")
    memory_bytes: Bytes | None = Field(
        default=None, description="the GPU's memory, recorded by the worker (nvidia-smi)"
    )
    host: str | None = Field(default=None, description="host name of the worker's machine")
    worker: str | None = Field(
        default=None,
        description="the worker that ran it: its name, or `local` (the server's "
        "own worker or `kernelscope run`)",
    )
    peak_bandwidth_bytes_per_s: float | None = Field(
        default=None,
        description="measured by the worker once per device (the best of a copy, an add and "
        "a sum over buffers of 8× the last-level cache, bytes read plus written per second): "
        "the roof kernels are measured against",
    )
    peak_flops: dict[str, float] | None = Field(
        default=None,
        description="measured by the worker once per device: matmul FLOP/s per dtype "
        "(`float32` with TF32 off; `bfloat16` on a GPU)",
    )


class Versions(BaseModel):
    torch: str | None = None
    triton: str | None = None
    cuda: str | None = None
    driver: str | None = Field(default=None, description="recorded by the worker (nvidia-smi)")
    python: str | None = None
    kernelscope: str | None = None


class Output(BaseModel):
    stdout: str = ""
    stderr: str = ""
    truncated: bool = Field(default=False, description="True when output was cut at the cap")
