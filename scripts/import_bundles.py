"""Store recorded harness bundles as runs, so a dashboard can show real GPU results.

    python scripts/import_bundles.py --data-dir ~/.kernelscope tests/data/h200_bundles/*

Each folder holds `snippet.py` and `bundle/` (what the harness wrote on the GPU host, e.g.
by scripts/record_bundles.sh). The bundle goes through the same analysis and store code
as a live run; only the child process is skipped.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from backend.store.repository import Store
from backend.worker.bundle import load_bundle
from backend.worker.child import ChildOutcome
from backend.worker.execute import result_from_outcome


def import_bundle(
    store: Store, folder: Path, *, sweep_id: str | None = None, forked_from: str | None = None
) -> str:
    """Store one recorded bundle as a finished run. With `sweep_id`, as one size of that
    sweep (the size the bundle recorded); with `forked_from`, as a fork of that run."""
    bundle = load_bundle(folder / "bundle")
    if bundle is None:
        raise SystemExit(f"{folder}: no bundle.json under bundle/")
    code = (folder / "snippet.py").read_text()
    device = (bundle.document.get("device") or {}).get("name", "GPU")
    size = bundle.document.get("size") if sweep_id is not None else None
    if sweep_id is not None and size is None:
        raise SystemExit(f"{folder}: the bundle records no size, so it is no size of a sweep")
    run_id = store.create_run(
        code,
        title=f"{folder.name} ({device}, recorded)",
        size=size,
        sweep_id=sweep_id,
        forked_from=forked_from,
        # "running", as the CLI makes its runs: a server on this data directory must not
        # claim it
        status="running",
    )
    queued = store.load_result(run_id)
    assert queued is not None
    outcome = ChildOutcome(
        status=bundle.status,
        bundle=bundle,
        error=None,
        stdout="",
        stderr="",
        truncated=False,
        duration_s=0.0,
    )
    result, artifacts = result_from_outcome(queued, outcome, recorded_elsewhere=True)
    store.save_result(result.model_copy(update={"duration_s": None}), code, artifacts)
    return run_id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("folders", type=Path, nargs="+")
    args = parser.parse_args()
    with Store.open(args.data_dir) as store:
        for folder in args.folders:
            print(f"{import_bundle(store, folder)}  {folder.name}")


if __name__ == "__main__":
    main()
