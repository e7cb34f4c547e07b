"""The browser code stays in modules of one idea each: no file under frontend/static (the
pages' scripts, the run page's panels, the stylesheet) is over 500 lines."""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "frontend" / "static"
MAX_LINES = 500


def test_no_browser_file_is_over_500_lines() -> None:
    files = sorted(path for path in STATIC.rglob("*") if path.suffix in (".js", ".css"))
    assert any(path.parent.name == "run" for path in files)  # the run page's panels are seen
    long = {
        str(p.relative_to(STATIC)): n
        for p in files
        if (n := len(p.read_text().splitlines())) > MAX_LINES
    }
    assert not long, f"split these by idea: {long}"
