"""Libraries a snippet imports, and importing them ahead of need.

A snippet that builds a Hugging Face model spends seconds importing `transformers` before
any of its own code runs (2-4 s of an 8-11 s "loading snippet" on an H100 host). A warm
spare has imported torch and the harness already; it can import such a library too, if it
knows which. So the harness reports the installed top-level packages a snippet's own import
statements named and its load imported (`snippet_imports` in the bundle), the worker learns
which ones its runs keep importing (backend/worker/preimports.py), and it names them to its
next spares in `PREIMPORT_ENV`, which import them in their host stage. Only packages
installed on the host qualify (under site-packages), never a module of the snippet's own
folder.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from backend.harness.protocol import MAX_PACKAGES, PACKAGE_NAME, PREIMPORT_ENV

INSTALLED = ("site-packages", "dist-packages")


@contextlib.contextmanager
def recorded(source: str, into: list[str]) -> Iterator[None]:
    """Fill `into` with the installed top-level packages that the snippet's own import
    statements (`source`) name and that were first imported inside the block: what
    `transformers` itself imports (thirty-odd packages) comes with it and is not listed."""
    before = set(sys.modules)
    try:
        yield
    finally:
        named = imported_names(source)
        new = (name for name in sys.modules if name not in before and name in named)
        into[:] = installed_packages(new)


def imported_names(source: str) -> set[str]:
    """The top-level names of the absolute imports in `source` (none if it does not parse)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError):
        return set()
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.partition(".")[0])
    return names


def installed_packages(names: Iterable[str]) -> list[str]:
    """The top-level names among `names` whose module is an installed package."""
    tops = sorted({name for name in names if "." not in name and PACKAGE_NAME.match(name)})
    return [name for name in tops if _installed(sys.modules.get(name))][:MAX_PACKAGES]


def _installed(module: object) -> bool:
    where = getattr(module, "__file__", None)
    return isinstance(where, str) and any(part in INSTALLED for part in Path(where).parts)


def wanted() -> list[str]:
    """The names this process was asked to import ahead of need (well-formed ones only)."""
    names = os.environ.get(PREIMPORT_ENV, "").split(",")
    return [name for name in names if PACKAGE_NAME.match(name)][:MAX_PACKAGES]


def import_ahead(names: list[str]) -> list[str]:
    """Import each of `names`; what failed, as 'name: why' (a spare goes on without it)."""
    failed = []
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as exc:  # an import is the library's code: anything may fail
            failed.append(f"{name}: {type(exc).__name__}")
    return failed
