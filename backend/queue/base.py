"""The queue interface the API uses; `LocalQueue` and `RedisQueue` implement it.

Both keep the run row as the only truth (see `backend.store.jobs`): a backend decides who
executes runs and how they learn of a cancel, never what a run's state is.
"""

from __future__ import annotations

from typing import Protocol

from backend.store.jobs import CancelOutcome, QueueLoad


class DeviceKindRefused(ValueError):
    """A submission names a device kind this queue cannot serve; the message says why."""


class RunQueue(Protocol):
    def start(self) -> None:
        """Begin executing or dispatching queued runs (also what was left by a restart)."""

    def stop(self, timeout_s: float = 10.0) -> None:
        """Stop; runs in progress here go back to the queue or keep going remotely."""

    def notify(self) -> None:
        """A run was just queued: act now rather than at the next poll."""

    def position(self, run_id: str) -> int | None:
        """1 for the run that starts next; None unless the run is queued."""

    def cancel(self, run_id: str) -> CancelOutcome:
        """Cancel a queued run at once, or ask whoever runs it to stop it."""

    def check_device_kind(self, kind: str) -> None:
        """Raise DeviceKindRefused when runs of `kind` could never start here."""

    def loads(self) -> dict[str, QueueLoad]:
        """Per device kind: runs waiting, handed over and running; live workers."""
