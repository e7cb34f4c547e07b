"""Write tests/file_seconds.json from a pytest log with `--durations=0`: each test file's
seconds (setup, call and teardown of its tests, added up). tests/conftest.py starts the
longest files first, so pytest-xdist's workers finish together; the numbers only order the
files, and a file missing from them runs after the ones listed.

    .venv/bin/pytest -n 3 --dist loadfile --durations=0 | tee /tmp/tests.log
    .venv/bin/python scripts/test_file_seconds.py /tmp/tests.log
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

DURATION = re.compile(r"^([\d.]+)s (?:setup|call|teardown)\s+(tests/\S+?\.py)::")
OUT = Path(__file__).resolve().parents[1] / "tests" / "file_seconds.json"


def file_seconds(log: str) -> dict[str, int]:
    seconds: Counter[str] = Counter()
    for line in log.splitlines():
        if found := DURATION.match(line):
            seconds[found.group(2)] += float(found.group(1))
    return {name: round(total) for name, total in sorted(seconds.items()) if total >= 1}


if __name__ == "__main__":
    measured = file_seconds(Path(sys.argv[1]).read_text())
    OUT.write_text(json.dumps(measured, indent=1) + "\n")
    print(f"{len(measured)} files, {sum(measured.values())} s in all -> {OUT}")
