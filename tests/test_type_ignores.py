"""Tests are typed like the backend (mypy --strict): a value mypy cannot see goes through a
typed helper of tests/helpers.py (`app_context`, `fastapi_app`, `present`,
`cli_subcommands`), not an ignore comment. The count only goes down: lower the ceiling when
one goes."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CEILING = 17  # 98 before the typed helpers in tests/helpers.py
IGNORE = re.compile(r"#\s*type:\s*ignore")


def ignores() -> list[str]:
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        if path.is_relative_to(TESTS / "data"):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if IGNORE.search(line):
                found.append(f"{path.relative_to(TESTS.parent)}:{number}")
    return found


def test_type_ignores_in_the_tests_only_go_down() -> None:
    found = ignores()
    assert len(found) <= CEILING, "use a typed helper (tests/helpers.py):\n" + "\n".join(found)
