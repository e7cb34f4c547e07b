"""The steps a run passes while it runs, in order: the words of `step`, `steps` and
`step_seconds` wherever a run is shown.

The harness's steps come first; their words are the harness's own (`harness/protocol.py`,
as the harness imports nothing of the house). The worker's follow: its DRAM pass, on request,
and its analysis. The worker reports them, the API lists them and the progress view shows
them, all from here.
"""

from __future__ import annotations

from collections.abc import Sequence

from backend.harness.protocol import FURTHER_MODES_STEP
from backend.harness.protocol import STEPS as HARNESS_STEPS

DRAM_STEP = "measuring DRAM bytes"  # the worker's ncu pass, on request (backend/worker/dram.py)
ANALYSING_STEP = "analysing"  # the worker's own, after the harness's steps
RUN_STEPS = (*HARNESS_STEPS, DRAM_STEP, ANALYSING_STEP)  # every step a run can pass, in order


def run_steps(compile_mode: str, measure: Sequence[str]) -> list[str]:
    """The steps a run with these options passes, in order: what its progress view lists."""
    skipped = set()
    if "," not in compile_mode:
        skipped.add(FURTHER_MODES_STEP)
    if "dram" not in measure:
        skipped.add(DRAM_STEP)
    return [step for step in RUN_STEPS if step not in skipped]
