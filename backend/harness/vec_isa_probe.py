"""Which vector instruction sets Inductor's CPU kernels may use on this host.

    python -m backend.harness.vec_isa_probe   (prints one JSON line)

Before its first CPU kernel, Inductor proves each instruction set the CPU's flags list
(AVX-512 VNNI, AVX-512, AVX2 on an x86 host) by compiling a test program with torch's
headers and loading it in a fresh Python: about 10 s on a 2-core host, paid by every
sandboxed run, because each compiles into a cache folder of its own. With
TORCHINDUCTOR_VEC_ISA_OK=1 Inductor skips the base build of each and trusts the flags (the
extra builds for VNNI, AVX-512 BF16 and AMX still run). The worker runs this probe twice,
in two fresh processes and cache folders, with and without that variable
(backend/worker/vec_isa.py): where both print the same list, a run with the variable picks
the instruction set a run without it would. (One process cannot answer both: Inductor
caches each instruction set's answer on the instance.) Run by the worker, never with a
snippet.
"""

from __future__ import annotations

import json

import torch
from torch._inductor import cpu_vec_isa


def main() -> None:
    names = [str(isa) for isa in cpu_vec_isa.valid_vec_isa_list()]
    print(json.dumps({"torch": torch.__version__, "isa": names}))


if __name__ == "__main__":
    main()
