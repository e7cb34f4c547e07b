"""/metrics for Prometheus: what the queue and the workers are doing.

Gauges (queue depth, runs by status, live workers) are counted from the database at
scrape time by `StoreCollector`, so every API process, and a restarted one, reports the
same numbers. The run-duration histogram is observed by the process that saves a result
(`Store.result_listeners`): with several API processes, sum it across them.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from pathlib import Path
from typing import get_args

from prometheus_client import CollectorRegistry, Histogram, ProcessCollector, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from backend import __version__
from backend.result import RunResult, RunStatus
from backend.settings import Settings
from backend.store.operations import gauges, stored_bytes
from backend.store.quota import SCOPES, STAGES
from backend.store.repository import Store
from backend.worker import device, preimports
from backend.worker.local import LocalWorkers

# Snippet runs last from about a second (an instant snippet) to the wall-clock limit.
DURATION_BUCKETS_S = (1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600, 1800)
_STATUSES: tuple[str, ...] = get_args(RunStatus)


class StoreCollector(Collector):
    """Gauges computed from the runs and workers tables on every scrape."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings

    def describe(self) -> Iterable[Metric]:
        return self._families()  # names only: registering must not query the database

    def collect(self) -> Iterable[Metric]:
        families = self._families()
        queued, by_status, workers = families
        counted = gauges(self.store, self.settings.lease_s)
        depth, alive = counted.queued_by_kind, counted.live_workers_by_kind
        statuses = counted.runs_by_status
        # The default device kind is always reported, so "nothing queued" is a 0, not a gap.
        for kind in sorted({self.settings.default_device_kind, *depth, *alive}):
            queued.add_metric([kind], depth.get(kind, 0))
            workers.add_metric([kind], alive.get(kind, 0))
        for status in _STATUSES:
            by_status.add_metric([status], statuses.get(status, 0))
        info = GaugeMetricFamily("kernelscope_info", "this server's version", labels=["version"])
        info.add_metric([__version__], 1)
        return [*families, info, *self._storage()]

    def _storage(self) -> list[Metric]:
        """The stored files against their limits, and the quota refusals of this process
        (each API process counts its own: sum them)."""
        quota = self.store.quota
        stored = stored_bytes(self.store)
        used = GaugeMetricFamily(
            "kernelscope_stored_bytes",
            "bytes of distinct run files (traces, generated code) the server keeps",
            value=stored,
        )
        limits = GaugeMetricFamily(
            "kernelscope_stored_limit_bytes", "the storage quotas", labels=["quota"]
        )
        for scope in SCOPES:
            limit = quota.limit(scope)
            if limit is not None:
                limits.add_metric([scope], limit)
        refusals = CounterMetricFamily(
            "kernelscope_storage_quota_refusals",
            "submissions and saves refused by a storage quota, in this process",
            labels=["quota", "at"],
        )
        counted = quota.refusals()
        for scope in SCOPES:
            for stage in STAGES:
                refusals.add_metric([scope, stage], counted.get((scope, stage), 0))
        return [used, limits, refusals]

    @staticmethod
    def _families() -> tuple[GaugeMetricFamily, GaugeMetricFamily, GaugeMetricFamily]:
        return (
            GaugeMetricFamily(
                "kernelscope_queue_depth",
                "runs waiting for a worker, per device kind",
                labels=["device_kind"],
            ),
            GaugeMetricFamily("kernelscope_runs", "stored runs by status", labels=["status"]),
            GaugeMetricFamily(
                "kernelscope_workers",
                "workers that reported within one lease period (lease_s), per device kind",
                labels=["device_kind"],
            ),
        )


GPU_MEMORY_EVERY_S = 15.0  # nvidia-smi takes a second or two on a large host: not every scrape
PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


