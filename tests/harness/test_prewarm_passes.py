"""A GPU spare compiles Kernelscope's own measurement kernels before its run arrives: the
dtypes it warms are ones the fingerprint and the output check read, and the warm-up calls
them as a run does (here on the CPU's torch path; on a GPU each call is a Triton launch)."""

from __future__ import annotations

import pytest
import torch

from backend.harness import accuracy, fingerprint, prewarm


@pytest.mark.parametrize("name", prewarm.WARMED_FLOAT_DTYPES + prewarm.WARMED_INT_DTYPES)
def test_each_warmed_dtype_is_one_a_fingerprint_reads(name: str) -> None:
    pending = fingerprint.fingerprint(torch.ones(8, 8, dtype=getattr(torch, name)))
    assert pending is not None
    assert pending.result()["kind"] == (
        "float" if name.startswith(("float", "bfloat")) else "exact"
    )


def test_the_warm_up_runs_each_pass_for_each_dtype_and_layout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[str, str, bool]] = []
    real_fingerprint, real_errors = fingerprint.fingerprint, accuracy.errors

    def spy_fingerprint(t: torch.Tensor) -> fingerprint.Pending | None:
        seen.append(("fingerprint", str(t.dtype), t.is_contiguous()))
        pending: fingerprint.Pending | None = real_fingerprint(t)
        return pending

    def spy_errors(reference: torch.Tensor, candidate: torch.Tensor) -> accuracy.Errors:
        seen.append(("errors", str(candidate.dtype), candidate.is_contiguous()))
        found: accuracy.Errors = real_errors(reference, candidate)
        assert found.diff_max == 0  # the same values, whatever the layout
        return found

    monkeypatch.setattr(fingerprint, "fingerprint", spy_fingerprint)
    monkeypatch.setattr(accuracy, "errors", spy_errors)
    prewarm.warm_measurement_passes(torch.device("cpu"))
    floats = [f"torch.{n}" for n in prewarm.WARMED_FLOAT_DTYPES]
    ints = [f"torch.{n}" for n in prewarm.WARMED_INT_DTYPES]
    layouts = (True, False)
    assert {s for s in seen if s[0] == "fingerprint"} == {
        ("fingerprint", d, c) for d in floats + ints for c in layouts
    }
    assert {s for s in seen if s[0] == "errors"} == {
        ("errors", d, c) for d in floats for c in layouts
    }
