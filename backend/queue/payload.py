"""What an RQ job may carry: data naming a run, never code.

RQ stores a job as the import path of a function plus its arguments, pickled by default,
and a worker imports and calls whatever a job names, its callbacks too, and posts its
webhooks. Whoever could write to Redis could then run anything on every worker, as root
and outside the sandbox (`os.system`), or run code merely by having a pickle loaded.

So every Kernelscope job is the same: `JOB_FUNCTION(run_id)`, stored as JSON
(`SERIALIZER`, by the API and the workers alike, so neither side ever loads a pickle), on
the RQ queue of the one worker it is handed to (`worker_queue`). The worker's side, which
checks every job before it runs anything, is `backend.worker.rq_job.RunJob`.
"""

from __future__ import annotations

from rq.serializers import JSONSerializer


def worker_queue(device_kind: str, worker: str) -> str:
    """The RQ queue of one worker: the API hands each run to one named worker (a device
    kind and a worker name never hold "@")."""
    return f"{device_kind}@{worker}"


JOB_FUNCTION = "backend.worker.remote.perform"  # what a worker calls, with the run id
SERIALIZER = JSONSerializer
