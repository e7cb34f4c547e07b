"""What every route needs, built once per app: settings, the store, the queue, and what is
kept in memory of finished runs."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, TypeVar

from fastapi import Depends, Request

from backend.api.busy import PASSWORD_CHECKS, SNIPPET_CHECKS, BusySlots
from backend.api.errors import ApiError, not_found
from backend.api.streams import StreamSlots
from backend.queue.base import RunQueue
from backend.result import FINISHED_STATUSES, RunResult
from backend.run_head import RunHead
from backend.settings import Settings
from backend.store.children import KernelTimes
from backend.store.repository import Store

T = TypeVar("T")
Kept = Literal["part", "figure", "columns"]  # what kind of part: how many of them are kept
# Whole documents (compare, kernels.csv) are kept only for runs up to this many kernels: a
# 200,000-kernel document is gigabytes of objects, and every garbage collection walks them.
WHOLE_RESULT_KERNELS = 20_000


@dataclass
class AppContext:
    settings: Settings
    store: Store
    queue: RunQueue
    results: ResultCache = field(init=False)
    streams: StreamSlots = field(init=False)
    password_checks: BusySlots = field(init=False)
    snippet_checks: BusySlots = field(init=False)

    def __post_init__(self) -> None:
        self.results = ResultCache(self.store)
        self.password_checks = BusySlots(PASSWORD_CHECKS, "sign-in")
        self.snippet_checks = BusySlots(SNIPPET_CHECKS, "snippet syntax check")
        settings = self.settings
        self.streams = StreamSlots(settings.max_streams_per_user, settings.max_streams_per_address)


def get_context(request: Request) -> AppContext:
    context: AppContext = request.app.state.context
    return context


async def _context(request: Request) -> AppContext:
    """`get_context` as a dependency: async because it never blocks, so FastAPI does not
    hand it to a worker thread (a thread hop costs more than the whole lookup)."""
    return get_context(request)


# What a route declares to receive the app's context.
Context = Annotated[AppContext, Depends(_context)]


def head_of_run(context: AppContext, run_id: str) -> RunHead:
    """The run's document without kernel lists or round trips (cached when finished), or 404."""
    head = context.results.head(run_id)
    if head is None:
        raise not_found("run", run_id)
    return head


def head_with_kernels(context: AppContext, run_id: str) -> RunHead:
    """The head of a finished run that has kernels to show, or 404 / 409 while it has none
    (what its kernels and figures show never changes after that)."""
    head = head_of_run(context, run_id)
    if not head.variants or head.status not in FINISHED_STATUSES:
        raise no_kernels(run_id, head.status)
    return head


def result_of(context: AppContext, run_id: str) -> RunResult:
    """The run's whole document (cached when finished and small), or 404."""
    result = context.results.result(run_id)
    if result is None:
        raise not_found("run", run_id)
    return result


def result_with_kernels(context: AppContext, run_id: str) -> RunResult:
    """The whole document of a run that has kernels to show, or 404 / 409 while it has none."""
    result = result_of(context, run_id)
    if not result.variants:
        raise no_kernels(run_id, result.status)
    return result


def kernel_times(context: AppContext, run_id: str) -> dict[str, KernelTimes]:
    """A finished run's kernel start times and durations per variant, as columns: every
    timeline request reads them, a zoom only the part in its window."""
    return context.results.part(
        run_id, "times", lambda: context.store.kernel_times(run_id), kept="columns"
    )


def no_kernels(run_id: str, status: str) -> ApiError:
    return ApiError(
        409, "run_has_no_kernels", f"Run {run_id} is {status}: it has no kernels to show yet."
    )


