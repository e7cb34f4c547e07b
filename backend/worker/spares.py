"""Warm, single-use run processes: each worker slot keeps `count` spares started ahead of
need.

A spare is a harness process (`process.HarnessProcess`, `prewarm=True`) that imports
torch, creates the device context and warms the compiler and the profiler, inside its own
sandbox when the sandbox is on, then waits for one snippet. A run takes a ready spare
(`take`). With none ready, a run takes the oldest spare still warming up when it should be
ready within TAKE_WARMING_WITHIN_S, judged by the last warm-up's time: it is further along
than a process started now would be (a suite outruns its spares: a warm-up takes 11-16 s on
an H200 host, a problem 2-3, and every fifth one started cold, 13-18 s). One further from
ready stays for the next run, since a snippet that fails early (a syntax error, no
function: milliseconds in a process of its own) would otherwise wait for most of a warm-up,
which takes minutes on a busy 2-core box. The next spare starts
at once in the background, at a lower CPU priority until a run takes it in turn. Keeping
two means back-to-back submits on one slot find one ready: a warm-up takes 13-18 s on an
H200 host, a short run about one. While runs come back to back (a suite, an edit loop:
two takes within `busy_window_s`), a GPU slot keeps `busy_extra` more: two spares warming
side by side make one every half warm-up, and a suite's problem takes less than that; the
extra ones are closed once runs stop coming, so a lone run holds only `count` beside it.
Beyond those it keeps `busy_parked` spares *parked*: warm on the host (imports: the longer
half of a warm-up) but with no device context, so they cost no GPU memory. Whenever fewer
than wanted warm the device, the oldest parked one is told to go on
(`HarnessProcess.warm_device`), so a suite's next spares need only the device's half; a
run that finds none warm or nearly warm on the device takes a parked one rather than
starting cold. A spare runs exactly one snippet and exits, so isolation is a cold start's:
nothing of one run can reach the next.

The keeper's thread is the only one that starts spares, and it lives as long as the
keeper: an unsandboxed spare dies with the thread that started it (PR_SET_PDEATHSIG), a
sandboxed one with its bubblewrap, which dies with the worker (--die-with-parent). A spare
unused for `recycle_s` is replaced by a fresh one; spares started with other settings than
a run needs are discarded (the run starts cold, the next spares have the new settings); one
that died while waiting is cleaned up and replaced, with a growing pause if that repeats.
`close()` (the server's shutdown) leaves no process, uid, cgroup or directory behind.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from backend.worker.process import SPARE_PREFIX, HarnessProcess, WorkerSetup
from backend.worker.sandbox import clear_leftovers

if TYPE_CHECKING:
    from backend.settings import Settings  # handed in, never made here

log = logging.getLogger(__name__)

READY_POLL_S = 0.25  # how often a warming spare is looked at (for the log: "ready in")
HEALTH_POLL_S = 5.0  # how often a ready spare is checked for life
RETRY_FIRST_S, RETRY_MAX_S = 1.0, 60.0  # pauses after spares that died or failed to start
TAKE_WARMING_WITHIN_S = 6.0  # a warming spare this close to ready is taken (a suite's problem)


@dataclass(frozen=True)
class SpareOptions:
    enabled: bool = True
    count: int = 2  # spares kept per slot, ready or warming up
    busy_extra: int = 0  # more kept while runs come back to back (closed once they stop)
    busy_parked: int = 0  # more still, parked: warm on the host, no device memory held
    busy_window_s: float = 30.0  # runs taken this close together are back to back
    recycle_s: float = 600.0  # a spare unused this long is replaced
    prewarm: bool = True  # False: a bare process (tests of the machinery, not of speed)


def spare_options(settings: Settings, device: str | None = None) -> SpareOptions:
    """How every worker slot of a server, or a remote worker (on `device`), keeps its
    spares. Two let back-to-back runs on a GPU find one ready, and a third while runs keep
    coming keeps a suite from outrunning them; a CPU host's warm-ups share its cores with
    the runs, so it keeps one and no more."""
    device = device or settings.device
    gpu = device == "cuda" or (device == "auto" and Path("/dev/nvidia0").exists())
    count = settings.spares_per_slot or (2 if gpu else 1)
    busy_extra, busy_parked = settings.spares_busy_extra, settings.spares_busy_parked
    return SpareOptions(
        enabled=settings.warm_spares,
        count=count,
        busy_extra=(1 if gpu else 0) if busy_extra is None else busy_extra,
        busy_parked=(2 if gpu else 0) if busy_parked is None else busy_parked,
        recycle_s=settings.spare_recycle_s,
    )


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
        self._spares: list[HarnessProcess] = []  # oldest first
        self._discarded: list[HarnessProcess] = []  # closed by the keeper's thread
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._closing = threading.Event()
        self._thread: threading.Thread | None = None
        self._failures = 0
        self._retry_at = 0.0
        self._counts = SpareCounts()
        # how long the last spares took to get ready: a whole warm-up from the start, and
        # the device's half from the word to go on (one that was parked)
        self._last_whole_s: float | None = None
        self._last_device_s: float | None = None
        self._takes: deque[float] = deque(maxlen=2)  # when the last two runs took one

    @property
    def started(self) -> int:
        return self._counts.started

    @property
    def taken(self) -> int:
        return self._counts.taken_ready

    def start(self) -> None:
        self._thread = threading.Thread(
            target=self._keep, name=f"kernelscope-spares-{self.name}", daemon=True
        )
        self._thread.start()

    def take(self, setup: WorkerSetup) -> HarnessProcess | None:
        """A ready spare started for `setup`, and the next one starts at once. None when
        none is ready or fits: the run starts a process of its own."""
        with self._lock:
            if setup != self._setup:
                self._setup = setup
                self._discarded += self._spares
                self._spares = []
                log.warning("spares of slot %s not used (the worker's settings changed)", self.name)
            self._takes.append(time.monotonic())
            spare = self._pick() or self._nearly_warm() or self._oldest_parked()
            if spare is None:
                self._counts.cold += 1
            else:
                self._spares.remove(spare)
                state = self._count_take(spare)
        self._wake.set()  # the next spare starts (or a parked one warms the device) now
        if spare is not None:
            age = spare.age_s()
            log.info("spare %s taken (%s), %.1f s after its start", spare.name, state, age)
        return spare

    def _count_take(self, spare: HarnessProcess) -> str:
        if spare.ready_at is not None:
            self._counts.taken_ready += 1
            return "ready"
        if spare.parked:
            self._counts.taken_parked += 1
            return "parked"  # its run starts the device
        self._counts.taken_warming += 1
        return "still warming up"

    def counts(self) -> SpareCounts:
        """Spares wanted and held now (ready, warming) and how runs have found them so far."""
        with self._lock:
            found = SpareCounts(**vars(self._counts))
            found.wanted = self._wanted()[1]
            parked = sum(spare.parked for spare in self._spares)
            ready = sum(s.ready_at is not None and not s.parked for s in self._spares)
            held = len(self._spares)
        found.ready, found.parked, found.warming = ready, parked, held - ready - parked
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
        self._close_all()

    def spare(self) -> HarnessProcess | None:
        """The oldest spare held now, if any (for tests and health checks)."""
        with self._lock:
            return self._spares[0] if self._spares else None

    def spares(self) -> list[HarnessProcess]:
        """The spares held now, oldest first (for tests)."""
        with self._lock:
            return list(self._spares)

    def _wanted(self) -> tuple[int, int, float]:
        """How many spares to hold on the device and in all now: `count`, plus `busy_extra`
        on the device and `busy_parked` parked while runs come back to back; and how long
        until that changes (the keeper looks again then). The caller holds the lock
        (`_takes` changes under it)."""
        options, takes, now = self.options, self._takes, time.monotonic()
        more = options.busy_extra + options.busy_parked
        if more and len(takes) == 2 and takes[1] - takes[0] <= options.busy_window_s:
            busy_for = takes[1] + options.busy_window_s - now
            if busy_for > 0:
                on_device = options.count + options.busy_extra
                return on_device, on_device + options.busy_parked, busy_for
        return options.count, options.count, HEALTH_POLL_S

    def _pick(self) -> HarnessProcess | None:
        """The first live ready spare, if any."""
        ready = [s for s in self._spares if not s.parked and s.alive() and s.wait_ready(0)]
        return ready[0] if ready else None

    def _nearly_warm(self) -> HarnessProcess | None:
        """The oldest live spare expected ready within TAKE_WARMING_WITHIN_S, if any (its
        run waits for the rest of the warm-up: less than a process started now takes)."""
        for spare in self._spares:  # oldest first
            due = None if spare.parked or not spare.alive() else self._ready_in(spare)
            if due is not None and due <= TAKE_WARMING_WITHIN_S:
                return spare
        return None

    def _ready_in(self, spare: HarnessProcess) -> float | None:
        """Seconds until `spare`, warming the device, should be ready, judged by the last
        warm-ups: a whole one from its start, and the device's half from the word to go on
        if it was parked first. None before any spare got ready."""
        due = []
        if self._last_whole_s is not None:
            due.append(spare.started_at + self._last_whole_s)
        if self._last_device_s is not None and spare.was_parked and spare.device_asked_at:
            due.append(spare.device_asked_at + self._last_device_s)
        return max(due) - time.monotonic() if due else None

    def _oldest_parked(self) -> HarnessProcess | None:
        """The oldest live parked spare, if any: its imports are done (or under way), so its
        run pays the device's start, not a whole cold start. A snippet that fails at once
        waits for the rest of its imports (3.3-5.4 s in all on the GPU hosts measured)."""
        parked = [s for s in self._spares if s.parked and s.alive()]
        return parked[0] if parked else None

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
        """One look at every spare, then one started if fewer than wanted are held (or the
        youngest closed if more are, once runs stop coming), and the oldest parked ones told
        to warm the device while fewer than wanted do; how long until the next look."""
        self._close_discarded()
        with self._lock:
            spares, setup = list(self._spares), self._setup
        waits = [self._look_after(spare) for spare in spares]
        with self._lock:  # a run cannot take the surplus once it is out of the list
            on_device, wanted, changes_in = self._wanted()
            short = len(self._spares) < wanted
            # the youngest, so parked ones first: the oldest parked is told before any
            # spare starts, and one starts parked only when enough warm the device
            surplus = self._spares.pop() if len(self._spares) > wanted else None
            told = self._warm_on_device(on_device)  # under the lock: no run sends them a job
        waits.append(0.0 if told else changes_in)  # told: watch them get ready
        if short:
            waits.append(self._start_one(setup))
        elif surplus is not None:
            surplus.close()
            log.info("spare %s closed: runs stopped coming back to back", surplus.name)
            waits.append(0.0)
        return min(waits)

    def _warm_on_device(self, wanted: int) -> int:
        """The oldest parked spares go on to warm the device while fewer than `wanted` do
        (the usual ones at once after their start); how many were told. The caller holds
        the lock."""
        on_device = sum(not spare.parked for spare in self._spares)
        told = [spare for spare in self._spares if spare.parked][: max(0, wanted - on_device)]
        for spare in told:
            spare.warm_device()
        return len(told)

    def _look_after(self, spare: HarnessProcess) -> float:
        """Replace `spare` if it died or waited too long; how soon to look at it again."""
        if not spare.alive():
            if not self._remove(spare):
                return 0.0  # a run took it meanwhile, and it has done its work already
            log.warning("spare %s ended while waiting (%s)", spare.name, spare.describe_exit())
            return self._failed()
        if spare.age_s() > self.options.recycle_s:
            if self._remove(spare):
                log.info("spare %s recycled after %.0f s unused", spare.name, spare.age_s())
            return 0.0
        if spare.parked:  # says nothing until it warms the device or gets its job
            return HEALTH_POLL_S
        if spare.ready_at is None:
            if not spare.wait_ready(0):
                return READY_POLL_S
            self._learn_warm_up(spare)
            self._failures = 0
        return min(HEALTH_POLL_S, max(0.0, self.options.recycle_s - spare.age_s()))

    def _learn_warm_up(self, spare: HarnessProcess) -> None:
        """How long `spare` took to get ready, for judging the next ones (`_ready_in`)."""
        whole, device_half = spare.age_s(), spare.warming_s()
        if spare.was_parked:
            self._last_device_s = device_half
            log.info("spare %s warmed the device in %.1f s, parked %.1f s before", spare.name,
                     device_half, whole - device_half)  # fmt: skip
        else:
            self._last_whole_s = whole
            log.info("spare %s ready in %.1f s", spare.name, whole)

    def _start_one(self, setup: WorkerSetup) -> float:
        pause = self._retry_at - time.monotonic()
        if pause > 0:
            return pause
        with self._lock:  # parked when enough others warm the device (or will: told first)
            parked = sum(not spare.parked for spare in self._spares) >= self._wanted()[0]
        try:
            spare = HarnessProcess(setup, prewarm=self.options.prewarm, parked=parked)
        except Exception as exc:
            log.error("cannot start a spare (%s); runs start their own process meanwhile", exc)
            return self._failed()
        with self._lock:
            self._counts.started += 1
            fits = not self._closing.is_set() and self._setup == setup
            fits = fits and len(self._spares) < self._wanted()[1]  # now: a start can be slow
            if fits:
                self._spares.append(spare)
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
            if spare not in self._spares:
                return False
            self._spares.remove(spare)
        spare.close()
        return True

    def _close_discarded(self) -> None:
        with self._lock:
            discarded, self._discarded = self._discarded, []
        for spare in discarded:
            spare.close()

    def _close_all(self) -> None:
        with self._lock:
            self._discarded += self._spares
            self._spares = []
        self._close_discarded()
