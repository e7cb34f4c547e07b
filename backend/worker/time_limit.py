"""A snippet may ask for a shorter time limit than the server's.

`kernelscope_timeout_s = 5` at a snippet's top level stops its run after 5 s instead of
the server's limit: a suite problem known to hang, say, then costs seconds rather than
the limit every good problem needs. It is read from the code's syntax, never by running
it, and it only lowers the limit: a snippet cannot take more time than the server gives.
"""

from __future__ import annotations

import ast
import math
from typing import TypeGuard

TIME_LIMIT_NAME = "kernelscope_timeout_s"


def snippet_time_limit(code: str, server_s: float) -> tuple[float, str | None]:
    """The run's time limit, and a note saying where it came from (None where the snippet
    asks for nothing, or its code does not parse: the run reports that itself)."""
    found = _assignment(code)
    if found is None:
        return server_s, None
    value, line = found
    where = f"`{TIME_LIMIT_NAME}` on line {line}"
    if not _is_seconds(value):
        return server_s, (
            f"{where} is not a positive number of seconds, so the server's {server_s:g} s "
            f"limit applies (write, say, `{TIME_LIMIT_NAME} = 30`)."
        )
    if value > server_s:
        return server_s, (
            f"{where} asks for {value:g} s, more than this server's {server_s:g} s limit, "
            f"which applies."
        )
    return float(value), f"time limit: {value:g} s, asked for by {where}."


def _assignment(code: str) -> tuple[object, int] | None:
    """The value and line of the last top-level `kernelscope_timeout_s = ...`."""
    try:
        tree = ast.parse(code)
    except Exception:  # untrusted: too deep (RecursionError), too big, ...
        return None  # the run reports what is wrong with its code itself
    found = None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == TIME_LIMIT_NAME for t in node.targets
        ):
            value = node.value.value if isinstance(node.value, ast.Constant) else None
            found = (value, node.lineno)
    return found


def _is_seconds(value: object) -> TypeGuard[int | float]:
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value) and value > 0
    except OverflowError:  # an int too large for a float: no time limit anyone means
        return False
