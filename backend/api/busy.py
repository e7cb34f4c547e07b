"""Work that costs the API a lot of memory at once, done by a few requests at a time.

Checking a password (Argon2id: 64 MiB for each hash) and checking a snippet's syntax
(`compile`: about 100 MiB for a snippet at the 256 KiB limit) each ran in as many threads
as the thread pool has, so forty failed sign-ins took the API to 2.8 GB. `BusySlots` lets
`size` of them run at once; a request that finds no slot free within `wait_s` is answered
503 with `Retry-After` instead of growing the process further.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from backend.api.errors import ApiError

PASSWORD_CHECKS = 2  # at once: 128 MiB of Argon2id memory at most
SNIPPET_CHECKS = 2  # at once: about 200 MiB of compile() at the default snippet limit
WAIT_S = 10.0  # a burst of sign-ins queues this long before being refused
RETRY_AFTER_S = 2


class BusySlots:
    def __init__(self, size: int, what: str, wait_s: float = WAIT_S) -> None:
        self.size, self.what, self.wait_s = size, what, wait_s
        self._semaphore = threading.BoundedSemaphore(size)

    @contextmanager
    def held(self) -> Iterator[None]:
        """One slot while the block runs (blocking: call from a worker thread); 503 with
        Retry-After when none frees up within `wait_s`."""
        if not self._semaphore.acquire(timeout=self.wait_s):
            raise ApiError(
                503,
                "server_busy",
                f"The server is busy with other {self.what}s ({self.size} at a time). "
                f"Try again in {RETRY_AFTER_S} seconds.",
                headers={"Retry-After": str(RETRY_AFTER_S)},
            )
        try:
            yield
        finally:
            self._semaphore.release()
