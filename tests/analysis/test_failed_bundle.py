"""A bundle that did not succeed still analyses: device, versions and notes, no variants."""

from __future__ import annotations

from typing import Any

import pytest

from backend.analysis.assemble import Analysis, analyse
from backend.result import Versions
from tests.recorded import analysed, bundle_of, trace_of


def _failed(status: str = "failed") -> dict[str, Any]:
    return {
        "schema_version": 1,
        "status": status,
        "device": {"type": "cuda", "name": "NVIDIA H200", "l2_cache_bytes": 62914560, "note": None},
        "versions": {"torch": "2.11.0+cu130", "python": "3.12.3", "unknown_key": "ignored"},
        "entry_point": "fn",
        "notes": ["called inputs(size=16777216)"],
        "error": {"kind": "exception", "message": "boom", "line": 7},
    }


def _assert_empty(result: Analysis) -> None:
    assert result.variants == {}
    assert result.round_trips == []
    assert result.totals is None
    assert result.speedup is None and result.kernel_speedup is None
    assert result.correctness is None and result.compile is None


@pytest.mark.parametrize("status", ["failed", "timed_out", "crashed"])
def test_failed_bundle_yields_no_variants(status: str) -> None:
    result = analyse(_failed(status), None, None)
    _assert_empty(result)
    assert result.device is not None and result.device.name == "NVIDIA H200"
    assert result.versions.torch == "2.11.0+cu130" and result.versions.python == "3.12.3"
    assert result.entry_point == "fn"
    assert result.notes == ["called inputs(size=16777216)"]


def test_minimal_failed_bundle() -> None:
    result = analyse({"status": "failed"}, None, None)
    _assert_empty(result)
    assert result.device is None
    assert result.versions == Versions()
    assert result.entry_point is None and result.notes == []


def test_failed_bundle_with_traces_still_has_no_variants() -> None:
    # a run that failed after profiling: traces exist, but the status decides
    bundle = dict(bundle_of("add_relu_2p24"), status="failed")
    result = analyse(
        bundle, trace_of("add_relu_2p24", "eager"), trace_of("add_relu_2p24", "compiled")
    )
    _assert_empty(result)
    assert result.versions.driver == "13000"  # read from the eager trace even so


def test_succeeded_bundle_without_a_trace_has_no_variants() -> None:
    bundle = bundle_of("add_relu_2p24")
    _assert_empty(analyse(bundle, trace_of("add_relu_2p24", "eager"), None))
    _assert_empty(analyse(bundle, None, trace_of("add_relu_2p24", "compiled")))


def test_failed_analysis_does_not_touch_the_cached_one() -> None:
    assert set(analysed("add_relu_2p24").variants) == {"eager", "compiled"}
