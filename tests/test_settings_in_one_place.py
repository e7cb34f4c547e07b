"""Settings are read in one place: no module of backend/ but backend/settings.py reads a
KERNELSCOPE_ variable from the environment. The variables the worker hands the harness
process (backend/harness/protocol.py's) are not settings: the harness reads them."""

from __future__ import annotations

import ast
from pathlib import Path

BACKEND = Path(__file__).resolve().parents[1] / "backend"
SETTINGS = BACKEND / "settings.py"
PROTOCOL = BACKEND / "harness" / "protocol.py"
PREFIX = "KERNELSCOPE_"


def _named_strings(tree: ast.Module) -> dict[str, str]:
    """Module-level `NAME = "KERNELSCOPE_..."` constants."""
    named: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            value, targets = node.value, node.targets
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            value, targets = node.value, [node.target]
        else:
            continue
        if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
            continue
        for target in targets:
            if isinstance(target, ast.Name) and value.value.startswith(PREFIX):
                named[target.id] = value.value
    return named


HARNESS_VARIABLES = set(_named_strings(ast.parse(PROTOCOL.read_text())).values())


def _is_environment(node: ast.expr) -> bool:
    """`os.environ` or a bare `environ` (from os import environ)."""
    if isinstance(node, ast.Attribute):
        return node.attr == "environ"
    return isinstance(node, ast.Name) and node.id == "environ"


def _variable(node: ast.expr, named: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return named.get(node.id)
    return None


def settings_read(source: str, imported: dict[str, str] | None = None) -> list[str]:
    """The KERNELSCOPE_ variables `source` reads from the environment (os.environ[...],
    os.environ.get, os.getenv, `in os.environ`), given by literal or by a constant of its
    own or of `imported` (names imported from other modules), harness variables aside."""
    tree = ast.parse(source)
    named = {**(imported or {}), **_named_strings(tree)}
    found: list[str] = []
    for node in ast.walk(tree):
        keys: list[ast.expr] = []
        if isinstance(node, ast.Subscript) and _is_environment(node.value):
            keys.append(node.slice)
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            reads = isinstance(func, ast.Attribute) and (
                (func.attr in ("get", "pop", "setdefault") and _is_environment(func.value))
                or func.attr == "getenv"
            )
            if reads or (isinstance(func, ast.Name) and func.id == "getenv"):
                keys.append(node.args[0])
        elif isinstance(node, ast.Compare) and any(_is_environment(c) for c in node.comparators):
            keys.append(node.left)
        for key in keys:
            variable = _variable(key, named)
            if variable and variable.startswith(PREFIX) and variable not in HARNESS_VARIABLES:
                found.append(variable)
    return found


def test_no_module_but_settings_reads_a_setting() -> None:
    sources = {path: path.read_text() for path in sorted(BACKEND.rglob("*.py"))}
    imported: dict[str, str] = {}  # every module-level KERNELSCOPE_ constant: one may import it
    for source in sources.values():
        imported.update(_named_strings(ast.parse(source)))
    offenders = {
        str(path.relative_to(BACKEND.parent)): read
        for path, source in sources.items()
        if path != SETTINGS and (read := settings_read(source, imported))
    }
    assert offenders == {}, "read these through backend/settings.py's Settings, handed down"


def test_the_check_sees_each_way_of_reading() -> None:
    source = """
import os
from os import environ
TOKEN = "KERNELSCOPE_TOKEN"
a = os.environ.get("KERNELSCOPE_A")
b = os.environ["KERNELSCOPE_B"]
c = os.getenv("KERNELSCOPE_C", "x")
d = environ.get(TOKEN)
e = "KERNELSCOPE_E" in os.environ
f = os.environ.get(IMPORTED)
message = "set KERNELSCOPE_G"  # a name in a message is no read
harness = os.environ.get("KERNELSCOPE_PREIMPORT")  # the harness's own
"""
    read = settings_read(source, {"IMPORTED": "KERNELSCOPE_F"})
    assert read == [f"KERNELSCOPE_{x}" for x in ("A", "B", "C", "TOKEN", "E", "F")]
    assert "KERNELSCOPE_PREIMPORT" in HARNESS_VARIABLES
