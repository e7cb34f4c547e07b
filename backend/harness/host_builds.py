"""Builds that depend on the host alone: made once per host, linked into each run.

On a CPU, before a run's first C++ kernel, Inductor builds two things no snippet changes:
- the precompiled header every CPU kernel includes (cpp_prefix.h and ATen's vector types,
  a 150 MiB .gch), into its header folder under `$TMPDIR/torchinductor_<user>`: 4-5 s of
  a 12 s add_relu run on a 2-core host;
- a test library per extra instruction set it checks (AVX-512 VNNI and BF16, AMX), into
  its cache folder: about 0.5 s each.
On a GPU, Triton compiles Kernelscope's own one-pass kernels (value fingerprints, the
output check's error sums: fused_passes.py) for each dtype and layout at first use, into
its cache folder: about 3 s of a spare's warm-up for the common ones (an H100 host).

Those folders are the run's own (under its TMPDIR, a private /tmp in the sandbox, its
Inductor cache, its HOME), so every run built them again. The worker makes them once
(`python -m backend.harness.host_builds FOLDER cpu|cuda`: the checks and the pre-warm's
throwaway CPU compile, or the measurement kernels, in a process of its own with no
snippet) and names the folder in `HOST_BUILDS_ENV`; each run links the files into the
places Inductor and Triton look (`inductor.link_host_builds`). Both name each build by a
hash of what went into it (code, command line or options, target), so a run whose builds
differ makes its own, as before; gcc ignores a .gch that does not fit the flags it is used
with and reads the header itself. The folder is the worker's and read-only to runs (the
sandbox shows it so).
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path

from torch._inductor import cpu_vec_isa

from backend.harness.inductor import TRITON_CACHE_ENV, host_build_places
from backend.harness.prewarm import prewarm, warm_measurement_passes


def make(out: Path, kind: str) -> int:
    """The builds for a `kind` (cpu or cuda) device, moved into `out`: exit status 0 when
    made."""
    return make_cpu_builds(out) if kind == "cpu" else make_gpu_builds(out)


def make_cpu_builds(out: Path) -> int:
    """Inductor's header and instruction-set checks: 0 when the header was made."""
    (headers, header_folder), (checks, cache_folder), _ = host_build_places(out)
    cpu_vec_isa.valid_vec_isa_list()  # the checks build into this process's cache folder
    _, error = prewarm("cpu")  # the header
    if error is not None or header_folder is None or not header_folder.is_dir():
        print(f"no precompiled header was made: {error or 'Inductor keeps none'}", file=sys.stderr)
        return 1
    _move(header_folder.glob("*.h*"), header_folder, headers)
    if cache_folder is not None:
        _move(cache_folder.glob("*/*.so"), cache_folder, checks)
    return 0 if any(headers.glob("*.gch")) else 1


def make_gpu_builds(out: Path) -> int:
    """Kernelscope's Triton kernels, compiled straight into `out`'s Triton folder (Triton's
    cache there): 0 when some were made."""
    import torch

    (kernels, _) = host_build_places(out)[2]
    os.environ[TRITON_CACHE_ENV] = str(kernels)
    warm_measurement_passes(torch.device("cuda", 0))
    torch.cuda.synchronize()
    if not any(kernels.rglob("*.json")):
        print(f"Triton cached no kernel in {kernels}", file=sys.stderr)
        return 1
    return 0


def _move(files: Iterable[Path], source: Path, target: Path) -> None:
    for made in sorted(files):
        destination = target / made.relative_to(source)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(made, destination)


if __name__ == "__main__":
    sys.exit(make(Path(sys.argv[1]), sys.argv[2]))
