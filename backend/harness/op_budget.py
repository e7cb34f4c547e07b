"""How much per-op work the eager accounting may spend on one call.

The accounting's cost is per ATen op: a value fingerprint of every output, a detour through
the op's own kernel to see its inner ops, operand names, the table's bookkeeping. A call of
a few hundred ops pays milliseconds for it; a call of tens of thousands of small ops (an
LSTM run step by step: 6 layers x 2 directions x 512 steps x ~13 ops is 80,000 ops) paid
minutes, and never left the eager profile within its time limit. So the detail is spent
first come, first served, by count and by time, in four levels that only go down:

- `full`: everything (fingerprints, inner ops, operand names, snippet lines);
- `traffic`: the op's reads and writes (its bytes, its round trips), no fingerprints and
  no inner ops: the analysis decides those round trips by Inductor's plan alone;
- `name`: the op's name only, so its kernel is still timed; its traffic is unknown;
- `none`: past ROW_OPS rows nothing at all: the op runs, is counted, and has no row. A
  bundle carries at most 20,000 eager ops (`BundleLimits.eager_ops`): a run that wrote more
  was refused whole.

The run's notes say where each level stopped and why (`note`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

FULL, TRAFFIC, NAME, NONE = "full", "traffic", "name", "none"
LEVELS = (FULL, TRAFFIC, NAME, NONE)

# A few thousand ops cost a few seconds at full detail (0.3-1 ms each on a CPU, fingerprints
# the most); past these, an op costs tens of microseconds at `traffic`, a few at `name`.
FULL_OPS = 5_000
FULL_S = 15.0
TRAFFIC_OPS = 20_000
TRAFFIC_S = 30.0
# The rows a bundle carries (`BundleLimits.eager_ops`, which a test holds this to).
ROW_OPS = 20_000


@dataclass
class OpBudget:
    # the module's numbers when made, so that a test (or a bench) can set them
    full_ops: int = field(default_factory=lambda: FULL_OPS)
    full_s: float = field(default_factory=lambda: FULL_S)
    traffic_ops: int = field(default_factory=lambda: TRAFFIC_OPS)
    traffic_s: float = field(default_factory=lambda: TRAFFIC_S)
    row_ops: int = field(default_factory=lambda: ROW_OPS)
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0))
    # level -> what ended it: "count" or "time"
    ended_by: dict[str, str] = field(default_factory=dict)
    _level: int = 0
    _started: float | None = None

    def next_level(self) -> str:
        """The level of the op about to be recorded, and counted as such."""
        now = time.perf_counter()
        if self._started is None:
            self._started = now
        elapsed = now - self._started
        while self._level < len(LEVELS) - 1 and self._spent(LEVELS[self._level], elapsed):
            self._level += 1
        level = LEVELS[self._level]
        self.counts[level] += 1
        return level

    def _limits(self, level: str) -> tuple[int, float]:
        """Ops recorded at this level or above, and seconds, after which `level` is over."""
        if level == FULL:
            return self.full_ops, self.full_s
        if level == TRAFFIC:
            return min(self.traffic_ops, self.row_ops), self.traffic_s
        return self.row_ops, float("inf")

    def _spent(self, level: str, elapsed: float) -> bool:
        """Whether `level` is over (count or time); says which, once."""
        ops, seconds = self._limits(level)
        done = sum(self.counts[above] for above in LEVELS[: LEVELS.index(level) + 1])
        if done >= ops:
            self.ended_by.setdefault(level, "count")
        elif elapsed >= seconds:
            self.ended_by.setdefault(level, "time")
        return level in self.ended_by

    @property
    def degraded(self) -> bool:
        return bool(self.ended_by)

    def as_dict(self) -> dict[str, Any]:
        """The bundle's `eager.accounting`: ops per level and what ended each level."""
        return {
            "ops": sum(self.counts.values()),
            "full": self.counts[FULL],
            "traffic_only": self.counts[TRAFFIC],
            "name_only": self.counts[NAME],
            "unrecorded": self.counts[NONE],
            "full_ended_by": self.ended_by.get(FULL),
            "traffic_ended_by": self.ended_by.get(TRAFFIC),
        }

    def note(self) -> str | None:
        """What the run's notes say when detail was dropped; None when it was not."""
        if not self.degraded:
            return None
        total = sum(self.counts.values())
        parts = [
            f"the eager accounting recorded full detail for the first {self.counts[FULL]:,} "
            f"of {total:,} ops of the call ({self._why(FULL)})"
        ]
        if self.counts[TRAFFIC]:
            parts.append(
                f"the next {self.counts[TRAFFIC]:,} only their reads and writes: no value "
                "fingerprints or inner ops, so their round trips are decided by Inductor's "
                "plan alone"
            )
        if self.counts[NAME]:
            parts.append(
                f"the next {self.counts[NAME]:,} only their names ({self._why(TRAFFIC)}): "
                "their kernels are timed but their traffic is unknown, and round trips "
                "through them are not found"
            )
        if self.counts[NONE]:
            parts.append(
                f"the last {self.counts[NONE]:,} ran but were not recorded (a run's bundle "
                f"holds {self.row_ops:,} ops of a call): their kernels are in the profile "
                "without an op to account for them"
            )
        return "; ".join(parts)

    def _why(self, level: str) -> str:
        ops, seconds = self._limits(level)
        what = "in full detail" if level == FULL else "with their traffic"
        if self.ended_by.get(level) == "count":
            return f"its budget: {ops:,} ops {what}"
        return f"its {seconds:g} s budget for ops {what} ran out"
