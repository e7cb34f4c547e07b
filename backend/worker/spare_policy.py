"""The rules of warm spares, in one pure policy: given what a keeper sees of its spares and
the time, what it should do. No thread, process or clock here: the keeper (spares.py)
observes, asks and does what it is told, and tests/worker/test_spare_policy.py holds a
table per rule.

The rules, each one method:
- `wanted`: how many spares to hold. `count` always; while runs come back to back (the
  last two takes within BUSY_WINDOW_S: a suite, an edit loop) a GPU slot keeps `busy_extra`
  more on the device and `busy_parked` more parked (warm on the host only, no device
  memory), until BUSY_WINDOW_S after the last take.
- `take`: which spare a run takes. A ready one; else the oldest expected ready within
  TAKE_WARMING_WITHIN_S (its run waits for the rest: less than a process started now would
  take, while a snippet that fails early waits seconds at most); else the oldest parked one
  (its imports are done: the run pays the device's start, not a cold start); else none,
  and the run starts a process of its own.
- `ready_in` (the half-warm spare): when a warming spare should be ready, judged by the
  last warm-ups: a whole one from its start, and the device's half from the word to go on
  for one that was parked first.
- `tend`: which spares to retire (died: replaced after a pause that doubles while starts
  keep failing; unused for RECYCLE_S; the youngest beyond `wanted` once runs stop), which
  parked ones to tell to warm the device (while fewer than wanted do), whether to start
  one (parked when enough warm the device), and when to look again. `warm_at_once` bounds
  the spares warming the device together: a CPU slot warms one at a time, since its
  warm-ups share the cores with each other and with the runs (two side by side each took
  about twice as long, so a run that came during both waited for most of a warm-up).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

TAKE_WARMING_WITHIN_S = 6.0  # a warming spare this close to ready is taken (a suite's problem)
BUSY_WINDOW_S = 30.0  # two takes this close together: runs come back to back
RECYCLE_S = 600.0  # a spare unused this long is replaced by a fresh one
READY_POLL_S = 0.25  # how often a warming spare is looked at
HEALTH_POLL_S = 5.0  # how often a ready or parked spare is checked for life
RETRY_FIRST_S, RETRY_MAX_S = 1.0, 60.0  # pauses after spares that died or failed to start

Found = Literal["ready", "warming", "parked", "none"]
Why = Literal["died", "recycled", "surplus"]


@dataclass(frozen=True)
class SpareSeen:
    """One spare as its keeper saw it (times on the keeper's monotonic clock)."""

    started_at: float
    told_at: float | None  # when told to warm the device (its start unless parked); None: parked
    ready: bool = False
    alive: bool = True

    @property
    def parked(self) -> bool:
        return self.told_at is None

    @property
    def was_parked(self) -> bool:
        """Parked before it was told to warm the device (not at its start)."""
        return self.told_at is not None and self.told_at > self.started_at

    @property
    def warming(self) -> bool:
        """Warming the device, not ready yet."""
        return self.alive and not self.parked and not self.ready


@dataclass(frozen=True)
class WarmUps:
    """How long the last spares took to get ready: a whole warm-up from the start, and the
    device's half from the word to go on (one that was parked first)."""

    whole_s: float | None = None
    device_s: float | None = None

    def learned(self, spare: SpareSeen, ready_at: float) -> WarmUps:
        if spare.was_parked and spare.told_at is not None:
            return replace(self, device_s=ready_at - spare.told_at)
        return replace(self, whole_s=ready_at - spare.started_at)


@dataclass(frozen=True)
class Seen:
    """What a keeper sees: its spares (oldest first), when the last two runs came, what the
    last warm-ups took, and until when a start must wait (after failures)."""

    now: float
    spares: tuple[SpareSeen, ...] = ()
    takes: tuple[float, ...] = ()
    warm_ups: WarmUps = WarmUps()
    retry_at: float = 0.0
    failures: int = 0  # spares in a row that died or failed to start


@dataclass(frozen=True)
class Wanted:
    on_device: int  # spares warm (or warming) on the device
    total: int  # parked ones too
    until_s: float  # how long until that changes: look again then


@dataclass(frozen=True)
class Take:
    index: int | None  # of the spare the run takes; None: a process of its own
    found: Found


@dataclass(frozen=True)
class Tend:
    retire: tuple[tuple[int, Why], ...] = ()
    tell: tuple[int, ...] = ()  # parked spares to warm the device now
    start: bool = False
    start_parked: bool = False
    look_again_s: float = HEALTH_POLL_S
    failures: int = 0
    retry_at: float = 0.0


def retry_pause(failures: int) -> float:
    """The pause before the next start after `failures` in a row: 1 s doubling to 60 s."""
    return min(RETRY_FIRST_S * 2.0 ** max(0, failures - 1), RETRY_MAX_S)


@dataclass(frozen=True)
class SparePolicy:
    count: int = 2  # spares kept, ready or warming up
    busy_extra: int = 0  # more on the device while runs come back to back
    busy_parked: int = 0  # more still, parked
    warm_at_once: int | None = None  # spares warming the device together; None: any number
    recycle_s: float = RECYCLE_S
    busy_window_s: float = BUSY_WINDOW_S

    @classmethod
    def for_host(cls, gpu: bool, count: int | None = None, *, suite: bool = False) -> SparePolicy:
        """A GPU slot keeps 2 (two let back-to-back runs find one ready), one more and two
        parked while runs come back to back (a suite outran fewer). A CPU slot keeps 3 and
        warms them one at a time: a replacement warms beside the runs, at half speed or less
        on two busy cores, so only spares banked while idle serve back-to-back submits (with
        2, the third of three waited out most of a warm-up: 0.79x the bare script once).
        `kernelscope run`'s suite on a CPU keeps 2 warming side by side: it waits for each
        spare with nothing else running (one at a time, each of the mixed suite's problems
        waited for a whole warm-up, 18 s on the busy 2-core box)."""
        if gpu:
            return cls(count=count or 2, busy_extra=1, busy_parked=2)
        if suite:
            return cls(count=count or 2)
        return cls(count=count or 3, warm_at_once=1)

    def wanted(self, seen: Seen) -> Wanted:
        takes, more = seen.takes[-2:], self.busy_extra + self.busy_parked
        if more and len(takes) == 2 and takes[1] - takes[0] <= self.busy_window_s:
            busy_for = takes[1] + self.busy_window_s - seen.now
            if busy_for > 0:
                on_device = self.count + self.busy_extra
                return Wanted(on_device, on_device + self.busy_parked, busy_for)
        return Wanted(self.count, self.count, HEALTH_POLL_S)

    def ready_in(self, spare: SpareSeen, warm_ups: WarmUps, now: float) -> float | None:
        """Seconds until a warming spare should be ready; None before any spare got ready."""
        due = []
        if warm_ups.whole_s is not None:
            due.append(spare.started_at + warm_ups.whole_s)
        if warm_ups.device_s is not None and spare.was_parked and spare.told_at is not None:
            due.append(spare.told_at + warm_ups.device_s)
        return max(due) - now if due else None

    def take(self, seen: Seen) -> Take:
        live = [(i, spare) for i, spare in enumerate(seen.spares) if spare.alive]
        for i, spare in live:
            if spare.ready and not spare.parked:
                return Take(i, "ready")
        for i, spare in live:  # oldest first
            due = None if spare.parked else self.ready_in(spare, seen.warm_ups, seen.now)
            if due is not None and due <= TAKE_WARMING_WITHIN_S:
                return Take(i, "warming")
        parked = [i for i, spare in live if spare.parked]
        return Take(parked[0], "parked") if parked else Take(None, "none")

    def tend(self, seen: Seen) -> Tend:
        retire = self._retire(seen)
        gone = {i for i, _ in retire}
        kept = [(i, s) for i, s in enumerate(seen.spares) if i not in gone]
        died = sum(why == "died" for _, why in retire)
        failures = seen.failures + died
        retry_at = seen.now + retry_pause(failures) if died else seen.retry_at
        wanted = self.wanted(seen)
        if len(kept) > wanted.total:  # the youngest, so parked ones first
            retire += ((kept.pop()[0], "surplus"),)
        on_device = sum(not s.parked for _, s in kept)
        tell = tuple(i for i, s in kept if s.parked)[: max(0, wanted.on_device - on_device)]
        waits = [self._look_in(s, seen.now) for _, s in kept]
        waits.append(0.0 if tell or retire else wanted.until_s)
        start = False
        if len(kept) < wanted.total:
            warming = sum(s.warming for _, s in kept) + len(tell)
            start = seen.now >= retry_at and self._may_warm(warming)
            waits.append(0.0 if start else max(0.0, retry_at - seen.now))
        return Tend(
            retire=retire,
            tell=tell,
            start=start,
            start_parked=on_device + len(tell) >= wanted.on_device,
            look_again_s=min(waits),
            failures=failures,
            retry_at=retry_at,
        )

    def _retire(self, seen: Seen) -> tuple[tuple[int, Why], ...]:
        retire: list[tuple[int, Why]] = []
        for i, spare in enumerate(seen.spares):
            if not spare.alive:
                retire.append((i, "died"))
            elif seen.now - spare.started_at > self.recycle_s:
                retire.append((i, "recycled"))
        return tuple(retire)

    def _may_warm(self, warming: int) -> bool:
        return self.warm_at_once is None or warming < self.warm_at_once

    def _look_in(self, spare: SpareSeen, now: float) -> float:
        if spare.parked:  # says nothing until it warms the device or gets its job
            return HEALTH_POLL_S
        if not spare.ready:
            return READY_POLL_S
        return min(HEALTH_POLL_S, max(0.0, self.recycle_s - (now - spare.started_at)))
