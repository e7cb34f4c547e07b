"""Builds that depend on the host alone, made once per host for every run.

- On a CPU: Inductor's precompiled header (4-5 s of a 12 s add_relu run on a 2-core host)
  and its instruction-set checks' test libraries (about 0.5 s each). They depend on the
  host's compiler, CPU flags and torch, never on a snippet.
- On a GPU: Kernelscope's own Triton kernels, the value fingerprints and the output
  check's error sums (backend/harness/fused_passes.py), for the common dtypes and layouts:
  about 3 s of every spare's warm-up when each compiled them afresh (an H100 host).

Every run built them again into folders of its own. The worker now makes them once
(backend.harness.host_builds, in a process of its own with no snippet) into a folder of
its own, and every run links them into place, read-only (the sandbox shows it so). A run
whose builds differ from the probe's makes its own, as before: Inductor names each C++
build by the hash of its code and command line, gcc ignores a header that does not fit its
flags, and Triton names each kernel by the hash of its source, options and target GPU. The
snippet's own kernels never come from here: their code is the snippet's, not these.
"""

from __future__ import annotations

import functools
import hashlib
import sys
from pathlib import Path

from backend.harness.protocol import HOST_BUILDS_ENV
from backend.worker import device, host_cache, vec_isa

MAKE_TIMEOUT_S = 300.0
FUSED_PASSES = Path(__file__).resolve().parents[1] / "harness" / "fused_passes.py"


def host_builds_env(run_env: dict[str, str], setup_device: str, cache_dir: Path) -> dict[str, str]:
    """HOST_BUILDS_ENV for a run, once the host's builds for its device are made (now, if
    never); else nothing (the run then builds its own). `run_env`: the run's environment,
    whose compiler and Inductor variables they are built with."""
    kind, name = device.this_device(setup_device)
    folder = f"{kind}-builds-{_tag(run_env, kind, name)}"
    made = host_cache.made_folder(cache_dir, folder, lambda f: make(f, run_env, kind))
    return {} if made is None else {HOST_BUILDS_ENV: str(made)}


def _tag(run_env: dict[str, str], kind: str, device_name: str) -> str:
    """What the builds depend on: torch and which install; on a CPU the host's CPU and
    compiler and whether runs trust its instruction-set flags; on a GPU the GPU, Triton
    and the source of Kernelscope's kernels (an upgrade of either makes them anew)."""
    parts = [sys.prefix, host_cache.torch_version()]
    if kind == "cpu":
        trusted = sorted(f"{k}={run_env[k]}" for k in vec_isa.TRUST_FLAGS if k in run_env)
        parts += [vec_isa.host_key(run_env), *trusted]
    else:
        parts += [device_name, host_cache.package_version("triton"), _kernels_source()]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


@functools.cache
def _kernels_source() -> str:
    """A hash of Kernelscope's Triton kernels' source, read once (every run asks)."""
    return hashlib.sha256(FUSED_PASSES.read_bytes()).hexdigest()


def make(folder: Path, run_env: dict[str, str], kind: str) -> bool:
    """The builds made by a probe and moved into `folder`; True when made."""
    command = [sys.executable, "-m", "backend.harness.host_builds", str(folder), kind]
    what = "Inductor's C++ builds" if kind == "cpu" else "Kernelscope's Triton kernels"
    return host_cache.make_with_probe(what, folder, command, run_env, {}, MAKE_TIMEOUT_S)
