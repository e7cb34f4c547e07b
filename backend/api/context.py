"""What every route needs, built once per app: settings, the store and the queue."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends, Request

from backend.api.errors import ApiError, not_found
from backend.queue.base import RunQueue
from backend.result import FINISHED_STATUSES, RunResult
from backend.settings import Settings
from backend.store.repository import Store

DOCUMENT_TTL_S = 5.0
DOCUMENT_CAPACITY = 64


@dataclass
class AppContext:
    settings: Settings
    store: Store
    queue: RunQueue
    results: ResultCache = field(init=False)

    def __post_init__(self) -> None:
        self.results = ResultCache(self.store)


def get_context(request: Request) -> AppContext:
    context: AppContext = request.app.state.context
    return context


# What a route declares to receive the app's context.
Context = Annotated[AppContext, Depends(get_context)]


def result_of(context: AppContext, run_id: str) -> RunResult:
    """The run's result document (cached when finished), or 404."""
    result = context.results.get(run_id)
    if result is None:
        raise not_found("run", run_id)
    return result


def result_with_kernels(context: AppContext, run_id: str) -> RunResult:
    """The result of a run that has kernels to show, or 404 / 409 while it has none."""
    result = result_of(context, run_id)
    if not result.variants:
        raise ApiError(
            409,
            "run_has_no_kernels",
            f"Run {run_id} is {result.status}: it has no kernels to show yet.",
        )
    return result


class ResultCache:
    """Finished results, kept whole in memory: they never change, and a zoom on a large
    timeline re-reads the same run many times. Unfinished runs are always read fresh."""

    def __init__(self, store: Store, capacity: int = 16) -> None:
        self.store = store
        self.capacity = capacity
        self._results: OrderedDict[str, RunResult] = OrderedDict()
        self._documents: OrderedDict[tuple[str, object], tuple[float, bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, run_id: str) -> RunResult | None:
        with self._lock:
            if run_id in self._results:
                self._results.move_to_end(run_id)
                return self._results[run_id]
        result = self.store.load_result(run_id)
        if result is not None and result.status in FINISHED_STATUSES:
            with self._lock:
                self._results[run_id] = result
                while len(self._results) > self.capacity:
                    self._results.popitem(last=False)
        return result

    def forget(self, run_id: str) -> None:
        """The run was edited (title) or deleted: read it fresh next time."""
        with self._lock:
            self._results.pop(run_id, None)
            for key in [key for key in self._documents if key[0] == run_id]:
                del self._documents[key]

    def document(self, run_id: str, viewer_key: object) -> bytes | None:
        """A finished run's serialized document for this reader, if made in the last
        DOCUMENT_TTL_S. Reading a document is the API's hottest path, and building and
        serializing one costs milliseconds; only its links (previous run, owner name) can
        change without `forget`, so a few seconds of staleness there is the price."""
        with self._lock:
            found = self._documents.get((run_id, viewer_key))
        if found is None or found[0] < time.monotonic():
            return None
        return found[1]

    def keep_document(self, run_id: str, viewer_key: object, body: bytes) -> None:
        with self._lock:
            self._documents[(run_id, viewer_key)] = (time.monotonic() + DOCUMENT_TTL_S, body)
            self._documents.move_to_end((run_id, viewer_key))
            while len(self._documents) > DOCUMENT_CAPACITY:
                self._documents.popitem(last=False)
