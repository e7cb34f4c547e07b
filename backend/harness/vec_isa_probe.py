"""Which vector instruction sets Inductor's CPU kernels may use on this host, asked twice.

    python -m backend.harness.vec_isa_probe   (prints one JSON line)

Before its first CPU kernel, Inductor proves each instruction set the CPU's flags list
(AVX-512 VNNI, AVX-512, AVX2 on an x86 host) by compiling a test program with torch's
headers and loading it in a fresh Python: about 10 s on a 2-core host, paid by every
sandboxed run, because each compiles into a cache folder of its own. `probed` is the list
those builds prove; `listed` is the list from the CPU's flags alone, what Inductor uses when
TORCHINDUCTOR_VEC_ISA_OK=1 tells it to trust them. Where the two are equal the worker sets
that variable for its runs (backend/worker/vec_isa.py): the same kernels, without the builds.
Run by the worker, never with a snippet, in a cache folder of its own.
"""

from __future__ import annotations

import json

import torch
from torch._inductor import config, cpu_vec_isa


def isa_names() -> list[str]:
    cpu_vec_isa.valid_vec_isa_list.cache_clear()
    return [str(isa) for isa in cpu_vec_isa.valid_vec_isa_list()]


def main() -> None:
    probed = isa_names()
    with config.patch({"cpp.vec_isa_ok": True}):
        listed = isa_names()
    print(json.dumps({"torch": torch.__version__, "probed": probed, "listed": listed}))


if __name__ == "__main__":
    main()
