"""Installed libraries a snippet imports are reported, learned by the worker once its runs
keep importing them, and imported by its next spares ahead of need (importing
transformers cost every model run seconds of "loading snippet")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from backend.harness.protocol import PREIMPORT_ENV
from backend.worker import preimports
from backend.worker.bundle import load_bundle

ROOT = Path(__file__).resolve().parents[2]
# idna: installed (site-packages) and imported by neither torch nor the harness; colorsys:
# the standard library's, never a spare's business; plotly imports more packages itself, but
# only what the snippet names is listed (transformers brings thirty-odd packages).
SNIPPET = """import colorsys
import idna
import torch
from plotly import graph_objects

def fn(a):
    return a * 2.0

def inputs():
    return (torch.ones(8, device=device),)
"""


@pytest.mark.slow
def test_a_run_reports_the_installed_packages_its_snippet_imported(tmp_path: Path) -> None:
    (tmp_path / "snippet.py").write_text(SNIPPET)
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    command = [sys.executable, "-m", "backend.harness", "--snippet", str(tmp_path / "snippet.py")]
    command += ["--bundle", str(bundle), "--device", "cpu"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    read = load_bundle(bundle)
    assert read is not None and read.status == "succeeded"
    assert read.document["snippet_imports"] == ["idna", "plotly"]


def test_a_package_is_imported_ahead_once_runs_keep_importing_it() -> None:
    learner = preimports.ImportLearner()
    learner.saw(["transformers", "idna"])
    assert learner.env() == {}  # one run is no habit
    learner.saw(["transformers", "bad name", 7, "x" * 65])  # untrusted: odd names dropped
    assert learner.wanted() == ["transformers"]
    assert learner.env() == {PREIMPORT_ENV: "transformers"}
    for _ in range(preimports.WINDOW):
        learner.saw([])
    assert learner.wanted() == []  # nobody imported it for a whole window
    learner.saw("transformers")  # not a list: ignored
    assert learner.wanted() == []


def test_many_packages_are_capped_most_imported_first() -> None:
    learner = preimports.ImportLearner()
    names = [f"package{n:02d}" for n in range(20)]
    for n in range(len(names)):
        learner.saw(names[: n + 1])  # package00 in every run, package19 in one
    assert learner.wanted() == names[: preimports.MAX_LEARNED]


# A spare's host stage, as a spare runs it, with the worker's variable set.
HOST_STAGE = """
import json, sys
from backend.harness.prewarm import HOST, prewarm
seconds, error = prewarm("cpu", (HOST,))
print(json.dumps({"error": error, "imported": "idna" in sys.modules}))
"""


@pytest.mark.slow
@pytest.mark.parametrize(("named", "imported"), [("idna", True), ("", False)])
def test_a_spare_imports_what_it_is_told_to_in_its_host_stage(named: str, imported: bool) -> None:
    assert host_stage(named) == {"error": None, "imported": imported}


@pytest.mark.slow
def test_a_package_that_cannot_be_imported_ahead_is_said_and_costs_nothing_else() -> None:
    said = host_stage("no_such_package_here")
    assert (
        said["error"]
        == "RuntimeError: could not import ahead of need: no_such_package_here: ModuleNotFoundError"
    )


def host_stage(named: str) -> dict[str, object]:
    """What a spare's host stage said, run with the worker's variable naming `named`."""
    env = {**os.environ, PREIMPORT_ENV: named}
    done = subprocess.run(
        [sys.executable, "-c", HOST_STAGE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    said: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return said
