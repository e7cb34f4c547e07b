"""Warm, single-use run processes: a spare runs one snippet and exits, sees
nothing of the run before it, and leaves nothing behind however it ends.

The spares here are bare harness processes (`prewarm=False`) unless a test is about the
pre-warm itself: the machinery is the same, without the seconds of a throwaway compile.
Snippets that fail to parse stop before torch is imported, and the one that looks around
has no function to run, so these tests take seconds. tests/sandbox/test_spares.py has the
same under bubblewrap, and a real pre-warm.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from backend.limits import RunLimits
from backend.worker import spare_policy
from backend.worker import spares as spares_module
from backend.worker.child import ChildRequest, run_child
from backend.worker.execute import run_job
from backend.worker.process import HarnessProcess, Job, SpareUsed, WorkerSetup
from backend.worker.spare_policy import SparePolicy, WarmUps
from backend.worker.spares import SpareKeeper, SpareOptions, clear_spares_left
from tests.helpers import present, wait_for

# Every test here starts real harness processes (bare ones: a syntax error or a short
# snippet), and the first of a session makes the host's builds (tens of seconds); the
# rules alone are tested in tests/worker/test_spare_policy.py.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SYNTAX_ERROR = Job("def fn(:\n")
BARE = SpareOptions(
    prewarm=False, policy=SparePolicy(count=1)
)  # one spare: each test follows it exactly


SPARE_S = 60.0  # a spare's start, warm-up or clean-up on a busy 2-core machine


def ready_spare(keeper: SpareKeeper) -> HarnessProcess:
    def ready() -> HarnessProcess | None:
        spare = keeper.spare()
        return spare if spare is not None and spare.wait_ready(0.1) else None

    found: HarnessProcess = wait_for(ready, SPARE_S, "a spare is ready")
    return found


def gone(spare: HarnessProcess) -> bool:
    return not spare.workdir.exists() and not (spare.process and alive(spare.process.pid))


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture
def setup(tmp_path: Path) -> WorkerSetup:
    return WorkerSetup(tmp_path / "data", "cpu", RunLimits(sandbox="none", timeout_s=120))


@contextmanager
def running(setup: WorkerSetup, options: SpareOptions) -> Iterator[SpareKeeper]:
    """A started keeper, closed afterwards however the test ends."""
    kept = SpareKeeper(setup, options)
    kept.start()
    try:
        yield kept
    finally:
        kept.close()


@pytest.fixture
def keeper(setup: WorkerSetup, monkeypatch: pytest.MonkeyPatch) -> Iterator[SpareKeeper]:
    monkeypatch.setattr(spare_policy, "HEALTH_POLL_S", 0.2)  # notice a death quickly
    with running(setup, BARE) as kept:
        yield kept


# ---- one snippet per process -----------------------------------------------------------------


def test_a_process_runs_one_snippet_then_exits_and_refuses_a_second(setup: WorkerSetup) -> None:
    spare = HarnessProcess(setup)
    outcome = run_child(ChildRequest(SYNTAX_ERROR, setup), spare=spare)
    assert outcome.error is not None and outcome.error.get("kind") == "syntax_error"
    assert spare.process is not None and spare.process.returncode == 0  # exited by itself
    with pytest.raises(SpareUsed, match="has had its snippet"):
        spare.send(SYNTAX_ERROR)
    assert not spare.workdir.exists()


def test_a_taken_spare_is_replaced_at_once_and_never_handed_out_twice(
    keeper: SpareKeeper, setup: WorkerSetup
) -> None:
    first = ready_spare(keeper)
    outcome = run_job(SYNTAX_ERROR, setup, spares=keeper)
    assert outcome.status == "failed" and outcome.steps.seconds()["analysing"] >= 0
    second = ready_spare(keeper)
    assert second is not first and second.name != first.name
    assert (keeper.started, keeper.taken) == (2, 1)
    assert first.process is not None and first.process.returncode is not None
    assert not first.workdir.exists()
    run_job(SYNTAX_ERROR, setup, spares=keeper)
    assert keeper.taken == 2 and ready_spare(keeper) not in (first, second)


def started_spare(keeper: SpareKeeper) -> HarnessProcess:
    """The keeper's first spare, once the keeper has seen it ready: its thread then stops
    looking at it, so `seen_warming` can show it as still warming up without the thread
    seeing its ready line again in between (a quiet box raced the old way)."""
    spare = wait_for(keeper.spare, SPARE_S, "a spare is started")
    wait_for(lambda: spare.ready_at is not None, SPARE_S, "the keeper saw it ready")
    return spare


@contextlib.contextmanager
def seen_warming(spare: HarnessProcess) -> Iterator[None]:
    """Inside, `spare` looks as if its ready line had not come yet."""
    with mock.patch.object(spare, "wait_ready", return_value=False):
        spare.ready_at = None
        yield


def test_a_spare_just_started_is_left_for_the_next_run(setup: WorkerSetup) -> None:
    with running(setup, BARE) as keeper:
        warming = started_spare(keeper)
        keeper._warm_ups = WarmUps(whole_s=3600.0)  # warm-ups took an hour: it has barely begun
        with seen_warming(warming):
            outcome = run_job(SYNTAX_ERROR, setup, spares=keeper)
        assert outcome.status == "failed" and keeper.taken == 0  # a process of its own
        assert keeper.spare() is warming and warming.alive()
        assert keeper.counts().cold == 1
        assert warming.wait_ready(60)  # a bare spare; slow only on a loaded box
        run_job(SYNTAX_ERROR, setup, spares=keeper)
        assert keeper.taken == 1  # ready now: taken


def test_a_spare_nearly_warm_is_taken_and_its_run_waits_for_it(setup: WorkerSetup) -> None:
    with running(setup, BARE) as keeper:
        warming = started_spare(keeper)
        keeper._warm_ups = WarmUps(whole_s=warming.age_s())  # as long as it has run so far
        with seen_warming(warming):
            outcome = run_job(SYNTAX_ERROR, setup, spares=keeper)
        assert outcome.error is not None and outcome.error.get("kind") == "syntax_error"
        counts = keeper.counts()
        assert (counts.taken_warming, counts.taken_ready, counts.cold) == (1, 0, 0)
        assert keeper.spare() is not warming and not warming.alive()  # used, then closed


def test_two_spares_let_back_to_back_runs_each_find_one_ready(setup: WorkerSetup) -> None:
    with running(setup, SpareOptions(prewarm=False, policy=SparePolicy(count=2))) as keeper:
        wait_for(lambda: keeper.counts().ready == 2, SPARE_S, "two spares are ready")
        first, second = keeper.spares()
        for _ in range(2):  # back to back: the second run comes before any replacement is ready
            assert run_job(SYNTAX_ERROR, setup, spares=keeper).status == "failed"
        counts = keeper.counts()
        assert (counts.taken_ready, counts.cold) == (2, 0)
        assert first.job_sent_at is not None and second.job_sent_at is not None
        wait_for(lambda: keeper.counts().ready == 2, SPARE_S, "two fresh spares")
        assert not {first, second} & set(keeper.spares()) and keeper.started == 4
        assert len(keeper.processes()) >= 2  # each held spare's process, for its costs


def taken_and_closed(keeper: SpareKeeper, setup: WorkerSetup) -> None:
    """A run takes a spare (or none) and is done with it at once."""
    spare = keeper.take(setup)
    if spare is not None:
        spare.close()


class Clock:
    """The keeper's clock, which a test moves on instead of waiting (a loaded CI box
    would otherwise decide which runs count as back to back)."""

    def __init__(self) -> None:
        self.ahead_s = 0.0

    def monotonic(self) -> float:
        return time.monotonic() + self.ahead_s

    def move_on(self, keeper: SpareKeeper, seconds: float) -> None:
        self.ahead_s += seconds
        keeper._wake.set()  # the keeper looks again now, as it would once the time came


BUSY = SpareOptions(prewarm=False, policy=SparePolicy(count=1, busy_extra=1))


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    moved = Clock()
    monkeypatch.setattr(spares_module, "time", moved)
    return moved


def test_back_to_back_runs_keep_one_more_spare_until_they_stop(
    setup: WorkerSetup, clock: Clock
) -> None:
    with running(setup, BUSY) as keeper:
        ready_spare(keeper)
        taken_and_closed(keeper, setup)
        taken_and_closed(keeper, setup)  # a suite's next problem, at once
        wait_for(lambda: len(keeper.spares()) == 2, SPARE_S, "a second spare while runs come")
        clock.move_on(keeper, 31.0)  # no run for longer than the window
        wait_for(lambda: len(keeper.spares()) == 1, SPARE_S, "one again once runs stop")
    assert list(setup.work_root.glob("*")) == []  # the extra one closed leaves nothing


def test_runs_further_apart_than_the_window_keep_the_usual_number(
    setup: WorkerSetup, clock: Clock
) -> None:
    with running(setup, BUSY) as keeper:
        first = ready_spare(keeper)
        taken_and_closed(keeper, setup)
        second = ready_spare_other_than(keeper, first)
        clock.move_on(keeper, 31.0)
        taken_and_closed(keeper, setup)
        ready_spare_other_than(keeper, second)
        assert keeper.started == 3 and len(keeper.spares()) == 1  # no extra one started


def test_a_lone_run_keeps_the_usual_number_of_spares(setup: WorkerSetup) -> None:
    with running(setup, BUSY) as keeper:
        first = ready_spare(keeper)
        taken_and_closed(keeper, setup)
        ready_spare_other_than(keeper, first)
        assert keeper.started == 2 and len(keeper.spares()) == 1  # no extra one started


class ParkedBare(HarnessProcess):
    """A bare process that its keeper sees as parked until told to warm the device. A real
    parked spare spends seconds importing torch first (tests/sandbox/test_spares.py has one);
    here only the keeper's bookkeeping is under test."""

    def __init__(self, setup: WorkerSetup, *, prewarm: bool = False, parked: bool = False) -> None:
        super().__init__(setup, prewarm=False)
        self.device_asked_at = None if parked else self.started_at

    def warm_device(self) -> None:  # a bare process would take the message for its job
        if self.device_asked_at is None:
            self.device_asked_at = time.monotonic()


