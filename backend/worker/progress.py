"""Progress lines from the harness: untrusted, like everything the snippet's process writes.

The snippet finds the progress descriptor in its own `sys.argv` and can write anything to
it. A line counts only when it is a JSON object whose `step` is one of the harness's
`STEPS`, whose `elapsed_s` is a finite number and whose `key` is the run's progress key
(sent with the job, which the harness reads before the snippet loads: a snippet that
prints a line like the harness's cannot jump the step list; only one that digs the key out
of the harness's memory could, and only for its own run), and only when its step comes
after the last one passed on: the harness goes through its steps in order, so a run causes at most
`len(STEPS)` status writes (database rows, heartbeats) however many lines it sends.
Anything else is counted and dropped, never an error. A line longer than `MAX_LINE_BYTES`
is not even parsed, and a line that never ends is not kept.
"""

from __future__ import annotations

import hmac
import json
import math
import time
from collections.abc import Callable

from backend.harness.protocol import STEPS

MAX_LINE_BYTES = 1024  # the harness's lines are under 100 bytes
ProgressCallback = Callable[[str, float], None]


class StepClock:
    """Seconds spent in each step, on the worker's clock: a step lasts from the moment its
    progress line arrives (the first, `starting`, from the clock's creation) to the next
    step's. Nothing the snippet writes can move it but the order steps arrive in, which
    the reader checks."""

    def __init__(self) -> None:
        self.step = STEPS[0]
        self._since = time.monotonic()
        self._spent: dict[str, float] = {}

    def enter(self, step: str) -> None:
        now = time.monotonic()
        self._spent[self.step] = self._spent.get(self.step, 0.0) + now - self._since
        self.step, self._since = step, now

    def seconds(self) -> dict[str, float]:
        """Every step passed so far, the current one up to now, in the order taken."""
        spent = dict(self._spent)
        spent[self.step] = spent.get(self.step, 0.0) + time.monotonic() - self._since
        return {step: round(seconds, 3) for step, seconds in spent.items()}


class ProgressReader:
    """Splits what arrives on the progress pipe into lines and passes valid steps on."""

    def __init__(self, on_progress: ProgressCallback | None, key: str | None = None) -> None:
        self.on_progress = on_progress
        self.key = key  # None: lines need none (a harness started without a job pipe)
        self.ignored = 0  # lines dropped: not JSON, not a step, too long, out of order
        self._pending = bytearray()
        self._discarding = False  # inside a line already too long: drop it to its end
        self._last = -1  # position in STEPS of the last step passed on

    def feed(self, chunk: bytes) -> None:
        *lines, rest = chunk.split(b"\n")
        for line in lines:
            if self._discarding:
                self._discarding = False
                self.ignored += 1
                continue
            self._line(bytes(self._pending) + line)
            self._pending.clear()
        if self._discarding:
            return
        self._pending += rest
        if len(self._pending) > MAX_LINE_BYTES:
            self._pending.clear()
            self._discarding = True

    def note(self) -> str | None:
        """For the run's notes: that the run wrote progress lines that were not steps."""
        if not self.ignored:
            return None
        return (
            f"ignored {self.ignored:,} progress message(s) that were not one of the harness's "
            "steps in order (the snippet can write to the progress pipe)"
        )

    def _line(self, line: bytes) -> None:
        if not line.strip():
            return
        found = parse_step(line, self.key)
        if found is None or STEPS.index(found[0]) <= self._last:
            self.ignored += 1
            return
        self._last = STEPS.index(found[0])
        if self.on_progress is not None:
            self.on_progress(*found)


def parse_step(line: bytes, key: str | None = None) -> tuple[str, float] | None:
    """(step, elapsed_s) of a well-formed progress line (carrying `key`, if given), else
    None."""
    if len(line) > MAX_LINE_BYTES:
        return None
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, dict) or not _has_key(message, key):
        return None
    step, elapsed = message.get("step"), message.get("elapsed_s", 0.0)
    if not isinstance(step, str) or step not in STEPS:
        return None
    if isinstance(elapsed, bool) or not isinstance(elapsed, int | float):
        return None
    if not math.isfinite(elapsed) or elapsed < 0:
        return None
    return step, float(elapsed)


def _has_key(message: dict[str, object], key: str | None) -> bool:
    sent = message.get("key")
    if key is None:
        return True
    return isinstance(sent, str) and hmac.compare_digest(sent.encode(), key.encode())
