"""Inductor's precompiled C++ header: made once per host, linked into each run.

Before its first C++ kernel, Inductor precompiles the header every CPU kernel includes
(cpp_prefix.h and ATen's vector types: a 150 MiB .gch) into its precompiled-header folder
under `$TMPDIR/torchinductor_<user>`. A run's TMPDIR is its own work folder, so every CPU
run built it again: 4-5 s of a 12 s add_relu run on a 2-core host. The header depends on
the host's compiler, torch and flags, never on a snippet. So the worker makes it once
(`python -m backend.harness.cpp_headers FOLDER`: the pre-warm's throwaway CPU compile, in
a process of its own with no snippet) and names the folder in `CPP_HEADERS_ENV`; each run
links those files into the folder Inductor looks in (`inductor.link_host_headers`). Inductor names
a header by the hash of its compile command and of the preprocessed header, and gcc checks
a .gch against the flags it is used with: a run whose header differs builds its own, as
before. The folder is the worker's and read-only to runs (the sandbox shows it so).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from backend.harness.inductor import HEADER_SUFFIXES, inductor_header_folder
from backend.harness.prewarm import prewarm


def make(out: Path) -> int:
    """The pre-warm's throwaway CPU compile, then its headers moved into `out`: exit status
    0 when at least one was made."""
    _, error = prewarm("cpu")
    built = inductor_header_folder()
    if error is not None or built is None or not built.is_dir():
        print(f"no precompiled header was made: {error or 'Inductor keeps none'}", file=sys.stderr)
        return 1
    moved = [h for h in built.iterdir() if h.suffix in HEADER_SUFFIXES and h.is_file()]
    for header in moved:
        shutil.move(header, out / header.name)
    return 0 if moved else 1


if __name__ == "__main__":
    sys.exit(make(Path(sys.argv[1])))