# An hour's window: runs stay back to back however slowly a loaded box starts the spares;
# the tests that need them to stop move the keeper's clock on (`Clock`), past the window
# but not past a day unused (the spares would be recycled).
PARKING = SpareOptions(
    prewarm=False,
    policy=SparePolicy(count=1, busy_parked=1, busy_window_s=3600.0, recycle_s=86400.0),
)


@pytest.fixture
def parking(setup: WorkerSetup, monkeypatch: pytest.MonkeyPatch) -> Iterator[SpareKeeper]:
    monkeypatch.setattr(spares_module, "HarnessProcess", ParkedBare)
    with running(setup, PARKING) as kept:
        yield kept


def parked_and_not(keeper: SpareKeeper) -> tuple[HarnessProcess, HarnessProcess] | None:
    held = keeper.spares()
    parked = [spare for spare in held if spare.parked]
    if len(held) != 2 or len(parked) != 1:
        return None
    return parked[0], next(spare for spare in held if not spare.parked)


def test_back_to_back_runs_park_a_spare_and_warm_it_on_the_device_when_one_is_taken(
    parking: SpareKeeper, setup: WorkerSetup, clock: Clock
) -> None:
    first = ready_spare(parking)
    assert not first.parked  # the usual one warms the device at once
    taken_and_closed(parking, setup)
    taken_and_closed(parking, setup)  # back to back: one more, parked
    parked, on_device = wait_for(lambda: parked_and_not(parking), SPARE_S, "one parked, one not")
    wait_for(lambda: on_device.wait_ready(0.1), SPARE_S, "the one on the device is ready")
    assert parking.counts().parked == 1 and parking.counts().wanted == 2
    assert parking.take(setup) is on_device  # a ready one first; the parked one warms up now
    wait_for(lambda: not parked.parked, SPARE_S, "the parked spare told to warm the device")
    wait_for(lambda: parked_and_not(parking), SPARE_S, "a new parked spare beside it")
    on_device.close()
    clock.move_on(parking, 3601.0)  # runs stopped: the parked one goes, the warm one stays
    wait_for(lambda: len(parking.spares()) == 1, SPARE_S, "one spare again once runs stop")
    assert parking.spares() == [parked] and not parked.parked


