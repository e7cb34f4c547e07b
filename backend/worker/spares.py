"""Warm, single-use run processes: each worker slot keeps one spare started ahead of need.

A spare is a harness process (`process.HarnessProcess`, `prewarm=True`) that imports
torch, creates the device context and warms the compiler and the profiler, inside its own
sandbox when the sandbox is on, then waits for one snippet. A run takes it once it is
ready (`take`), and the next spare starts at once in the background, at a lower CPU
priority until a run takes it in turn. A spare runs exactly one snippet and exits, so
isolation is a cold start's: nothing of one run can reach the next.

The keeper's thread is the only one that starts spares, and it lives as long as the
keeper: an unsandboxed spare dies with the thread that started it (PR_SET_PDEATHSIG), a
sandboxed one with its bubblewrap, which dies with the worker (--die-with-parent). A spare
unused for `recycle_s` is replaced by a fresh one; one started with other settings than a
run needs is discarded (the run starts cold, the next spare has the new settings); one
that died while waiting is cleaned up and replaced, with a growing pause if that repeats.
`close()` (the server's shutdown) leaves no process, uid, cgroup or directory behind.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass

from backend.worker.process import SPARE_PREFIX, HarnessProcess, WorkerSetup
from backend.worker.sandbox import clear_leftovers

log = logging.getLogger(__name__)

READY_POLL_S = 0.25  # how often a warming spare is looked at (for the log: "ready in")
HEALTH_POLL_S = 5.0  # how often a ready spare is checked for life
RETRY_FIRST_S, RETRY_MAX_S = 1.0, 60.0  # pauses after spares that died or failed to start


@dataclass(frozen=True)
class SpareOptions:
    enabled: bool = True
    recycle_s: float = 600.0  # a spare unused this long is replaced
    prewarm: bool = True  # False: a bare process (tests of the machinery, not of speed)


def clear_spares_left(setup: WorkerSetup) -> None:
    """Remove what spares of a worker killed without warning left in its work directory
    (their processes died with it; their directories, tmpfs and cgroups did not). Call it
    once, before the worker's keepers start: it takes every spare directory there."""
    for workdir in sorted(setup.work_root.glob(f"{SPARE_PREFIX}*")):
        log.warning("removing %s, left by a worker that stopped without warning", workdir)
        clear_leftovers(workdir)


class SpareKeeper:
    def __init__(self, setup: WorkerSetup, options: SpareOptions, name: str = "slot") -> None:
        self.options = options
        self.name = name
        self._setup = setup
        self._spare: HarnessProcess | None = None
        self._discarded: list[HarnessProcess] = []  # closed by the keeper's thread
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._closing = threading.Event()
        self._thread: threading.Thread | None = None
        self._failures = 0
        self._retry_at = 0.0
        self.started = 0  # spares started so far (tests and logs)
        self.taken = 0  # spares handed to runs

    def start(self) -> None:
        self._thread = threading.Thread(
            target=self._keep, name=f"kernelscope-spares-{self.name}", daemon=True
        )
        self._thread.start()

    def take(self, setup: WorkerSetup) -> HarnessProcess | None:
        """The spare, if it is ready and was started for `setup`, and the next one starts
        at once. None otherwise: the run starts a process of its own. A spare still warming
        up stays for the next run, since a cold start costs no more than the rest of a
        warm-up (both import torch and compile for the first time) and far less for a
        snippet that fails early (a syntax error: 75 ms, not the whole warm-up)."""
        with self._lock:
            spare, changed = self._spare, setup != self._setup
            self._setup = setup
            if spare is None or (not changed and spare.alive() and not spare.wait_ready(0)):
                return None
            self._spare = None
        self._wake.set()  # the next spare starts now, in the background
        if changed or not spare.alive():
            why = "the worker's settings changed" if changed else spare.describe_exit()
            log.warning("spare %s not used (%s)", spare.name, why)
            self._discard(spare)
            return None
        self.taken += 1
        log.info("spare %s taken, %.1f s after its start", spare.name, spare.age_s())
        return spare

    def close(self) -> None:
        """Stop the keeper: the waiting spare is killed and cleaned up."""
        self._closing.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join()
        self._close_all()

    def spare(self) -> HarnessProcess | None:
        """The spare waiting now, if any (for tests and health checks)."""
        with self._lock:
            return self._spare

    # ---- the keeper's thread ------------------------------------------------------------

    def _keep(self) -> None:
        while not self._closing.is_set():
            try:
                wait = self._tend()
            except Exception:  # never let this thread die: its spares would die with it
                log.exception("spare keeper %s", self.name)
                wait = RETRY_MAX_S
            self._wake.wait(wait)
            self._wake.clear()

    def _tend(self) -> float:
        """One look: start, replace or check the spare; how long to wait until the next."""
        self._close_discarded()
        with self._lock:
            spare, setup = self._spare, self._setup
        if spare is None:
            return self._start_one(setup)
        if not spare.alive():
            if not self._remove(spare):
                return 0.0  # a run took it meanwhile, and it has done its work already
            log.warning("spare %s ended while waiting (%s)", spare.name, spare.describe_exit())
            return self._failed()
        if spare.age_s() > self.options.recycle_s:
            if self._remove(spare):
                log.info("spare %s recycled after %.0f s unused", spare.name, spare.age_s())
            return 0.0
        if spare.ready_at is None:
            if not spare.wait_ready(READY_POLL_S):
                return 0.0
            log.info("spare %s ready in %.1f s", spare.name, spare.age_s())
            self._failures = 0
        return min(HEALTH_POLL_S, max(0.0, self.options.recycle_s - spare.age_s()))

    def _start_one(self, setup: WorkerSetup) -> float:
        pause = self._retry_at - time.monotonic()
        if pause > 0:
            return pause
        try:
            spare = HarnessProcess(setup, prewarm=self.options.prewarm)
        except Exception as exc:
            log.error("cannot start a spare (%s); runs start their own process meanwhile", exc)
            return self._failed()
        self.started += 1
        with self._lock:
            fits = not self._closing.is_set() and self._spare is None and self._setup == setup
            if fits:
                self._spare = spare
        if not fits:
            spare.close()
        return 0.0

    def _failed(self) -> float:
        self._failures += 1
        pause = min(RETRY_FIRST_S * 2.0 ** (self._failures - 1), RETRY_MAX_S)
        self._retry_at = time.monotonic() + pause
        return pause

    def _remove(self, spare: HarnessProcess) -> bool:
        """Close `spare` unless a run took it meanwhile; whether it did."""
        with self._lock:
            if self._spare is not spare:
                return False
            self._spare = None
        spare.close()
        return True

    def _discard(self, spare: HarnessProcess) -> None:
        with self._lock:
            self._discarded.append(spare)

    def _close_discarded(self) -> None:
        with self._lock:
            discarded, self._discarded = self._discarded, []
        for spare in discarded:
            spare.close()

    def _close_all(self) -> None:
        with self._lock:
            spare, self._spare = self._spare, None
        if spare is not None:
            spare.close()
        self._close_discarded()
