"""Explain how a child process ended, in words a snippet author can act on."""

from __future__ import annotations

import ast
import re
import signal
from pathlib import Path
from typing import Any

from backend.limits import RunLimits
from backend.worker.bundle import BundleRefused, read_inside

CRASH_LOG_BYTES = 1024 * 1024  # faulthandler's dumps are a few KiB; the snippet owns the file


def describe_exit(
    limits: RunLimits,
    workdir: Path,
    returncode: int | None,
    ended_by: str | None,
    bundle: dict[str, Any] | None,
) -> tuple[str, dict[str, Any] | None]:
    """(status, error) for a finished child whose files are in `workdir`."""
    crash_log, snippet = workdir / "crash.log", workdir / "snippet.py"
    if ended_by == "timeout":
        return "timed_out", _timeout_error(limits.timeout_s, crash_log, snippet)
    if ended_by == "output_limit":
        limit = limits.output_kill_bytes
        line, advice = _print_advice(snippet)
        return "failed", {
            "kind": "output_limit",
            "message": f"The snippet printed more than {limit // (1024 * 1024)} MiB and was "
            f"stopped. {advice}",
            "line": line,
            "traceback": [],
        }
    if bundle is not None and bundle.get("status") in ("succeeded", "failed"):
        return str(bundle["status"]), bundle.get("error")
    return "crashed", _crash_error(returncode, crash_log, snippet)


def _print_advice(snippet: Path) -> tuple[int | None, str]:
    """(line, what to change): a print inside a function repeats on every one of the many
    calls; one at module level runs once, when the snippet loads, so its own loop is at fault."""
    try:
        tree = ast.parse(snippet.read_text())
    except (OSError, SyntaxError, ValueError, RecursionError):
        return None, "Print less: Kernelscope calls the function many times."
    inside, outside = _print_calls(tree)
    if inside:
        return inside[0], (
            f"Remove the print on line {inside[0]} or move it out of the function: "
            "Kernelscope calls the function many times (warm-up, timing, profiling)."
        )
    if outside:
        return outside[0], (
            f"The print on line {outside[0]} runs at module level, once, as the snippet "
            "loads: print less there (a loop around it prints on every pass)."
        )
    return None, "Print less: Kernelscope calls the function many times."


def _print_calls(tree: ast.Module) -> tuple[list[int], list[int]]:
    """Lines of print() calls inside functions and at module level, in order."""
    inside: set[int] = set()
    functions = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
    for node in ast.walk(tree):
        if isinstance(node, functions):
            inside |= _print_lines(node)
    return sorted(inside), sorted(_print_lines(tree) - inside)


def _print_lines(tree: ast.AST) -> set[int]:
    return {
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "print"
    }


def _timeout_error(limit: float, crash_log: Path, snippet: Path) -> dict[str, Any]:
    line, frames = _crash_frames(crash_log, snippet)
    where = f" It was running line {line} when stopped." if line else ""
    return {
        "kind": "timeout",
        "message": f"The run took longer than its {limit:g} s limit and was stopped.{where} "
        "Look for an endless loop, or make the inputs smaller (each variant is called many "
        "times).",
        "line": line,
        "traceback": frames,
    }


def _crash_error(returncode: int | None, crash_log: Path, snippet: Path) -> dict[str, Any]:
    line, frames = _crash_frames(crash_log, snippet)
    if returncode is not None and returncode < 0:
        name = _signal_name(-returncode)
        what = "a segmentation fault" if name == "SIGSEGV" else f"signal {name}"
        message = f"The process running the snippet died of {what}"
        message += f" on line {line}." if line else "."
        if name == "SIGSEGV":
            message += (
                " Native code called by the snippet (ctypes, an extension) read invalid memory."
            )
        elif name == "SIGKILL":
            message += " It was killed from outside, often for using too much memory."
    else:
        message = (
            f"The process running the snippet exited with code {returncode} before finishing"
            + (f" (line {line})" if line else "")
            + ". Remove os._exit()/sys.exit() calls: Kernelscope calls your function itself."
        )
    return {"kind": "crash", "message": message, "line": line, "traceback": frames}


def _crash_frames(crash_log: Path, snippet: Path) -> tuple[int | None, list[str]]:
    """Snippet frames from faulthandler's dump, innermost last."""
    try:  # written by the child: never follow a link the snippet left in its place
        data = read_inside(crash_log.parent, crash_log.name, CRASH_LOG_BYTES, "the crash log")
    except (OSError, BundleRefused):
        return None, []
    text = data.decode(errors="replace")
    pattern = re.compile(r'File "' + re.escape(str(snippet)) + r'", line (\d+) in (\S+)')
    found = pattern.findall(text)
    frames = [
        f"line {n}, in {name}" for n, name in reversed(found)
    ]  # faulthandler: innermost first
    return (int(found[0][0]) if found else None), frames


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return str(number)
