"""Compile modes side by side, for real on this CPU: add_relu compiled in the
default mode and in max-autotune-no-cudagraphs in one harness process, analysed into both
compiled variants with counts that agree with each other and with their summaries."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from backend.worker.bundle import analyse_bundle

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
MODE = "max-autotune-no-cudagraphs"


def test_add_relu_in_two_modes_gives_two_consistent_compiled_variants(tmp_path: Path) -> None:
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    command = [sys.executable, "-m", "backend.harness", "--snippet", "examples/add_relu.py"]
    command += ["--bundle", str(bundle), "--compile-mode", f"default,{MODE}", "--device", "cpu"]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True, timeout=900)
    analysis = analyse_bundle(bundle)
    assert list(analysis.variants) == ["eager", "compiled", f"compiled:{MODE}"]
    first, second = analysis.compiled_modes
    assert (first.mode, second.mode) == ("default", MODE)
    for summary in (first, second):
        variant = analysis.variants[summary.variant]
        assert summary.kernel_count == variant.kernel_count >= 1
        assert summary.transfer_count == variant.transfer_count
        assert summary.wall_time_us == variant.wall_time_us > 0
        assert summary.correctness is not None and summary.correctness.match is True
        assert summary.compile is not None and summary.compile.mode == summary.mode
        # add+relu fuse in either mode: the one intermediate never reaches memory
        assert summary.round_trips_eliminated == 1
    compiled, further = analysis.variants["compiled"], analysis.variants[f"compiled:{MODE}"]
    # the same fused work: one kernel reading a and b and writing the output, in both modes
    assert (compiled.kernel_count, compiled.transfer_count) == (1, 3)
    assert (further.kernel_count, further.transfer_count) == (1, 3)
    assert further.bytes_read == compiled.bytes_read
    assert further.bytes_written == compiled.bytes_written
    assert analysis.compile is not None and analysis.compile.mode == "default"
    assert analysis.totals is not None and analysis.totals.round_trips_eliminated == 1
