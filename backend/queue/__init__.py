"""Where queued runs wait, and who is handed them (the worker, backend/worker/, runs them).

`base.RunQueue` is the interface the API uses. `local.LocalQueue` (the single-host default)
hands queued runs to the server's own worker slots (`backend.worker.local`);
`redis_queue.RedisQueue` hands runs to RQ for `kernelscope worker` processes on GPU hosts.
`jobs` holds the run-row operations both share and `fair` the order runs start in.
docs/queue.md describes the whole design.
"""
