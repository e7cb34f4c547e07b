"""Snippets the harness refuses before importing torch: one that does not parse, and one
that defines no function or class at all (no entry point can exist)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import ROOT


def _refusal(tmp_path: Path, code: str) -> dict[str, object]:
    snippet = tmp_path / "snippet.py"
    snippet.write_text(code)
    bundle = tmp_path / "bundle"
    args = ["--snippet", str(snippet), "--bundle", str(bundle), "--device", "cpu"]
    done = subprocess.run(
        [sys.executable, "-m", "backend.harness", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "PYTHONNOUSERSITE": "1"},
    )
    assert done.returncode == 0, done.stderr
    document: dict[str, object] = json.loads((bundle / "bundle.json").read_text())
    assert document["status"] == "failed"
    error = document["error"]
    assert isinstance(error, dict)
    return error


@pytest.mark.parametrize("code", ["x = 1\n", "# only a comment\n", "print('hi')\n"])
def test_code_that_defines_nothing_is_no_entry_point(tmp_path: Path, code: str) -> None:
    error = _refusal(tmp_path, code)
    assert error["kind"] == "no_entry_point"
    assert "Define `fn(...)`" in str(error["message"])


def test_the_quick_check_lets_every_real_snippet_through() -> None:
    from backend.harness.__main__ import _can_define_a_function

    snippets = [*(ROOT / "examples").glob("*.py"), *(ROOT / "tests/data").glob("*/*/snippet.py")]
    assert len(snippets) > 10
    for path in snippets:
        assert _can_define_a_function(path.read_text()), path
    assert _can_define_a_function("fn = lambda x: x\n")
    assert _can_define_a_function("from mylib import fn, inputs\n")
    assert not _can_define_a_function("x = [1, 2]\nprint(x)\n")
