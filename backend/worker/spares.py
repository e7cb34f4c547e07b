"""Warm, single-use run processes: each worker slot keeps spares started ahead of need.

A spare is a harness process (`process.HarnessProcess`, `prewarm=True`) that imports
torch, creates the device context and warms the compiler and the profiler, inside its own
sandbox when the sandbox is on, then waits for one snippet. A spare runs exactly one
snippet and exits, so isolation is a cold start's: nothing of one run can reach the next.

Which spare a run takes, how many to hold, which to retire and when to start one are the
rules of `spare_policy.SparePolicy`, pure; the keeper here is the loop around them: it
looks at its spares, asks the policy, and starts, tells, closes or hands over what it is
told to. `keeper_for` is the one place a keeper is made.

The keeper's thread is the only one that starts spares, and it lives as long as the
keeper: an unsandboxed spare dies with the thread that started it (PR_SET_PDEATHSIG), a
sandboxed one with its bubblewrap, which dies with the worker (--die-with-parent). Spares
started with other settings than a run needs are discarded (the run starts cold, the next
spares have the new settings). `close()` (the server's shutdown) leaves no process, uid,
cgroup or directory behind.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from backend.worker.process import SPARE_PREFIX, HarnessProcess, WorkerSetup
from backend.worker.sandbox import clear_leftovers
from backend.worker.spare_policy import (
    RETRY_MAX_S,
    Found,
    Seen,
    SparePolicy,
    SpareSeen,
    Tend,
    WarmUps,
    retry_pause,
)

if TYPE_CHECKING:
    from backend.settings import Settings  # handed in, never made here

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SpareOptions:
    enabled: bool = True
    policy: SparePolicy = field(default_factory=SparePolicy)
    prewarm: bool = True  # False: a bare process (tests of the machinery, not of speed)


def on_gpu(device: str) -> bool:
    """Whether snippets run on `device` (the setting: auto, cpu, cuda) reach a GPU here."""
    return device == "cuda" or (device == "auto" and Path("/dev/nvidia0").exists())


def spare_options(
    settings: Settings, device: str | None = None, *, suite: bool = False
) -> SpareOptions:
    """How every worker slot of a server, a remote worker (on `device`) or `kernelscope
    run`'s `suite` keeps its spares: the policy for a GPU host or a CPU one, with the
    operator's number of spares per slot."""
    device = device or settings.device
    policy = SparePolicy.for_host(on_gpu(device), settings.spares_per_slot, suite=suite)
    return SpareOptions(enabled=settings.warm_spares, policy=policy)


def keeper_for(setup: WorkerSetup, options: SpareOptions, name: str) -> SpareKeeper | None:
    """A started keeper for one worker slot, or None with spares off: the one place a
    keeper is made (the server's slots, `kernelscope worker`, `kernelscope run`)."""
    if not options.enabled:
        return None
    keeper = SpareKeeper(setup, options, name)
    keeper.start()
    return keeper


@dataclass
class SpareCounts:
    """What a keeper holds now and how runs found it (for /metrics and the logs)."""

    wanted: int = 0  # spares to hold now: the usual number, more while runs come back to back
    ready: int = 0  # spares waiting, warm
    warming: int = 0  # spares still warming up
    parked: int = 0  # spares warm (or warming) on the host only, holding no device memory
    taken_ready: int = 0  # runs that found a spare ready
    taken_warming: int = 0  # runs that took a spare nearly warm and waited for the rest
    taken_parked: int = 0  # runs that took a parked spare and started the device themselves
    cold: int = 0  # runs that started a process of their own (no spare fitted)
    started: int = 0  # spares started so far

    def add(self, other: SpareCounts) -> None:
        for name in vars(self):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def count_take(self, found: Found) -> None:
        name = {"ready": "taken_ready", "warming": "taken_warming", "parked": "taken_parked"}
        attribute = name.get(found, "cold")
        setattr(self, attribute, getattr(self, attribute) + 1)


def clear_spares_left(setup: WorkerSetup) -> None:
    """Remove what spares of a worker killed without warning left in its work directory
    (their processes died with it; their directories, tmpfs and cgroups did not). Call it
    once, before the worker's keepers start: it takes every spare directory there."""
    for workdir in sorted(setup.work_root.glob(f"{SPARE_PREFIX}*")):
        log.warning("removing %s, left by a worker that stopped without warning", workdir)
        clear_leftovers(workdir)


def seen_as(spare: HarnessProcess) -> SpareSeen:
    """What the policy is told of a spare (looking may notice its ready line)."""
    alive = spare.alive()
    return SpareSeen(spare.started_at, spare.device_asked_at, alive and spare.wait_ready(0), alive)


