"""Run a snippet's two variants once each inside NVTX ranges, for Nsight Compute.

    ncu --nvtx --nvtx-include EAGER/ --nvtx-include COMPILED/ ... python scripts/ncu_target.py S

Warm-up and compilation happen outside the ranges, so ncu profiles only the measured calls.
"""

from __future__ import annotations

import sys
from pathlib import Path

import torch

from backend.harness.inductor import compile_entry
from backend.harness.snippet import autograd_reason, find_entry_point, load_module


def main() -> None:
    path = Path(sys.argv[1]).resolve()
    size = int(sys.argv[2]) if len(sys.argv) > 2 else None
    device = torch.device("cuda", 0)
    module = load_module(path, device)
    entry = find_entry_point(module, path, size)
    args = entry.make_args()
    grad = autograd_reason(path.read_text()) is not None  # as the harness runs it
    with torch.enable_grad() if grad else torch.no_grad():
        compiled = compile_entry(entry.call, "default")
        for _ in range(2):
            entry.call(*args)
            compiled(*args)
        torch.cuda.synchronize()
        for name, call in (("EAGER", entry.call), ("COMPILED", compiled)):
            torch.cuda.nvtx.range_push(name)
            call(*args)
            torch.cuda.synchronize()
            torch.cuda.nvtx.range_pop()


if __name__ == "__main__":
    main()
