"""Triton launches in a parsed trace: the launch record Inductor leaves per kernel, the
kernel's `triton_meta` signature, and the bytes each launch reads and writes.

Pure functions over `backend.analysis.trace`'s ParsedTrace and a kernel's source text; no
file I/O. Recorded H200 launches are in tests/data/h200.
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, NamedTuple

from backend.analysis.trace import ParsedTrace, TraceKernel, is_triton_launch_op
from backend.analysis.trace_json import float_or_none, int_or_none, nested_int_tuples, str_tuple

Direction = Literal["read", "write"]


@dataclass(frozen=True)
class TritonLaunch:
    """What Inductor's _RecordFunctionFast recorded for one Triton launch (needs record_shapes)."""

    op: int
    kernel_name: str
    kernel_file: str
    kernel_hash: str
    kernel_kwargs: str  # autotuned meta-params, e.g. "XBLOCK=1,R0_BLOCK=2048"
    kernel_num_gb: float | None  # only with torch._inductor.config.benchmark_kernel
    kernel_flop: int | None  # Inductor's estimate; 0 where it makes none (pointwise)
    input_dims: tuple[tuple[int, ...], ...]  # every launch arg, inputs AND outputs
    input_types: tuple[str, ...]
    input_strides: tuple[tuple[int, ...], ...]
    concrete_inputs: tuple[str, ...]

    @property
    def kernel_num_bytes(self) -> int | None:
        # kernel_num_gb is bytes / 1e9 written as a float; round back to whole bytes
        return None if self.kernel_num_gb is None else round(self.kernel_num_gb * 1e9)


@dataclass(frozen=True)
class ArgBytes:
    """One pointer argument of a Triton launch and the bytes it accounts for."""

    name: str
    directions: tuple[Direction, ...]
    shape: tuple[int, ...]
    dtype: str  # Triton dtype from the signature, e.g. "fp32"
    size_bytes: int  # broadcast (stride-0) dims counted once


class ReadWriteSplit(NamedTuple):
    bytes_read: int
    bytes_written: int
    args: list[ArgBytes]


def triton_launch(parsed: ParsedTrace, kernel: TraceKernel) -> TritonLaunch | None:
    """The launch record of a Triton kernel, or None for other kernels (cuBLAS, ATen)."""
    if kernel.launch_op is None or not is_triton_launch_op(parsed.ops[kernel.launch_op]):
        return None
    op = parsed.ops[kernel.launch_op]
    args = op.args
    return TritonLaunch(
        op=kernel.launch_op,
        kernel_name=str(args.get("kernel_name", op.name)),
        kernel_file=str(args.get("kernel_file", "")),
        kernel_hash=str(args.get("kernel_hash", "")),
        kernel_kwargs=str(args.get("kernel_kwargs", "")),
        kernel_num_gb=float_or_none(args.get("kernel_num_gb")),
        kernel_flop=int_or_none(args.get("kernel_flop")),
        input_dims=nested_int_tuples(args.get("Input Dims")),
        input_types=str_tuple(args.get("Input type")),
        input_strides=nested_int_tuples(args.get("Input Strides")),
        concrete_inputs=str_tuple(args.get("Concrete Inputs")),
    )


_SIGNATURE_START = re.compile(r"triton_meta\s*=\s*\{\s*'signature'\s*:\s*")


def _dict_text_at(source: str, start: int) -> str:
    # the signature's keys and values are plain identifiers and type strings, never braces
    end = source.index("}", start)
    return source[start : end + 1]


def _signature_start(kernel_source: str, kernel_name: str) -> int:
    starts = [m.end() for m in _SIGNATURE_START.finditer(kernel_source)]
    definition = kernel_source.find(f"def {kernel_name}(")
    if definition >= 0:
        # output_code.py holds several kernels: take the decorator right above the def
        before = [s for s in starts if s < definition]
        if before:
            return before[-1]
    elif len(starts) == 1:
        # unique_kernel_names=False names the def `triton_`; a kernel file has one kernel
        return starts[0]
    raise ValueError(f"no triton_meta signature for {kernel_name!r} in the kernel source")