class SpareKeeper:
    def __init__(self, setup: WorkerSetup, options: SpareOptions, name: str = "slot") -> None:
        self.options = options
        self.policy = options.policy
        self.name = name
        self._setup = setup
        self._spares: list[HarnessProcess] = []  # oldest first
        self._discarded: list[HarnessProcess] = []  # closed by the keeper's thread
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._closing = threading.Event()
        self._thread: threading.Thread | None = None
        self._counts = SpareCounts()
        self._warm_ups = WarmUps()
        self._takes: deque[float] = deque(maxlen=2)  # when the last two runs came
        self._failures, self._retry_at = 0, 0.0
        self._learned: set[str] = set()  # spares whose warm-up was learned
        self._starting = threading.Event()  # set while a spare is being started

    @property
    def started(self) -> int:
        return self._counts.started

    @property
    def taken(self) -> int:
        return self._counts.taken_ready

    @property
    def starting(self) -> bool:
        """A spare is being started now (seconds on a new host: it makes the host's builds)."""
        return self._starting.is_set()

    def start(self) -> None:
        self._thread = threading.Thread(
            target=self._keep, name=f"kernelscope-spares-{self.name}", daemon=True
        )
        self._thread.start()

    def take(self, setup: WorkerSetup) -> HarnessProcess | None:
        """The spare the policy picks for a run of `setup`, and the next one starts at
        once. None when none fits: the run starts a process of its own."""
        with self._lock:
            if setup != self._setup:
                self._setup = setup
                self._discarded += self._spares
                self._spares = []
                log.warning("spares of slot %s not used (the worker's settings changed)", self.name)
            self._takes.append(time.monotonic())
            choice = self.policy.take(self._seen())
            self._counts.count_take(choice.found)
            spare = None if choice.index is None else self._spares.pop(choice.index)
        self._wake.set()  # the next spare starts (or a parked one warms the device) now
        if spare is not None:
            log.info("spare %s taken (%s), %.1f s after its start", spare.name, choice.found,
                     spare.age_s())  # fmt: skip
        return spare

    def counts(self) -> SpareCounts:
        """Spares wanted and held now (ready, warming) and how runs have found them so far."""
        with self._lock:
            found = SpareCounts(**vars(self._counts))
            seen = self._seen()
        found.wanted = self.policy.wanted(seen).total
        found.parked = sum(spare.parked for spare in seen.spares)
        found.ready = sum(spare.ready and not spare.parked for spare in seen.spares)
        found.warming = len(seen.spares) - found.ready - found.parked
        return found

    def processes(self) -> list[int]:
        """Every process of the spares held now: what they cost the host and the GPU."""
        with self._lock:
            spares = list(self._spares)
        return [pid for spare in spares for pid in spare.processes()]

    def close(self) -> None:
        """Stop the keeper: the waiting spares are killed and cleaned up."""
        self._closing.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join()
        with self._lock:
            self._discarded += self._spares
            self._spares = []
        self._close_discarded()

    def spare(self) -> HarnessProcess | None:
        """The oldest spare held now, if any (for tests and health checks)."""
        with self._lock:
            return self._spares[0] if self._spares else None

    def spares(self) -> list[HarnessProcess]:
        """The spares held now, oldest first (for tests)."""
        with self._lock:
            return list(self._spares)

    def _seen(self) -> Seen:
        """What the policy is told now; a spare seen ready for the first time (by anyone:
        a suite waits on one itself) teaches how long a warm-up takes. The caller holds
        the lock."""
        now = time.monotonic()
        spares = []
        self._learned &= {spare.name for spare in self._spares}
        for spare in self._spares:
            seen = seen_as(spare)
            if seen.ready and spare.ready_at is not None and spare.name not in self._learned:
                self._learned.add(spare.name)
                self._learn_warm_up(spare, seen, spare.ready_at)
            spares.append(seen)
        return Seen(now, tuple(spares), tuple(self._takes), self._warm_ups,
                    self._retry_at, self._failures)  # fmt: skip

    def _learn_warm_up(self, spare: HarnessProcess, seen: SpareSeen, ready_at: float) -> None:
        self._warm_ups, self._failures = self._warm_ups.learned(seen, ready_at), 0
        whole = ready_at - spare.started_at
        if seen.was_parked:
            log.info("spare %s warmed the device in %.1f s, parked %.1f s before", spare.name,
                     self._warm_ups.device_s, whole - (self._warm_ups.device_s or 0))  # fmt: skip
        else:
            log.info("spare %s ready in %.1f s", spare.name, whole)

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
        """One look: the policy's plan carried out; how long until the next look."""
        self._close_discarded()
        with self._lock:  # a run cannot take what is retired, nor send a job to one told
            plan = self.policy.tend(self._seen())
            self._failures, self._retry_at = plan.failures, plan.retry_at
            retired = [(self._spares[i], why) for i, why in plan.retire]
            for i in plan.tell:
                self._spares[i].warm_device()
            for spare, _ in retired:
                self._spares.remove(spare)
            setup = self._setup
        for spare, why in retired:
            self._retire(spare, why)
        if plan.start:
            self._start_one(setup, plan)
        return plan.look_again_s

    def _retire(self, spare: HarnessProcess, why: str) -> None:
        if why == "died":
            log.warning("spare %s ended while waiting (%s)", spare.name, spare.describe_exit())
        elif why == "recycled":
            log.info("spare %s recycled after %.0f s unused", spare.name, spare.age_s())
        else:
            log.info("spare %s closed: runs stopped coming back to back", spare.name)
        spare.close()

    def _start_one(self, setup: WorkerSetup, plan: Tend) -> None:
        self._starting.set()
        try:
            spare = HarnessProcess(setup, prewarm=self.options.prewarm, parked=plan.start_parked)
        except Exception as exc:
            self._starting.clear()
            log.error("cannot start a spare (%s); runs start their own process meanwhile", exc)
            with self._lock:
                self._failures += 1
                self._retry_at = time.monotonic() + retry_pause(self._failures)
            return
        with self._lock:
            self._counts.started += 1
            fits = not self._closing.is_set() and self._setup == setup
            # checked again now: a start can be slow, and runs may have stopped meanwhile
            fits = fits and len(self._spares) < self.policy.wanted(self._seen()).total
            if fits:
                self._spares.append(spare)
            self._starting.clear()
        if not fits:
            spare.close()

    def _close_discarded(self) -> None:
        with self._lock:
            discarded, self._discarded = self._discarded, []
        for spare in discarded:
            spare.close()
