"""How busy the machine was while the run measured: standard library only.

A loaded machine slows every call, and nothing in the timings says so. The harness records
the load averages before and after, the CPUs it may use, and, over exactly the steps that
measure (the profiled calls and the timed calls), how many CPU cores the whole machine kept
busy (/proc/stat) and how many of those were this process's own (its CPU time): the rest
were other processes'. Where /proc/stat cannot be read, `other_cpu_cores` is None and the
analysis falls back on the load average.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

PROC_STAT = "/proc/stat"


def _cpu_jiffies() -> tuple[int, int, int] | None:
    """(busy, total, cpus) from /proc/stat, or None where it cannot be read."""
    try:
        with open(PROC_STAT) as stat:
            lines = stat.read().splitlines()
    except OSError:
        return None
    cpus = sum(1 for line in lines if line.startswith("cpu") and line[3:4].isdigit())
    fields = lines[0].split() if lines else []
    if not fields or fields[0] != "cpu" or len(fields) < 5:
        return None
    ticks = [int(v) for v in fields[1:9]]  # user nice system idle iowait irq softirq steal
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)
    return sum(ticks) - idle, sum(ticks), max(1, cpus)


def _loadavg() -> list[float] | None:
    try:
        return [round(v, 2) for v in os.getloadavg()]
    except OSError:
        return None


def busy_other_cores(sample_s: float = 0.25) -> float | None:
    """Cores other processes keep busy now (this process sleeps while sampling), from
    /proc/stat; None where it cannot be read."""
    before = _cpu_jiffies()
    time.sleep(sample_s)
    after = _cpu_jiffies()
    if before is None or after is None or after[1] <= before[1]:
        return None
    return (after[0] - before[0]) / (after[1] - before[1]) * after[2]


def threads_for_free_cores(default_threads: int, other_busy: float | None, usable: int) -> int:
    """How many threads a CPU run should use: no more than the cores other processes leave
    free (at least one). A parallel region with more threads than free cores waits at its
    barrier for a thread the scheduler set aside, a whole time slice (milliseconds): a
    4,096-element kernel then reads 10-15 ms in the profiler."""
    if other_busy is None:
        return default_threads
    free = int(usable - other_busy + 0.5)  # a core more than half free counts as free
    return max(1, min(default_threads, free))


def usable_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class LoadMeter:
    """Accumulates the machine's and this process's CPU use over the measuring steps."""

    def __init__(self) -> None:
        self.loadavg_before = _loadavg()
        self.seconds = 0.0
        self.own_cpu_s = 0.0
        self.busy_jiffies = 0
        self.total_jiffies = 0
        self.cpus_in_stat = 0
        self.readable = True

    @contextmanager
    def measuring(self) -> Iterator[None]:
        wall, own, stat = time.monotonic(), time.process_time(), _cpu_jiffies()
        try:
            yield
        finally:
            after = _cpu_jiffies()
            self.seconds += time.monotonic() - wall
            self.own_cpu_s += time.process_time() - own
            if stat is None or after is None:
                self.readable = False
            else:
                self.busy_jiffies += after[0] - stat[0]
                self.total_jiffies += after[1] - stat[1]
                self.cpus_in_stat = after[2]

    def as_dict(self, run_threads: int) -> dict[str, Any]:
        """The bundle's `load`; `run_threads` is how many cores the run itself wants."""
        own = self.own_cpu_s / self.seconds if self.seconds > 0 else None
        other = None
        if self.readable and self.total_jiffies > 0 and own is not None:
            busy = self.busy_jiffies / self.total_jiffies * self.cpus_in_stat
            other = round(max(0.0, busy - own), 2)
        return {
            "cpu_count": os.cpu_count() or 1,
            "usable_cpus": usable_cpus(),
            "run_threads": run_threads,
            "loadavg_before": self.loadavg_before,
            "loadavg_after": _loadavg(),
            "measured_s": round(self.seconds, 3),
            "run_cpu_cores": None if own is None else round(own, 2),
            "other_cpu_cores": other,
        }