def triton_signature(kernel_source: str, kernel_name: str) -> dict[str, str]:
    """`triton_meta['signature']` of one kernel: {'in_ptr0': '*fp32', 'XBLOCK': 'constexpr'}."""
    start = _signature_start(kernel_source, kernel_name)
    parsed = ast.literal_eval(_dict_text_at(kernel_source, start))
    if not isinstance(parsed, dict):
        raise ValueError(f"signature of {kernel_name!r} is not a dict")
    return {str(name): str(kind) for name, kind in parsed.items()}


_TRITON_DTYPE_BYTES: dict[str, int] = {
    "fp64": 8,
    "fp32": 4,
    "tf32": 4,
    "fp16": 2,
    "bf16": 2,
    "fp8e4nv": 1,
    "fp8e4b15": 1,
    "fp8e4b8": 1,
    "fp8e5": 1,
    "fp8e5b16": 1,
    "i64": 8,
    "u64": 8,
    "i32": 4,
    "u32": 4,
    "i16": 2,
    "u16": 2,
    "i8": 1,
    "u8": 1,
    "i1": 1,  # torch.bool is stored one byte per element
}


def _launch_arg_names(launch: TritonLaunch, signature: Mapping[str, str]) -> list[str]:
    # Autotuned meta-params (XBLOCK, R0_BLOCK) come from the chosen config, not the call,
    # so they are missing from Input Dims. Other constexprs (xnumel=1) ARE passed.
    config_names = {kv.split("=", 1)[0] for kv in launch.kernel_kwargs.split(",") if "=" in kv}
    if not config_names:
        config_names = {
            n for n, kind in signature.items() if kind == "constexpr" and n.endswith("BLOCK")
        }
    return [name for name in signature if name not in config_names]


def _directions(arg_name: str) -> tuple[Direction, ...]:
    if arg_name.startswith("in_out_ptr"):
        return ("read", "write")
    if arg_name.startswith("in_ptr"):
        return ("read",)
    if arg_name.startswith("out_ptr"):
        return ("write",)
    return ()  # workspace or other pointer: Inductor's estimate does not count it either


def _footprint_elements(dims: tuple[int, ...], strides: tuple[int, ...]) -> int:
    if len(strides) != len(dims):
        return math.prod(dims)
    # a stride-0 dim re-reads the same element: count it once, as Inductor does
    return math.prod(d for d, s in zip(dims, strides, strict=True) if s != 0)


def _arg_bytes(name: str, kind: str, dims: tuple[int, ...], strides: tuple[int, ...]) -> ArgBytes:
    dtype = kind.removeprefix("*")
    if dtype not in _TRITON_DTYPE_BYTES:
        raise ValueError(f"unknown Triton dtype {kind!r} for argument {name!r}")
    return ArgBytes(
        name=name,
        directions=_directions(name),
        shape=dims,
        dtype=dtype,
        size_bytes=_footprint_elements(dims, strides) * _TRITON_DTYPE_BYTES[dtype],
    )


def split_read_write(launch: TritonLaunch, signature: Mapping[str, str]) -> ReadWriteSplit:
    """Bytes read and written by one Triton launch, from the argument names' convention.

    `in_ptr*` is read, `out_ptr*` written, `in_out_ptr*` both; size arguments are skipped.
    Whole buffers are counted (Inductor's kernel_num_gb does the same for these kernels).
    """
    names = _launch_arg_names(launch, signature)
    if len(names) != len(launch.input_dims):
        raise ValueError(
            f"{launch.kernel_name}: {len(launch.input_dims)} launch args recorded but the "
            f"signature has {len(names)} (wrong kernel source, or record_shapes was off)"
        )
    strides = launch.input_strides
    if len(strides) != len(names):
        strides = ((),) * len(names)  # strides not recorded: count every dim
    rows = [
        _arg_bytes(name, signature[name], dims, stride)
        for name, dims, stride in zip(names, launch.input_dims, strides, strict=True)
        if signature[name].startswith("*")
    ]
    bytes_read = sum(r.size_bytes for r in rows if "read" in r.directions)
    bytes_written = sum(r.size_bytes for r in rows if "write" in r.directions)
    return ReadWriteSplit(bytes_read, bytes_written, rows)
