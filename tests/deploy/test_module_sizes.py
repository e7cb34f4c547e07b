"""Modules of one idea each: no file of the backend (its migrations aside, which are
history) or of the browser code (the pages' scripts, the run page's panels, the stylesheet)
is over 500 lines."""

from __future__ import annotations

from pathlib import Path

from tests.paths import ROOT

BACKEND = ROOT / "backend"
STATIC = ROOT / "frontend" / "static"
MAX_LINES = 500


def too_long(files: list[Path]) -> dict[str, int]:
    return {
        str(p.relative_to(ROOT)): n
        for p in files
        if (n := len(p.read_text().splitlines())) > MAX_LINES
    }


def test_no_browser_file_is_over_500_lines() -> None:
    files = sorted(path for path in STATIC.rglob("*") if path.suffix in (".js", ".css"))
    assert any(path.parent.name == "run" for path in files)  # the run page's panels are seen
    long = too_long(files)
    assert not long, f"split these by idea: {long}"


def test_no_backend_module_is_over_500_lines() -> None:
    files = sorted(p for p in BACKEND.rglob("*.py") if "migrations" not in p.parts)
    assert len(files) > 100 and any(p.name == "run.py" for p in files)
    long = too_long(files)
    assert not long, f"split these by idea: {long}"
