"""Entry point of the child process: `python -m backend.harness --snippet F --bundle DIR`."""

from __future__ import annotations

import argparse
import faulthandler
import signal
import warnings
from pathlib import Path


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m backend.harness")
    parser.add_argument("--snippet", type=Path, required=True)
    parser.add_argument("--bundle", type=Path, required=True)
    parser.add_argument("--size", type=int, default=None)
    parser.add_argument("--compile-mode", default="default")
    parser.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto")
    parser.add_argument("--progress-fd", type=int, default=None)
    parser.add_argument("--crash-log", type=Path, default=None)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    options = parse_args(argv)
    if options.crash_log is not None:
        # A segfault in native code leaves no bundle; this leaves the Python stack at least.
        crash_log = open(options.crash_log, "w")  # noqa: SIM115 - lives until exit
        faulthandler.enable(crash_log)
        # The worker sends SIGUSR1 before killing a run that timed out: where was it stuck?
        faulthandler.register(signal.SIGUSR1, crash_log)
    # torch's own warnings (NumPy missing, deprecations) are not the snippet's output.
    warnings.filterwarnings("ignore", module=r"torch(\.|$)")
    from backend.harness.run import Options, Run  # imports torch: after the filters

    Run(
        Options(
            snippet=options.snippet.resolve(),
            bundle=options.bundle,
            size=options.size,
            compile_mode=options.compile_mode,
            device=options.device,
            progress_fd=options.progress_fd,
        )
    ).execute()


if __name__ == "__main__":
    main()
