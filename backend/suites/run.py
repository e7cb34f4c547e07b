"""`kernelscope run DIR` (or several files): a suite's problems one at a time, here.

Each problem is a run of its own (stored, shown at /r/<id>, and listed at /s/<suite id>),
executed in a warm harness process: a `SpareKeeper` keeps the next process warming while
the current problem runs, and the next problem waits for it rather than start cold (a
cold start pays the same import and first compile, from the beginning). A process runs
one snippet only, so a problem that crashes, runs out of memory or hangs until its time
limit harms nothing of the next. A file that cannot be read fails as a problem of its own.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field

from backend.result import ErrorInfo
from backend.run_head import head_of
from backend.store.holders import cli_holder
from backend.store.jobs import finish_with_error
from backend.store.repository import Store
from backend.store.suites import create_suite
from backend.suites.files import ProblemFile
from backend.suites.table import SuiteProblem, problem_row
from backend.worker.child import ChildStopped
from backend.worker.execute import execute_run
from backend.worker.process import WorkerSetup
from backend.worker.progress import ProgressCallback
from backend.worker.spares import SpareKeeper, SpareOptions, keeper_for

SPARE_WAIT_MARGIN_S = 120.0  # a spare still warming this long after a problem is given up on
SPARE_START_WAIT_S = 5.0  # for the keeper to start a spare (it may be pausing after failures)
SPARE_POLL_S = 0.05
Live = Callable[[str], AbstractContextManager[ProgressCallback]]


@dataclass(frozen=True)
class SuiteOptions:
    title: str | None = None
    compile_mode: str = "default"
    measure: tuple[str, ...] = ()
    spares: SpareOptions = field(default_factory=SpareOptions)


@dataclass
class SuiteRun:
    suite_id: str
    rows: list[SuiteProblem] = field(default_factory=list)
    stopped_run: str | None = None  # the run an interrupt stopped (the rest never started)


def run_suite(
    store: Store,
    setup: WorkerSetup,
    files: list[ProblemFile],
    options: SuiteOptions,
    *,
    stop: threading.Event,
    live: Live,
    finished: Callable[[int, SuiteProblem], None],
) -> SuiteRun:
    """Run every problem in order until `stop` is set; `live(name)` shows one problem's
    steps, `finished(index, row)` is told of each problem as it ends."""
    suite_id = create_suite(
        store, title=options.title, compile_mode=options.compile_mode, device_kind="cpu"
    )
    suite = SuiteRun(suite_id)
    keeper = keeper_for(setup, options.spares, "suite")
    try:
        for index, problem in enumerate(files, start=1):
            if stop.is_set():
                break
            run_id = _create(store, suite_id, problem, options)
            if problem.code is None:
                row = _unreadable(store, run_id, problem)
            else:
                if _parses(problem.code):  # one that does not fails in milliseconds cold
                    _wait_for_spare(keeper, setup)
                try:
                    with live(problem.name) as on_progress:
                        result = execute_run(
                            store,
                            run_id,
                            setup,
                            compile_mode=options.compile_mode,
                            measure=options.measure,
                            spares=keeper,
                            stop=stop,
                            on_progress=on_progress,
                        )
                except ChildStopped:
                    suite.stopped_run = run_id
                    break
                row = problem_row(problem.name, head_of(result))
            suite.rows.append(row)
            finished(index, row)
    finally:
        if keeper is not None:
            keeper.close()
    return suite


def _create(store: Store, suite_id: str, problem: ProblemFile, options: SuiteOptions) -> str:
    return store.create_run(
        problem.code or "",
        title=problem.name,
        compile_mode=options.compile_mode,
        measure=options.measure,
        status="running",  # executed right here: a server must not claim it
        worker_id=cli_holder(),  # ... nor requeue it while this process lives
        suite_id=suite_id,
        problem=problem.name,
    )


def _unreadable(store: Store, run_id: str, problem: ProblemFile) -> SuiteProblem:
    message = f"{problem.error}. Save it as UTF-8 text (or leave it out of the suite)."
    finish_with_error(store, run_id, "failed", ErrorInfo(kind="unreadable_file", message=message))
    head = store.load_head(run_id)
    assert head is not None  # created just above, by this process
    return problem_row(problem.name, head)


def _wait_for_spare(keeper: SpareKeeper | None, setup: WorkerSetup) -> None:
    """Let the warming spare finish rather than start a cold process beside it (the
    keeper starts the first one a moment after it starts, and the next as one is taken).
    A start still under way is waited for too: on a new host the first one makes the
    host's builds (34 s on the 2-core box), which a cold process would wait for as well."""
    if keeper is None:
        return
    started = time.monotonic()
    deadline = started + SPARE_START_WAIT_S
    bound = setup.limits.timeout_s + SPARE_WAIT_MARGIN_S
    while (spare := keeper.spare()) is None and time.monotonic() - started < bound:
        if not keeper.starting and time.monotonic() > deadline:
            return  # none coming (the keeper pauses after failed starts): start cold
        time.sleep(SPARE_POLL_S)
    if spare is not None and spare.alive():
        spare.wait_ready(max(0.0, bound - (time.monotonic() - started)))


def _parses(code: str) -> bool:
    try:
        compile(code, "<problem>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    return True