class _Lru:
    """A few values by key, the least recently used dropped first; each may expire."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._items: OrderedDict[Hashable, tuple[float, Any]] = OrderedDict()

    def get(self, key: Hashable) -> Any:
        found = self._items.get(key)
        if found is None or found[0] < time.monotonic():
            return None
        self._items.move_to_end(key)
        return found[1]

    def put(self, key: Hashable, value: Any, ttl_s: float | None) -> None:
        expires = float("inf") if ttl_s is None else time.monotonic() + ttl_s
        self._items[key] = (expires, value)
        self._items.move_to_end(key)
        while len(self._items) > self.capacity:
            self._items.popitem(last=False)

    def drop(self, run_id: str) -> None:
        for key in [key for key in self._items if isinstance(key, tuple) and key[0] == run_id]:
            del self._items[key]


class ResultCache:
    """What the API reads of finished runs, kept in memory: a finished run never changes but
    for its title and visibility, and changing those calls `forget`. Unfinished runs are
    always read fresh.

    Small parts (heads, summaries, documents) are kept for many runs; serialized figures (up
    to a few hundred kB) for fewer; a large run's kernel time columns (megabytes) for a few;
    whole documents only for small runs. A part computed while its
    run was forgotten (renamed mid-request) is not kept: each run's generation counts its
    `forget` calls.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lrus: dict[Kept, _Lru] = {"part": _Lru(1024), "figure": _Lru(64), "columns": _Lru(8)}
        self._small = self._lrus["part"]
        self._whole = _Lru(8)
        self._generations: dict[str, int] = {}
        self._lock = threading.Lock()

    def head(self, run_id: str) -> RunHead | None:
        head: RunHead | None = self._cached(self._small, (run_id, "head"))
        if head is None:
            generation = self._generation(run_id)
            head = self.store.load_head(run_id)
            if head is not None and head.status in FINISHED_STATUSES:
                self._keep(self._small, (run_id, "head"), head, generation, None)
        elif head.sweep_id is not None:  # its siblings may have finished since: read afresh
            head = head.model_copy(update={"sweep": self.store.load_sweep(head.sweep_id)})
        return head

    def result(self, run_id: str) -> RunResult | None:
        result: RunResult | None = self._cached(self._whole, (run_id, "whole"))
        if result is not None:
            return result
        generation = self._generation(run_id)
        result = self.store.load_result(run_id)
        if result is not None and result.status in FINISHED_STATUSES:
            kernels = sum(variant.kernel_count for variant in result.variants.values())
            if kernels <= WHOLE_RESULT_KERNELS:
                self._keep(self._whole, (run_id, "whole"), result, generation, None)
        return result

    def part(
        self,
        run_id: str,
        name: Hashable,
        build: Callable[[], T],
        *,
        kept: Kept = "part",
        ttl_s: float | None = None,
    ) -> T:
        """`build()` for a finished run, kept under `name` (for `ttl_s` seconds, if given)
        with others of its kind. Only for finished runs: an unfinished run's parts are built
        afresh each time."""
        lru = self._lrus[kept]
        found: T | None = self._cached(lru, (run_id, name))
        if found is not None:
            return found
        generation = self._generation(run_id)
        value = build()
        self._keep(lru, (run_id, name), value, generation, ttl_s)
        return value

    def kept(self, run_id: str, name: Hashable) -> Any:
        """A small part kept by `part`, or None; never blocks (no store access)."""
        return self._cached(self._small, (run_id, name))

    def forget(self, run_id: str) -> None:
        """The run was edited (title, visibility) or deleted: read it fresh next time."""
        with self._lock:
            self._generations[run_id] = self._generations.get(run_id, 0) + 1
            for lru in (*self._lrus.values(), self._whole):
                lru.drop(run_id)

    def _generation(self, run_id: str) -> int:
        with self._lock:
            return self._generations.get(run_id, 0)

    def _cached(self, lru: _Lru, key: tuple[str, Hashable]) -> Any:
        with self._lock:
            return lru.get(key)

    def _keep(
        self,
        lru: _Lru,
        key: tuple[str, Hashable],
        value: Any,
        generation: int,
        ttl_s: float | None,
    ) -> None:
        with self._lock:
            if self._generations.get(key[0], 0) == generation:
                lru.put(key, value, ttl_s)
