"""Coercion of Kineto trace JSON values: a trace is written by torch, read as untrusted data.

Pure functions, shared by the trace parser (`backend.analysis.trace`) and the Triton launch
reader (`backend.analysis.triton_launch`).
"""

from __future__ import annotations

from collections.abc import Mapping


def int_or_none(value: object) -> int | None:
    # bool is an int subclass; a flag is never a count
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def float_or_none(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def int_tuple(value: object) -> tuple[int, ...] | None:
    if not isinstance(value, list | tuple):
        return None
    ints = [int_or_none(v) for v in value]
    return None if any(i is None for i in ints) else tuple(i for i in ints if i is not None)


def nested_int_tuples(value: object) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list):
        return ()
    return tuple(int_tuple(v) or () for v in value)


def str_tuple(value: object) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, list) else ()


def args_of(event: Mapping[str, object]) -> Mapping[str, object]:
    args = event.get("args")
    return args if isinstance(args, dict) else {}