def test_a_run_with_no_spare_warm_on_the_device_takes_a_parked_one_not_a_cold_start(
    parking: SpareKeeper, setup: WorkerSetup, monkeypatch: pytest.MonkeyPatch
) -> None:
    taken_and_closed(parking, setup)
    taken_and_closed(parking, setup)
    parked, on_device = wait_for(lambda: parked_and_not(parking), SPARE_S, "one parked, one not")
    monkeypatch.setattr(spare_policy, "TAKE_WARMING_WITHIN_S", -3600.0)  # none nearly warm
    cold_before = parking.counts().cold
    with mock.patch.object(on_device, "wait_ready", return_value=False):
        outcome = run_job(SYNTAX_ERROR, setup, spares=parking)
    assert outcome.status == "failed" and parked.job_sent_at is not None
    counts = parking.counts()
    assert (counts.taken_parked, counts.cold) == (1, cold_before) and on_device.alive()


def test_a_spare_started_with_other_settings_is_discarded(
    keeper: SpareKeeper, setup: WorkerSetup
) -> None:
    old = ready_spare(keeper)
    longer = setup.with_timeout(999)
    assert keeper.take(longer) is None  # the run starts its own process instead
    assert keeper.counts().cold == 1
    wait_for(lambda: not old.workdir.exists(), SPARE_S, "the old spare is cleaned up")
    assert not alive(present(old.process).pid)
    assert ready_spare(keeper).setup == longer


