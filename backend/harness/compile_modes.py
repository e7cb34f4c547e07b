"""A job's compile modes: how the run reads them, names a further mode's files, and notes one.

The first mode is the run's `compiled` variant; each further one adds a variant of its own,
compiled afresh in the same process, whose files carry its name (`mode_slug`).
"""

from __future__ import annotations

CPU_GRAPHS_NOTE = (
    "reduce-overhead ran on the CPU, where CUDA graphs do not apply: its code is Inductor's "
    "default code, launched one kernel at a time"
)


def compile_modes(text: str) -> list[str]:
    """The compile modes of a job: one mode, or several separated by commas (the first is
    the run's `compiled` variant; each further one adds a variant of its own)."""
    return [mode.strip() for mode in text.split(",") if mode.strip()] or ["default"]


def mode_slug(mode: str) -> str:
    """A further mode's part of its file names: the mode itself (letters and hyphens)."""
    return "".join(c for c in mode if c.isalnum() or c == "-")[:40] or "mode"


def mode_notes(mode: str, device_type: str) -> list[str]:
    """What the run says of a compile mode on this device: reduce-overhead on the CPU
    captures no CUDA graphs."""
    return [CPU_GRAPHS_NOTE] if mode == "reduce-overhead" and device_type == "cpu" else []
