"""Spare every sandboxed CPU compile Inductor's instruction-set builds, where that is safe.

Before its first CPU kernel, Inductor compiles and loads a test program for each vector
instruction set the CPU's flags list: about 10 s on a 2-core host, in every run, because a
sandboxed run compiles into a cache folder of its own (a shared one would let one snippet
plant a kernel another user's run loads). The outcome depends on the host alone: its CPU,
its compiler, its torch. So the worker asks once per host (backend.harness.vec_isa_probe,
in a process of its own, with no snippet): where the builds prove every instruction set
the flags list, TORCHINDUCTOR_VEC_ISA_OK=1 lets each run trust the flags and pick the same
instruction set without the base builds (the extra ones for VNNI, BF16 and AMX still run).
"The same" is checked, not assumed: the probe runs once without the variable and once with
it, each in a fresh process, and only equal lists let runs have it. Where they differ (a
compiler too old for AVX-512, say), runs keep proving them. Remembered per host
(backend/worker/host_cache.py).
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
import shutil
import socket
import subprocess
import sys
import threading
from pathlib import Path

from backend.worker import host_cache

log = logging.getLogger(__name__)

CACHE_NAME = "vec-isa.json"
PROBE_VERSION = 2  # 2: the trusted list from a process of its own
PROBE_TIMEOUT_S = 180.0
MAX_AGE_S = 30 * 24 * 3600
TRUST_FLAGS = {"TORCHINDUCTOR_VEC_ISA_OK": "1"}


def vec_isa_env(run_env: dict[str, str], cache_dir: Path) -> dict[str, str]:
    """The variable that spares a run the builds, where this host's probe allows it; else
    nothing. `run_env`: the run's environment (its PATH and CXX pick the compiler);
    `cache_dir`: the host cache folder the probe's outcome is kept in."""
    return TRUST_FLAGS if flags_suffice(run_env, cache_dir) else {}


def flags_suffice(run_env: dict[str, str], cache_dir: Path) -> bool:
    """Whether the builds prove exactly the instruction sets the CPU's flags list (probed
    now if this host, compiler and torch never were: about 10 s)."""
    key = host_key(run_env)
    with _LOCK:
        if key not in _MEMO:
            with host_cache.host_lock(cache_dir, CACHE_NAME):
                entry = host_cache.read_entry(cache_dir, CACHE_NAME, key, MAX_AGE_S)
                if entry is None:
                    entry = probe(run_env)
                    if entry is not None:
                        host_cache.write_entry(cache_dir, CACHE_NAME, key, entry)
            _MEMO[key] = entry is not None and entry.get("same") is True
        return _MEMO[key]


_MEMO: dict[str, bool] = {}
_LOCK = threading.Lock()


def host_key(run_env: dict[str, str]) -> str:
    """What the outcome depends on: the host, its CPU's flags, the compiler Inductor would
    find (CXX, else g++ on PATH; by its file) and torch's version."""
    return "|".join(
        [
            socket.gethostname(),
            _cpu_flags_digest(),
            _compiler_identity(run_env),
            host_cache.torch_version(),
            f"probe{PROBE_VERSION}",
        ]
    )


@functools.cache  # the host's CPU: read once per process, not per run
def _cpu_flags_digest() -> str:
    try:
        with open("/proc/cpuinfo") as handle:
            flags = next((line for line in handle if line.startswith(("flags", "Features"))), "")
    except OSError:
        flags = ""
    return hashlib.sha256(flags.encode()).hexdigest()[:16]


def _compiler_identity(run_env: dict[str, str]) -> str:
    return _compiler_file(run_env.get("CXX", "g++"), run_env.get("PATH", os.defpath))


@functools.cache  # per process: a compiler replaced under a running worker needs a restart
def _compiler_file(name: str, path: str) -> str:
    found = shutil.which(name, path=path)
    if found is None:
        return "no-compiler"
    real = os.path.realpath(found)
    try:
        stat = os.stat(real)
    except OSError:  # gone since `which` found it: the run will not find it either
        return "no-compiler"
    return f"{real}:{stat.st_size}:{int(stat.st_mtime)}"


def probe(run_env: dict[str, str]) -> dict[str, object] | None:
    """The probe in two fresh processes, as runs start, without and with the variable:
    {"same": bool, "probed": [...], "trusted": [...]}, or None when either fails (runs then
    keep proving the instruction sets themselves)."""
    probed = _isa_list(run_env, {})
    trusted = _isa_list(run_env, TRUST_FLAGS) if probed is not None else None
    if probed is None or trusted is None:
        return None
    return {"same": probed == trusted and bool(probed), "probed": probed, "trusted": trusted}


def _isa_list(run_env: dict[str, str], extra: dict[str, str]) -> list[str] | None:
    command = [sys.executable, "-m", "backend.harness.vec_isa_probe"]
    try:
        done = host_cache.run_probe(command, run_env, extra, PROBE_TIMEOUT_S)
    except (OSError, subprocess.SubprocessError) as exc:
        log.warning("cannot probe the CPU's instruction sets: %s", exc)
        return None
    return parse_probe(done.stdout if done.returncode == 0 else "")


def parse_probe(text: str) -> list[str] | None:
    """The probe's last line, checked: a list of short names."""
    lines = text.strip().splitlines()
    try:
        report = json.loads(lines[-1]) if lines else None
    except ValueError:
        return None
    names = report.get("isa") if isinstance(report, dict) else None
    ok = (
        isinstance(names, list)
        and len(names) <= 16
        and all(isinstance(name, str) and len(name) <= 64 for name in names)
    )
    return names if ok else None