def test_a_recycled_spare_is_replaced_by_a_fresh_one(setup: WorkerSetup) -> None:
    with running(
        setup, SpareOptions(prewarm=False, policy=SparePolicy(count=1, recycle_s=0.5))
    ) as keeper:
        first = ready_spare(keeper)
        assert first.process is not None
        wait_for(lambda: keeper.spare() not in (None, first), SPARE_S, "a fresh spare")
        # the keeper takes the old spare out of its list, then closes it: wait for that
        wait_for(lambda: gone(first), SPARE_S, "the recycled spare's process and directory gone")


# ---- nothing left behind ---------------------------------------------------------------------


def test_a_killed_spare_leaves_nothing_behind_and_is_replaced(
    keeper: SpareKeeper, setup: WorkerSetup
) -> None:
    victim = ready_spare(keeper)
    assert victim.process is not None
    os.kill(victim.process.pid, signal.SIGKILL)
    replacement = ready_spare_other_than(keeper, victim)
    wait_for(lambda: gone(victim), SPARE_S, "the killed spare's process and directory gone")
    outcome = run_job(SYNTAX_ERROR, setup, spares=keeper)  # the slot still works
    assert outcome.status == "failed" and replacement.process is not None


def ready_spare_other_than(keeper: SpareKeeper, old: HarnessProcess) -> HarnessProcess:
    wait_for(lambda: keeper.spare() not in (None, old), SPARE_S, "a replacement spare")
    return ready_spare(keeper)


def test_closing_the_keeper_leaves_no_process_and_no_directory(setup: WorkerSetup) -> None:
    keeper = SpareKeeper(setup, BARE)
    keeper.start()
    spare = ready_spare(keeper)
    keeper.close()
    assert spare.process is not None and not alive(spare.process.pid)
    assert list(setup.work_root.glob("*")) == []


