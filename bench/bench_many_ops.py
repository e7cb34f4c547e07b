"""The eager accounting of a call of thousands of small ops, with and without its budget.

Runs the harness's eager steps (warm-up, accounting, profile; no compile) on
tests/data/lstm_small.py, a bidirectional 6-layer LSTM run step by step (about 13 ATen ops
per layer, direction and step: 80,000 ops a call at sequence length 512), twice in this one
process: with the budget lifted ("unbounded": every op in full detail, as before the budget,
though with this code's faster flattening and rows) and with the default budget. Prints
CPU seconds per step, the ops per level and the note.

    PYTHONPATH=. python bench/bench_many_ops.py [SEQUENCE_LENGTH]   (default 128)

Never asserts a timing.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from backend.harness import op_budget  # noqa: E402
from backend.harness.inputs import Inputs  # noqa: E402
from backend.harness.memory import PeakTracker  # noqa: E402
from backend.harness.run import Options, Run  # noqa: E402

SNIPPET = ROOT / "tests" / "data" / "lstm_small.py"
LENGTH = int(sys.argv[1]) if len(sys.argv) > 1 else 128


def timed_steps(run: Run) -> dict[str, float]:
    """CPU seconds of the accounting and of the profile, by wrapping the run's own steps."""
    spent: dict[str, float] = {}
    for step in ("_eager_accounting", "_profile"):
        original: Callable[..., Any] = getattr(run, step)

        def wrapped(
            *args: Any, _original: Callable[..., Any] = original, _step: str = step, **kw: Any
        ) -> Any:
            started = time.process_time()
            try:
                return _original(*args, **kw)
            finally:
                spent[_step] = time.process_time() - started

        setattr(run, step, wrapped)
    return spent


def eager_only(bundle: Path) -> tuple[Run, dict[str, float]]:
    run = Run(Options(SNIPPET, bundle, LENGTH, "default", "cpu", None))
    run.doc["notes"] = []
    run.peaks = PeakTracker(torch.device("cpu"))
    spent = timed_steps(run)
    entry = run._load(torch.device("cpu"))
    run.inputs = Inputs(entry, lambda what, call: run._user_code(what, call))
    run.inputs.first()
    with torch.no_grad():
        run._eager(entry)
    return run, spent


def main() -> None:
    # one thread: CPU seconds then count work, not other threads spinning at a barrier
    torch.set_num_threads(1)
    defaults = (op_budget.FULL_OPS, op_budget.FULL_S, op_budget.TRAFFIC_OPS, op_budget.TRAFFIC_S)
    with tempfile.TemporaryDirectory() as folder:
        for label in ("unbounded", "budget"):
            if label == "unbounded":
                op_budget.FULL_OPS = op_budget.TRAFFIC_OPS = 10**9
                op_budget.FULL_S = op_budget.TRAFFIC_S = 1e9
            else:
                (
                    op_budget.FULL_OPS,
                    op_budget.FULL_S,
                    op_budget.TRAFFIC_OPS,
                    op_budget.TRAFFIC_S,
                ) = defaults
            run, spent = eager_only(Path(folder) / label)
            counts = run.eager_budget.as_dict()
            print(
                f"{label:9} sequence {LENGTH}: {counts['ops']:,} ops "
                f"(full {counts['full']:,}, traffic {counts['traffic_only']:,}, "
                f"name {counts['name_only']:,}); accounting "
                f"{spent['_eager_accounting']:.2f} s, profile {spent['_profile']:.2f} s CPU",
                flush=True,
            )
            notes = [n for n in run.doc["notes"] if "accounting" in n or "shapes" in n]
            for note in notes:
                print(f"  note: {note}")


if __name__ == "__main__":
    main()
