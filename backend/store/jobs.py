"""The run row as a job: every queue operation on SQLite, shared by both queue backends.

The run row is the single source of truth: a queue backend (`backend.queue`) decides who
executes runs and how they learn of a cancel, never what a run's state is. One namespace
for callers (`jobs.claim_next`, `jobs.heartbeat`, ...) over three modules, one idea each:
`run_queue` (the fair order, positions, claims and hand-overs), `run_leases` (remote
workers: claim, heartbeat, report, leases) and `run_endings` (the status lock, cancelling,
finishing a run without a result).
"""

from backend.store.run_endings import (
    STATUS_LOCK,
    CancelOutcome,
    HeldByAnother,
    NotHandedToYou,
    Refused,
    cancel_requested,
    cancelled_error,
    cli_exited_error,
    end_abandoned_cli_runs,
    finish_with_error,
    request_cancel,
)
from backend.store.run_leases import (
    MAX_ATTEMPTS,
    NOT_STARTED_STEPS,
    check_holder,
    expire_leases,
    finish_cancelled,
    heartbeat,
    refresh_leases,
    refuse_report,
    save_report,
    start_run,
)
from backend.store.run_queue import (
    QueueLoad,
    claim_next,
    dispatch_next,
    dispatched_jobs,
    handed_to_lost_workers,
    idle_workers,
    known_device_kinds,
    queue_loads,
    queue_position,
    queued_count,
    requeue_unfinished,
    unclaimed_dispatches,
    undispatch,
)

__all__ = [
    "MAX_ATTEMPTS",
    "NOT_STARTED_STEPS",
    "STATUS_LOCK",
    "CancelOutcome",
    "HeldByAnother",
    "NotHandedToYou",
    "QueueLoad",
    "Refused",
    "cancel_requested",
    "cancelled_error",
    "check_holder",
    "claim_next",
    "cli_exited_error",
    "dispatch_next",
    "dispatched_jobs",
    "end_abandoned_cli_runs",
    "expire_leases",
    "finish_cancelled",
    "finish_with_error",
    "handed_to_lost_workers",
    "heartbeat",
    "idle_workers",
    "known_device_kinds",
    "queue_loads",
    "queue_position",
    "queued_count",
    "refresh_leases",
    "refuse_report",
    "request_cancel",
    "requeue_unfinished",
    "save_report",
    "start_run",
    "unclaimed_dispatches",
    "undispatch",
]
