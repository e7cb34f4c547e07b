"""A snippet stopped for printing too much is told where its print is and why it repeats:
inside the function (called many times) or at module level (runs once, in its own loop)."""

from __future__ import annotations

from pathlib import Path

from backend.limits import RunLimits
from backend.worker.crash import describe_exit

IN_FUNCTION = """import torch


def fn(a):
    for _ in range(10):
        print("noise")
    return a + 1


def inputs():
    return (torch.ones(4),)
"""

AT_MODULE_LEVEL = """import torch

for n in range(10_000_000):
    print(n)


def fn(a):
    return a + 1


def inputs():
    return (torch.ones(4),)
"""


def _message(tmp_path: Path, code: str) -> tuple[str, int | None]:
    (tmp_path / "snippet.py").write_text(code)
    status, error = describe_exit(RunLimits(), tmp_path, -9, "output_limit", None)
    assert status == "failed" and error is not None and error["kind"] == "output_limit"
    return str(error["message"]), error["line"]


def test_a_print_inside_the_function_is_named_with_its_line(tmp_path: Path) -> None:
    message, line = _message(tmp_path, IN_FUNCTION)
    assert line == 6
    assert "print on line 6" in message and "calls the function many times" in message


def test_a_module_level_print_is_not_blamed_on_the_function(tmp_path: Path) -> None:
    message, line = _message(tmp_path, AT_MODULE_LEVEL)
    assert line == 4
    assert "module level" in message and "line 4" in message
    assert "inside loops: the function" not in message
