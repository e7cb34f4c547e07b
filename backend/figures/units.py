"""Numbers as people read them on a chart: binary byte units, counted nouns."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

_BYTE_UNITS = ("B", "KiB", "MiB", "GiB", "TiB", "PiB")


def human_bytes(count: int) -> str:
    """`67108864` -> `64 MiB`, `8000000` -> `7.63 MiB`, `492` -> `492 B` (three digits)."""
    value, unit = float(count), 0
    while abs(value) >= 1024 and unit < len(_BYTE_UNITS) - 1:
        value, unit = value / 1024, unit + 1
    if unit == 0:
        return f"{count:,} B"
    return f"{_three_digits(value)} {_BYTE_UNITS[unit]}"


def _three_digits(value: float) -> str:
    """Three significant digits (all of them from 100 up), a tie rounded away from zero,
    as the pages' JavaScript (toPrecision, toFixed) rounds: Python's own formatting rounds
    a tie to even, and one number read 3.12 MiB in a figure and 3.13 MiB on its card."""
    exact = Decimal(value)  # the float's exact value: only a true tie is one
    step = Decimal(1) if abs(value) >= 100 else Decimal(1).scaleb(exact.adjusted() - 2)
    rounded = exact.quantize(step, rounding=ROUND_HALF_UP).normalize()
    return f"{rounded:f}"


def human_rate(bytes_per_s: float) -> str:
    """Bandwidth in the same binary units: `4.3e12` -> `3.91 TiB/s`."""
    return f"{human_bytes(round(bytes_per_s))}/s"


def plural(count: int, noun: str) -> str:
    """`plural(1, "kernel")` -> `1 kernel`; `plural(3, "kernel")` -> `3 kernels`."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


def join_words(words: Sequence[str]) -> str:
    """`["a", "b", "c"]` -> `a, b and c`."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
