"""Kept round trips grouped by reason, tensor and module pattern: one entry per kind of
round trip, however many blocks repeat it."""

from __future__ import annotations

from typing import Literal

from backend.analysis.kept_groups import group_label, kept_groups, module_pattern, tensor_stem
from backend.result import FusionWhy, RoundTrip

BLAS = "addmm runs as a library call (a BLAS): Inductor generates no code for it"
Kind = Literal["library_call", "inductor_declined"]


def _trip(
    tensor: str, module: str | None, size: int, kind: Kind = "library_call", *, kept: bool = True
) -> RoundTrip:
    why = FusionWhy(kind=kind, message=BLAS if kind == "library_call" else "declined")
    return RoundTrip(
        tensor=tensor,
        bytes=size,
        shape=[4],
        dtype="float32",
        producer="addmm",
        consumers=["gelu"],
        module=module,
        eliminated=not kept,
        why=why if kept else None,
    )


def test_indices_become_stars_and_lines_go() -> None:
    assert module_pattern("model.transformer.h.11.mlp.c_fc") == "model.transformer.h.*.mlp.c_fc"
    assert module_pattern(None) is None
    assert tensor_stem("addmm output, line 17") == "addmm output"
    assert tensor_stem("cat output, lines 3, 4") == "cat output"
    assert tensor_stem("x") == "x"
    assert tensor_stem("cat output, line 17[1]") == "cat output[1]"


def test_one_entry_per_reason_tensor_and_pattern() -> None:
    trips = [
        *[_trip("addmm output, line 12", f"h.{i}.mlp.c_fc", 100) for i in range(12)],
        *[_trip("addmm output, line 12", f"h.{i}.attn.c_attn", 10) for i in range(12)],
        _trip("add output, line 12", "h.0", 5, "inductor_declined"),
        _trip("add output, line 12", "h.1", 7, "inductor_declined"),
        _trip("mul output, line 12", "h.0.mlp", 999, kept=False),  # eliminated: not kept
        _trip("loss", None, 3),
    ]
    groups = kept_groups(trips)
    assert [(g.tensor, g.pattern, g.count, g.bytes) for g in groups] == [
        ("addmm output", "h.*.mlp.c_fc", 12, 1200),
        ("addmm output", "h.*.attn.c_attn", 12, 120),
        ("add output", "h.*", 2, 12),
        ("loss", None, 1, 3),
    ]
    fc = groups[0]
    assert fc.reason == "library call (a BLAS)"
    assert fc.modules == [f"h.{i}.mlp.c_fc" for i in range(12)]
    label = "addmm output in h.*.mlp.c_fc · 12 × 100 B · library call (a BLAS)"
    assert fc.label == group_label(fc) == label
    declined = groups[2]
    assert (declined.reason, declined.min_bytes, declined.max_bytes) == ("inductor declined", 5, 7)
    assert group_label(declined) == "add output in h.* · 2 × up to 7 B · inductor declined"
    assert group_label(groups[3]) == "loss · 1 × 3 B · library call (a BLAS)"


def test_no_kept_trips_no_groups() -> None:
    assert kept_groups([_trip("x", "h.0", 1, kept=False)]) == []
