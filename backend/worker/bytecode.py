"""Compiled bytecode for the harness's imports, where the host's Python has none.

A torch installed without bytecode (uv's default; `pip --no-compile`; a read-only image)
makes every harness process compile the Python of the ~2,000 modules it imports from
source: 12-16 s of a spare's warm-up on an H200 host (2026-12-04), against about 4 s with
bytecode. The harness cannot keep what it compiles (PYTHONDONTWRITEBYTECODE: a sandboxed
run writes nothing outside its work folder, and a shared cache a snippet could write would
let it plant code another user's run imports). So where torch's own modules lack bytecode,
the worker makes it once per host (backend.harness.prewarm's imports, in a process of its
own with no snippet) into a folder of its own, and every run reads it through
PYTHONPYCACHEPREFIX, shown read-only in the sandbox. Python checks each file's source
size and time before it uses it, so a changed install is compiled from source again.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import sys
from pathlib import Path

from backend.worker import host_cache

PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # where `backend` is imported from
MAKE_TIMEOUT_S = 300.0
FOLDER = "pycache"


def bytecode_env(run_env: dict[str, str], device: str, cache_dir: Path) -> dict[str, str]:
    """PYTHONPYCACHEPREFIX for a run, where torch lacks bytecode and the worker's could be
    made; else nothing (Python then uses the bytecode beside each module)."""
    if _torch_has_bytecode():
        return {}
    made = host_cache.made_folder(
        cache_dir, f"{FOLDER}-{_tag(device)}", lambda folder: make(folder, run_env, device)
    )
    return {} if made is None else {"PYTHONPYCACHEPREFIX": str(made)}


@functools.cache  # the install does not change under a running worker
def _torch_has_bytecode() -> bool:
    """Whether torch's own __init__ has its .pyc beside it (found without importing it)."""
    spec = importlib.util.find_spec("torch")
    if spec is None or spec.origin is None:
        return True  # no torch to speed up
    return Path(importlib.util.cache_from_source(spec.origin)).is_file()


def _tag(device: str) -> str:
    """What the folder's contents depend on: Python, torch, the device the pre-warm ran on
    (a GPU's imports Triton's and CUDA's modules too) and which install and checkout."""
    torch = host_cache.torch_version()
    where = hashlib.sha256(f"{sys.prefix}|{PACKAGE_ROOT}".encode()).hexdigest()[:12]
    return f"py{sys.version_info.major}{sys.version_info.minor}-torch{torch}-{device}-{where}"


def make(folder: Path, run_env: dict[str, str], device: str) -> bool:
    """Import what a spare imports (its pre-warm: a throwaway compile on `device`) with
    bytecode written under `folder`; True when that succeeded."""
    # the pre-warm reports its own failure rather than raising: a partial folder is not made
    code = (
        "import sys; from backend.harness.prewarm import prewarm; "
        f"sys.exit(1 if prewarm({device!r})[1] else 0)"
    )
    env = {k: v for k, v in run_env.items() if k != "PYTHONDONTWRITEBYTECODE"}
    command = [sys.executable, "-c", code]
    extra = {"PYTHONPYCACHEPREFIX": str(folder)}
    return host_cache.make_with_probe(
        "the harness's bytecode", folder, command, env, extra, MAKE_TIMEOUT_S
    )
