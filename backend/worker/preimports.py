"""Which installed libraries this worker's spares import ahead of need.

The harness reports the installed top-level packages each snippet's load imported
(backend/harness/imports.py). A package imported by at least `MIN_RUNS` of the last
`WINDOW` runs of this worker is named to its next spares (`PREIMPORT_ENV`), which import
it in their host stage: a team profiling Hugging Face models imports `transformers` in
most runs, and a one-off import is not worth every spare's memory and seconds. A package
nobody imported for `WINDOW` runs drops out again.

Another user's snippet can only add a package that is installed on the host (the
harness checks, the bundle schema takes identifiers alone); importing it ahead changes
no run's numbers, only when its import is paid.
"""

from __future__ import annotations

import collections
import threading

from backend.harness.protocol import MAX_PACKAGES, PACKAGE_NAME, PREIMPORT_ENV

WINDOW = 20  # runs remembered
MIN_RUNS = 2  # of those, that imported a package, before spares import it too
MAX_LEARNED = 8  # packages a spare imports at most, the most imported first


class ImportLearner:
    """What this worker's recent runs imported, and what its spares import therefore."""

    def __init__(self) -> None:
        self._recent: collections.deque[frozenset[str]] = collections.deque(maxlen=WINDOW)
        self._lock = threading.Lock()

    def saw(self, imported: object) -> None:
        """One run's `snippet_imports` (untrusted: names are checked again here)."""
        if not isinstance(imported, list):
            return
        wellformed = (n for n in imported[:MAX_PACKAGES] if isinstance(n, str))
        names = frozenset(n for n in wellformed if PACKAGE_NAME.match(n))
        with self._lock:
            self._recent.append(names)

    def wanted(self) -> list[str]:
        """Packages at least `MIN_RUNS` recent runs imported, most imported first."""
        with self._lock:
            counts = collections.Counter(name for names in self._recent for name in names)
        common = [(-n, name) for name, n in counts.items() if n >= MIN_RUNS]
        return [name for _, name in sorted(common)[:MAX_LEARNED]]

    def env(self) -> dict[str, str]:
        """The variable a spare reads, where there is anything to import."""
        wanted = self.wanted()
        return {PREIMPORT_ENV: ",".join(wanted)} if wanted else {}


LEARNER = ImportLearner()  # one per worker process: its slots share what their runs import