class SpareCollector(Collector):
    """The spares of this server's own worker slots: how many are held (ready or warming
    up), how runs found them, and what the idle ones cost: host memory and CPU time from
    /proc, GPU memory from nvidia-smi (left out where it cannot tell)."""

    def __init__(self, workers: LocalWorkers) -> None:
        self.workers = workers
        self._gpu_bytes: int | None = None
        self._gpu_asked_at = -GPU_MEMORY_EVERY_S

    def describe(self) -> Iterable[Metric]:
        return []  # collected at scrape time only: nothing to describe at registration

    def collect(self) -> Iterable[Metric]:
        counts = self.workers.spare_counts()
        held = GaugeMetricFamily("kernelscope_spares", "spares held now", labels=["state"])
        held.add_metric(["ready"], counts.ready)
        held.add_metric(["warming"], counts.warming)
        held.add_metric(["parked"], counts.parked)
        wanted = GaugeMetricFamily(
            "kernelscope_spares_wanted",
            "spares the slots keep now, parked ones included: the usual number, more while "
            "runs come back to back",
        )
        wanted.add_metric([], counts.wanted)
        takes = CounterMetricFamily(
            "kernelscope_spare_takes",
            "runs by what they found: a spare ready, one nearly warm, one parked (warm on the "
            "host only), or none (a cold start)",
            labels=["found"],
        )
        takes.add_metric(["ready"], counts.taken_ready)
        takes.add_metric(["warming"], counts.taken_warming)
        takes.add_metric(["parked"], counts.taken_parked)
        takes.add_metric(["none"], counts.cold)
        started = CounterMetricFamily("kernelscope_spares_started", "spares started")
        started.add_metric([], counts.started)
        imports = GaugeMetricFamily(
            "kernelscope_spare_imports",
            "installed packages new spares import ahead of need, learned from what recent "
            "runs' snippets imported (1 each)",
            labels=["package"],
        )
        for package in preimports.LEARNER.wanted():
            imports.add_metric([package], 1)
        yield from (held, wanted, takes, started, imports)
        yield from self._costs(self.workers.spare_processes())

    def _costs(self, pids: list[int]) -> Iterable[Metric]:
        rss, cpu = _host_use(pids)
        yield GaugeMetricFamily(
            "kernelscope_spares_host_memory_bytes", "resident memory of the idle spares", rss
        )
        yield GaugeMetricFamily(
            "kernelscope_spares_cpu_seconds", "CPU time the idle spares have used so far", cpu
        )
        now = time.monotonic()
        if now - self._gpu_asked_at >= GPU_MEMORY_EVERY_S:
            self._gpu_bytes, self._gpu_asked_at = device.gpu_memory_of(pids), now
        if self._gpu_bytes is not None:
            yield GaugeMetricFamily(
                "kernelscope_spares_gpu_memory_bytes",
                "GPU memory of the idle spares (nvidia-smi, at most 15 s old)",
                self._gpu_bytes,
            )


def _host_use(pids: list[int]) -> tuple[int, float]:
    """Resident bytes and CPU seconds of `pids`, from /proc (a pid gone meanwhile counts 0)."""
    rss, ticks = 0, 0
    for pid in pids:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        ticks += int(stat[11]) + int(stat[12])  # utime, stime (fields 14, 15)
        rss += int(stat[21]) * PAGE_BYTES  # rss in pages (field 24)
    return rss, ticks / CLOCK_TICKS


class OpsMetrics:
    """The registry /metrics serves: store gauges, run durations, this process."""

    def __init__(
        self, store: Store, settings: Settings, workers: LocalWorkers | None = None
    ) -> None:
        self.registry = CollectorRegistry()
        self.registry.register(StoreCollector(store, settings))
        if workers is not None:
            self.registry.register(SpareCollector(workers))
        ProcessCollector(registry=self.registry)
        self.run_duration = Histogram(
            "kernelscope_run_duration_seconds",
            "wall-clock time of finished runs (the snippet's child process), by status",
            labelnames=["status"],
            buckets=DURATION_BUCKETS_S,
            registry=self.registry,
        )

    def observe(self, result: RunResult) -> None:
        """Called with every result this process saves (Store.result_listeners)."""
        if result.duration_s is not None:
            self.run_duration.labels(status=result.status).observe(result.duration_s)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)
