"""Warm, single-use run processes under bubblewrap: a spare is sandboxed from its
start, sees nothing of the run before it (its own uid, directory, /tmp and environment),
leaves nothing behind when it is killed or when its server is, and a pre-warmed spare
runs a snippet as a cold process does (tests/worker/test_spares.py has the rest,
unsandboxed)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from backend.limits import RunLimits
from backend.worker import cgroup, sandbox
from backend.worker.child import PARKED_NOTE, ChildOutcome, ChildRequest, run_child
from backend.worker.execute import run_job
from backend.worker.process import HarnessProcess, Job, WorkerSetup
from backend.worker.spare_policy import SparePolicy
from backend.worker.spares import SpareKeeper, SpareOptions, clear_spares_left
from tests.helpers import present, wait_for
from tests.paths import EXAMPLES_DIR
from tests.sandbox.escapes import TEST_UID_BASE
from tests.worker.test_spares import (
    BARE,
    SYNTAX_ERROR,
    alive,
    kill_a_server_with_a_spare,
    ready_spare,
    ready_spare_other_than,
    two_runs_through_one_keeper,
)

pytestmark = pytest.mark.usefixtures("real_sandbox")


@pytest.fixture
def setup(tmp_path: Path) -> WorkerSetup:
    return WorkerSetup(tmp_path / "data", "cpu", RunLimits(sandbox="bwrap", timeout_s=300))


def left_of(workdir: Path, pids: list[int]) -> dict[str, object]:
    """What is left of a spare: its processes, tmpfs, cgroups, directory."""
    hierarchy = cgroup.memory_hierarchy()
    parent = hierarchy[0] / cgroup.CGROUP_PARENT if hierarchy else None
    left = {
        "processes": [pid for pid in pids if alive(pid)],
        "mounted": os.path.ismount(workdir),
        "directory": workdir.exists(),
        "cgroups": list(parent.glob(f"{workdir.name}-*")) if parent else [],
    }
    return {what: found for what, found in left.items() if found}


def test_a_killed_sandboxed_spare_leaves_nothing_behind(
    setup: WorkerSetup, real_sandbox: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    from backend.worker import spare_policy

    monkeypatch.setattr(spare_policy, "HEALTH_POLL_S", 0.2)
    keeper = SpareKeeper(setup, BARE)
    keeper.start()
    try:
        victim = ready_spare(keeper)
        assert victim.sandbox is not None and os.path.ismount(victim.workdir)
        pids = victim.sandbox.processes()  # the harness, inside the sandbox
        os.kill(pids[-1], signal.SIGKILL)
        ready_spare_other_than(keeper, victim)
        assert left_of(victim.workdir, pids) == {}
        outcome = run_job(SYNTAX_ERROR, setup, spares=keeper)  # the slot still works
        assert outcome.error is not None and outcome.error["kind"] == "syntax_error"
    finally:
        keeper.close()
    assert all(sandbox._pids_of_uid(uid) == [] for uid in real_sandbox)
    assert list(setup.work_root.glob("*")) == []


def test_a_sandboxed_spare_dies_with_its_server(tmp_path: Path) -> None:
    pid, workdir, uid = kill_a_server_with_a_spare(tmp_path / "data", "bwrap", TEST_UID_BASE)
    try:
        assert uid >= TEST_UID_BASE
        wait_for(lambda: not alive(pid) and sandbox._pids_of_uid(uid) == [], 15, "all died")
        assert os.path.ismount(workdir)  # its tmpfs outlived it ...
    finally:
        clear_spares_left(WorkerSetup(tmp_path / "data"))
    assert not os.path.ismount(workdir) and not workdir.exists()  # ... until the next start


def test_a_sandboxed_snippet_sees_nothing_of_the_previous_run(setup: WorkerSetup) -> None:
    first, second = two_runs_through_one_keeper(setup)
    assert first["process"] != second["process"]
    assert first["dir"] != second["dir"]
    assert second["seen"] == {"cwd": [], "home": [], "tmpdir": [], "tmp": []}
    assert second["env"] is None and second["module"] is False


def warm_run(code: str, setup: WorkerSetup, *, parked: bool) -> ChildOutcome:
    """`code` run by a spare warmed on the device by its keeper, or by a parked one (warm on
    the host only) whose job comes before any word to warm the device."""
    if parked:
        spare = HarnessProcess(setup, prewarm=True, parked=True)
        outcome = run_child(ChildRequest(Job(code), setup), spare=spare)
        assert spare.prewarmed_device is False  # its ready line: the host half alone
        assert PARKED_NOTE in outcome.notes  # and the run says so
        return outcome
    keeper = SpareKeeper(
        setup, SpareOptions(policy=SparePolicy(count=1))
    )  # one real pre-warm is enough
    keeper.start()
    try:
        spare = ready_spare(keeper)
        outcome = run_job(Job(code), setup, spares=keeper)
        assert spare.prewarmed_device is True and PARKED_NOTE not in outcome.notes
        return outcome
    finally:
        keeper.close()


@pytest.mark.slow
@pytest.mark.parametrize("parked", [False, True], ids=["warm", "parked"])
def test_a_prewarmed_spare_runs_a_snippet_as_a_cold_process_does(
    setup: WorkerSetup, parked: bool
) -> None:
    """The pre-warm (a throwaway trace, compile and profile inside the sandbox; only the
    trace for a parked spare) leaves nothing in the run: same inputs (the RNG), one graph,
    no recompile, nothing of the throwaway in the compiled code or the output."""
    code = (EXAMPLES_DIR / "add_relu.py").read_text()
    code += "\nprint('first input value', float(inputs()[0][0]))\n"
    warm = warm_run(code, setup, parked=parked)
    cold = run_job(Job(code), setup)
    for outcome in (warm, cold):
        assert outcome.status == "succeeded", outcome.error
    assert warm.prewarm_s is not None and warm.prewarm_s > 0 and cold.prewarm_s is None
    assert warm.stdout == cold.stdout and "first input value" in warm.stdout
    assert warm.stderr == cold.stderr == ""
    documents = [present(outcome.bundle).document for outcome in (warm, cold)]
    for part in ("graph_count", "graph_breaks", "recompiles"):
        assert documents[0]["compile"][part] == documents[1]["compile"][part]
    assert (
        documents[0]["compile"]["graph_count"] == 1 and documents[0]["compile"]["recompiles"] == 0
    )
    warm_code = present(warm.bundle).files["output_code_0.py"].decode()
    assert "sin" not in warm_code and "throwaway" not in warm_code
    kernels = [[launch["kernel"] for launch in d["compiled"]["launches"]] for d in documents]
    assert kernels[0] == kernels[1]
