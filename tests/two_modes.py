"""A two-mode bundle from two H200 recordings of the same snippet (kernelbench_style: x @ W
+ b, sigmoid, scale; same inputs, identical eager ops): default (tests/data/h200_bundles)
first and max-autotune-no-cudagraphs (tests/data/h200_scale_bundles) as its further mode,
laid out as the harness writes a run asked for both.

Honest about what it is: the two modes were compiled, profiled and timed in two processes
on the same machine, not in one; every number is still what one of them measured. The
further mode's speedup is against the first recording's eager timing.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
DEFAULT = DATA / "h200_bundles" / "kernelbench_style"
AUTOTUNE = DATA / "h200_scale_bundles" / "kernelbench_style_max_autotune"
MODE = "max-autotune-no-cudagraphs"


def two_mode_folder(where: Path) -> Path:
    """A run folder (snippet.py, bundle/) under `where`: default, then MODE."""
    folder = where / "kernelbench_style_two_modes"
    shutil.copytree(DEFAULT, folder)
    document = json.loads((folder / "bundle" / "bundle.json").read_text())
    further = json.loads((AUTOTUNE / "bundle" / "bundle.json").read_text())
    compiled = further["compiled"]
    # one process runs one snippet file: its path in the provenance is the first's
    old, new = further["snippet_file"], document["snippet_file"]
    compiled["provenance"] = {
        name: [payload.replace(old, new) for payload in payloads]
        for name, payloads in compiled["provenance"].items()
    }
    trace = f"compiled_{MODE}_trace.json.gz"
    shutil.copy(AUTOTUNE / "bundle" / compiled["trace"], folder / "bundle" / trace)
    compiled["trace"] = trace
    for graph in compiled["graphs"]:
        name = f"output_code_{MODE}_{graph['index']}.py"
        shutil.copy(AUTOTUNE / "bundle" / graph["output_code"], folder / "bundle" / name)
        graph["output_code"] = name
    document["compile_mode"] = f"default,{MODE}"
    document["further_modes"] = [
        {
            "mode": MODE,
            "compiled": compiled,
            "compile": further["compile"],
            "correctness": further["correctness"],
        }
    ]
    (folder / "bundle" / "bundle.json").write_text(json.dumps(document))
    return folder
