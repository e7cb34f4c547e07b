"""How many event streams one user, or one client address, may hold open at once.

A progress stream (`GET /api/runs/{id}/events`) costs the server a poll of the run every
`EVENT_POLL_S` for as long as it stays open, and a public run can be followed without an
account: without a cap, a few hundred streams slow everyone's requests. A signed-in user's
stream takes a slot of that user; only a stream nobody signed in for (a public run) takes
a slot of its client address (`client_address`: behind a proxy that is not trusted, every
user has the proxy's address, and one address cap would be shared by the whole team). A
stream over its cap is a 429 that says which cap and how to free a slot. The counts are
this process's (the API is one process).
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from backend.api.errors import ApiError


class StreamSlots:
    def __init__(self, per_user: int, per_address: int) -> None:
        self.per_user = per_user
        self.per_address = per_address
        self._lock = threading.Lock()
        self._users: Counter[str] = Counter()
        self._addresses: Counter[str] = Counter()

    @property
    def open(self) -> int:
        with self._lock:
            return sum(self._users.values()) + sum(self._addresses.values())

    @contextmanager
    def held(self, user: str | None, address: str) -> Iterator[None]:
        """A slot for one stream, for as long as the block runs; ApiError 429 if none."""
        self._take(user, address)
        try:
            yield
        finally:
            self._give_back(user, address)

    def _take(self, user: str | None, address: str) -> None:
        with self._lock:
            if user is not None:
                if self._users[user] >= self.per_user:
                    setting = "KERNELSCOPE_MAX_STREAMS_PER_USER"
                    raise _too_many(f"user {user!r}", self.per_user, setting)
                self._users[user] += 1
                return
            if self._addresses[address] >= self.per_address:
                setting = "KERNELSCOPE_MAX_STREAMS_PER_ADDRESS"
                raise _too_many(f"address {address}", self.per_address, setting)
            self._addresses[address] += 1

    def _give_back(self, user: str | None, address: str) -> None:
        with self._lock:
            counts, key = (self._addresses, address) if user is None else (self._users, user)
            counts[key] -= 1
            if counts[key] <= 0:
                del counts[key]


def _too_many(who: str, limit: int, setting: str) -> ApiError:
    return ApiError(
        429,
        "too_many_streams",
        f"{who.capitalize()} already follows {limit:,} runs' event streams, the most one "
        f"may hold open at once (setting {setting}). Close another tab or stream that "
        "follows a run, or poll GET /api/runs/{id} instead.",
    )
