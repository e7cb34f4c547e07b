"""Helpers shared by every test package."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def wait_for(
    predicate: Callable[[], T], timeout_s: float = 30.0, what: str = "", interval_s: float = 0.05
) -> T:
    """Poll until `predicate()` is truthy and return its value; fail the test, naming `what`,
    after `timeout_s`. Deadlines are generous: tests share a busy 2-core machine."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"not reached within {timeout_s:g} s: {what}")
        time.sleep(interval_s)
