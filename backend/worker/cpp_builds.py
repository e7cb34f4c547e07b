"""Inductor's C++ builds that depend on the host alone, made once per host for every run.

Each CPU run used to build Inductor's precompiled header (4-5 s of a 12 s add_relu run on
a 2-core host) and its instruction-set checks' test libraries (about 0.5 s each) into
folders of its own. They depend on the host's compiler, CPU flags and torch, never on a
snippet, so the worker makes them once (backend.harness.cpp_builds, in a process of its
own with no snippet) into a folder of its own, and every run links them into place,
read-only (the sandbox shows it so). A run whose command line differs from the probe's
builds its own, as before: Inductor names each build by the hash of its code and command
line; and gcc ignores a header that does not fit its flags.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from backend.harness.protocol import CPP_BUILDS_ENV
from backend.worker import device, host_cache, vec_isa

FOLDER = "cpp-builds"
MAKE_TIMEOUT_S = 300.0


def cpp_builds_env(run_env: dict[str, str], setup_device: str) -> dict[str, str]:
    """CPP_BUILDS_ENV for a run on the CPU, once the host's builds are made (now, if
    never); else nothing (the run then builds its own). `run_env`: the run's environment,
    whose compiler and Inductor variables they are built with. A GPU worker's runs rarely
    compile a C++ kernel, so its host is spared the probe."""
    if device.this_device(setup_device)[0] != "cpu":
        return {}
    made = host_cache.made_folder(f"{FOLDER}-{_tag(run_env)}", lambda f: make(f, run_env))
    return {} if made is None else {CPP_BUILDS_ENV: str(made)}


def _tag(run_env: dict[str, str]) -> str:
    """What the builds depend on: the host's CPU and compiler, torch and which install,
    and whether runs trust the CPU's instruction-set flags."""
    trusted = sorted(f"{k}={run_env[k]}" for k in vec_isa.TRUST_FLAGS if k in run_env)
    parts = [vec_isa.host_key(run_env), sys.prefix, *trusted]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


def make(folder: Path, run_env: dict[str, str]) -> bool:
    """The builds made by a probe and moved into `folder`; True when made."""
    command = [sys.executable, "-m", "backend.harness.cpp_builds", str(folder)]
    return host_cache.make_with_probe(
        "Inductor's C++ builds", folder, command, run_env, {}, MAKE_TIMEOUT_S
    )
