"""The only job a worker runs: `RunJob`, which checks an RQ job before anything it names.

A worker runs jobs as `RunJob`, which checks the payload (`run_id_of`) before it looks up
any function and never imports the name the job gives: anything but what the API enqueues
(`backend.queue.payload`) fails as a refused job, runs nothing, and the worker goes on with
the next one. The run id itself proves nothing: the API still refuses a claim unless the
run was handed to this very worker and waits for exactly that job.

A job's record is also the workers' to write, and RQ inflates its zlib fields (`data`,
`exc_info`) whole when it loads a job: 1 MB of zlib is 1 GiB inflated. `RunJob` inflates
them in bounded steps first, and refuses a job with any field past `FIELD_BYTES` (what the
API writes is a few hundred bytes) before RQ parses or inflates anything of it.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import Any

from rq.exceptions import DeserializationError
from rq.job import Job, JobStatus

from backend.queue.payload import JOB_FUNCTION
from backend.store.ids import is_run_id
from backend.worker.remote import perform

FIELD_BYTES = 64 * 1024  # any field of a job record, stored or inflated
_COMPRESSED_FIELDS = (b"data", b"exc_info")  # what RQ inflates while loading a job
_NOTHING = b'["", null, [], {}]'  # what a refused job's payload is loaded as
# RQ keeps callback names in these (private) attributes; the API sets none.
_CALLBACKS = {
    "_success_callback_name": "a success callback",
    "_failure_callback_name": "a failure callback",
    "_stopped_callback_name": "a stopped callback",
}


class ForbiddenJob(Exception):
    """A job the API did not make: refused before anything it names is imported."""


def run_id_of(job: Job) -> str:
    """The run a job asks for, if it is exactly what the API enqueues; ForbiddenJob if not."""
    oversized = sorted(getattr(job, "oversized_fields", []))
    if oversized:
        names = " and ".join(repr(name) for name in oversized)
        _refuse(job, f"its record's {names} hold more than {FIELD_BYTES:,} bytes each")
    func_name, args, kwargs = job.func_name, job.args, job.kwargs
    if func_name != JOB_FUNCTION or job.instance is not None:
        _refuse(job, f"it names {func_name!r}; a worker runs only {JOB_FUNCTION}")
    if kwargs or len(args) != 1 or not isinstance(args[0], str) or not is_run_id(args[0]):
        _refuse(job, f"its arguments are {_brief(args)} {_brief(kwargs)}, not one run id")
    extras = [what for name, what in _CALLBACKS.items() if getattr(job, name, None)]
    extras += ["webhooks"] if job.webhooks else []
    if extras:
        _refuse(job, f"it carries {', '.join(extras)}, which the API never sets")
    run_id: str = args[0]
    return run_id


def _refuse(job: Job, why: str) -> None:
    raise ForbiddenJob(
        f"RQ job {job.id} refused, nothing run: {why}. Only the Kernelscope API may enqueue "
        "jobs; if it did not, something else writes to this Redis (check its users and "
        "passwords, docs/queue.md)."
    )


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


class RunJob(Job):
    """The only job a worker runs: `perform(run_id)`, checked first, or a refusal.

    RQ resolves `func` (the import), callbacks and webhooks through the job; here `func`
    checks the payload and returns the one job function itself, callbacks are none and
    webhooks are never sent, whatever Redis says."""

    @property
    def func(self) -> Callable[[str], str]:
        run_id_of(self)
        return perform

    @property
    def success_callback(self) -> None:
        return None

    @property
    def failure_callback(self) -> None:
        return None

    @property
    def stopped_callback(self) -> None:
        return None

    def send_webhooks(self, status: str | JobStatus, *, exc_string: str | None = None) -> None:
        return None

    def restore(self, raw_data: Any) -> Any:
        """RQ's loading of a job record, after every field was checked against
        `FIELD_BYTES`, zlib fields inflated in bounded steps: an oversized one is loaded as
        nothing, and the job is refused when it would run (`run_id_of`)."""
        fields = dict(raw_data)
        self.oversized_fields: list[str] = []
        for name, value in fields.items():
            key = name if isinstance(name, bytes) else str(name).encode()
            if not isinstance(value, bytes):
                continue
            if key in _COMPRESSED_FIELDS:
                value = _inflated_at_most(value, FIELD_BYTES)
            if value is None or len(value) > FIELD_BYTES:
                self.oversized_fields = [*self.oversized_fields, key.decode(errors="replace")]
                value = _NOTHING if key == b"data" else b""
            fields[name] = value
        return super().restore(fields)

    def _deserialize_data(self) -> None:
        """RQ's loading of the payload, with a message that says what was wrong."""
        try:
            super()._deserialize_data()  # type: ignore[no-untyped-call]
        except DeserializationError as exc:
            raise DeserializationError(
                f"RQ job {self.id} refused, nothing run: its payload is not JSON (a pickle?). "
                "Kernelscope's workers load only JSON jobs from the API."
            ) from exc.__cause__


def _inflated_at_most(value: bytes, limit: int) -> bytes | None:
    """`value` inflated if it is zlib (as-is if not, as RQ does); None past `limit` bytes,
    without ever holding more than that, and None for zlib inside zlib, which RQ would
    inflate again, unbounded (the API never writes it)."""
    out = _inflate_step(value, limit)
    if out is None or out is value:
        return out
    return None if _inflate_step(out, 0) is not out else out


def _inflate_step(value: bytes, limit: int) -> bytes | None:
    unpacker = zlib.decompressobj()
    try:
        out = unpacker.decompress(value, limit + 1)
    except zlib.error:
        return value  # not compressed: RQ takes it as it is
    if len(out) > limit or unpacker.unconsumed_tail:
        return None
    return out
