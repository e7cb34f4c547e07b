"""Where queued runs wait, and who is handed them (the worker, backend/worker/, runs them).

`base.RunQueue` is the interface the API uses. `backend.worker.local_queue.LocalQueue` (the
single-host default) hands queued runs to the server's own worker slots and lives beside
them; `redis_queue.RedisQueue` hands runs to RQ for `kernelscope worker` processes on GPU
hosts, as jobs of the one shape `payload` allows. The run-row operations both share are
the store's (`backend.store.jobs`). The queue knows no worker. docs/queue.md describes the
whole design.
"""