SERVER = """
import sys, time
from pathlib import Path
from backend.limits import RunLimits
from backend.worker import sandbox
from backend.worker.process import WorkerSetup
from backend.worker.spares import SpareKeeper, SpareOptions

sandbox.UID_BASE = int(sys.argv[3])  # the test's own uids (tests/sandbox/conftest.py)
setup = WorkerSetup(Path(sys.argv[1]), "cpu", RunLimits(sandbox=sys.argv[2]))
keeper = SpareKeeper(setup, SpareOptions(prewarm=False))
keeper.start()
while (spare := keeper.spare()) is None or not spare.wait_ready(0.1):
    time.sleep(0.05)
print(spare.process.pid, spare.workdir, spare.sandbox.uid if spare.sandbox else -1, flush=True)
time.sleep(600)
"""


def kill_a_server_with_a_spare(
    data_dir: Path, sandbox: str, uid_base: int = 70_000
) -> tuple[int, Path, int]:
    """A process keeping a spare, SIGKILLed once the spare is ready: the spare's pid (its
    bubblewrap's, sandboxed), its directory and its sandbox uid (-1: none)."""
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(data_dir), sandbox, str(uid_base)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert server.stdout is not None
    with server.stdout:
        pid, workdir, uid = server.stdout.readline().split()
    server.kill()
    server.wait()
    return int(pid), Path(workdir), int(uid)


def test_a_spare_dies_with_the_server_and_the_next_start_clears_the_rest(tmp_path: Path) -> None:
    pid, workdir, _ = kill_a_server_with_a_spare(tmp_path / "data", "none")
    wait_for(lambda: not alive(pid), 10, "the orphaned spare is gone")
    assert workdir.exists()  # nobody was left to remove it ...
    clear_spares_left(WorkerSetup(tmp_path / "data"))
    assert not workdir.exists()  # ... until the next start


# ---- isolation between runs ------------------------------------------------------------------

LOOK_AND_LEAVE = """
import json, os, sys, tempfile
from pathlib import Path

places = {"cwd": Path.cwd(), "home": Path.home(), "tmpdir": Path(tempfile.gettempdir()),
          "tmp": Path("/tmp")}
seen = {name: sorted(p.name for p in path.iterdir() if "kernelscope-mark" in p.name)
        for name, path in places.items()}
with open(f"/proc/self/stat") as stat:
    started = stat.read().rpartition(")")[2].split()[19]
print(json.dumps({"seen": seen, "env": os.environ.get("KERNELSCOPE_MARK"),
                  "module": "kernelscope_mark" in sys.modules, "process": [os.getpid(), started],
                  "dir": str(Path(__file__).parent)}))
for name, path in places.items():
    if name != "tmp" or SANDBOXED:
        (path / f"kernelscope-mark-{RUN}").write_text(RUN)
os.environ["KERNELSCOPE_MARK"] = RUN
sys.modules["kernelscope_mark"] = sys
"""


def look_and_leave(run: str, sandboxed: bool) -> Job:
    """A snippet that reports what earlier runs left, then leaves marks of its own (it has
    no function to run, so it ends as `no_entry_point` once loaded)."""
    return Job(f"SANDBOXED = {sandboxed}\nRUN = {run!r}\n" + textwrap.dedent(LOOK_AND_LEAVE))


def report(outcome: Any) -> dict[str, Any]:
    line = next(line for line in outcome.stdout.splitlines() if line.startswith("{"))
    found: dict[str, Any] = json.loads(line)
    return found


def two_runs_through_one_keeper(setup: WorkerSetup) -> list[dict[str, Any]]:
    with running(setup, BARE) as keeper:
        reports = []
        for run in ("first", "second"):
            ready_spare(keeper)
            outcome = run_job(
                look_and_leave(run, setup.limits.sandbox != "none"), setup, spares=keeper
            )
            assert outcome.error is not None and outcome.error["kind"] == "no_entry_point"
            reports.append(report(outcome))
        assert keeper.taken == 2
    return reports


def test_a_snippet_sees_nothing_of_the_previous_run(setup: WorkerSetup) -> None:
    first, second = two_runs_through_one_keeper(setup)
    assert first["process"] != second["process"]  # a spare never serves two snippets
    assert first["dir"] != second["dir"]  # each run has a directory of its own
    assert second["seen"] == {"cwd": [], "home": [], "tmpdir": [], "tmp": []}
    assert second["env"] is None and second["module"] is False
